// py_builtins.cc — sema of the builtins any, all, ord, chr and divmod, typed by their arguments (their surface rows
// name the parameters; CallBuiltin has evaluated the arguments). Codegen: codegen_py_builtins.cc.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

TypeRef Analyzer::CallPyBuiltin(const ast::CallExpr& e, const std::string& name, const ir::CallInfo& call) {
    auto arg = [&](std::size_t i) -> const ast::Expr& { return *call.args[i].value; };
    auto type = [&](std::size_t i) { return StripOptional(program_.TypeOf(arg(i))); };
    if (name == "any" || name == "all") {
        // Each element's truth is `if x:`'s (codegen's Truth); a generator argument stops at the deciding element.
        const TypeRef element = IterElement(type(0), arg(0));
        program_.CallSlot(e).args[0].expected = element;  // what codegen's loop gives
        if (element->kind == TypeKind::kVariable) {  // Chainer's TypeError
            Error(arg(0).range(), name + "() of Variables is not supported: Chainer raises 'Variables cannot be "
                                         "evaluated as Python bool'; test their arrays ('.array')");
        }
        return types::Bool();
    }
    if (name == "ord") {
        const TypeRef t = type(0);
        if (t->kind != TypeKind::kStr && t->kind != TypeKind::kUnknown) {  // Python's TypeError
            Error(arg(0).range(), "ord() expected string of length 1, but " + PyName(t) + " found");
        }
        return types::Int();
    }
    if (name == "chr") {
        const TypeRef t = type(0);
        if (t->kind != TypeKind::kInt && t->kind != TypeKind::kBool && t->kind != TypeKind::kUnknown) {
            Error(arg(0).range(),
                  "'" + PyName(t) + "' object cannot be interpreted as an integer (chr() takes an int)");
        }
        return types::Str();
    }
    // divmod(a, b): (a // b, a % b), ints for two ints (or bools), floats where either is a float.
    bool unknown = false, is_float = false;
    for (std::size_t i = 0; i < 2; ++i) {
        const TypeRef t = type(i);
        if (t->kind == TypeKind::kUnknown) {
            unknown = true;
        } else if (t->kind == TypeKind::kFloat) {
            is_float = true;
        } else if (t->kind != TypeKind::kInt && t->kind != TypeKind::kBool) {
            Error(e.range(), "divmod() of '" + PyName(type(0)) + "' and '" + PyName(type(1)) +
                                 "' is not supported; it takes ints and floats");
            return types::Unknown();
        }
    }
    if (unknown) return types::Unknown();
    const TypeRef r = is_float ? types::Float() : types::Int();
    return types::Tuple({r, r});
}

}  // namespace cnet::compiler::sema
