// str_format.cc — Python's str.format: `{}`/`{0}` fields, `!r`/`!s` conversions, `{{` `}}` escapes, specs.
#include "cnet/py/format.h"

namespace cnet {
namespace py {

std::string str_format(const std::string& templ, const std::vector<FormatArg>& args) {
    std::string out;
    size_t auto_index = 0;
    bool used_auto = false, used_manual = false;
    // The argument a field names: `{}` the next one, `{2}` the third; a template mixes the two forms at its peril.
    auto arg_index = [&](const std::string& field) {
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
        return index;
    };
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
        // The field ends at its matching '}': a spec may hold nested fields, `{:>{}}` (the width an argument).
        size_t close = i + 1;
        for (int depth = 1; close < templ.size(); ++close) {
            if (templ[close] == '{') ++depth;
            if (templ[close] == '}' && --depth == 0) break;
        }
        if (close >= templ.size()) throw ValueError("expected '}' before end of string");
        std::string field = templ.substr(i + 1, close - i - 1);
        i = close;
        std::string spec, conversion;
        const size_t colon = field.find(':');
        if (colon != std::string::npos) spec = field.substr(colon + 1), field = field.substr(0, colon);
        const size_t bang = field.find('!');
        if (bang != std::string::npos) conversion = field.substr(bang + 1), field = field.substr(0, bang);
        const size_t index = arg_index(field);
        // Nested fields in the spec take their arguments after the field's own, as Python numbers them.
        for (size_t open = spec.find('{'); open != std::string::npos; open = spec.find('{', open)) {
            const size_t end = spec.find('}', open);
            if (end == std::string::npos) throw ValueError("unmatched '{' in format spec");
            const std::string text = args[arg_index(spec.substr(open + 1, end - open - 1))].format("");
            spec.replace(open, end - open + 1, text);
            open += text.size();
        }
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
