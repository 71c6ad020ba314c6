// str_array.cc — string arrays (Note [String arrays] in cnet/np/str_array.h): views by basic indexing,
// broadcasting setitem with NumPy's fixed-width truncation, astype parsing, genfromtxt(dtype=str), unique.
#include "cnet/np/str_array.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/py/format.h"

namespace cnet {
namespace np {
namespace {

int64_t Width(const std::vector<std::string>& values) {
    int64_t w = 1;  // NumPy: np.array(['']) is '<U1'
    for (const std::string& s : values) w = std::max<int64_t>(w, static_cast<int64_t>(s.size()));
    return w;
}

std::string Strip(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r\n\v\f");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r\n\v\f") - a + 1);
}

std::string ShapeText(const Shape& shape) {
    std::string out = "(";
    for (int i = 0; i < shape.ndim(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    if (shape.ndim() == 1) out += ",";
    return out + ")";
}

}  // namespace

StrArray::StrArray(std::vector<std::string> values, const Shape& shape) {
    CNET_CHECK_AS(ShapeError, static_cast<int64_t>(values.size()) == shape.prod(), "cannot make a string array of shape ",
                  ShapeText(shape), " from ", values.size(), " elements");
    itemsize_ = Width(values);
    storage_ = std::make_shared<std::vector<std::string>>(std::move(values));
    shape_ = shape;
    strides_ = ContiguousStrides(shape);
}

StrArray::StrArray(std::vector<std::string> values) {
    const Shape shape{static_cast<int64_t>(values.size())};
    *this = StrArray(std::move(values), shape);
}

StrArray StrArray::Scalar(const std::string& value) { return StrArray({value}, Shape{}); }

int64_t StrArray::len() const {
    CNET_CHECK_AS(ValueError, ndim() > 0, "len() of unsized object");
    return shape_[0];
}

template <typename F>
void StrArray::ForEach(F&& f) const {
    const int n = ndim();
    const int64_t total = size();
    if (total == 0) return;
    std::vector<int64_t> counter(static_cast<size_t>(n), 0);
    int64_t pos = offset_;
    for (int64_t k = 0; k < total; ++k) {
        f(pos);
        for (int d = n - 1; d >= 0; --d) {
            if (++counter[d] < shape_[d]) {
                pos += strides_[d];
                break;
            }
            pos -= strides_[d] * (shape_[d] - 1);
            counter[d] = 0;
        }
    }
}

const std::string& StrArray::at_flat(int64_t flat_index) const {
    CNET_CHECK_AS(IndexError, flat_index >= 0 && flat_index < size(), "index ", flat_index,
                  " is out of bounds for a string array of size ", size());
    int64_t pos = offset_;
    for (int d = ndim() - 1; d >= 0; --d) {
        pos += (flat_index % shape_[d]) * strides_[d];
        flat_index /= shape_[d];
    }
    return (*storage_)[static_cast<size_t>(pos)];
}

std::string StrArray::item() const {
    CNET_CHECK_AS(ValueError, size() == 1, "can only convert an array of size 1 to a Python scalar");
    return at_flat(0);
}

std::vector<std::string> StrArray::to_vector() const {
    std::vector<std::string> out;
    out.reserve(static_cast<size_t>(size()));
    ForEach([&](int64_t p) { out.push_back((*storage_)[static_cast<size_t>(p)]); });
    return out;
}

const StrArray StrArray::operator[](const Index& index) const { return getitem(Indices{index}); }
const StrArray StrArray::operator[](std::initializer_list<Index> indices) const { return getitem(Indices(indices)); }

StrArray StrArray::getitem(const Indices& indices) const {
    CNET_CHECK_AS(ValueError, defined(), "indexing an undefined string array (None)");
    int consumed = 0;
    bool ellipsis = false;
    for (const Index& index : indices) {
        if (index.kind() == Index::Kind::kInt || index.kind() == Index::Kind::kSlice) ++consumed;
        if (index.kind() == Index::Kind::kArray) {
            throw IndexError("string arrays support basic indexing only (ints, slices, None, ...); "
                             "an array index is not supported");
        }
        if (index.kind() == Index::Kind::kEllipsis) {
            CNET_CHECK_AS(IndexError, !ellipsis, "an index can only have a single ellipsis ('...')");
            ellipsis = true;
        }
    }
    CNET_CHECK_AS(IndexError, consumed <= ndim(), "too many indices for array: array is ", ndim(),
                  "-dimensional, but ", consumed, " were indexed");
    StrArray out = *this;
    out.shape_ = Shape{};
    out.strides_ = Strides{};
    int d = 0;
    auto push = [&](int64_t extent, int64_t stride) {
        out.shape_.push_back(extent);
        out.strides_.push_back(stride);
    };
    for (const Index& index : indices) {
        switch (index.kind()) {
            case Index::Kind::kInt: {
                int64_t i = index.int_value();
                const int64_t n = shape_[d];
                CNET_CHECK_AS(IndexError, i >= -n && i < n, "index ", i, " is out of bounds for axis ", d, " with size ", n);
                if (i < 0) i += n;
                out.offset_ += i * strides_[d];
                ++d;
                break;
            }
            case Index::Kind::kSlice: {
                const Slice::Bounds b = index.slice().Resolve(shape_[d]);
                out.offset_ += b.start * strides_[d];
                push(b.count, strides_[d] * b.step);
                ++d;
                break;
            }
            case Index::Kind::kNewAxis: push(1, 0); break;
            case Index::Kind::kEllipsis:
                for (int k = 0; k < ndim() - consumed; ++k, ++d) push(shape_[d], strides_[d]);
                break;
            case Index::Kind::kArray: break;
        }
    }
    for (; d < ndim(); ++d) push(shape_[d], strides_[d]);
    return out;
}

void StrArray::setitem(const Indices& indices, const StrArray& value) {
    StrArray target = getitem(indices);
    CNET_CHECK_AS(ValueError, value.defined(), "cannot store None in a string array");
    // Broadcast value's shape to the target's (NumPy's rules, aligned on the right).
    StrArray src = value;
    const int n = target.ndim();
    CNET_CHECK_AS(ShapeError, value.ndim() <= n, "could not broadcast input array from shape ", ShapeText(value.shape()),
                  " into shape ", ShapeText(target.shape()));
    src.shape_ = target.shape_;
    src.strides_ = Strides{};
    for (int d = 0; d < n; ++d) src.strides_.push_back(0);
    for (int k = 0; k < value.ndim(); ++k) {
        const int d = n - value.ndim() + k;
        const int64_t extent = value.shape()[k];
        CNET_CHECK_AS(ShapeError, extent == target.shape()[d] || extent == 1, "could not broadcast input array from shape ",
                      ShapeText(value.shape()), " into shape ", ShapeText(target.shape()));
        src.strides_[d] = extent == 1 ? 0 : value.strides()[k];
    }
    // Read everything first: value may overlap the target (a view of the same array).
    std::vector<std::string> values = src.to_vector();
    size_t k = 0;
    const size_t width = static_cast<size_t>(itemsize_);
    target.ForEach([&](int64_t p) {
        std::string& slot = (*storage_)[static_cast<size_t>(p)];
        slot = values[k++];
        if (slot.size() > width) slot.resize(width);  // NumPy truncates to the fixed width
    });
}

void StrArray::setitem(const Index& index, const StrArray& value) { setitem(Indices{index}, value); }
void StrArray::setitem(std::initializer_list<Index> indices, const StrArray& value) {
    setitem(Indices(indices), value);
}
void StrArray::setitem(const Indices& indices, const Array& value) { setitem(indices, to_str_array(value)); }
void StrArray::setitem(const Index& index, const Array& value) { setitem(Indices{index}, to_str_array(value)); }
void StrArray::setitem(std::initializer_list<Index> indices, const Array& value) {
    setitem(Indices(indices), to_str_array(value));
}
void StrArray::setitem(const Index& index, const std::string& value) { setitem(Indices{index}, Scalar(value)); }
void StrArray::setitem(std::initializer_list<Index> indices, const std::string& value) {
    setitem(Indices(indices), Scalar(value));
}

StrArray StrArray::copy() const {
    StrArray out(to_vector(), shape_);
    out.itemsize_ = itemsize_;
    return out;
}

StrArray StrArray::reshape(const Shape& shape) const {
    Shape resolved = shape;
    int64_t known = 1;
    int unknown = -1;
    for (int i = 0; i < resolved.ndim(); ++i) {
        if (resolved[i] == -1) {
            CNET_CHECK_AS(ValueError, unknown < 0, "can only specify one unknown dimension");
            unknown = i;
        } else {
            known *= resolved[i];
        }
    }
    if (unknown >= 0 && known != 0) resolved[unknown] = size() / known;
    CNET_CHECK_AS(ValueError, resolved.prod() == size(), "cannot reshape array of size ", size(), " into shape ",
                  ShapeText(shape));
    StrArray out(to_vector(), resolved);
    out.itemsize_ = itemsize_;
    return out;
}

Array StrArray::astype(Dtype dtype) const {
    CNET_CHECK_AS(ValueError, defined(), "astype of an undefined string array (None)");
    const std::vector<std::string> values = to_vector();
    auto where = [&](size_t i) {
        std::string out;
        if (ndim() == 0) return out;
        // The multi-index of flat element i, for the message.
        std::vector<int64_t> idx(static_cast<size_t>(ndim()));
        int64_t f = static_cast<int64_t>(i);
        for (int d = ndim() - 1; d >= 0; --d) {
            idx[static_cast<size_t>(d)] = f % shape_[d];
            f /= shape_[d];
        }
        out = " (element [";
        for (size_t d = 0; d < idx.size(); ++d) out += (d ? ", " : "") + std::to_string(idx[d]);
        return out + "])";
    };
    if (IsFloat(dtype)) {
        std::vector<double> out(values.size());
        for (size_t i = 0; i < values.size(); ++i) {
            const std::string s = Strip(values[i]);
            char* end = nullptr;
            errno = 0;
            const double v = s.empty() ? 0 : std::strtod(s.c_str(), &end);
            CNET_CHECK_AS(ValueError, !s.empty() && end == s.c_str() + s.size(),
                          "could not convert string to float: ", py::repr(values[i]), where(i));
            out[i] = v;
        }
        return Array::FromVector(out, shape_).astype(dtype);
    }
    std::vector<int64_t> out(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        const std::string s = Strip(values[i]);
        if (IsBool(dtype) && (s == "True" || s == "False")) {
            out[i] = s == "True";
            continue;
        }
        char* end = nullptr;
        errno = 0;
        const long long v = s.empty() ? 0 : std::strtoll(s.c_str(), &end, 10);
        CNET_CHECK_AS(ValueError, !s.empty() && end == s.c_str() + s.size() && errno != ERANGE,
                      "invalid literal for int() with base 10: ", py::repr(values[i]), where(i));
        out[i] = static_cast<int64_t>(v);
    }
    return Array::FromVector(out, shape_).astype(dtype);
}

std::string StrArray::str() const {
    if (!defined()) return "None";
    const std::vector<std::string> values = to_vector();
    if (ndim() == 0) return values[0];
    std::string out;
    size_t k = 0;
    // Nested brackets in C order, elements separated by spaces and rows by newlines (NumPy's str).
    std::vector<int64_t> counter(static_cast<size_t>(ndim()), 0);
    const int64_t total = size();
    for (int d = 0; d < ndim(); ++d) out += "[";
    if (total == 0) {
        for (int d = 0; d < ndim(); ++d) out += "]";
        return out;
    }
    for (int64_t i = 0; i < total; ++i) {
        out += py::repr(values[k++]);
        int closed = 0;
        for (int d = ndim() - 1; d >= 0; --d) {
            if (++counter[d] < shape_[d]) break;
            counter[d] = 0;
            ++closed;
        }
        if (closed == ndim()) {
            for (int c = 0; c < closed; ++c) out += "]";
            break;
        }
        for (int c = 0; c < closed; ++c) out += "]";
        if (closed == 0) {
            out += " ";
        } else {
            out += std::string(static_cast<size_t>(closed), '\n') + std::string(static_cast<size_t>(ndim() - closed), ' ');
            for (int c = 0; c < closed; ++c) out += "[";
        }
    }
    return out;
}

std::string StrArray::repr() const {
    if (!defined()) return "None";
    if (ndim() == 0) return "array(" + py::repr(item()) + ", dtype='" + dtype_str() + "')";
    std::string body = str();
    // Elements separated by ", " and continuation lines indented under "array(".
    std::string out;
    for (size_t i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c == '\'' ) {
            const size_t close = body.find('\'', i + 1);
            out += body.substr(i, close - i + 1);
            i = close;
            if (i + 1 < body.size() && body[i + 1] == ' ') {
                out += ",";
            }
            continue;
        }
        if (c == ']' && i + 1 < body.size() && body[i + 1] == '\n') {
            out += "],";
            continue;
        }
        out += c;
        if (c == '\n' && i + 1 < body.size() && body[i + 1] == ' ') out += "      ";
    }
    return "array(" + out + ", dtype='" + dtype_str() + "')";
}

std::string str(const StrArray& a) { return a.str(); }
std::string repr(const StrArray& a) { return a.repr(); }

StrArray to_str_array(const Array& a) {
    CNET_CHECK_AS(ValueError, a.defined(), "cannot store None in a string array");
    const Array cpu = a.to_device(Device::Cpu());
    std::vector<std::string> out;
    out.reserve(static_cast<size_t>(cpu.size()));
    if (IsFloat(cpu.dtype())) {
        for (double v : cpu.to_vector<double>()) out.push_back(py::repr(v));
    } else if (IsBool(cpu.dtype())) {
        for (int64_t v : cpu.to_vector<int64_t>()) out.push_back(v ? "True" : "False");
    } else {
        for (int64_t v : cpu.to_vector<int64_t>()) out.push_back(std::to_string(v));
    }
    return StrArray(std::move(out), cpu.shape());
}

StrArray genfromtxt_str(const std::string& fname, const std::string& delimiter, int skip_header) {
    std::ifstream in(fname);
    CNET_CHECK_AS(ValueError, in.good(), "genfromtxt: cannot open '", fname, "'");
    std::string line;
    int64_t line_number = 0;
    for (int k = 0; k < skip_header && std::getline(in, line); ++k) ++line_number;
    std::vector<std::string> values;
    int64_t rows = 0, columns = -1;
    while (std::getline(in, line)) {
        ++line_number;
        const size_t hash = line.find('#');
        if (hash != std::string::npos) line.erase(hash);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (Strip(line).empty()) continue;
        std::vector<std::string> fields;
        if (delimiter.empty()) {
            size_t i = 0;
            for (;;) {
                i = line.find_first_not_of(" \t\r\v\f", i);
                if (i == std::string::npos) break;
                const size_t end = line.find_first_of(" \t\r\v\f", i);
                fields.push_back(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
                if (end == std::string::npos) break;
                i = end;
            }
        } else {
            size_t start = 0;
            for (;;) {
                const size_t end = line.find(delimiter, start);
                fields.push_back(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
                if (end == std::string::npos) break;
                start = end + delimiter.size();
            }
        }
        if (columns < 0) columns = static_cast<int64_t>(fields.size());
        CNET_CHECK_AS(ValueError, static_cast<int64_t>(fields.size()) == columns, "genfromtxt: ", fname, ":",
                      line_number, ": expected ", columns, " columns, got ", fields.size());
        for (std::string& f : fields) values.push_back(std::move(f));
        ++rows;
    }
    if (rows == 0) return StrArray(std::vector<std::string>{});
    if (rows == 1 || columns == 1) return StrArray(std::move(values));
    return StrArray(std::move(values), Shape{rows, columns});
}

StrArray unique(const StrArray& ar) { return std::get<0>(unique_inverse(ar)); }

std::tuple<StrArray, Array> unique_inverse(const StrArray& ar) {
    CNET_CHECK_AS(ValueError, ar.defined(), "unique of an undefined string array (None)");
    const std::vector<std::string> values = ar.to_vector();
    std::vector<std::string> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::vector<int64_t> inverse(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        inverse[i] = std::lower_bound(sorted.begin(), sorted.end(), values[i]) - sorted.begin();
    }
    StrArray uniques(std::move(sorted));
    return {uniques, Array::FromVector(inverse)};
}

Array unique(const Array& ar) { return std::get<0>(unique_inverse(ar)); }

std::tuple<Array, Array> unique_inverse(const Array& ar) {
    CNET_CHECK_AS(ValueError, ar.defined(), "unique of an undefined array (None)");
    const std::vector<double> values = ar.to_device(Device::Cpu()).to_vector<double>();
    std::vector<double> sorted = values;
    // NumPy sorts NaN last and keeps each NaN distinct only before 1.21; keep them together at the end.
    std::sort(sorted.begin(), sorted.end(), [](double a, double b) {
        if (std::isnan(a)) return false;
        if (std::isnan(b)) return true;
        return a < b;
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end(),
                             [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }),
                 sorted.end());
    std::vector<int64_t> inverse(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        if (std::isnan(values[i])) {
            inverse[i] = static_cast<int64_t>(sorted.size()) - 1;
            continue;
        }
        inverse[i] = std::lower_bound(sorted.begin(), sorted.end(), values[i],
                                      [](double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); }) -
                     sorted.begin();
    }
    return {Array::FromVector(sorted).astype(ar.dtype()).to_device(ar.device()),
            Array::FromVector(inverse).to_device(ar.device())};
}

}  // namespace np
}  // namespace cnet
