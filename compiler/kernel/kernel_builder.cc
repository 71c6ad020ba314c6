// kernel_builder.cc — CuPy-form kernel constructions in .cnet: argument binding (CuPy's signatures), string
// literals decoded with their positions, then parse and check (kernel_parser, kernel_check).
#include "compiler/kernel/kernel_builder.h"

#include <map>

#include "compiler/ast/expr.h"
#include "compiler/kernel/kernel_check.h"
#include "compiler/kernel/kernel_parser.h"
#include "compiler/kernel/kernel_source.h"

namespace cnet::compiler::kernel {
namespace {

struct Signature {
    const char* spelling;
    std::vector<std::string> params;  // in order
    std::size_t required;
};

const Signature& SignatureOf(Form form) {
    static const Signature cuda_elementwise{"cuda.elementwise", {"in_params", "out_params", "operation", "name"}, 4};
    static const Signature elementwise{"cupy.ElementwiseKernel",
                                       {"in_params", "out_params", "operation", "name", "reduce_dims"}, 3};
    static const Signature cuda_reduce{"cuda.reduce",
                                       {"in_params", "out_params", "map_expr", "reduce_expr", "post_map_expr",
                                        "identity", "name", "reduce_type"},
                                       7};
    static const Signature reduction{"cupy.ReductionKernel",
                                     {"in_params", "out_params", "map_expr", "reduce_expr", "post_map_expr",
                                      "identity", "name", "reduce_type", "reduce_dims"},
                                     6};
    switch (form) {
        case Form::kCudaElementwise: return cuda_elementwise;
        case Form::kElementwiseKernel: return elementwise;
        case Form::kCudaReduce: return cuda_reduce;
        case Form::kReductionKernel: return reduction;
    }
    return elementwise;
}

}  // namespace

bool KernelForm(const std::string& module, const std::string& attr, Form* form) {
    const bool cuda = module == "chainer.cuda" || module == "chainer.backends.cuda";
    if (cuda && attr == "elementwise") *form = Form::kCudaElementwise;
    else if (cuda && attr == "reduce") *form = Form::kCudaReduce;
    else if (module == "cupy" && attr == "ElementwiseKernel") *form = Form::kElementwiseKernel;
    else if (module == "cupy" && attr == "ReductionKernel") *form = Form::kReductionKernel;
    else return false;
    return true;
}

std::unique_ptr<KernelDef> BuildCupyKernel(const ast::CallExpr& call, Form form, DiagnosticEngine& diags) {
    const Signature& sig = SignatureOf(form);
    std::map<std::string, const ast::Expr*> args;
    bool ok = true;
    if (form == Form::kCudaElementwise && call.args().size() == 3 && call.keywords().empty()) {
        diags.Error(call.range(), "the Chainer v1 (PyCUDA) form cuda.elementwise(arguments, operation, name) is not "
                                  "supported; write cuda.elementwise(in_params, out_params, operation, name)");
        return nullptr;
    }
    if (call.args().size() > sig.params.size()) {
        diags.Error(call.args()[sig.params.size()]->range(),
                    std::string(sig.spelling) + " takes at most " + std::to_string(sig.params.size()) + " arguments");
        return nullptr;
    }
    for (std::size_t k = 0; k < call.args().size(); ++k) args[sig.params[k]] = call.args()[k].get();
    for (const auto& kw : call.keywords()) {
        bool known = false;
        for (const std::string& p : sig.params) known = known || p == kw->name();
        if (!known) {
            const std::string name = kw->name();
            const bool cupy_only = name == "options" || name == "preamble" || name == "loop_prep" ||
                                   name == "after_loop" || name == "no_return" || name == "return_tuple";
            diags.Error(kw->range(), std::string(sig.spelling) + (cupy_only ? " argument '" + name +
                                                                                  "' is not supported: kernels are "
                                                                                  "compiled ahead of time as C++ and CUDA"
                                                                            : " got an unexpected keyword argument '" +
                                                                                  name + "'"));
            ok = false;
            continue;
        }
        if (args.count(kw->name()) != 0) {
            diags.Error(kw->range(), std::string(sig.spelling) + " got multiple values for argument '" + kw->name() + "'");
            ok = false;
        }
        args[kw->name()] = &kw->value();
    }
    for (std::size_t k = 0; k < sig.required; ++k) {
        if (args.count(sig.params[k]) == 0) {
            diags.Error(call.range(), std::string(sig.spelling) + " is missing the argument '" + sig.params[k] + "'");
            ok = false;
        }
    }
    if (!ok) return nullptr;
    // Each string argument as decoded text with positions.
    auto source = [&](const std::string& param) -> std::unique_ptr<KernelSource> {
        auto it = args.find(param);
        if (it == args.end()) return nullptr;
        const auto* lit = ast::DynCast<ast::StringLiteral>(it->second);
        if (lit == nullptr) {
            diags.Error(it->second->range(), "argument '" + param + "' of " + sig.spelling +
                                                 " must be a string literal: the kernel is compiled ahead of time");
            ok = false;
            return nullptr;
        }
        return std::make_unique<KernelSource>(diags.sources(), lit->range());
    };
    auto def = std::make_unique<KernelDef>();
    def->range = call.range();
    const bool reduction = form == Form::kCudaReduce || form == Form::kReductionKernel;
    def->kind = reduction ? KernelDef::Kind::kReduction : KernelDef::Kind::kElementwise;
    def->name = reduction ? "reduce_kernel" : "kernel";
    if (auto it = args.find("reduce_dims"); it != args.end() && !ast::Isa<ast::BoolLiteral>(*it->second)) {
        diags.Error(it->second->range(), "reduce_dims must be True or False");
        ok = false;
    }
    auto name = source("name");
    auto in = source("in_params");
    auto out = source("out_params");
    if (!ok) return nullptr;
    if (name) {
        def->name = name->text();
        bool ident = !def->name.empty() && !std::isdigit(static_cast<unsigned char>(def->name[0]));
        for (char c : def->name) ident = ident && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (!ident) {
            diags.Error(args["name"]->range(), "the kernel name '" + def->name + "' must be a C identifier");
            return nullptr;
        }
    }
    if (!ParseParams(*in, false, diags, &def->in) || !ParseParams(*out, true, diags, &def->out)) return nullptr;
    if (def->out.empty()) {
        diags.Error(args["out_params"]->range(), "a kernel needs at least one output parameter");
        return nullptr;
    }
    if (!reduction) {
        auto op = source("operation");
        if (!op || !ParseBody(*op, diags, &def->body)) return nullptr;
    } else {
        auto map = source("map_expr");
        auto reduce = source("reduce_expr");
        auto post = source("post_map_expr");
        auto identity = source("identity");
        if (!ok) return nullptr;
        def->map = ParseExpression(*map, diags);
        def->reduce = ParseExpression(*reduce, diags);
        def->identity = ParseExpression(*identity, diags);
        const bool post_ok = ParseBody(*post, diags, &def->body);
        if (!def->map || !def->reduce || !def->identity || !post_ok) return nullptr;
        def->reduce_type = def->out[0].type;
        if (args.count("reduce_type") != 0) {
            auto rt = source("reduce_type");
            if (!rt) return nullptr;
            def->reduce_type = rt->text();
            if (!IsCTypeName(def->reduce_type) && def->reduce_type.size() != 1) {
                diags.Error(args["reduce_type"]->range(), "unknown reduce_type '" + def->reduce_type + "'");
                return nullptr;
            }
        }
        for (const Param& p : def->in) {
            if (p.raw) {
                diags.Error(p.range, "raw parameters of a reduction kernel are not supported");
                return nullptr;
            }
        }
    }
    if (!CheckKernel(*def, diags)) return nullptr;
    return def;
}

}  // namespace cnet::compiler::kernel
