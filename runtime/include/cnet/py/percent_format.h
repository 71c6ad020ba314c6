// percent_format.h — Python's printf-style string formatting, `'%s: %.3f' % (name, value)`: conversions
// d i u f F e E g G x X o s r c and %%, flags - + 0 space, width and precision. A tuple on the right gives one
// value per conversion; anything else is the single value.
#pragma once

#include <functional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

/// One value of a %-format: its str(), its repr() and, for numbers, a formatter taking a format-spec.
class PercentArg {
public:
    template <typename T>
    PercentArg(const T& v)  // NOLINT(runtime/explicit)
        : str_(str(v)), repr_(repr_item(v)) {
        if constexpr (std::is_arithmetic<T>::value) {
            number_ = [v](char conversion, const std::string& spec) {
                // %d of a float truncates, as int() does; %f of an int is a float.
                if (conversion == 'd' || conversion == 'x' || conversion == 'X' || conversion == 'o') {
                    return format_value(static_cast<int64_t>(v), spec + (conversion == 'd' ? 'd' : conversion));
                }
                return format_value(static_cast<double>(v), spec + conversion);
            };
        } else if constexpr (std::is_same<T, Array>::value) {
            // A NumPy scalar (a one-element array: max(train) + 1, np.exp(x)) is a number, as int() / float() take
            // it; a larger array is not (TypeError for %d, its str() for %s).
            if (v.defined() && v.size() == 1) {
                const Scalar s = v.item();
                number_ = [s](char conversion, const std::string& spec) {
                    if (conversion == 'd' || conversion == 'x' || conversion == 'X' || conversion == 'o') {
                        return format_value(s.to_int(), spec + (conversion == 'd' ? 'd' : conversion));
                    }
                    return format_value(s.to_double(), spec + conversion);
                };
            }
        }
    }
    PercentArg(const char* s) : PercentArg(std::string(s)) {}  // NOLINT(runtime/explicit)
    const std::string& text() const { return str_; }
    const std::string& repr_text() const { return repr_; }
    bool is_number() const { return static_cast<bool>(number_); }
    std::string number(char conversion, const std::string& spec) const { return number_(conversion, spec); }

private:
    std::string str_;
    std::string repr_;
    std::function<std::string(char, const std::string&)> number_;
};

/// fmt % args. Throws TypeError for a count mismatch or a number conversion of a non-number, ValueError for an
/// unsupported or incomplete conversion.
std::string percent_format(const std::string& fmt, const std::vector<PercentArg>& args);

template <typename... Ts>
std::string percent_format(const std::string& fmt, const std::tuple<Ts...>& args) {
    return std::apply([&](const auto&... v) { return percent_format(fmt, std::vector<PercentArg>{PercentArg(v)...}); },
                      args);
}

template <typename T>
std::string percent_format(const std::string& fmt, const T& arg) {
    return percent_format(fmt, std::vector<PercentArg>{PercentArg(arg)});
}

}  // namespace py
}  // namespace cnet
