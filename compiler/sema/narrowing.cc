// narrowing.cc — `T | None` narrowed to `T` where a test proves the value is not None, a name to the type of the
// value assigned to it (an object's class, an ndarray kept in a Variable name) until it is assigned again (Note
// [Narrowing]).
#include <utility>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Note [Narrowing]
// ~~~~~~~~~~~~~~~~
// A name or attribute path (`x`, `self.left`, `x.grad`) of type `T | None` reads as `T` where a test proves it is
// not None, as in mypy:
//   - inside `if x is not None:` / `if x:` (and the `else` of `if x is None:`), the right side of
//     `x is not None and ...` / `x is None or ...`, the branches of `a if x is not None else b`;
//   - after `if x is None: x = value` (no else; the branch's last statement assigns x something not None);
//   - after `assert x is not None`, and after `if x is None: return` (a branch that always leaves the block:
//     return, raise, break, continue), to the end of the enclosing block.
// A fact ends where the path is assigned (any assignment to `x` or `x.attr` drops `x...` facts; a loop drops,
// on entry, the facts of every path its body assigns, since a later iteration reads after the assignment), and it
// does not reach into a nested def or lambda (which may run after a rebinding). Narrowing changes only the type
// sema records for that read (ExprInfo::narrowed_from keeps the declared one): a handle type (Variable, ndarray,
// an object) is the same C++ either way, and an `int | None` (std::optional) is read with `.value()`, which
// throws rather than read an empty optional should a method call clear a field behind the test's back.
//
// `isinstance(x, str)` (int, float, bool, list) of a path typed object (Note [Values typed at run time]) narrows
// it the same way to the type it holds (a list to `list[object]`); codegen converts the object there, a conversion
// the test guarantees.
//
// The same facts narrow a name holding an object of one of several link classes (Note [Classes chosen at run
// time] in class_choice.cc) to the class of the object last assigned to it: word2vec's
//     if args.out_type == 'hsm':
//         loss_func = HSM(args.unit, tree)
//         loss_func.W.data[...] = 0      # a BinaryHierarchicalSoftmax here
//     elif ...
// Codegen casts the common base's handle to that class (std::static_pointer_cast: the assignment proves it).
//
// And a name that is a Variable (a name keeps one type, and a Variable joined with an ndarray is a Variable; the
// array is stored as a constant Variable, VarInfo::holds_arrays) reads as the ndarray last assigned to it, as in
// dcgan's out_generated_image:
//     x = gen(z)                                   # a Variable
//     x = chainer.backends.cuda.to_cpu(x.data)      # an ndarray from here on
//     x = np.asarray(np.clip(x * 255, 0.0, 255.0), dtype=np.uint8)
// so NumPy functions and ndarray methods take it. Codegen reads the array out of the constant Variable
// (`x.array()`); a store through it (`x[0] = v`) goes through a copy of the array's handle, which shares the
// memory, and `x += 1` computes on the array and stores it back as a constant Variable. The facts are the same as
// above: the rest of the block that assigned the array, not past an assignment, a loop that assigns the name, or
// into a nested def or lambda; there, and after a branch that assigned it, the name is the Variable. Where both an
// assignment and a test (`x is not None`) stand for one path, the assignment says more and wins.

namespace {

// The path a fact is about: `x`, `self.left`, `x.grad.data`; empty for any other expression.
std::string PathKey(const ast::Expr& e) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) return n->id();
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&e)) {
        std::string base = PathKey(a->value());
        return base.empty() ? base : base + "." + a->attr();
    }
    return {};
}

bool IsNoneLiteral(const ast::Expr& e) { return ast::Isa<ast::NoneLiteral>(e); }

// `isinstance(value, cls)` with two positional arguments.
bool IsIsinstanceCall(const ast::CallExpr& call) {
    const auto* f = ast::DynCast<ast::NameExpr>(&call.func());
    return f != nullptr && f->id() == "isinstance" && call.args().size() == 2 && call.keywords().empty();
}

}  // namespace

Analyzer::NarrowFacts Analyzer::ConditionFacts(const ast::Expr& test) const {
    NarrowFacts f;
    if (const auto* c = ast::DynCast<ast::CompareExpr>(&test); c != nullptr && c->ops().size() == 1) {
        const ast::CompareOp op = c->ops()[0];
        if (op != ast::CompareOp::kIs && op != ast::CompareOp::kIsNot) return f;
        const ast::Expr& right = *c->comparators()[0];
        std::string key;
        if (IsNoneLiteral(right)) key = PathKey(c->left());
        if (IsNoneLiteral(c->left())) key = PathKey(right);
        if (key.empty()) return f;
        (op == ast::CompareOp::kIsNot ? f.when_true : f.when_false).push_back(key);
        return f;
    }
    if (const auto* u = ast::DynCast<ast::UnaryExpr>(&test); u != nullptr && u->op() == ast::UnaryOp::kNot) {
        NarrowFacts inner = ConditionFacts(u->operand());
        std::swap(inner.when_true, inner.when_false);
        std::swap(inner.kinds_true, inner.kinds_false);
        return inner;
    }
    if (const auto* call = ast::DynCast<ast::CallExpr>(&test)) {  // isinstance(x, str) of an object x
        if (std::optional<std::pair<std::string, TypeRef>> kind = IsinstanceFact(*call)) f.kinds_true.push_back(*kind);
        if (std::optional<std::pair<std::string, bool>> decided = DecidedIsinstance(*call)) {
            // the branch a decided test rules out never runs: the path reads as Never there
            (decided->second ? f.kinds_false : f.kinds_true).emplace_back(decided->first, types::Never());
        } else if (std::string key = OptionalVariableIsinstance(*call); !key.empty()) {
            f.when_true.push_back(key);                         // a Variable | None that is a Variable is not None,
            f.kinds_false.emplace_back(key, types::None());     // and one that is not, is None
        }
        return f;
    }
    if (const auto* b = ast::DynCast<ast::BoolOpExpr>(&test)) {
        // `a and b` true: both are; `a or b` false: both are. (The other direction proves nothing.)
        const bool is_and = b->op() == ast::BoolOp::kAnd;
        for (const auto& v : b->values()) {
            NarrowFacts part = ConditionFacts(*v);
            auto& from = is_and ? part.when_true : part.when_false;
            auto& to = is_and ? f.when_true : f.when_false;
            to.insert(to.end(), from.begin(), from.end());
            auto& kinds_from = is_and ? part.kinds_true : part.kinds_false;
            auto& kinds_to = is_and ? f.kinds_true : f.kinds_false;
            kinds_to.insert(kinds_to.end(), kinds_from.begin(), kinds_from.end());
        }
        return f;
    }
    if (std::string key = PathKey(test); !key.empty()) f.when_true.push_back(key);  // `if x:`
    return f;
}

std::optional<std::pair<std::string, TypeRef>> Analyzer::IsinstanceFact(const ast::CallExpr& call) const {
    if (!IsIsinstanceCall(call)) return {};
    const std::string key = PathKey(*call.args()[0]);
    const TypeRef value = program_.TypeOf(*call.args()[0]);
    const TypeRef cls = program_.TypeOf(*call.args()[1]);
    if (key.empty() || value->kind != TypeKind::kObject || cls->kind != TypeKind::kLibFunction) return {};
    TypeRef held = BuiltinTypeName(*cls->entry);
    if (!held) return {};
    // an object's list and dict hold objects; a tuple's length is not known
    if (held->kind == TypeKind::kTuple) return {};
    if (held->kind == TypeKind::kList) held = types::List(types::Object());
    if (held->kind == TypeKind::kDict) held = types::Dict(types::Object(), types::Object());
    return std::make_pair(key, held);
}

std::optional<std::pair<std::string, bool>> Analyzer::DecidedIsinstance(const ast::CallExpr& call) const {
    if (!IsIsinstanceCall(call)) return {};
    const std::string key = PathKey(*call.args()[0]);
    const std::optional<bool> is =
        VariableIsinstance(program_.TypeOf(*call.args()[0]), program_.TypeOf(*call.args()[1]));  // Note [Arrays and isinstance]
    if (key.empty() || !is) return {};
    return std::make_pair(key, *is);
}

std::string Analyzer::OptionalVariableIsinstance(const ast::CallExpr& call) const {
    if (!IsIsinstanceCall(call)) return {};
    const TypeRef value = program_.TypeOf(*call.args()[0]);
    if (value->kind != TypeKind::kOptional || StripOptional(value)->kind != TypeKind::kVariable) return {};
    if (!VariableIsinstance(StripOptional(value), program_.TypeOf(*call.args()[1]))) return {};
    return PathKey(*call.args()[0]);
}

void Analyzer::PushFacts(const std::vector<std::string>& keys) {
    for (const std::string& k : keys) narrowed_.push_back({k, fn_, nullptr});
}

void Analyzer::PushFacts(const NarrowFacts& facts, bool test_true) {
    PushFacts(test_true ? facts.when_true : facts.when_false);
    for (const auto& [key, type] : test_true ? facts.kinds_true : facts.kinds_false) narrowed_.push_back({key, fn_, type});
}

void Analyzer::NoteAssigned(const ast::Expr& target, const TypeRef& declared, const TypeRef& value) {
    const bool object = IsChosenObject(declared) && !IsChosenObject(value) &&
                        (value->kind == TypeKind::kUserClass || value->kind == TypeKind::kLibObject);
    const bool array = StripOptional(declared)->kind == TypeKind::kVariable && value->kind == TypeKind::kNdarray;
    if (!object && !array) return;
    if (std::string key = PathKey(target); !key.empty()) narrowed_.push_back({key, fn_, value});
}

void Analyzer::PopFacts(std::size_t size) {
    if (narrowed_.size() > size) narrowed_.resize(size);
}

TypeRef Analyzer::NarrowedType(const ast::Expr& e, const TypeRef& t) const {
    const bool chosen = IsChosenObject(t);
    const bool variable = StripOptional(t)->kind == TypeKind::kVariable;
    const bool object = t->kind == TypeKind::kObject;
    const bool array = t->kind == TypeKind::kNdarray;  // (only a decided isinstance narrows it)
    if ((t->kind != TypeKind::kOptional && !chosen && !variable && !object && !array) || narrowed_.empty()) return t;
    const std::string key = PathKey(e);
    if (key.empty()) return t;
    // The facts about a path still standing all hold (an assignment ends them): the value assigned says more
    // than a test that it is not None.
    bool not_none = false;
    for (const NarrowFact& f : narrowed_) {
        if (f.key != key || f.fn != fn_) continue;
        // the object's class, the ndarray assigned, the type isinstance found an object holds
        if (f.to != nullptr && (chosen || variable || object)) return f.to;
        if (f.to != nullptr && IsNever(f.to)) return f.to;  // a branch a decided isinstance rules out
        if (f.to == nullptr && t->kind == TypeKind::kOptional) not_none = true;
    }
    return not_none ? StripOptional(t) : t;
}

TypeRef Analyzer::Narrowed(const ast::Expr& e, const TypeRef& t, ir::ExprInfo& info) {
    if (info.local != nullptr && info.local->in_comprehension) return t;
    TypeRef n = NarrowedType(e, t);
    if (n != t) info.narrowed_from = t;
    if (IsNever(n)) program_.headers.insert("cnet/py/never.h");  // a read in a branch that never runs
    return n;
}

void Analyzer::KillFacts(const ast::Expr& target) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&target)) {
        for (const auto& e : t->elements()) KillFacts(*e);
        return;
    }
    if (const auto* l = ast::DynCast<ast::ListExpr>(&target)) {
        for (const auto& e : l->elements()) KillFacts(*e);
        return;
    }
    const std::string key = PathKey(target);
    if (key.empty()) return;
    for (NarrowFact& f : narrowed_) {
        if (f.key == key || f.key.compare(0, key.size() + 1, key + ".") == 0) f.key.clear();
    }
}

void Analyzer::KillFactsAssignedIn(const ast::StmtList& body) {
    if (narrowed_.empty()) return;
    for (const ast::StmtPtr& s : body) {
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                for (const auto& t : a->targets()) KillFacts(*t);
            } else if (const auto* aug = ast::DynCast<ast::AugAssignStmt>(&n)) {
                KillFacts(aug->target());
            } else if (const auto* ann = ast::DynCast<ast::AnnAssignStmt>(&n)) {
                KillFacts(ann->target());
            } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
                KillFacts(f->target());
            }
        });
    }
}

bool Analyzer::AlwaysLeaves(const ast::StmtList& body) {
    if (body.empty()) return false;
    const ast::Stmt& last = *body.back();
    switch (last.kind()) {
        case ast::NodeKind::kReturnStmt:
        case ast::NodeKind::kRaiseStmt:
        case ast::NodeKind::kBreakStmt:
        case ast::NodeKind::kContinueStmt:
            return true;
        case ast::NodeKind::kIfStmt: {
            const auto& i = ast::Cast<ast::IfStmt>(last);
            return AlwaysLeaves(i.body()) && AlwaysLeaves(i.orelse());
        }
        default:
            return false;
    }
}

void Analyzer::AnalyzeIf(const ast::IfStmt& s) {
    Expr(s.test());
    const NarrowFacts facts = ConditionFacts(s.test());
    const std::size_t mark = narrowed_.size();
    const Bindings before = bindings_;  // Note [Rebinding to another type]
    PushFacts(facts, true);
    AnalyzeBlock(s.body());
    PopFacts(mark);
    const Bindings after_body = std::exchange(bindings_, before);
    PushFacts(facts, false);
    AnalyzeBlock(s.orelse());
    PopFacts(mark);
    bindings_ = MergeBindings(after_body, bindings_);
    // `if x is None: return` — what follows runs only when the test was false (and the other way round).
    const bool body_leaves = AlwaysLeaves(s.body());
    const bool else_leaves = AlwaysLeaves(s.orelse());
    if (body_leaves && !else_leaves) PushFacts(facts, false);
    if (else_leaves && !body_leaves) PushFacts(facts, true);
    // `if acc is None: acc = []` — after it the path holds a value either way.
    if (!body_leaves && s.orelse().empty()) PushFacts(AssignedLast(s.body(), facts.when_false));
}

// The keys among `keys` that the block's last statement assigns a value that is not None.
std::vector<std::string> Analyzer::AssignedLast(const ast::StmtList& body, const std::vector<std::string>& keys) const {
    std::vector<std::string> out;
    const auto* a = body.empty() ? nullptr : ast::DynCast<ast::AssignStmt>(body.back().get());
    if (a == nullptr || a->targets().size() != 1) return out;
    const TypeRef value = program_.TypeOf(a->value());
    if (value->kind == TypeKind::kNone || value->kind == TypeKind::kOptional || value->kind == TypeKind::kUnknown) {
        return out;
    }
    const std::string target = PathKey(*a->targets()[0]);
    for (const std::string& k : keys) {
        if (!target.empty() && k == target) out.push_back(k);
    }
    return out;
}

TypeRef Analyzer::BoolOperands(const ast::BoolOpExpr& e) {
    const std::size_t mark = narrowed_.size();
    const bool is_and = e.op() == ast::BoolOp::kAnd;
    for (const auto& v : e.values()) {
        TypeRef t = Expr(*v);
        if (IsArrayLike(t)) {
            Error(v->range(), "'and'/'or' on arrays is ambiguous; use np.logical_and(a, b) / "
                              "np.logical_or(a, b) (or '&' / '|') on arrays, or compare explicitly");
        }
        // The next operand runs only when this one was true (`and`) or false (`or`).
        NarrowFacts facts = ConditionFacts(*v);
        PushFacts(facts, is_and);
    }
    PopFacts(mark);
    // Python's value is an operand (`args.out or 'result'` is a str): the operands' type where they join to one a
    // C++ value holds; else a bool, which is what a test makes of it either way.
    TypeRef joined;
    for (const auto& v : e.values()) {
        const TypeRef t = program_.TypeOf(*v);
        if (t->kind == TypeKind::kUnknown) return t;  // not known yet (a parameter still untyped)
        joined = joined ? Join(joined, t) : t;
        if (!joined) break;
    }
    if (!joined || joined->kind == TypeKind::kUnknown || !IsValueType(joined) || IsArrayLike(joined) ||
        IsNever(joined) || joined->kind == TypeKind::kNone) {
        return types::Bool();
    }
    return joined;
}

TypeRef Analyzer::Conditional(const ast::ConditionalExpr& c, const TypeRef& expected) {
    Expr(c.test());
    const NarrowFacts facts = ConditionFacts(c.test());
    const std::size_t mark = narrowed_.size();
    PushFacts(facts, true);
    TypeRef a = Expr(c.body(), expected);
    PopFacts(mark);
    PushFacts(facts, false);
    TypeRef b = Expr(c.orelse(), expected);
    PopFacts(mark);
    TypeRef j = Join(a, b);
    // Two lists (dicts) of other element types: Python keeps each branch's elements (`a.tolist() if f else [0.5]`
    // prints ints), and one C++ vector type cannot hold both.
    const bool containers = (a->kind == TypeKind::kList || a->kind == TypeKind::kDict) && a->kind == b->kind;
    if (!j || (containers && IsComplete(a) && IsComplete(b) && !SameType(a, b))) {
        Error(c.range(), "the branches of this conditional expression have different types '" + PyName(a) + "' and '" +
                             PyName(b) + "'");
        return a;
    }
    return j;
}

}  // namespace cnet::compiler::sema
