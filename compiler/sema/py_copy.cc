// py_copy.cc — sema of copy.copy / copy.deepcopy. Their C++ is a copy of the value, which means Python's copy
// only where the two agree: a shallow copy of a list, dict or tuple whose elements are not themselves lists or
// dicts (C++ would copy those too, Python shares them), of an ndarray (NumPy copies the data), of a plain
// record object whose fields are not lists or dicts, of a user Iterator whose list and dict fields its methods only
// read; a deep copy of an ndarray, or of numbers, strings and containers of them. Anything else is rejected with
// what to write instead.
#include "compiler/ast/traversal.h"
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

bool IsSelfField(const ast::Expr& e, const std::string& field) {
    const auto* a = ast::DynCast<ast::AttributeExpr>(&e);
    const auto* n = a != nullptr ? ast::DynCast<ast::NameExpr>(&a->value()) : nullptr;
    return n != nullptr && n->id() == "self" && a->attr() == field;
}

// True when the methods of `cls` (and of its user bases) only read the list or dict `self.field`: index it,
// iterate it, take its len(), or rebind the attribute. Then sharing it (Python's shallow copy) and copying it (the
// C++ copy) cannot be told apart: ptb's iterator copies its `offsets` list of ints and never changes it.
bool OnlyRead(const ir::ClassInfo& cls, const std::string& field) {
    int uses = 0, reads = 0;
    bool written = false;
    auto store_target = [&](const ast::Expr& t) {
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&t); sub != nullptr && IsSelfField(sub->value(), field)) {
            written = true;
        }
    };
    for (const ir::ClassInfo* c = &cls; c != nullptr; c = c->user_base) {
        for (const auto& m : c->methods) {
            ast::WalkPreorder(*m->def, [&](const ast::Node& n) {
                if (const auto* e = ast::DynCast<ast::AttributeExpr>(&n); e != nullptr && IsSelfField(*e, field)) ++uses;
                if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&n); sub != nullptr && IsSelfField(sub->value(), field)) ++reads;
                if (const auto* f = ast::DynCast<ast::ForStmt>(&n); f != nullptr && IsSelfField(f->iter(), field)) ++reads;
                if (const auto* f = ast::DynCast<ast::Comprehension>(&n); f != nullptr && IsSelfField(f->iter(), field)) ++reads;
                if (const auto* call = ast::DynCast<ast::CallExpr>(&n)) {
                    const auto* name = ast::DynCast<ast::NameExpr>(&call->func());
                    if (name != nullptr && name->id() == "len" && call->args().size() == 1 &&
                        IsSelfField(*call->args()[0], field)) {
                        ++reads;
                    }
                }
                if (const auto* as = ast::DynCast<ast::AssignStmt>(&n)) {
                    for (const auto& t : as->targets()) {
                        if (IsSelfField(*t, field)) ++reads;  // rebinding: each copy rebinds its own attribute
                        store_target(*t);
                    }
                }
                if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                    if (IsSelfField(aug->target(), field)) written = true;  // a list's += extends it in place
                    store_target(aug->target());
                }
                if (const auto* del = ast::DynCast<ast::DelStmt>(&n)) {
                    for (const auto& t : del->targets()) store_target(*t);
                }
            });
        }
    }
    return !written && reads == uses;
}

}  // namespace

bool CopySharesLikePython(const TypeRef& element) { return SharesLikePython(element); }

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
    } else if (const LibType* lib = s->kind == TypeKind::kUserClass ? UserLibraryType(s->user_class) : nullptr;
               lib != nullptr && lib->name == "Iterator") {
        // An Iterator subclass (ptb's evaluate: `for batch in copy.copy(iter)`): a member-wise copy of the object's
        // own class (the runtime's Iterator::copy, generated for each), as for a record; checked for the class and
        // every class deriving from it, which the object may be.
        const ir::ClassInfo& cls = *s->user_class;
        ok = true;
        for (const auto& c : program_.classes) {
            bool derives = false;
            for (const ir::ClassInfo* b = c.get(); b != nullptr; b = b->user_base) derives = derives || b == &cls;
            if (!derives) continue;
            for (const ir::ClassInfo* b = c.get(); b != nullptr && ok; b = b->user_base) {
                for (const auto& f : b->fields) {
                    if (f->type && !SharesLikePython(f->type) && !OnlyRead(*c, f->name)) {
                        ok = false;
                        instead = "its field '" + f->name + "' is a '" + PyName(f->type) + "' that the methods of '" +
                                  c->name + "' change, which Python's copy would share and a C++ copy would not";
                        break;
                    }
                }
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
