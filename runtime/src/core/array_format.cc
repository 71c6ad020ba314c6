// array_format.cc — NumPy-style repr()/str() of arrays, and Scalar printing: NumPy's default print options
// (precision 8, floatmode 'maxprec', linewidth 75, threshold 1000 with 3 edge items), as numpy/core/arrayprint.py
// lays arrays out.
//
// Note [NumPy's float layout]
// One format serves all the elements shown. It is scientific when a shown finite non-zero magnitude is >= 1e8 or
// < 1e-4, or when the largest is over 1000 times the smallest; else positional. Positional elements are their
// shortest round-trip digits in their own dtype (float32 0.0675 is "0.0675"), rounded to 8 fractional digits
// when they need more, and aligned on the decimal point ("[ 0.5  12. ]"). Scientific elements share the largest
// mantissa precision any of them needs (zero-padded) and exponent width ("[1.5e-05 1.0e+00]"). nan and inf are
// right-aligned in the same width.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/float_text.h"

namespace cnet {
namespace {

constexpr int kPrecision = 8;
constexpr size_t kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

// A float's text split as NumPy's Dragon4 output is: sign and integer part, fraction digits, exponent digits.
struct FloatParts {
    std::string int_part, frac, exp;  // exp: "-05" (scientific only)
};

std::string TrimZeros(std::string frac) {
    while (!frac.empty() && frac.back() == '0') frac.pop_back();
    return frac;
}

// dragon4_positional(v, precision=8, unique=True, fractional=True, trim='.').
FloatParts PositionalParts(double v, Dtype dtype) {
    const FloatDigits d = ShortestFloatDigits(v, dtype);
    if (static_cast<int>(d.digits.size()) - 1 - d.exponent > kPrecision) {  // more digits: the exact value rounded
        char buf[512];
        std::snprintf(buf, sizeof(buf), "%.*f", kPrecision, v);
        const std::string text = buf;
        const size_t dot = text.find('.');
        return {text.substr(0, dot), TrimZeros(text.substr(dot + 1)), ""};
    }
    const PositionalText p = Positional(d);
    return {p.int_part, p.frac, ""};
}

// dragon4_scientific(v, precision=8, unique=True, trim='.').
FloatParts Scientific(double v, Dtype dtype) {
    FloatDigits d = ShortestFloatDigits(v, dtype);
    if (static_cast<int>(d.digits.size()) - 1 > kPrecision) {  // rounded to 8 fractional mantissa digits
        char buf[64];
        std::snprintf(buf, sizeof(buf), "%.*e", kPrecision, std::fabs(v));
        const std::string text = buf;
        const size_t e = text.find('e');
        d.digits = text.substr(0, 1) + TrimZeros(text.substr(2, e - 2));
        d.exponent = std::atoi(text.c_str() + e + 1);
    }
    char exp[16];
    std::snprintf(exp, sizeof(exp), "%c%02d", d.exponent < 0 ? '-' : '+', std::abs(d.exponent));
    return {(d.negative ? "-" : "") + d.digits.substr(0, 1), d.digits.substr(1), exp};
}

// numpy's FloatingFormat: the layout of every shown element (Note [NumPy's float layout]).
class FloatFormat {
public:
    FloatFormat(const std::vector<double>& shown, Dtype dtype) : dtype_(dtype) {
        double max_abs = 0, min_abs = HUGE_VAL;
        bool any_finite = false, negative_inf = false, non_finite = false;
        for (double v : shown) {
            if (!std::isfinite(v)) {
                non_finite = true;
                negative_inf = negative_inf || (std::isinf(v) && v < 0);
                continue;
            }
            any_finite = true;
            if (v != 0) {
                max_abs = std::max(max_abs, std::fabs(v));
                min_abs = std::min(min_abs, std::fabs(v));
            }
        }
        scientific_ = max_abs > 0 && (max_abs >= 1e8 || min_abs < 1e-4 || max_abs / min_abs > 1000.0);
        if (any_finite) {
            for (double v : shown) {
                if (!std::isfinite(v)) continue;
                const FloatParts p = scientific_ ? Scientific(v, dtype_) : PositionalParts(v, dtype_);
                pad_left_ = std::max(pad_left_, p.int_part.size());
                frac_width_ = std::max(frac_width_, p.frac.size());
                exp_width_ = std::max(exp_width_, p.exp.size() - (scientific_ ? 1 : 0));
            }
        }
        pad_right_ = scientific_ ? exp_width_ + 2 + frac_width_ : frac_width_;
        if (non_finite) {
            const size_t offset = pad_right_ + 1, inf_len = 3 + (negative_inf ? 1 : 0);
            pad_left_ = std::max({pad_left_, 3 > offset ? 3 - offset : 0, inf_len > offset ? inf_len - offset : 0});
        }
    }

    std::string operator()(double v) const {
        if (!std::isfinite(v)) {
            const std::string text = std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
            return std::string(pad_left_ + pad_right_ + 1 - text.size(), ' ') + text;
        }
        const FloatParts p = scientific_ ? Scientific(v, dtype_) : PositionalParts(v, dtype_);
        std::string out = std::string(pad_left_ - p.int_part.size(), ' ') + p.int_part + "." + p.frac;
        if (scientific_) {
            out += std::string(frac_width_ - p.frac.size(), '0');  // the shared precision, zero-padded
            out += "e" + p.exp.substr(0, 1) + std::string(exp_width_ + 1 - p.exp.size(), '0') + p.exp.substr(1);
        } else {
            out += std::string(frac_width_ - p.frac.size(), ' ');
        }
        return out;
    }

private:
    Dtype dtype_;
    bool scientific_ = false;
    size_t pad_left_ = 0, pad_right_ = 0, frac_width_ = 0, exp_width_ = 0;
};

// The elements of a host array by multi-index, and which of them are shown (all, or the edge items of each axis
// when the array has more than `threshold` elements).
class Printer {
public:
    Printer(const Array& a, size_t line_width, const char* separator)
        : a_(a.to_device(Device::Cpu())),  // one copy of a GPU array, not one per element
          line_width_(line_width),
          separator_(separator),
          summarize_(a.size() > kThreshold) {
        std::vector<double> shown;
        std::vector<int64_t> index(static_cast<size_t>(a_.ndim()), 0);
        CollectShown(0, index, shown);
        if (IsFloat(a_.dtype())) {
            float_format_.emplace(shown, a_.dtype());
        } else {
            width_ = a_.dtype() == Dtype::kBool ? 5 : 0;  // NumPy gives every bool the width of "False"
            for (double v : shown) width_ = std::max(width_, Element(v).size());
        }
    }

    // numpy's _formatArray: nested brackets, rows wrapped at the line width, "..." for summarized axes.
    std::string Format(int indent) {
        std::vector<int64_t> index;
        return Recurse(index, std::string(static_cast<size_t>(indent) + 1, ' '), line_width_);
    }

private:
    bool Summarized(int64_t n) const { return summarize_ && 2 * kEdgeItems < n; }

    // The positions along an axis of length n that are shown; -1 marks the "..." between the edges.
    std::vector<int64_t> Positions(int64_t n) const {
        std::vector<int64_t> out;
        if (!Summarized(n)) {
            for (int64_t i = 0; i < n; ++i) out.push_back(i);
            return out;
        }
        for (int64_t i = 0; i < kEdgeItems; ++i) out.push_back(i);
        out.push_back(-1);
        for (int64_t i = n - kEdgeItems; i < n; ++i) out.push_back(i);
        return out;
    }

    double ValueAt(const std::vector<int64_t>& index) const {
        int64_t flat = 0;
        for (int d = 0; d < a_.ndim(); ++d) flat = flat * a_.shape()[d] + index[static_cast<size_t>(d)];
        return a_.at_flat(flat);
    }

    void CollectShown(int dim, std::vector<int64_t>& index, std::vector<double>& shown) const {
        if (dim == a_.ndim()) {
            shown.push_back(ValueAt(index));
            return;
        }
        for (int64_t i : Positions(a_.shape()[dim])) {
            if (i < 0) continue;
            index[static_cast<size_t>(dim)] = i;
            CollectShown(dim + 1, index, shown);
        }
    }

    std::string Element(double v) const {
        if (float_format_) return (*float_format_)(v);
        if (a_.dtype() == Dtype::kBool) return v != 0 ? "True" : "False";
        return std::to_string(static_cast<int64_t>(v));
    }

    std::string Padded(double v) const {
        const std::string e = Element(v);
        return std::string(width_ > e.size() ? width_ - e.size() : 0, ' ') + e;
    }

    // numpy's _extendLine: wraps before `word` when the line would pass `width` (unless that would not help).
    void ExtendLine(std::string& s, std::string& line, const std::string& word, size_t width,
                    const std::string& hanging) const {
        if (line.size() + word.size() > width && line.size() > hanging.size()) {
            s += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
            line = hanging;
        }
        line += word;
    }

    std::string Recurse(std::vector<int64_t>& index, const std::string& hanging, size_t width) {
        const int axis = static_cast<int>(index.size());
        if (axis == a_.ndim()) return Padded(ValueAt(index));
        const std::string next_hanging = hanging + " ";
        const size_t next_width = width - 1;  // the closing ']'
        const std::vector<int64_t> positions = Positions(a_.shape()[axis]);
        std::string sep_trimmed = separator_;
        sep_trimmed.erase(sep_trimmed.find_last_not_of(' ') + 1);
        std::string s;
        if (axis + 1 == a_.ndim()) {
            const size_t elem_width = width - std::max<size_t>(sep_trimmed.size(), 1);
            std::string line = hanging;
            for (size_t k = 0; k < positions.size(); ++k) {
                std::string word;
                if (positions[k] < 0) {
                    word = "...";
                } else {
                    index.push_back(positions[k]);
                    word = Recurse(index, next_hanging, next_width);
                    index.pop_back();
                }
                ExtendLine(s, line, word, elem_width, hanging);
                if (k + 1 < positions.size()) line += separator_;
            }
            s += line;
        } else {
            const std::string line_sep = sep_trimmed + std::string(static_cast<size_t>(a_.ndim() - axis - 1), '\n');
            for (size_t k = 0; k < positions.size(); ++k) {
                std::string nested = "...";
                if (positions[k] >= 0) {
                    index.push_back(positions[k]);
                    nested = Recurse(index, next_hanging, next_width);
                    index.pop_back();
                }
                s += hanging + nested + (k + 1 < positions.size() ? line_sep : "");
            }
        }
        return "[" + s.substr(hanging.size()) + "]";
    }

    const Array a_;
    const size_t line_width_;
    const std::string separator_;
    const bool summarize_;
    std::optional<FloatFormat> float_format_;
    size_t width_ = 0;
};

// A 0-d array stands for a NumPy scalar (np.float32(15), a.sum()), printed as NumPy prints one: "15.0", "7", "True".
std::string ScalarText(const Array& a) {
    const double v = a.at_flat(0);
    if (IsFloat(a.dtype())) return ShortestFloatText(v, a.dtype());
    if (a.dtype() == Dtype::kBool) return v != 0 ? "True" : "False";
    return std::to_string(static_cast<int64_t>(v));
}

}  // namespace

std::string internal::Array2String(const Array& a, int indent, const char* separator, size_t suffix_width) {
    if (a.size() == 0) return "[]";  // numpy's array2string of any empty array
    return Printer(a, kLineWidth - suffix_width, separator).Format(indent);
}

std::string internal::ArrayRepr(const Array& a, const std::string& class_name) {
    const Dtype d = a.dtype();
    const bool implied_dtype = a.size() > 0 && (d == Dtype::kFloat64 || d == Dtype::kInt64 || d == Dtype::kBool);
    const std::string prefix = class_name + "(";
    std::string body = a.size() > 0 || a.ndim() == 1
                           ? Array2String(a, static_cast<int>(prefix.size()), ", ", 1)  // 1: the ")" or ","
                           : "[], shape=" + a.shape().ToString();
    std::string out = prefix + body;
    if (implied_dtype) return out + ")";
    // numpy puts the dtype on a line of its own when it would pass the line width.
    const std::string dtype_text = std::string("dtype=") + DtypeName(d) + ")";
    const size_t last_line = out.size() + 1 - (out.rfind('\n') + 1);
    const bool own_line = last_line + dtype_text.size() + 1 > kLineWidth;
    return out + "," + (own_line ? "\n" + std::string(prefix.size(), ' ') : " ") + dtype_text;
}

std::string Array::repr() const {
    if (!defined()) return "None";
    if (ndim() == 0) return ScalarText(*this);
    return internal::ArrayRepr(*this, "array");
}

std::string Array::str() const {
    if (!defined()) return "None";
    if (ndim() == 0) return ScalarText(*this);
    return internal::Array2String(*this, 0, " ");
}

std::ostream& operator<<(std::ostream& os, const Scalar& s) {
    if (s.is_bool()) return os << (s.to_int() ? "True" : "False");
    if (s.is_int()) return os << s.to_int();
    return os << s.to_double();
}

}  // namespace cnet
