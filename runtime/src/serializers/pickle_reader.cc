// pickle_reader.cc — pickle opcodes for scalars, strings, containers, memo and object construction; the
// NumPy ndarray reconstruction protocol on top.
#include "serializers/pickle_reader.h"

#include <cstring>
#include <map>
#include <stdexcept>
#include <utility>

#include "cnet/core/error.h"
#include "serializers/byte_io.h"

namespace cnet {
namespace serializers {
namespace internal {
namespace {

using Kind = PyValue::Kind;

PyValuePtr Make(Kind kind) {
    auto v = std::make_shared<PyValue>();
    v->kind = kind;
    return v;
}
PyValuePtr MakeInt(int64_t i) {
    PyValuePtr v = Make(Kind::kInt);
    v->i = i;
    return v;
}
PyValuePtr MakeString(Kind kind, std::string s) {
    PyValuePtr v = Make(kind);
    v->s = std::move(s);
    return v;
}

class Machine {
public:
    Machine(const std::string& bytes, const std::string& source)
        : r_(bytes.data(), bytes.size(), source + ": pickle"), source_(source) {}

    PyValuePtr Run() {
        while (true) {
            const uint8_t op = r_.U8("opcode");
            if (op == '.') break;  // STOP
            if (!StepValue(op) && !StepString(op) && !StepContainer(op) && !StepMemo(op) && !StepObject(op)) {
                throw SerializationError(source_ + ": unsupported pickle opcode 0x" + Hex(op) + " at byte " +
                                         std::to_string(r_.pos() - 1));
            }
        }
        return Pop();
    }

private:
    static std::string Hex(uint8_t op) {
        const char* digits = "0123456789abcdef";
        return std::string{digits[op >> 4], digits[op & 15]};
    }
    [[noreturn]] void Fail(const std::string& what) const {
        throw SerializationError(source_ + ": malformed pickle (" + what + ")");
    }
    PyValuePtr Pop() {
        if (stack_.empty() || (!marks_.empty() && stack_.size() <= marks_.back())) Fail("stack underflow");
        PyValuePtr v = std::move(stack_.back());
        stack_.pop_back();
        return v;
    }
    std::vector<PyValuePtr> PopMark() {
        if (marks_.empty()) Fail("no mark");
        std::vector<PyValuePtr> items(stack_.begin() + static_cast<std::ptrdiff_t>(marks_.back()), stack_.end());
        stack_.resize(marks_.back());
        marks_.pop_back();
        return items;
    }
    PyValuePtr& Top() {
        if (stack_.empty()) Fail("stack underflow");
        return stack_.back();
    }
    std::string Line() {
        std::string s;
        for (char c = static_cast<char>(r_.U8("text line")); c != '\n'; c = static_cast<char>(r_.U8("text line")))
            s.push_back(c);
        return s;
    }
    std::string Sized(uint64_t n) {
        if (n > r_.remaining()) Fail("string past the end");
        return r_.TakeString(static_cast<size_t>(n), "string");
    }
    PyValuePtr Tuple(std::vector<PyValuePtr> items) {
        PyValuePtr t = Make(Kind::kTuple);
        t->items = std::move(items);
        return t;
    }

    bool StepValue(uint8_t op);
    bool StepString(uint8_t op);
    bool StepContainer(uint8_t op);
    bool StepMemo(uint8_t op);
    bool StepObject(uint8_t op);

    ByteReader r_;
    std::string source_;
    std::vector<PyValuePtr> stack_;
    std::vector<size_t> marks_;
    std::map<uint64_t, PyValuePtr> memo_;
};

// Protocol framing, None, bools and numbers.
bool Machine::StepValue(uint8_t op) {
    switch (op) {
        case 0x80: r_.U8("protocol"); return true;       // PROTO
        case 0x95: r_.U64("frame size"); return true;    // FRAME
        case 'N': stack_.push_back(Make(Kind::kNone)); return true;
        case 0x88: case 0x89: {                          // NEWTRUE / NEWFALSE
            PyValuePtr v = Make(Kind::kBool);
            v->b = op == 0x88;
            stack_.push_back(v);
            return true;
        }
        case 'K': stack_.push_back(MakeInt(r_.U8("int"))); return true;                              // BININT1
        case 'M': stack_.push_back(MakeInt(r_.U16("int"))); return true;                             // BININT2
        case 'J': stack_.push_back(MakeInt(static_cast<int32_t>(r_.U32("int")))); return true;       // BININT
        case 'I': case 'L': {                                                                          // INT/LONG
            std::string line = Line();
            if (!line.empty() && line.back() == 'L') line.pop_back();
            if (line == "00" || line == "01") {
                PyValuePtr v = Make(Kind::kBool);
                v->b = line == "01";
                stack_.push_back(v);
            } else {
                stack_.push_back(MakeInt(std::stoll(line)));
            }
            return true;
        }
        case 0x8a: {  // LONG1: little-endian two's complement
            const uint8_t n = r_.U8("long size");
            if (n > 8) Fail("integer too large");
            const std::string b = Sized(n);
            uint64_t v = (n > 0 && (b[n - 1] & 0x80)) ? ~uint64_t{0} : 0;
            for (int k = n - 1; k >= 0; --k) v = (v << 8) | static_cast<unsigned char>(b[k]);
            stack_.push_back(MakeInt(static_cast<int64_t>(v)));
            return true;
        }
        case 'G': {  // BINFLOAT: big-endian double
            const std::string b = Sized(8);
            uint64_t bits = 0;
            for (char c : b) bits = (bits << 8) | static_cast<unsigned char>(c);
            PyValuePtr v = Make(Kind::kFloat);
            std::memcpy(&v->f, &bits, 8);
            stack_.push_back(v);
            return true;
        }
        case 'F': { PyValuePtr v = Make(Kind::kFloat); v->f = std::stod(Line()); stack_.push_back(v); return true; }
        default: return false;
    }
}

// Byte and text strings.
bool Machine::StepString(uint8_t op) {
    switch (op) {
        case 'C': case 'U': stack_.push_back(MakeString(op == 'C' ? Kind::kBytes : Kind::kStr, Sized(r_.U8("len")))); return true;
        case 'B': case 'T': stack_.push_back(MakeString(op == 'B' ? Kind::kBytes : Kind::kStr, Sized(r_.U32("len")))); return true;
        case 0x8e: stack_.push_back(MakeString(Kind::kBytes, Sized(r_.U64("len")))); return true;    // BINBYTES8
        case 'X': stack_.push_back(MakeString(Kind::kStr, Sized(r_.U32("len")))); return true;       // BINUNICODE
        case 0x8c: stack_.push_back(MakeString(Kind::kStr, Sized(r_.U8("len")))); return true;       // SHORT_BINUNICODE
        case 0x8d: stack_.push_back(MakeString(Kind::kStr, Sized(r_.U64("len")))); return true;      // BINUNICODE8
        default: return false;
    }
}

// Tuples, lists, dicts and marks.
bool Machine::StepContainer(uint8_t op) {
    switch (op) {
        case '(': marks_.push_back(stack_.size()); return true;
        case ')': stack_.push_back(Tuple({})); return true;
        case 't': stack_.push_back(Tuple(PopMark())); return true;
        case 0x85: case 0x86: case 0x87: {  // TUPLE1..3
            std::vector<PyValuePtr> items(op - 0x84);
            for (size_t k = items.size(); k-- > 0;) items[k] = Pop();
            stack_.push_back(Tuple(std::move(items)));
            return true;
        }
        case ']': case '}': stack_.push_back(Make(op == ']' ? Kind::kList : Kind::kDict)); return true;
        case 'l': case 'd': {
            PyValuePtr v = Make(op == 'l' ? Kind::kList : Kind::kDict);
            v->items = PopMark();
            stack_.push_back(v);
            return true;
        }
        case 'a': { PyValuePtr x = Pop(); Top()->items.push_back(x); return true; }  // APPEND
        case 's': {                                                                   // SETITEM
            PyValuePtr value = Pop();
            PyValuePtr key = Pop();
            Top()->items.push_back(key);
            Top()->items.push_back(value);
            return true;
        }
        case 'e': case 'u': {  // APPENDS / SETITEMS
            std::vector<PyValuePtr> items = PopMark();
            for (PyValuePtr& x : items) Top()->items.push_back(x);
            return true;
        }
        default: return false;
    }
}

// The memo (PUT/GET in binary and text forms).
bool Machine::StepMemo(uint8_t op) {
    switch (op) {
        case 'q': memo_[r_.U8("memo index")] = Top(); return true;
        case 'r': memo_[r_.U32("memo index")] = Top(); return true;
        case 'p': memo_[std::stoull(Line())] = Top(); return true;
        case 0x94: { const uint64_t k = memo_.size(); memo_[k] = Top(); return true; }  // MEMOIZE
        case 'h': case 'j': case 'g': {
            const uint64_t k = op == 'h' ? r_.U8("memo index") : op == 'j' ? r_.U32("memo index") : std::stoull(Line());
            auto it = memo_.find(k);
            if (it == memo_.end()) Fail("memo key not found");
            stack_.push_back(it->second);
            return true;
        }
        default: return false;
    }
}

// Globals, REDUCE/NEWOBJ (recorded, never executed) and BUILD.
bool Machine::StepObject(uint8_t op) {
    switch (op) {
        case 'c': {
            std::string module = Line();
            stack_.push_back(MakeString(Kind::kGlobal, module + "." + Line()));
            return true;
        }
        case 0x93: {  // STACK_GLOBAL
            PyValuePtr name = Pop();
            PyValuePtr module = Pop();
            stack_.push_back(MakeString(Kind::kGlobal, module->s + "." + name->s));
            return true;
        }
        case 'R': case 0x81: {  // REDUCE / NEWOBJ
            PyValuePtr args = Pop();
            PyValuePtr callable = Pop();
            PyValuePtr obj = Make(Kind::kObject);
            obj->items = {callable, args};
            stack_.push_back(obj);
            return true;
        }
        case 'b': { PyValuePtr state = Pop(); Top()->state = state; return true; }  // BUILD
        default: return false;
    }
}

bool IsGlobal(const PyValuePtr& v, const char* suffix) {
    const size_t n = std::strlen(suffix);
    return v && v->kind == Kind::kGlobal && v->s.size() >= n && v->s.compare(v->s.size() - n, n, suffix) == 0;
}

}  // namespace

PyValuePtr Unpickle(const std::string& bytes, const std::string& source) {
    try {
        return Machine(bytes, source).Run();
    } catch (const std::logic_error&) {  // std::stoll & co. on a malformed text opcode
        throw SerializationError(source + ": malformed pickle (bad text number)");
    }
}

PickledObjectArray DecodePickledObjectArray(const std::string& bytes, const std::string& source) {
    const PyValuePtr root = Unpickle(bytes, source);
    auto fail = [&](const std::string& why) -> SerializationError {
        return SerializationError(source + ": unsupported pickled object (" + why + ")");
    };
    if (root->kind != Kind::kObject || !IsGlobal(root->items[0], "multiarray._reconstruct"))
        throw fail("not a numpy.ndarray");
    const PyValuePtr& state = root->state;
    // ndarray.__setstate__((version, shape, dtype, is_fortran, data))
    if (!state || state->kind != Kind::kTuple || state->items.size() != 5) throw fail("bad ndarray state");
    const PyValuePtr& dtype = state->items[2];
    if (dtype->kind != Kind::kObject || dtype->items[1]->kind != Kind::kTuple || dtype->items[1]->items.empty() ||
        dtype->items[1]->items[0]->s != "O8")
        throw fail("only object arrays are read from pickles");
    PickledObjectArray out;
    if (state->items[1]->kind != Kind::kTuple) throw fail("bad shape");
    // The shape is file contents: negative or overflowing dimensions are corrupt, never a wrapped-around count.
    int64_t count = 1;
    for (const PyValuePtr& d : state->items[1]->items) {
        if (d->kind != Kind::kInt || d->i < 0) throw fail("bad shape");
        if (out.shape.ndim() == kMaxNdim) throw fail("more than " + std::to_string(kMaxNdim) + " dimensions");
        out.shape.push_back(d->i);
        if (__builtin_mul_overflow(count, d->i, &count))
            throw fail("the shape " + out.shape.ToString() + " has more elements than fit in a 64-bit integer");
    }
    if (state->items[4]->kind != Kind::kList) throw fail("bad object array data");
    out.elements = state->items[4]->items;
    if (static_cast<int64_t>(out.elements.size()) != count)
        throw fail("element count " + std::to_string(out.elements.size()) + " does not match the shape " +
                   out.shape.ToString());
    return out;
}

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
