// codegen_kernel.cc — kernels in generated programs: each CuPy-form kernel's C++ (and, under nvcc, CUDA) from
// compiler/kernel/kernel_emit, ahead of the program's functions; a kernel call passes its arguments to the
// runtime's user_kernels (CuPy's calling rules, cnet/user_kernels/call.h).
#include "compiler/ast/collection_expr.h"
#include "compiler/ast/expr.h"
#include "compiler/codegen/codegen.h"
#include "compiler/kernel/kernel_emit.h"

namespace cnet::compiler::codegen {

void Generator::EmitKernels() {
    if (program_.kernels.empty() && fusion_.kernels.empty()) return;
    w_.Raw(kernel::EmitPrelude());
    w_.Line("");
    for (const auto& def : program_.kernels) {
        const std::string origin = program_.file_name + ":" + std::to_string(def->range.begin.line);
        for (const kernel::KernelDef* k = def.get(); k != nullptr; k = k->grad.get()) w_.Raw(kernel::EmitKernel(*k, origin));
        w_.Raw(def->native ? kernel::EmitNativeGlue(*def) : kernel::EmitProgramGlue(*def));
        w_.Line("");
    }
    for (const auto& def : fusion_.kernels) {
        const std::string origin = "fused chain at " + program_.file_name + ":" + std::to_string(def->range.begin.line);
        for (const kernel::KernelDef* k = def.get(); k != nullptr; k = k->grad.get()) w_.Raw(kernel::EmitKernel(*k, origin));
        w_.Raw(kernel::EmitNativeGlue(*def));
        w_.Line("");
    }
}

// The leaves are evaluated once, into temporaries; then the fused kernel runs where it can (the CPU, or a CUDA
// device when the program was compiled by nvcc), and the chain's separate operations run elsewhere.
std::string Generator::FusedCall(const ast::Expr& root, const kernel::FusedExpr& fused) {
    std::string decls, args;
    for (const ast::Expr* leaf : fused.leaves) {
        const std::string name = Temp("leaf");
        decls += "const auto " + name + " = " + E(*leaf) + "; ";
        args += (args.empty() ? "" : ", ") + name;
        fused_leaf_code_[leaf] = name;  // the unfused form below reads the temporaries
    }
    const ast::Node* outer = unfused_root_;
    unfused_root_ = &root;
    const std::string unfused = ExprImpl(root, nullptr);
    unfused_root_ = outer;
    for (const ast::Expr* leaf : fused.leaves) fused_leaf_code_.erase(leaf);
    const std::string& k_name = fused.kernel->cpp_name;
    return "[&]() -> cnet::Variable { " + decls + "if (cnet::user_kernels::CanRun(" + k_name + "_native(), {" + args +
           "})) return cnet::user_kernels::FirstVar(" + k_name + "{}({" + args + "})); return " + unfused + "; }()";
}

std::string Generator::KernelCall(const ast::CallExpr& e, const kernel::KernelDef& def) {
    std::string args;
    for (const auto& a : e.args()) {
        const TypeRef t = TypeOf(*a);
        std::string code = E(*a);
        if (t->kind == TypeKind::kInt) code = "static_cast<int64_t>(" + code + ")";
        args += (args.empty() ? "" : ", ") + code;
    }
    std::string size = "std::nullopt", axis = "cnet::OptionalAxis()", keepdims = "false";
    for (const auto& kw : e.keywords()) {
        if (kw->name() == "size") size = "std::optional<int64_t>(" + E(kw->value()) + ")";
        if (kw->name() == "keepdims") keepdims = E(kw->value());
        if (kw->name() == "axis") {
            if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&kw->value())) {
                std::string axes;
                for (const auto& el : tuple->elements()) axes += (axes.empty() ? "" : ", ") + ("static_cast<int64_t>(" + E(*el) + ")");
                axis = "cnet::OptionalAxis({" + axes + "})";
            } else if (!ast::Isa<ast::NoneLiteral>(kw->value())) {
                axis = "cnet::OptionalAxis(static_cast<int64_t>(" + E(kw->value()) + "))";
            }
        }
    }
    if (def.native) {  // named by its function's name: a stateless object of its generated struct
        const std::string callee = def.cpp_name + "{}";
        const std::string run = callee + "({" + args + "})";
        if (def.out.size() == 1) return "cnet::user_kernels::FirstVar(" + run + ")";
        return "cnet::user_kernels::AsVarTuple<" + std::to_string(def.out.size()) + ">(" + run + ")";
    }
    const std::string callee = E(e.func());
    const std::string run = callee + "({" + args + "}, " +
                            (def.kind == kernel::KernelDef::Kind::kReduction ? axis + ", " + keepdims : size) + ")";
    if (def.out.size() == 1) return "cnet::user_kernels::First(" + run + ")";
    return "cnet::user_kernels::AsTuple<" + std::to_string(def.out.size()) + ">(" + run + ")";
}

}  // namespace cnet::compiler::codegen
