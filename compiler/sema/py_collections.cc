// py_collections.cc — sema of Python's collections module: Counter and defaultdict are dicts (kDict) told apart
// by DictKind, so indexing, iteration, `in`, len, print and the dict methods are the dict's; what differs is how
// a missing key reads (cnet/py/collections.h). Their key type comes from the counted iterable or, as for `{}`,
// from the first store.
#include "compiler/sema/py_collections.h"

#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

bool IsKeyType(const TypeRef& t) {
    return t->kind == TypeKind::kInt || t->kind == TypeKind::kStr || t->kind == TypeKind::kUnknown;
}

}  // namespace

const std::string* NumberingFactoryName(const ast::Expr& factory) {
    const auto* l = ast::DynCast<ast::LambdaExpr>(&factory);
    if (l == nullptr || !l->params().empty()) return nullptr;
    const auto* call = ast::DynCast<ast::CallExpr>(&l->body());
    if (call == nullptr || call->args().size() != 1 || !call->keywords().empty()) return nullptr;
    const auto* len = ast::DynCast<ast::NameExpr>(&call->func());
    const auto* name = ast::DynCast<ast::NameExpr>(call->args()[0].get());
    if (len == nullptr || len->id() != "len" || name == nullptr) return nullptr;
    return &name->id();
}

// The key a Counter gets from what it counts: the elements of a list, tuple or str, the ints of a 1-d integer
// ndarray (NumPy ints count as Python's), or the keys of a Counter or dict of counts.
TypeRef Analyzer::CounterKey(const ast::Expr& arg) {  // null after an error
    const TypeRef t = StripOptional(Expr(arg));
    TypeRef key;
    if (t->kind == TypeKind::kNdarray) {
        key = types::Int();
    } else if (t->kind == TypeKind::kDict) {
        if (t->args[1]->kind != TypeKind::kInt && t->args[1]->kind != TypeKind::kUnknown) {
            Error(arg.range(),
                  "a Counter made from a dict takes its counts, which must be int, not '" + PyName(t->args[1]) + "'");
        }
        key = t->args[0];
    } else {
        key = IterElement(t, arg);
    }
    if (!IsKeyType(key)) {
        Error(arg.range(), "a Counter counts str or int values in .cnet, got '" + PyName(key) + "'");
        return nullptr;
    }
    return key;
}

// The value type a defaultdict's factory makes: int, float, str, bool, list or dict named as such, a lambda
// without parameters returning a literal (`lambda: 0`), or `lambda: len(d)` in `d = defaultdict(...)`; null
// (after an error) for anything else.
TypeRef Analyzer::DefaultFactory(const ast::Expr& factory) {
    const std::string message =
        "collections.defaultdict's default factory must be int, float, str, bool, list, dict, a lambda returning "
        "a constant ('lambda: 0') or the dict's own length ('d = defaultdict(lambda: len(d))') in .cnet";
    if (const std::string* own = NumberingFactoryName(factory); own != nullptr && assigned_name_ != nullptr &&
                                                               *own == *assigned_name_) {
        return types::Int();  // (the lambda is not analyzed: `d` is bound by the assignment it is part of)
    }
    if (const auto* n = ast::DynCast<ast::NameExpr>(&factory)) {
        const bool shadowed = module_names_.count(n->id()) != 0 || (fn_ != nullptr && fn_->FindLocal(n->id()));
        if (!shadowed) {
            if (n->id() == "int") return types::Int();
            if (n->id() == "float") return types::Float();
            if (n->id() == "str") return types::Str();
            if (n->id() == "bool") return types::Bool();
            if (n->id() == "list") return types::List(types::Unknown());
            if (n->id() == "dict") return types::Dict(types::Unknown(), types::Unknown());
        }
    } else if (const auto* l = ast::DynCast<ast::LambdaExpr>(&factory); l != nullptr && l->params().empty()) {
        const ast::Expr& body = l->body();
        const auto* u = ast::DynCast<ast::UnaryExpr>(&body);
        const bool literal =
            ast::Isa<ast::IntLiteral>(body) || ast::Isa<ast::FloatLiteral>(body) ||
            ast::Isa<ast::StringLiteral>(body) || ast::Isa<ast::BoolLiteral>(body) ||
            (u != nullptr && (ast::Isa<ast::IntLiteral>(u->operand()) || ast::Isa<ast::FloatLiteral>(u->operand()))) ||
            (ast::Isa<ast::ListExpr>(body) && ast::Cast<ast::ListExpr>(body).elements().empty()) ||
            (ast::Isa<ast::DictExpr>(body) && ast::Cast<ast::DictExpr>(body).keys().empty());
        if (literal) return Expr(body);
    }
    Error(factory.range(), message);
    return nullptr;
}

TypeRef Analyzer::CallCollections(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call) {
    const ast::Expr* arg = call.args.empty() ? nullptr : call.args[0].value;
    if (entry.name == "Counter") {
        const TypeRef key = arg != nullptr ? CounterKey(*arg) : types::Unknown();
        return key ? types::Dict(key, types::Int(), DictKind::kCounter) : types::Unknown();
    }
    // defaultdict(default_factory)
    if (arg == nullptr || ast::Isa<ast::NoneLiteral>(*arg)) {
        Error(e.range(),
              "collections.defaultdict without a default factory is a dict; write {} (or give a factory "
              "such as int)");
        return types::Unknown();
    }
    const TypeRef value = DefaultFactory(*arg);
    if (!value) return types::Unknown();
    return types::Dict(types::Unknown(), value, DictKind::kDefaultDict);
}

// Counter.update(iterable or counts) and Counter.most_common(n).
TypeRef Analyzer::CallCounterMethod(const ast::CallExpr& e, const TypeRef& counter, const BuiltinEntry& entry,
                                    const ir::CallInfo& call) {
    const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
    if (entry.name == "most_common") {
        if (const ast::Expr* n = call.args[0].value) {
            const TypeRef t = Expr(*n);
            if (t->kind != TypeKind::kInt && t->kind != TypeKind::kNone && t->kind != TypeKind::kUnknown) {
                Error(n->range(), "argument 'n' of 'most_common' must be 'int | None', got '" + PyName(t) + "'");
            }
        }
        return types::List(types::Tuple({counter->args[0], types::Int()}));
    }
    if (entry.name == "update") {
        const TypeRef key = CounterKey(*call.args[0].value);
        if (!key) return types::None();
        if (counter->args[0]->kind == TypeKind::kUnknown) {
            Refine(attr.value(), types::Dict(key, types::Int(), DictKind::kCounter));
        } else if (!SameType(key, counter->args[0]) && key->kind != TypeKind::kUnknown) {
            Error(call.args[0].value->range(), "a '" + PyName(counter) + "' cannot count '" + PyName(key) + "' values");
        }
        return types::None();
    }
    for (const ir::BoundArg& a : call.args) {
        if (a.value != nullptr) Expr(*a.value);
    }
    return ResultType(entry, &call);
}

}  // namespace cnet::compiler::sema
