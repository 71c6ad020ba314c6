// str_format.cc — Python's str.format: `{}`/`{0}` fields, `!r`/`!s` conversions, `{{` `}}` escapes, specs.
#include "cnet/py/format.h"

namespace cnet {
namespace py {

std::string str_format(const std::string& templ, const std::vector<FormatArg>& args) {
    std::string out;
    size_t auto_index = 0;
    bool used_auto = false, used_manual = false;
    for (size_t i = 0; i < templ.size(); ++i) {
        const char c = templ[i];
        if (c == '}') {
            if (i + 1 < templ.size() && templ[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            throw ValueError("Single '}' encountered in format string");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < templ.size() && templ[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        const size_t close = templ.find('}', i);
        if (close == std::string::npos) throw ValueError("Single '{' encountered in format string");
        std::string field = templ.substr(i + 1, close - i - 1);
        i = close;
        std::string spec, conversion;
        const size_t colon = field.find(':');
        if (colon != std::string::npos) spec = field.substr(colon + 1), field = field.substr(0, colon);
        const size_t bang = field.find('!');
        if (bang != std::string::npos) conversion = field.substr(bang + 1), field = field.substr(0, bang);
        size_t index;
        if (field.empty()) {
            if (used_manual) throw ValueError("cannot switch from manual field specification to automatic field numbering");
            used_auto = true;
            index = auto_index++;
        } else {
            if (used_auto) throw ValueError("cannot switch from automatic field numbering to manual field specification");
            used_manual = true;
            index = std::stoul(field);
        }
        if (index >= args.size())
            throw IndexError("Replacement index " + std::to_string(index) + " out of range for positional args tuple");
        if (conversion.empty() || conversion == "s") {
            out += args[index].format(spec);
        } else if (conversion == "r") {
            out += format_value(args[index].repr(), spec);
        } else {
            throw ValueError("Unknown conversion specifier " + conversion);
        }
    }
    return out;
}

}  // namespace py
}  // namespace cnet
