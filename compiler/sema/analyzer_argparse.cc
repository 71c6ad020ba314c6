// analyzer_argparse.cc — sema over argparse: the options `parser.add_argument` declares and the defaults
// `parser.set_defaults` gives, so that the attributes of the parsed arguments (`args.batchsize`) are typed.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// parser.set_defaults(test=False): the default of the option with that dest (its type stays the option's), or
// a new attribute of the parsed arguments.
void Analyzer::SetDefaults(const ast::CallExpr& e) {
    for (const auto& a : e.args()) {
        Expr(*a);
        Error(a->range(), "set_defaults takes keyword arguments ('parser.set_defaults(test=False)')");
    }
    for (const auto& kw : e.keywords()) {
        if (kw->IsDoubleStar()) {
            Error(kw->range(), "argument unpacking with '**' is not supported; pass keyword arguments by name");
            continue;
        }
        const TypeRef t = Expr(kw->value());
        if (t->kind != TypeKind::kInt && t->kind != TypeKind::kFloat && t->kind != TypeKind::kStr &&
            t->kind != TypeKind::kBool && t->kind != TypeKind::kNone && t->kind != TypeKind::kUnknown) {
            Error(kw->value().range(), "a default of the parsed arguments must be an int, float, str, bool or None, "
                                       "not '" + PyName(t) + "'");
            continue;
        }
        auto it = program_.arg_types.find(kw->name());
        if (it == program_.arg_types.end()) {
            program_.arg_types[kw->name()] = t;
            changed_ = true;
        } else if (!Assignable(t, it->second) && t->kind != TypeKind::kNone) {
            Error(kw->value().range(), "default of type '" + PyName(t) + "' for an option of type '" +
                                           PyName(it->second) + "'");
        }
    }
}

// parser.add_argument('--batchsize', '-b', type=int, default=100, help='...'): records the option's
// destination and type so that `args.batchsize` is typed.
void Analyzer::AddArgument(const ast::CallExpr& e) {
    const BuiltinEntry* entry = table_.MethodOrAttr("ArgumentParser", "add_argument");
    ir::CallInfo call;
    if (!Bind(e, "add_argument", LibParams(*entry), call)) return;
    program_.CallSlot(e) = call;
    std::string dest;
    std::string first_flag;
    for (const auto& a : e.args()) {
        const auto* s = ast::DynCast<ast::StringLiteral>(a.get());
        if (s == nullptr) {
            Error(a->range(), "option names must be string literals");
            continue;
        }
        if (first_flag.empty() || (s->value().rfind("--", 0) == 0 && first_flag.rfind("--", 0) != 0)) {
            first_flag = s->value();
        }
    }
    const ast::Expr* type_arg = nullptr;
    const ast::Expr* default_arg = nullptr;
    const ast::Expr* required_arg = nullptr;
    std::string action;
    for (const auto& kw : e.keywords()) {
        Expr(kw->value());
        if (kw->name() == "type") type_arg = &kw->value();
        if (kw->name() == "default") default_arg = &kw->value();
        if (kw->name() == "required") required_arg = &kw->value();
        if (kw->name() == "action" || kw->name() == "dest" || kw->name() == "help") {
            const auto* s = ast::DynCast<ast::StringLiteral>(&kw->value());
            if (s == nullptr) {
                Error(kw->value().range(), "'" + kw->name() + "' must be a string literal");
                continue;
            }
            if (kw->name() == "action") action = s->value();
            if (kw->name() == "dest") dest = s->value();
        }
    }
    if (dest.empty()) {
        std::size_t start = first_flag.find_first_not_of('-');
        dest = start == std::string::npos ? first_flag : first_flag.substr(start);
        for (char& c : dest) c = c == '-' ? '_' : c;
    }
    TypeRef type = types::Str();
    if (!action.empty()) {
        if (action != "store_true" && action != "store_false" && action != "store") {
            Error(e.range(), "argparse action '" + action + "' is not supported; use 'store', 'store_true' or "
                                                            "'store_false'");
        }
        if (action != "store") type = types::Bool();
    }
    if (type_arg != nullptr) {
        const auto* n = ast::DynCast<ast::NameExpr>(type_arg);
        if (n != nullptr && n->id() == "int") {
            type = types::Int();
        } else if (n != nullptr && n->id() == "float") {
            type = types::Float();
        } else if (n != nullptr && n->id() == "str") {
            type = types::Str();
        } else {
            Error(type_arg->range(), "argparse 'type' must be int, float or str");
        }
    } else if (default_arg != nullptr && action.empty()) {
        TypeRef d = program_.TypeOf(*default_arg);
        if (d->kind == TypeKind::kInt || d->kind == TypeKind::kFloat || d->kind == TypeKind::kStr ||
            d->kind == TypeKind::kBool) {
            type = d;
        }
    }
    if (default_arg != nullptr && type_arg != nullptr) {
        TypeRef d = program_.TypeOf(*default_arg);
        if (!Assignable(d, type) && d->kind != TypeKind::kNone) {
            Error(default_arg->range(), "default of type '" + PyName(d) + "' for an option of type '" + PyName(type) + "'");
        }
    }
    // An option given no default is None when left out (`if args.initmodel:` in imagenet): `T | None`.
    // Positionals, required options and store_true/false always have a value.
    const auto* required = ast::DynCast<ast::BoolLiteral>(required_arg);
    const bool always_given = first_flag.rfind("-", 0) != 0 || (required != nullptr && required->value()) ||
                              (!action.empty() && action != "store");
    if (!always_given && (default_arg == nullptr || ast::Isa<ast::NoneLiteral>(*default_arg))) {
        type = types::Optional(type);
    }
    auto it = program_.arg_types.find(dest);
    if (it == program_.arg_types.end() || !SameType(it->second, type)) {
        program_.arg_types[dest] = type;
        changed_ = true;
    }
}

}  // namespace cnet::compiler::sema
