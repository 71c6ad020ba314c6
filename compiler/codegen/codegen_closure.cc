// codegen_closure.cc — nested defs and lambdas as C++ lambdas written in place (Note [Closures] in
// analyzer_closure.cc): `[&]` so the closure sees the enclosing variables as Python's does, `[=] mutable` when it
// escapes its enclosing call (returned or stored). A nested def is assigned to its (hoisted) std::function
// variable, so it may call itself.
#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler::codegen {

std::string Generator::ClosureHead(const ir::FunctionInfo& c) {
    std::string params;
    for (std::size_t i = 0; i < c.params.size(); ++i) params += (i ? ", " : "") + ParamDecl(c.params[i]);
    const std::string ret = c.return_type->kind == TypeKind::kNone ? "void" : sema::CppName(c.return_type);
    return std::string(c.escapes ? "[=]" : "[&]") + "(" + params + ")" + (c.escapes ? " mutable" : "") + " -> " + ret;
}

void Generator::ClosureDef(const ast::FunctionDef& def) {
    const ir::FunctionInfo* c = nullptr;
    for (const auto& f : program_.closures) {
        if (f->def == &def) c = f.get();
    }
    CNET_INTERNAL_CHECK(c != nullptr) << "codegen: nested def '" << def.name() << "' without sema";
    const ir::FunctionInfo* outer = fn_;
    w_.Line(c->cpp_name + " = " + ClosureHead(*c) + " {");
    fn_ = c;
    w_.Indent();
    EmitHoisted(*c);
    Block(def.body());
    EmitFallOffEnd(*c);
    w_.Dedent();
    w_.Line("};");
    fn_ = outer;
}

std::string Generator::Lambda(const ast::LambdaExpr& e) {
    const ir::FunctionInfo* c = nullptr;
    for (const auto& f : program_.closures) {
        if (f->lambda == &e) c = f.get();
    }
    CNET_INTERNAL_CHECK(c != nullptr) << "codegen: lambda without sema";
    const ir::FunctionInfo* outer = fn_;
    fn_ = c;
    std::string body = E(e.body(), c->return_type);
    fn_ = outer;
    if (c->return_type->kind == TypeKind::kNone) return ClosureHead(*c) + " { " + body + "; }";
    return ClosureHead(*c) + " { return " + body + "; }";
}

}  // namespace cnet::compiler::codegen
