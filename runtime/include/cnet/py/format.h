// format.h — Python's text formatting for generated code: str()/repr() of values, format specs
// (`{loss:.4f}`), str.format and f-strings, with Python's exact float repr.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"
#include "cnet/py/dict.h"

namespace cnet {
namespace py {

/// Python's None (also the element of a container nothing decides the type of: `print([set()])`).
struct NoneType {
    friend bool operator==(NoneType, NoneType) { return true; }
    friend bool operator!=(NoneType, NoneType) { return false; }
    friend bool operator<(NoneType, NoneType) { return false; }
};
constexpr NoneType None{};
class Object;  // cnet/py/object.h: a value typed at run time, in containers shown by its repr as Python shows it

/// repr(float): the shortest string that round-trips ("0.1", "1e-05", "1.0", "inf").
std::string repr(double v);
std::string repr(const std::string& s);  // quoted: 'abc'

std::string str(const std::string& s);
std::string str(const char* s);
std::string str(bool v);
std::string str(double v);
std::string str(float v);
std::string str(NoneType);
std::string str(const Array& a);
/// repr(a): NumPy's "array([0, 1, 2])", with ", dtype=float32" unless the dtype is float64, int64 or bool; a 0-d
/// array as the NumPy scalar it stands for ("1.5").
std::string repr(const Array& a);
std::string str(const Variable& v);
/// repr(x): Chainer's "variable([1., 2.])" (None for a None variable).
std::string repr(const Variable& v);
/// str(x.shape) and repr(x.shape): Python's tuple text "(2, 3)", "(5,)", "()".
inline std::string str(const Shape& shape) {
    std::string out = "(";
    for (int i = 0; i < shape.ndim(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + (shape.ndim() == 1 ? ",)" : ")");
}
inline std::string repr(const Shape& shape) { return str(shape); }
/// str(x.dtype): NumPy's name, "float32"; repr(x.dtype): "dtype('float32')".
inline std::string str(Dtype dtype) { return DtypeName(dtype); }
inline std::string repr(Dtype dtype) { return std::string("dtype('") + DtypeName(dtype) + "')"; }
template <typename T, std::enable_if_t<std::is_integral<T>::value && !std::is_same<T, bool>::value, int> = 0>
std::string str(T v) {
    return std::to_string(v);
}
template <typename T>
std::string str(const std::vector<T>& v);
template <typename... Ts>
std::string str(const std::tuple<Ts...>& t);
template <typename K, typename V>
std::string str(const Dict<K, V>& m);
template <typename T>
std::string str(const std::optional<T>& v) {
    return v ? str(*v) : std::string("None");
}
template <typename T>
std::string str(const std::shared_ptr<T>& p);
template <typename T>
std::string repr(const std::shared_ptr<T>& p);

/// The element form inside containers (Python uses repr there: strings are quoted).
template <typename T>
struct IsSharedPtr : std::false_type {};
template <typename T>
struct IsSharedPtr<std::shared_ptr<T>> : std::true_type {};

template <typename T>
std::string repr_item(const T& v) {
    if constexpr (std::is_same<T, std::string>::value || std::is_same<T, Dtype>::value ||
                  std::is_same<T, Array>::value || std::is_base_of<Variable, T>::value ||
                  std::is_same<T, Object>::value || IsSharedPtr<T>::value) {
        return repr(v);
    }
    else return str(v);
}

template <typename T>
std::string str(const std::vector<T>& v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + repr_item(v[i]);
    return out + "]";
}

template <typename... Ts>
std::string str(const std::tuple<Ts...>& t) {
    std::string out = "(";
    size_t i = 0;
    std::apply([&](const auto&... e) { ((out += (i++ ? ", " : "") + repr_item(e)), ...); }, t);
    if (sizeof...(Ts) == 1) out += ",";
    return out + ")";
}

template <typename K, typename V>
std::string str(const Dict<K, V>& m) {
    std::string out = "{";
    size_t i = 0;
    for (const auto& kv : m) out += (i++ ? ", " : "") + repr_item(kv.first) + ": " + repr_item(kv.second);
    return out + "}";
}

/// Whether T is a generated user class (it names itself for print, as CPython's default repr does).
template <typename T, typename = void>
struct HasPyClassName : std::false_type {};
template <typename T>
struct HasPyClassName<T, std::void_t<decltype(std::declval<const T&>().py_class_name())>> : std::true_type {};

/// Whether T has a text of its own: py_str() and py_repr() are a user class's __str__ and __repr__ (generated
/// bridges), or a library object's text that depends on its state (a dataset's slice prints its examples).
template <typename T, typename = void>
struct HasPyStr : std::false_type {};
template <typename T>
struct HasPyStr<T, std::void_t<decltype(std::declval<T&>().py_str())>> : std::true_type {};
template <typename T, typename = void>
struct HasPyRepr : std::false_type {};
template <typename T>
struct HasPyRepr<T, std::void_t<decltype(std::declval<T&>().py_repr())>> : std::true_type {};

/// CPython's default repr of an object: `<module.Class object at 0x...>`, or `<object at 0x...>` when the class
/// path is empty.
std::string object_repr(const std::string& class_path, const void* address);

/// repr(obj): its __repr__, else CPython's default `<__main__.Point object at 0x...>`.
template <typename T>
std::string repr(const std::shared_ptr<T>& p) {
    if (!p) return "None";
    if constexpr (HasPyRepr<T>::value) {
        return p->py_repr();
    } else if constexpr (HasPyClassName<T>::value) {
        return object_repr(std::string("__main__.") + p->py_class_name(), p.get());
    } else {
        return object_repr("", p.get());
    }
}

/// str(obj): its __str__, else its repr, as in Python.
template <typename T>
std::string str(const std::shared_ptr<T>& p) {
    if constexpr (HasPyStr<T>::value) {
        if (p) return p->py_str();
    }
    return repr(p);
}

/// repr of everything else (ints, bools, None, lists, tuples, dicts) is its str, as in Python.
template <typename T, std::enable_if_t<!std::is_convertible<T, std::string>::value && !std::is_floating_point<T>::value &&
                                           !std::is_same<T, Shape>::value && !std::is_same<T, Dtype>::value &&
                                           !std::is_base_of<Variable, T>::value,
                                       int> = 0>
std::string repr(const T& v) {
    return str(v);
}

/// format(value, spec) — Python's format-spec mini-language: [[fill]align][sign][#][0][width][,][.precision][type]
/// for ints (d x X o b c n), floats (f F e E g G % n and empty), strings (s) and bools.
std::string format_value(int64_t v, const std::string& spec);
std::string format_value(double v, const std::string& spec);
std::string format_value(const std::string& v, const std::string& spec);
std::string format_value(bool v, const std::string& spec);
template <typename T>
std::string format_value(const T& v, const std::string& spec) {
    if constexpr (std::is_integral<T>::value) return format_value(static_cast<int64_t>(v), spec);
    else if constexpr (std::is_floating_point<T>::value) return format_value(static_cast<double>(v), spec);
    else return format_value(str(v), spec);
}
std::string format_value(const Variable& v, const std::string& spec);
std::string format_value(const Object& o, const std::string& spec);  // as the kind it holds
std::string format_value(const Array& a, const std::string& spec);

/// A formatted argument of str.format: its str() and a formatter for specs.
class FormatArg {
public:
    template <typename T>
    FormatArg(const T& v)  // NOLINT(runtime/explicit)
        : text_(str(v)),
          repr_(repr_item(v)),
          format_([v](const std::string& spec) { return format_value(v, spec); }) {}
    FormatArg(const char* s) : FormatArg(std::string(s)) {}  // NOLINT(runtime/explicit)
    std::string format(const std::string& spec) const { return spec.empty() ? text_ : format_(spec); }
    /// The `!r` conversion: repr() of the argument.
    const std::string& repr() const { return repr_; }

private:
    std::string text_;
    std::string repr_;
    std::function<std::string(const std::string&)> format_;
};

/// 'template'.format(args...) with auto-numbered `{}` and explicit `{0}` fields, `{{`/`}}` escapes and format
/// specs. Conversions `!r`/`!s` are supported. Throws ValueError for a malformed template.
std::string str_format(const std::string& templ, const std::vector<FormatArg>& args);
template <typename... Args>
std::string format(const std::string& templ, const Args&... args) {
    return str_format(templ, std::vector<FormatArg>{FormatArg(args)...});
}

}  // namespace py
}  // namespace cnet
