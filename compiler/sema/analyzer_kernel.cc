// analyzer_kernel.cc — sema of kernel objects: a CuPy-form construction (cupy.ElementwiseKernel,
// cupy.ReductionKernel, cuda.elementwise, cuda.reduce) is parsed and checked once by compiler/kernel/ and has a
// kernel type; calling one takes arrays and Python scalars (CuPy's rules, checked again at run time by
// cnet/user_kernels/call.h) and gives an ndarray, or a tuple of them for several outputs.
#include "compiler/ast/collection_expr.h"
#include "compiler/ast/expr.h"
#include "compiler/kernel/kernel_builder.h"
#include "compiler/kernel/native_builder.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {
namespace {

/// The module path an expression names without evaluating it (`cupy`, `cuda`, `chainer.cuda`), or "".
std::string ModulePath(const ast::Expr& e, const std::map<std::string, TypeRef>& names, const BuiltinTable& table) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) {
        auto it = names.find(n->id());
        return it != names.end() && it->second->kind == TypeKind::kModule ? it->second->module : "";
    }
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&e)) {
        const std::string base = ModulePath(a->value(), names, table);
        if (!base.empty() && table.IsModule(base + "." + a->attr())) return base + "." + a->attr();
    }
    return "";
}

}  // namespace

bool Analyzer::IsKernelConstruction(const ast::Expr& e) {
    const auto* call = ast::DynCast<ast::CallExpr>(&e);
    const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
    kernel::Form form;
    return attr != nullptr && kernel::KernelForm(ModulePath(attr->value(), module_names_, table_), attr->attr(), &form);
}

TypeRef Analyzer::KernelConstruction(const ast::CallExpr& e) {
    if (!IsKernelConstruction(e)) return nullptr;
    const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
    program_.headers.insert("cnet/user_kernels/call.h");
    auto it = program_.kernel_at.find(&e);
    if (it == program_.kernel_at.end()) {
        // Built once (the fixpoint revisits expressions); its diagnostics are reported then.
        kernel::Form form;
        kernel::KernelForm(ModulePath(attr.value(), module_names_, table_), attr.attr(), &form);
        std::unique_ptr<kernel::KernelDef> def = kernel::BuildCupyKernel(e, form, diags_);
        const kernel::KernelDef* built = def.get();
        if (def) {
            def->cpp_name = GeneratedName("kernel_" + def->name, static_cast<int>(program_.kernels.size()) + 1);
            program_.kernels.push_back(std::move(def));
        }
        it = program_.kernel_at.emplace(&e, built).first;
    }
    return it->second != nullptr ? types::Kernel(it->second) : types::Unknown();
}

bool Analyzer::CollectNativeKernel(const ast::FunctionDef& fn) {
    if (!kernel::IsElementwiseFunction(fn)) return false;
    module_decls_[fn.name()] = &fn;
    std::unique_ptr<kernel::KernelDef> def = kernel::BuildNativeKernel(fn, diags_);
    if (!def) {
        module_names_[fn.name()] = types::Unknown();
        return true;
    }
    const int index = static_cast<int>(program_.kernels.size()) + 1;
    for (kernel::KernelDef* k = def.get(); k != nullptr; k = k->grad.get()) {
        k->cpp_name = GeneratedName("kernel_" + k->name, index);
    }
    module_names_[fn.name()] = types::Kernel(def.get());
    program_.kernel_at.emplace(&fn, def.get());
    program_.kernels.push_back(std::move(def));
    return true;
}

TypeRef Analyzer::CallKernelObject(const ast::CallExpr& e, const TypeRef& kernel) {
    const kernel::KernelDef& def = *kernel->kernel;
    const bool reduction = def.kind == kernel::KernelDef::Kind::kReduction;
    const std::size_t nin = def.in.size(), nout = def.out.size();
    if (def.native) {
        // A differentiable function of Variables (arrays and numbers are constants).
        if (e.args().size() != nin || !e.keywords().empty()) {
            Error(e.range(), "'" + def.name + "' takes " + std::to_string(nin) + " positional argument" +
                                 (nin == 1 ? "" : "s") + ", got " + std::to_string(e.args().size()) +
                                 (e.keywords().empty() ? "" : " and keywords"));
        }
        for (std::size_t k = 0; k < e.args().size(); ++k) {
            TypeRef t = Expr(*e.args()[k]);
            if (!IsArrayLike(t) && !IsNumeric(t) && t->kind != TypeKind::kUnknown) {
                Error(e.args()[k]->range(), "argument '" + (k < nin ? def.in[k].name : std::string("?")) + "' of '" +
                                                def.name + "' must be a Variable, an array or a number, got '" +
                                                PyName(t) + "'");
            }
        }
        program_.headers.insert("cnet/user_kernels/native.h");
        if (nout == 1) return types::Variable();
        return types::Tuple(std::vector<TypeRef>(nout, types::Variable()));
    }
    if (e.args().size() != nin && e.args().size() != nin + nout) {
        Error(e.range(), "kernel '" + def.name + "' takes " + std::to_string(nin) + " input argument" +
                             (nin == 1 ? "" : "s") + " (and optionally its " + std::to_string(nout) + " output" +
                             (nout == 1 ? "" : "s") + "), got " + std::to_string(e.args().size()));
    }
    for (std::size_t k = 0; k < e.args().size(); ++k) {
        const ast::Expr& a = *e.args()[k];
        TypeRef t = Expr(a);
        const std::string what = k < nin ? "input '" + def.in[k].name + "'"
                                 : k < nin + nout ? "output '" + def.out[k - nin].name + "'" : "argument";
        if (t->kind == TypeKind::kVariable) {
            Error(a.range(), "kernel '" + def.name + "' takes arrays, not a Variable, for " + what +
                                 "; pass its '.array' (kernels from snippets are not differentiable; an @elementwise "
                                 "function is)");
        } else if (t->kind == TypeKind::kNdarray) {
            continue;
        } else if (k < nin && IsNumeric(t) && !def.in[k].raw) {
            continue;
        } else if (t->kind != TypeKind::kUnknown) {
            Error(a.range(), "kernel '" + def.name + "': " + what + " must be " +
                                 (k < nin && !def.in[k].raw ? "an array or a number" : "an array") + ", got '" +
                                 PyName(t) + "'");
        }
    }
    for (const auto& kw : e.keywords()) {
        TypeRef t = Expr(kw->value());
        const std::string& n = kw->name();
        bool ok = false;
        if (!reduction && n == "size") ok = t->kind == TypeKind::kInt;
        else if (reduction && n == "keepdims") ok = t->kind == TypeKind::kBool;
        else if (reduction && n == "axis") {
            ok = t->kind == TypeKind::kInt || t->kind == TypeKind::kNone;
            if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&kw->value())) {
                ok = true;
                for (const auto& el : tuple->elements()) ok = ok && program_.TypeOf(*el)->kind == TypeKind::kInt;
            }
        } else {
            Error(kw->range(), "kernel '" + def.name + "' got an unexpected keyword argument '" + n + "' (" +
                                   (reduction ? "a reduction kernel takes axis= and keepdims=" : "an elementwise kernel takes size=") +
                                   ")");
            continue;
        }
        if (!ok) {
            Error(kw->value().range(), "kernel '" + def.name + "': '" + n + "' must be " +
                                           (n == "size" ? "an int" : n == "keepdims" ? "a bool" : "an int or a tuple of ints") +
                                           ", got '" + PyName(t) + "'");
        }
    }
    program_.headers.insert("cnet/user_kernels/call.h");
    if (nout == 1) return types::Ndarray();
    return types::Tuple(std::vector<TypeRef>(nout, types::Ndarray()));
}

}  // namespace cnet::compiler::sema
