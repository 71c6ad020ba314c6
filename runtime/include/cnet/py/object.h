// object.h — cnet::py::Object, a value whose Python type is decided at run time (Note [Values typed at run time]).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/py/dict.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

// Note [Values typed at run time]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Python lets one name hold a str on one path and a list on another; Chainer's sentiment example parses an
// s-expression into "a word or a list of subtrees" and a tree node into "a word id or a pair of nodes". cnetc types
// such a value `object` (sema joins two data types with no common static type to it) and the C++ is an Object: one
// of Python's data values (None, bool, int, float, str, list, tuple, dict) tagged with its kind. What the program
// does with it is checked when it runs, as Python checks it: len() of an int, unpacking three values from a pair,
// adding an int to a str, reading an int out of a str raise Python's TypeError / ValueError with Python's message.
//
// An Object is immutable: a list inside it is shared by copies of the Object and never changed through it, so
// converting a static value (a std::vector) into an Object copies it once, and a `list[object]` the program still
// appends to stays a static std::vector<Object>. That is cnet's value semantics for lists (a list assigned is a
// list copied) carried over, not Python's aliasing; nothing in an Object can be mutated to tell them apart.
//
// Static types and objects meet through convert<To>(from) (codegen's one spelling for every such conversion):
// any data value to an Object, an Object to the static type the program uses it as (a TypeError naming both types
// when it holds another kind), and containers element by element (list[int] to list[object]).
class Object {
public:
    enum class Kind { kNone, kBool, kInt, kFloat, kStr, kList, kTuple, kDict };
    using Items = std::vector<Object>;
    using Mapping = Dict<Object, Object>;

    Object() = default;  // None
    explicit Object(NoneType) {}
    explicit Object(bool v) : kind_(Kind::kBool), int_(v) {}
    explicit Object(int v) : kind_(Kind::kInt), int_(v) {}
    explicit Object(int64_t v) : kind_(Kind::kInt), int_(v) {}
    explicit Object(double v) : kind_(Kind::kFloat), float_(v) {}
    explicit Object(std::string v) : kind_(Kind::kStr), str_(std::make_shared<const std::string>(std::move(v))) {}
    explicit Object(const char* v) : Object(std::string(v)) {}
    template <typename T>
    explicit Object(const std::vector<T>& items) : kind_(Kind::kList), items_(Collect(items)) {}
    template <typename... Ts>
    explicit Object(const std::tuple<Ts...>& t) : kind_(Kind::kTuple), items_(CollectTuple(t)) {}
    template <typename K, typename V>
    explicit Object(const Dict<K, V>& d) : kind_(Kind::kDict), dict_(CollectDict(d)) {}
    template <typename T>
    explicit Object(const std::optional<T>& v) {
        if (v) *this = Object(*v);
    }

    /// A list or tuple of these items (an unpacking's rest, a tuple display of objects).
    static Object List(Items items) { return Sequence(Kind::kList, std::move(items)); }
    static Object Tuple(Items items) { return Sequence(Kind::kTuple, std::move(items)); }

    Kind kind() const { return kind_; }
    /// Python's name of the value's type: 'int', 'str', 'list', 'NoneType', ...
    const char* type_name() const;
    bool is_none() const { return kind_ == Kind::kNone; }

    /// The value as a static type; a TypeError ("expected int, got str") when it holds another kind. An int is a
    /// float where a float is wanted (Python's numeric tower), a bool an int.
    bool as_bool() const;
    int64_t as_int() const;
    double as_float() const;
    const std::string& as_str() const;
    const Items& as_list() const;   // a list only
    const Items& as_tuple() const;  // a tuple only
    const Mapping& as_dict() const;

    /// The items iterating it gives: a list's or tuple's items, a dict's keys, a str's characters; a TypeError
    /// ("'int' object is not iterable") for anything else.
    Items iterate() const;

    bool operator==(const Object& other) const;  // Python's ==: 1 == 1.0 == True, [1] != (1,)
    bool operator!=(const Object& other) const { return !(*this == other); }
    /// The order a dict keeps its keys in: consistent with == (equal numbers of any kind are one key); numbers
    /// before strs before tuples before anything else. Not Python's `<`, which raises between kinds.
    bool operator<(const Object& other) const;

private:
    template <typename T>
    static std::shared_ptr<const Items> Collect(const std::vector<T>& items) {
        auto out = std::make_shared<Items>();
        out->reserve(items.size());
        for (const T& item : items) out->push_back(Object(item));
        return out;
    }
    template <typename... Ts>
    static std::shared_ptr<const Items> CollectTuple(const std::tuple<Ts...>& t) {
        auto out = std::make_shared<Items>();
        std::apply([&](const auto&... e) { (out->push_back(Object(e)), ...); }, t);
        return out;
    }
    template <typename K, typename V>
    static std::shared_ptr<const Mapping> CollectDict(const Dict<K, V>& d) {
        auto out = std::make_shared<Mapping>();
        for (const auto& kv : d) (*out)[Object(kv.first)] = Object(kv.second);
        return out;
    }
    static Object Sequence(Kind kind, Items items);
    [[noreturn]] void Expected(const char* wanted) const;

    Kind kind_ = Kind::kNone;
    int64_t int_ = 0;  // kBool, kInt
    double float_ = 0;
    std::shared_ptr<const std::string> str_;
    std::shared_ptr<const Items> items_;  // kList, kTuple
    std::shared_ptr<const Mapping> dict_;
};

// ---- Python's builtins and operators on an Object
std::string str(const Object& o);
std::string repr(const Object& o);
int64_t len(const Object& o);
int64_t to_int(const Object& o);  // int(o): an int, bool, float (truncated) or str of digits
double to_float(const Object& o);
bool to_bool(const Object& o);  // truthiness: 0, '', [], (), {} and None are false
/// isinstance(o, int) and the other builtin types (isinstance(True, int) is True, as in Python).
bool isinstance(const Object& o, Object::Kind kind);
/// o[key]: a list's or tuple's item (a negative index from the end), a str's character, a dict's value.
Object getitem(const Object& o, const Object& key);
/// `a, b = o`: its n items, or Python's ValueError ("not enough values to unpack (expected 3, got 2)").
std::vector<Object> unpack(const Object& o, std::size_t n);
/// `x in o`: an item of a list or tuple, a key of a dict, a substring of a str.
bool contains(const Object& o, const Object& x);

/// Python's arithmetic on values typed at run time: numbers (a bool or int operand an int, a float one makes a
/// float; `/` a float; `//`, `%` and `**` as Python rounds and signs them), str and list or tuple concatenation and
/// repetition; Python's TypeError naming both types, and its ZeroDivisionError, otherwise.
enum class ObjectOp { kAdd, kSub, kMul, kDiv, kFloorDiv, kMod, kPow };
Object arithmetic(ObjectOp op, const Object& a, const Object& b);
Object negative(const Object& o);  // -o of a number
/// a < b (op "<", "<=", ">" or ">=") as Python orders numbers, strs, and lists or tuples of one kind (item by item);
/// Python's TypeError naming op and both types otherwise.
bool compare(const char* op, const Object& a, const Object& b);

template <typename T, std::enable_if_t<!std::is_same_v<T, Object>, int> = 0>
bool operator==(const Object& a, const T& b) {
    return a == Object(b);
}
template <typename T, std::enable_if_t<!std::is_same_v<T, Object>, int> = 0>
bool operator==(const T& a, const Object& b) {
    return Object(a) == b;
}
template <typename T, std::enable_if_t<!std::is_same_v<T, Object>, int> = 0>
bool operator!=(const Object& a, const T& b) {
    return !(a == Object(b));
}
template <typename T, std::enable_if_t<!std::is_same_v<T, Object>, int> = 0>
bool operator!=(const T& a, const Object& b) {
    return !(Object(a) == b);
}

// ---- convert<To>(from): static values to objects, objects to static values, containers element by element
template <typename T>
struct IsVector : std::false_type {};
template <typename T>
struct IsVector<std::vector<T>> : std::true_type {};
template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T>
struct IsTuple : std::false_type {};
template <typename... Ts>
struct IsTuple<std::tuple<Ts...>> : std::true_type {};
template <typename T>
struct IsDict : std::false_type {};
template <typename K, typename V>
struct IsDict<Dict<K, V>> : std::true_type {};

template <typename To, typename From>
To convert(const From& from);

namespace object_detail {
template <typename To, typename... Fs, std::size_t... I>
To ConvertTuple(const std::tuple<Fs...>& from, std::index_sequence<I...>) {
    return To{convert<std::tuple_element_t<I, To>>(std::get<I>(from))...};
}
template <typename To, std::size_t... I>
To TupleOfItems(const Object::Items& items, std::index_sequence<I...>) {
    return To{convert<std::tuple_element_t<I, To>>(items[I])...};
}
}  // namespace object_detail

/// The static value an Object holds, as type To (TypeError when it holds another kind).
template <typename To>
To object_as(const Object& o) {
    if constexpr (std::is_same_v<To, Object>) {
        return o;
    } else if constexpr (std::is_same_v<To, bool>) {
        return o.as_bool();
    } else if constexpr (std::is_integral_v<To>) {
        return static_cast<To>(o.as_int());
    } else if constexpr (std::is_floating_point_v<To>) {
        return static_cast<To>(o.as_float());
    } else if constexpr (std::is_same_v<To, std::string>) {
        return o.as_str();
    } else if constexpr (IsOptional<To>::value) {
        if (o.is_none()) return std::nullopt;
        return object_as<typename To::value_type>(o);
    } else if constexpr (IsVector<To>::value) {
        To out;
        for (const Object& item : o.as_list()) out.push_back(object_as<typename To::value_type>(item));
        return out;
    } else if constexpr (IsTuple<To>::value) {
        const Object::Items& items = o.as_tuple();
        constexpr std::size_t n = std::tuple_size_v<To>;
        if (items.size() != n) {
            throw TypeError("expected a tuple of " + std::to_string(n) + " items, got one of " +
                            std::to_string(items.size()));
        }
        return object_detail::TupleOfItems<To>(items, std::make_index_sequence<n>{});
    } else {
        static_assert(IsDict<To>::value, "an Object converts to data types only");
        To out;
        for (const auto& kv : o.as_dict()) {
            out[object_as<typename To::value_type::first_type>(kv.first)] =
                object_as<typename To::value_type::second_type>(kv.second);
        }
        return out;
    }
}

template <typename To, typename From>
To convert(const From& from) {
    if constexpr (std::is_same_v<To, From>) {
        return from;
    } else if constexpr (std::is_same_v<To, Object>) {
        return Object(from);
    } else if constexpr (std::is_same_v<From, Object>) {
        return object_as<To>(from);
    } else if constexpr (IsOptional<To>::value) {
        if constexpr (IsOptional<From>::value) {
            if (!from) return std::nullopt;
            return convert<typename To::value_type>(*from);
        } else {
            return convert<typename To::value_type>(from);
        }
    } else if constexpr (IsVector<To>::value) {
        To out;
        out.reserve(from.size());
        for (const auto& item : from) out.push_back(convert<typename To::value_type>(item));
        return out;
    } else if constexpr (IsTuple<To>::value) {
        return object_detail::ConvertTuple<To>(from, std::make_index_sequence<std::tuple_size_v<To>>{});
    } else if constexpr (IsDict<To>::value) {
        To out;
        for (const auto& kv : from) {
            out[convert<typename To::value_type::first_type>(kv.first)] =
                convert<typename To::value_type::second_type>(kv.second);
        }
        return out;
    } else {
        return static_cast<To>(from);  // int to float
    }
}

}  // namespace py

namespace np {
/// numpy.array of values typed at run time (nested lists of them too), with NumPy's dtype rule applied to the
/// values held when no dtype is given: bools only make bool, ints (and bools) int64, any float float64. A str,
/// None or dict among them is a TypeError; lists of different lengths a ValueError, as in NumPy.
Array array(const std::vector<py::Object>& values, std::optional<Dtype> dtype = std::nullopt);
}  // namespace np
}  // namespace cnet
