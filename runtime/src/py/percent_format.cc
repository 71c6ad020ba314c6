// percent_format.cc — the %-format parser: each conversion becomes a format-spec for the numbers (the same
// formatter as str.format) and padding for strings, with Python's error messages.
#include "cnet/py/percent_format.h"

#include <cctype>

namespace cnet {
namespace py {

std::string percent_format(const std::string& fmt, const std::vector<PercentArg>& args) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            out += fmt[i];
            continue;
        }
        if (++i >= fmt.size()) throw ValueError("incomplete format");
        if (fmt[i] == '%') {
            out += '%';
            continue;
        }
        if (fmt[i] == '(') throw ValueError("%(name) formatting needs a dict; use str.format or an f-string");
        bool left = false, zero = false;
        std::string sign;
        for (; i < fmt.size() && std::string("-+ 0#").find(fmt[i]) != std::string::npos; ++i) {
            if (fmt[i] == '-') left = true;
            if (fmt[i] == '0') zero = true;
            if (fmt[i] == '+') sign = "+";
            if (fmt[i] == ' ' && sign.empty()) sign = " ";
        }
        std::string width, precision;
        for (; i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i])); ++i) width += fmt[i];
        if (i < fmt.size() && fmt[i] == '*') throw ValueError("'*' width in % formatting is not supported");
        if (i < fmt.size() && fmt[i] == '.') {
            precision = ".";
            for (++i; i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i])); ++i) precision += fmt[i];
            if (precision == ".") precision = ".0";
        }
        for (; i < fmt.size() && (fmt[i] == 'l' || fmt[i] == 'h' || fmt[i] == 'L'); ++i) {
        }
        if (i >= fmt.size()) throw ValueError("incomplete format");
        char conversion = fmt[i];
        if (next >= args.size()) throw TypeError("not enough arguments for format string");
        const PercentArg& arg = args[next++];
        if (conversion == 's' || conversion == 'r' || conversion == 'a') {
            std::string text = conversion == 's' ? arg.text() : arg.repr_text();
            if (precision.size() > 1) text = text.substr(0, std::stoul(precision.substr(1)));  // (bytes, not code points)
            const std::size_t w = width.empty() ? 0 : std::stoul(width);
            if (text.size() < w) text = left ? text + std::string(w - text.size(), ' ') : std::string(w - text.size(), ' ') + text;
            out += text;
            continue;
        }
        if (conversion == 'i' || conversion == 'u') conversion = 'd';
        if (std::string("dfFeEgGxXo").find(conversion) == std::string::npos) {
            throw ValueError(std::string("unsupported format character '") + conversion + "'");
        }
        if (!arg.is_number()) {
            throw TypeError(std::string("%") + conversion + " format: a real number is required, not " + arg.repr_text());
        }
        std::string spec = (left ? "<" : "") + sign + (zero && !left ? "0" : "") + width;
        if (conversion != 'd' && conversion != 'x' && conversion != 'X' && conversion != 'o') spec += precision.empty() ? ".6" : precision;
        out += arg.number(conversion, spec);
    }
    if (next < args.size()) throw TypeError("not all arguments converted during string formatting");
    return out;
}

}  // namespace py
}  // namespace cnet
