// array_format.cc — NumPy-style repr()/str() of arrays, and Scalar printing.
#include <cmath>
#include <cstdio>
#include <sstream>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/float_text.h"

namespace cnet {
namespace {

std::string FormatFloat(double v, bool all_integral) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[64];
    if (all_integral && std::fabs(v) < 1e16) {
        std::snprintf(buf, sizeof(buf), "%.0f.", v);
        return buf;
    }
    std::snprintf(buf, sizeof(buf), "%.8g", v);
    std::string s = buf;
    if (s.find_first_of(".e") == std::string::npos) s += ".";
    return s;
}

std::vector<std::string> FormatElements(const Array& a) {
    std::vector<std::string> out;
    const int64_t n = a.size();
    out.reserve(n);
    std::vector<double> values(n);
    const Array host = a.to_device(Device::Cpu());  // one copy of a GPU array, not one per element
    for (int64_t i = 0; i < n; ++i) values[i] = host.at_flat(i);
    if (IsFloat(a.dtype())) {
        bool integral = true;
        for (double v : values) integral = integral && std::isfinite(v) && v == std::floor(v);
        for (double v : values) out.push_back(FormatFloat(v, integral));
    } else if (a.dtype() == Dtype::kBool) {
        for (double v : values) out.push_back(v != 0 ? "True" : "False");
    } else {
        for (double v : values) out.push_back(std::to_string(static_cast<int64_t>(v)));
    }
    return out;
}

// Recursively prints nested brackets; `indent` is the column where the outermost '[' sits.
void PrintNested(std::ostream& os, const Array& a, const std::vector<std::string>& elems, size_t width, int dim,
                 int64_t& index, int indent, const char* sep) {
    if (a.ndim() == 0) {
        os << elems[0];
        return;
    }
    os << '[';
    const int64_t n = a.shape()[dim];
    for (int64_t i = 0; i < n; ++i) {
        if (dim + 1 == a.ndim()) {
            const std::string& e = elems[index++];
            os << std::string(width - e.size(), ' ') << e;
            if (i + 1 < n) os << sep;
        } else {
            PrintNested(os, a, elems, width, dim + 1, index, indent, sep);
            if (i + 1 < n) {
                os << (sep[0] == ',' ? "," : "") << std::string(a.ndim() - dim - 1, '\n')
                   << std::string(indent + dim + 1, ' ');
            }
        }
    }
    os << ']';
}

// NumPy aligns positional floats on the decimal point: the integer part is padded on the left and the
// fraction on the right ("[[0.5]\n [2. ]]"). Scientific notation keeps plain right alignment.
void AlignOnDecimalPoint(std::vector<std::string>& elems) {
    size_t left = 0, right = 0;
    for (const std::string& e : elems) {
        if (e.find('e') != std::string::npos) return;
        const size_t dot = e.find('.');
        if (dot == std::string::npos) continue;  // nan / inf: aligned by the final width padding
        left = std::max(left, dot);
        right = std::max(right, e.size() - dot - 1);
    }
    for (std::string& e : elems) {
        const size_t dot = e.find('.');
        if (dot == std::string::npos) continue;
        e = std::string(left - dot, ' ') + e + std::string(right - (e.size() - dot - 1), ' ');
    }
}

// A 0-d array stands for a NumPy scalar (np.float32(15), a.sum()), printed as NumPy prints one: "15.0", "7", "True".
std::string ScalarText(const Array& a) {
    const double v = a.at_flat(0);
    if (IsFloat(a.dtype())) return ShortestFloatText(v, a.dtype());
    if (a.dtype() == Dtype::kBool) return v != 0 ? "True" : "False";
    return std::to_string(static_cast<int64_t>(v));
}

std::string Render(const Array& a, int indent, const char* sep) {
    std::vector<std::string> elems = FormatElements(a);
    if (IsFloat(a.dtype())) AlignOnDecimalPoint(elems);
    // NumPy gives every bool the width of "False": "[ True  True]".
    size_t width = a.dtype() == Dtype::kBool ? 5 : 0;
    for (const std::string& e : elems) width = std::max(width, e.size());
    std::ostringstream os;
    int64_t index = 0;
    PrintNested(os, a, elems, width, 0, index, indent, sep);
    return os.str();
}

}  // namespace

std::string internal::Array2String(const Array& a, int indent, const char* separator) {
    return Render(a, indent, separator);
}

std::string Array::repr() const {
    if (!defined()) return "None";
    if (ndim() == 0) return ScalarText(*this);
    std::string body = Render(*this, 6, ", ");
    std::string out = "array(" + body;
    const bool default_dtype = dtype_ == Dtype::kFloat64 || dtype_ == Dtype::kInt64 || dtype_ == Dtype::kBool;
    if (!default_dtype || size() == 0) out += std::string(", dtype=") + DtypeName(dtype_);
    return out + ")";
}

std::string Array::str() const {
    if (!defined()) return "None";
    if (ndim() == 0) return ScalarText(*this);
    return Render(*this, 0, " ");
}

std::ostream& operator<<(std::ostream& os, const Scalar& s) {
    if (s.is_bool()) return os << (s.to_int() ? "True" : "False");
    if (s.is_int()) return os << s.to_int();
    return os << s.to_double();
}

}  // namespace cnet
