// py_copy.cc — sema of copy.copy / copy.deepcopy. Their C++ is a copy of the value, which means Python's copy
// only where the two agree: a shallow copy of a list, dict or tuple whose elements are not themselves lists or
// dicts (C++ would copy those too, Python shares them), of an ndarray (NumPy copies the data), of a plain
// record object whose fields are not lists or dicts; a deep copy of an ndarray, or of numbers, strings and
// containers of them. Anything else is rejected with what to write instead.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

bool Immutable(const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kUnknown:
        case TypeKind::kNone:
        case TypeKind::kBool:
        case TypeKind::kInt:
        case TypeKind::kFloat:
        case TypeKind::kStr:
        case TypeKind::kShape:
        case TypeKind::kDtype:
            return true;
        case TypeKind::kOptional:
        case TypeKind::kTuple:
            for (const TypeRef& a : t->args) {
                if (!Immutable(a)) return false;
            }
            return true;
        default:
            return false;
    }
}

// A value whose C++ copy is Python's shallow copy: an element that is a handle is shared by both; one that
// is a list or a dict (or holds one) would be copied.
bool SharesLikePython(const TypeRef& t) { return IsHandle(t) || Immutable(t); }

// Numbers and strings in lists, tuples and dicts: their C++ copy is their deep copy. (An ndarray inside is not:
// Python's deepcopy keeps aliasing, an array twice in a list is one copy twice.)
bool ValueTree(const TypeRef& t) {
    if (Immutable(t)) return true;
    if (t->kind == TypeKind::kList || t->kind == TypeKind::kDict || t->kind == TypeKind::kTuple ||
        t->kind == TypeKind::kOptional) {
        for (const TypeRef& a : t->args) {
            if (!ValueTree(a)) return false;
        }
        return true;
    }
    return false;
}

bool DeepCopyable(const TypeRef& t) {
    return t->kind == TypeKind::kNdarray || t->kind == TypeKind::kStrArray || ValueTree(t);
}

}  // namespace

TypeRef Analyzer::CallCopy(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call) {
    const ast::Expr* arg = call.args.empty() ? nullptr : call.args[0].value;
    if (arg == nullptr) return types::Unknown();
    const TypeRef t = Expr(*arg);
    const TypeRef s = StripOptional(t);
    if (s->kind == TypeKind::kUnknown) return t;
    bool ok = false;
    std::string instead;
    if (entry.name == "deepcopy") {
        ok = DeepCopyable(t);
        instead = "copy.deepcopy copies an ndarray, or numbers, strings and lists, tuples and dicts of them in .cnet";
    } else if (s->kind == TypeKind::kList || s->kind == TypeKind::kDict || s->kind == TypeKind::kTuple) {
        ok = true;
        for (const TypeRef& a : s->args) ok = ok && SharesLikePython(a);
        instead =
            "Python's shallow copy shares the inner lists and dicts, a C++ copy would not; copy them "
            "explicitly ('[[v for v in row] for row in xs]') or use copy.deepcopy";
    } else if (Immutable(s) || s->kind == TypeKind::kNdarray || s->kind == TypeKind::kStrArray) {
        ok = true;
    } else if (s->kind == TypeKind::kUserClass && s->user_class->kind == ir::ClassInfo::Kind::kRecord) {
        ok = true;
        for (const auto& f : s->user_class->fields) {
            if (f->type && !SharesLikePython(f->type)) {
                ok = false;
                instead = "its field '" + f->name + "' is a '" + PyName(f->type) +
                          "', which Python's copy would share and a C++ copy would not";
            }
        }
    } else {
        instead = "copy.copy copies lists, dicts, tuples, ndarrays and plain objects in .cnet; construct a new '" +
                  PyName(s) + "' instead";
    }
    if (!ok) {
        Error(arg->range(), "copy." + entry.name + " of a '" + PyName(t) + "' is not supported: " + instead);
        return types::Unknown();
    }
    return t;
}

}  // namespace cnet::compiler::sema
