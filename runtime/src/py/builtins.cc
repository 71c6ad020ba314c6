// builtins.cc — the non-template Python builtins: string conversions, slices, bool(array).
#include "cnet/py/builtins.h"

#include <cerrno>
#include <cstdlib>

namespace cnet {
namespace py {

int64_t to_int(const std::string& s) {
    size_t pos = 0;
    int64_t v = 0;
    try {
        v = std::stoll(s, &pos, 10);
    } catch (const std::exception&) {
        pos = 0;
    }
    if (pos == 0 || s.find_first_not_of(" \t\n", pos) != std::string::npos)
        throw ValueError("invalid literal for int() with base 10: " + repr(s));
    return v;
}

double to_float(const std::string& s) {
    const char* begin = s.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(begin, &end);
    if (end == begin || std::string(end).find_first_not_of(" \t\n") != std::string::npos)
        throw ValueError("could not convert string to float: " + repr(s));
    return v;
}

bool to_bool(const Array& a) {
    CNET_CHECK_AS(ValueError, a.size() == 1,
                  "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()");
    return a.item<double>() != 0;
}

std::vector<int64_t> slice_indices(const SliceBounds& s, int64_t n) {
    const int64_t step = s.step.value_or(1);
    if (step == 0) throw ValueError("slice step cannot be zero");
    auto clamp = [n, step](std::optional<int64_t> v, bool is_start) {
        if (!v) return step > 0 ? (is_start ? int64_t{0} : n) : (is_start ? n - 1 : int64_t{-1});
        int64_t x = *v < 0 ? *v + n : *v;
        if (step > 0) return std::clamp<int64_t>(x, 0, n);
        return std::clamp<int64_t>(x, -1, n - 1);
    };
    const int64_t start = clamp(s.start, true), stop = clamp(s.stop, false);
    std::vector<int64_t> out;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) out.push_back(i);
    return out;
}

std::string slice(const std::string& v, const SliceBounds& s) {
    std::string out;
    for (int64_t i : slice_indices(s, static_cast<int64_t>(v.size()))) out += v[static_cast<size_t>(i)];
    return out;
}

}  // namespace py
}  // namespace cnet
