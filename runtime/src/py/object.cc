// object.cc — cnet::py::Object: Python's semantics of a value typed at run time (Note [Values typed at run time]).
#include "cnet/py/object.h"

#include <algorithm>
#include <cmath>

#include "cnet/np/creation.h"
#include "cnet/py/builtins.h"

namespace cnet {
namespace py {
namespace {

bool IsNumber(Object::Kind k) { return k == Object::Kind::kBool || k == Object::Kind::kInt || k == Object::Kind::kFloat; }
bool IsInt(const Object& o) { return o.kind() == Object::Kind::kInt || o.kind() == Object::Kind::kBool; }
bool IsSequence(const Object& o) { return o.kind() == Object::Kind::kList || o.kind() == Object::Kind::kTuple; }
// A list's or tuple's items, without the copy iterate() makes.
const Object::Items& ItemsOf(const Object& o) { return o.kind() == Object::Kind::kList ? o.as_list() : o.as_tuple(); }
// The same kind of sequence as `like`, holding `items`.
Object SequenceLike(const Object& like, Object::Items items) {
    return like.kind() == Object::Kind::kList ? Object::List(std::move(items)) : Object::Tuple(std::move(items));
}

// The rank of a kind in the dict-key order: all numbers compare by value, so they share one.
int KeyRank(Object::Kind k) {
    switch (k) {
        case Object::Kind::kNone: return 0;
        case Object::Kind::kBool:
        case Object::Kind::kInt:
        case Object::Kind::kFloat: return 1;
        case Object::Kind::kStr: return 2;
        case Object::Kind::kTuple: return 3;
        case Object::Kind::kList: return 4;
        case Object::Kind::kDict: return 5;
    }
    return 6;
}

std::string JoinItems(const Object::Items& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + repr(items[i]);
    return out;
}

}  // namespace

Object Object::Sequence(Kind kind, Items items) {
    Object o;
    o.kind_ = kind;
    o.items_ = std::make_shared<const Items>(std::move(items));
    return o;
}

const char* Object::type_name() const {
    switch (kind_) {
        case Kind::kNone: return "NoneType";
        case Kind::kBool: return "bool";
        case Kind::kInt: return "int";
        case Kind::kFloat: return "float";
        case Kind::kStr: return "str";
        case Kind::kList: return "list";
        case Kind::kTuple: return "tuple";
        case Kind::kDict: return "dict";
    }
    return "object";
}

void Object::Expected(const char* wanted) const {
    throw TypeError(std::string("expected ") + wanted + ", got " + type_name());
}

bool Object::as_bool() const {
    if (kind_ != Kind::kBool) Expected("bool");
    return int_ != 0;
}

int64_t Object::as_int() const {
    if (kind_ != Kind::kInt && kind_ != Kind::kBool) Expected("int");
    return int_;
}

double Object::as_float() const {
    if (kind_ == Kind::kFloat) return float_;
    if (kind_ == Kind::kInt || kind_ == Kind::kBool) return static_cast<double>(int_);
    Expected("float");
}

const std::string& Object::as_str() const {
    if (kind_ != Kind::kStr) Expected("str");
    return *str_;
}

const Object::Items& Object::as_list() const {
    if (kind_ != Kind::kList) Expected("list");
    return *items_;
}

const Object::Items& Object::as_tuple() const {
    if (kind_ != Kind::kTuple) Expected("tuple");
    return *items_;
}

const Object::Mapping& Object::as_dict() const {
    if (kind_ != Kind::kDict) Expected("dict");
    return *dict_;
}

Object::Items Object::iterate() const {
    switch (kind_) {
        case Kind::kList:
        case Kind::kTuple: return *items_;
        case Kind::kDict: {
            Items keys;
            for (const auto& kv : *dict_) keys.push_back(kv.first);
            return keys;
        }
        case Kind::kStr: {
            Items out;
            for (const std::string& c : chars(*str_)) out.push_back(Object(c));
            return out;
        }
        default: throw TypeError(std::string("'") + type_name() + "' object is not iterable");
    }
}

bool Object::operator==(const Object& other) const {
    if (IsNumber(kind_) && IsNumber(other.kind_)) {
        if (kind_ == Kind::kFloat || other.kind_ == Kind::kFloat) return as_float() == other.as_float();
        return int_ == other.int_;
    }
    if (kind_ != other.kind_) return false;
    switch (kind_) {
        case Kind::kNone: return true;
        case Kind::kStr: return *str_ == *other.str_;
        case Kind::kList:
        case Kind::kTuple: return *items_ == *other.items_;
        case Kind::kDict: return *dict_ == *other.dict_;
        default: return false;
    }
}

bool Object::operator<(const Object& other) const {
    const int a = KeyRank(kind_), b = KeyRank(other.kind_);
    if (a != b) return a < b;
    switch (kind_) {
        case Kind::kNone: return false;
        case Kind::kBool:
        case Kind::kInt:
        case Kind::kFloat:
            if (kind_ == Kind::kFloat || other.kind_ == Kind::kFloat) return as_float() < other.as_float();
            return int_ < other.int_;
        case Kind::kStr: return *str_ < *other.str_;
        case Kind::kList:
        case Kind::kTuple:
            return std::lexicographical_compare(items_->begin(), items_->end(), other.items_->begin(),
                                                other.items_->end());
        case Kind::kDict: return dict_->size() < other.dict_->size();  // unhashable in Python: any strict order
    }
    return false;
}

std::string str(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kStr: return o.as_str();
        default: return repr(o);
    }
}

std::string repr(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kNone: return "None";
        case Object::Kind::kBool: return o.as_bool() ? "True" : "False";
        case Object::Kind::kInt: return std::to_string(o.as_int());
        case Object::Kind::kFloat: return repr(o.as_float());
        case Object::Kind::kStr: return repr(o.as_str());
        case Object::Kind::kList: return "[" + JoinItems(o.as_list()) + "]";
        case Object::Kind::kTuple: {
            const Object::Items& items = o.as_tuple();
            return "(" + JoinItems(items) + (items.size() == 1 ? ",)" : ")");
        }
        case Object::Kind::kDict: {
            std::string out = "{";
            std::size_t i = 0;
            for (const auto& kv : o.as_dict()) out += (i++ ? ", " : "") + repr(kv.first) + ": " + repr(kv.second);
            return out + "}";
        }
    }
    return "";
}

std::string format_value(const Object& o, const std::string& spec) {
    switch (o.kind()) {
        case Object::Kind::kBool: return format_value(o.as_bool(), spec);
        case Object::Kind::kInt: return format_value(o.as_int(), spec);
        case Object::Kind::kFloat: return format_value(o.as_float(), spec);
        default: return format_value(str(o), spec);
    }
}

int64_t len(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kStr: return len(o.as_str());
        case Object::Kind::kList:
        case Object::Kind::kTuple: return static_cast<int64_t>(ItemsOf(o).size());
        case Object::Kind::kDict: return static_cast<int64_t>(o.as_dict().size());
        default: throw TypeError(std::string("object of type '") + o.type_name() + "' has no len()");
    }
}

int64_t to_int(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kBool:
        case Object::Kind::kInt: return o.as_int();
        case Object::Kind::kFloat: return to_int(o.as_float());
        case Object::Kind::kStr: return to_int(o.as_str());
        default:
            throw TypeError(std::string("int() argument must be a string, a bytes-like object or a real number, not '") +
                            o.type_name() + "'");
    }
}

double to_float(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kBool:
        case Object::Kind::kInt:
        case Object::Kind::kFloat: return o.as_float();
        case Object::Kind::kStr: return to_float(o.as_str());
        default:
            throw TypeError(std::string("float() argument must be a string or a real number, not '") + o.type_name() +
                            "'");
    }
}

bool to_bool(const Object& o) {
    switch (o.kind()) {
        case Object::Kind::kNone: return false;
        case Object::Kind::kBool:
        case Object::Kind::kInt: return o.as_int() != 0;
        case Object::Kind::kFloat: return o.as_float() != 0;
        default: return len(o) != 0;
    }
}

bool isinstance(const Object& o, Object::Kind kind) { return kind == Object::Kind::kInt ? IsInt(o) : o.kind() == kind; }

Object getitem(const Object& o, const Object& key) {
    switch (o.kind()) {
        case Object::Kind::kList:
        case Object::Kind::kTuple: {
            const Object::Items& items = ItemsOf(o);
            if (!IsInt(key)) {
                throw TypeError(std::string(o.type_name()) + " indices must be integers or slices, not " +
                                key.type_name());
            }
            const int64_t n = static_cast<int64_t>(items.size());
            const int64_t i = key.as_int() < 0 ? key.as_int() + n : key.as_int();
            if (i < 0 || i >= n) throw IndexError(std::string(o.type_name()) + " index out of range");
            return items[static_cast<std::size_t>(i)];
        }
        case Object::Kind::kStr:
            if (!IsInt(key)) {
                throw TypeError(std::string("string indices must be integers, not '") + key.type_name() + "'");
            }
            return Object(char_at(o.as_str(), key.as_int()));
        case Object::Kind::kDict: return o.as_dict().at(key);
        default: throw TypeError(std::string("'") + o.type_name() + "' object is not subscriptable");
    }
}

std::vector<Object> unpack(const Object& o, std::size_t n) {
    if (o.kind() != Object::Kind::kList && o.kind() != Object::Kind::kTuple && o.kind() != Object::Kind::kStr &&
        o.kind() != Object::Kind::kDict) {
        throw TypeError(std::string("cannot unpack non-iterable ") + o.type_name() + " object");
    }
    std::vector<Object> items = o.iterate();
    if (items.size() < n) {
        throw ValueError("not enough values to unpack (expected " + std::to_string(n) + ", got " +
                         std::to_string(items.size()) + ")");
    }
    if (items.size() > n) throw ValueError("too many values to unpack (expected " + std::to_string(n) + ")");
    return items;
}

bool contains(const Object& o, const Object& x) {
    switch (o.kind()) {
        case Object::Kind::kStr:
            if (x.kind() != Object::Kind::kStr) {
                throw TypeError(std::string("'in <string>' requires string as left operand, not ") + x.type_name());
            }
            return o.as_str().find(x.as_str()) != std::string::npos;
        case Object::Kind::kDict: return o.as_dict().count(x) != 0;
        default: {
            if (!IsSequence(o)) o.iterate();  // the TypeError of an int or None
            const Object::Items& items = ItemsOf(o);
            return std::find(items.begin(), items.end(), x) != items.end();
        }
    }
}

namespace {

const char* Spelling(ObjectOp op) {
    switch (op) {
        case ObjectOp::kAdd: return "+";
        case ObjectOp::kSub: return "-";
        case ObjectOp::kMul: return "*";
        case ObjectOp::kDiv: return "/";
        case ObjectOp::kFloorDiv: return "//";
        case ObjectOp::kMod: return "%";
        case ObjectOp::kPow: return "** or pow()";
    }
    return "?";
}

Object Repeated(const Object& seq, int64_t times) {
    if (seq.kind() == Object::Kind::kStr) {
        std::string out;
        for (int64_t i = 0; i < times; ++i) out += seq.as_str();
        return Object(out);
    }
    Object::Items out;
    const Object::Items& items = ItemsOf(seq);
    for (int64_t i = 0; i < times; ++i) out.insert(out.end(), items.begin(), items.end());
    return SequenceLike(seq, std::move(out));
}

}  // namespace

Object arithmetic(ObjectOp op, const Object& a, const Object& b) {
    if (IsNumber(a.kind()) && IsNumber(b.kind())) {
        if (IsInt(a) && IsInt(b)) {
            const int64_t x = a.as_int(), y = b.as_int();
            switch (op) {
                case ObjectOp::kAdd: return Object(x + y);
                case ObjectOp::kSub: return Object(x - y);
                case ObjectOp::kMul: return Object(x * y);
                case ObjectOp::kDiv: return Object(truediv(x, y));
                case ObjectOp::kFloorDiv: return Object(floordiv(x, y));
                case ObjectOp::kMod: return Object(mod(x, y));
                case ObjectOp::kPow:
                    return y < 0 ? Object(std::pow(static_cast<double>(x), static_cast<double>(y))) : Object(ipow(x, y));
            }
        }
        const double x = a.as_float(), y = b.as_float();
        switch (op) {
            case ObjectOp::kAdd: return Object(x + y);
            case ObjectOp::kSub: return Object(x - y);
            case ObjectOp::kMul: return Object(x * y);
            case ObjectOp::kDiv: return Object(truediv(x, y));
            case ObjectOp::kFloorDiv: return Object(floordiv(x, y));
            case ObjectOp::kMod: return Object(mod(x, y));
            case ObjectOp::kPow: return Object(std::pow(x, y));
        }
    }
    const bool sequence_a = a.kind() == Object::Kind::kStr || IsSequence(a);
    if (op == ObjectOp::kAdd && sequence_a && a.kind() == b.kind()) {
        if (a.kind() == Object::Kind::kStr) return Object(a.as_str() + b.as_str());
        Object::Items items = ItemsOf(a);
        const Object::Items& more = ItemsOf(b);
        items.insert(items.end(), more.begin(), more.end());
        return SequenceLike(a, std::move(items));
    }
    if (op == ObjectOp::kMul && sequence_a && IsInt(b)) return Repeated(a, b.as_int());
    const bool sequence_b = b.kind() == Object::Kind::kStr || IsSequence(b);
    if (op == ObjectOp::kMul && sequence_b && IsInt(a)) return Repeated(b, a.as_int());
    if (op == ObjectOp::kAdd && sequence_a) {  // CPython's own words for these two
        throw TypeError(std::string("can only concatenate ") + a.type_name() + " (not \"" + b.type_name() + "\") to " +
                        a.type_name());
    }
    if (op == ObjectOp::kMul && (sequence_a || sequence_b)) {
        throw TypeError(std::string("can't multiply sequence by non-int of type '") +
                        (sequence_a ? b : a).type_name() + "'");
    }
    throw TypeError(std::string("unsupported operand type(s) for ") + Spelling(op) + ": '" + a.type_name() + "' and '" +
                    b.type_name() + "'");
}

Object negative(const Object& o) {
    if (IsInt(o)) return Object(-o.as_int());
    if (o.kind() == Object::Kind::kFloat) return Object(-o.as_float());
    throw TypeError(std::string("bad operand type for unary -: '") + o.type_name() + "'");
}

namespace {

// How Python orders a and b: -1, 0 or 1, or 2 where neither is less (a NaN); a TypeError naming op and both types
// where Python has no order.
int Order(const Object& a, const Object& b, const char* op) {
    if (IsNumber(a.kind()) && IsNumber(b.kind())) {
        if (IsInt(a) && IsInt(b)) return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int() ? 1 : 0;
        const double x = a.as_float(), y = b.as_float();
        return x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
    }
    if (a.kind() == Object::Kind::kStr && b.kind() == Object::Kind::kStr) {
        return a.as_str() < b.as_str() ? -1 : a.as_str() > b.as_str() ? 1 : 0;
    }
    if (a.kind() == b.kind() && IsSequence(a)) {
        const Object::Items &x = ItemsOf(a), &y = ItemsOf(b);
        for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
            if (!(x[i] == y[i])) return Order(x[i], y[i], op);
        }
        return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
    }
    throw TypeError(std::string("'") + op + "' not supported between instances of '" + a.type_name() + "' and '" +
                    b.type_name() + "'");
}

}  // namespace

bool compare(const char* op, const Object& a, const Object& b) {
    const int order = Order(a, b, op);
    if (order == 2) return false;  // NaN: no comparison holds
    const std::string o(op);
    if (o == "<") return order < 0;
    if (o == "<=") return order <= 0;
    if (o == ">") return order > 0;
    return order >= 0;
}

}  // namespace py

namespace np {
namespace {

// The numbers of nested objects, flattened in C order, and their shape (np.array's rules on nested lists).
void CollectObjects(const std::vector<py::Object>& items, int depth, Shape* shape, std::vector<double>* out,
                    py::Object::Kind* widest) {
    internal::CheckSequenceLength(shape, depth, static_cast<int64_t>(items.size()));
    bool numbers = false, sequences = false;  // both at one level: a ragged nesting
    auto inhomogeneous = [&]() {
        return ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                          "shape after " + std::to_string(depth + 1) + " dimensions");
    };
    for (const py::Object& item : items) {
        switch (item.kind()) {
            case py::Object::Kind::kList:
            case py::Object::Kind::kTuple:
                sequences = true;
                if (numbers) throw inhomogeneous();
                CollectObjects(py::ItemsOf(item), depth + 1, shape, out, widest);
                break;
            case py::Object::Kind::kBool:
            case py::Object::Kind::kInt:
            case py::Object::Kind::kFloat:  // (an int past 2**53 is rounded on its way through a double)
                numbers = true;
                if (sequences || shape->ndim() != depth + 1) throw inhomogeneous();
                if (static_cast<int>(item.kind()) > static_cast<int>(*widest)) *widest = item.kind();
                out->push_back(item.as_float());
                break;
            default:
                throw py::TypeError(std::string("np.array of a ") + item.type_name() +
                                    " typed at run time: cnet's arrays hold numbers");
        }
    }
}

}  // namespace

Array array(const std::vector<py::Object>& values, std::optional<Dtype> dtype) {
    std::vector<double> flat;
    Shape shape;
    py::Object::Kind widest = py::Object::Kind::kBool;
    CollectObjects(values, 0, &shape, &flat, &widest);
    const Dtype held = widest == py::Object::Kind::kFloat ? Dtype::kFloat64
                       : widest == py::Object::Kind::kInt ? Dtype::kInt64
                                                          : Dtype::kBool;
    return Array::FromVector(flat, shape).astype(dtype ? *dtype : (flat.empty() ? Dtype::kFloat64 : held), false);
}

}  // namespace np
}  // namespace cnet
