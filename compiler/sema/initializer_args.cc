// initializer_args.cc — the initializer arguments of library links (initialW=, initial_bias=, lateral_init=,
// init_bt=, ...), untyped in the surface tables because Chainer takes many kinds of value there: None, a
// number, an ndarray, a chainer.initializers object or a callable. Anything else (a str, a Variable, a list)
// was accepted by sema and then failed as C++ (cnet::initializers::InitializerArg has no such constructor).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

// Chainer's naming of initializer parameters: initialW, initial_bias, init, init_Wh, lateral_init, conv_init.
bool IsInitializerParam(const ParamSpec& spec) {
    const std::string& n = spec.name;
    const bool ends_init = n.size() > 5 && n.compare(n.size() - 5, 5, "_init") == 0;
    return spec.type.empty() && (n.rfind("init", 0) == 0 || ends_init);
}

}  // namespace

bool Analyzer::IsInitializerValue(const TypeRef& value) {
    const TypeRef t = StripOptional(value);
    switch (t->kind) {
        case TypeKind::kUnknown:  // reported where it came from
        case TypeKind::kNone:
        case TypeKind::kBool:
        case TypeKind::kInt:
        case TypeKind::kFloat:
        case TypeKind::kNdarray:
        case TypeKind::kUserFunction:  // a callable filling the array
        case TypeKind::kBoundMethod:
            return true;
        case TypeKind::kLibObject: {
            const LibType* initializer = table_.FindType("Initializer");
            return initializer != nullptr && Assignable(t, types::LibObject(initializer));
        }
        default:
            return false;
    }
}

void Analyzer::CheckInitializerArgument(const ir::BoundArg& arg, const ast::Expr& value, const TypeRef& type,
                                        const std::string& what) {
    if (arg.spec == nullptr || !IsInitializerParam(*arg.spec)) return;
    const std::string& name = arg.spec->name;
    // Bilinear(initial_bias=(initialV1, initialV2, initialb)): the tuple written in the call (the C++ takes the
    // three as a braced list), each element an initializer.
    if (what == "Bilinear" && name == "initial_bias" && type->kind != TypeKind::kNone) {
        const auto* tuple = ast::DynCast<ast::TupleExpr>(&value);
        if (tuple == nullptr || tuple->elements().size() != 3) {
            Error(value.range(), "argument 'initial_bias' of 'Bilinear' must be None or a tuple (V1, V2, b) of three "
                                 "initializers written in the call, got '" + PyName(type) + "'");
            return;
        }
        for (std::size_t i = 0; i < 3; ++i) {
            const TypeRef element = type->kind == TypeKind::kTuple && i < type->args.size() ? type->args[i]
                                                                                            : types::Unknown();
            if (!IsInitializerValue(element)) {
                Error(tuple->elements()[i]->range(), "element " + std::to_string(i) + " of 'initial_bias' of 'Bilinear' "
                                                     "must be an initializer (None, a number, an ndarray or a "
                                                     "chainer.initializers object), got '" + PyName(element) + "'");
            }
        }
        return;
    }
    if (!IsInitializerValue(type)) {
        Error(value.range(), "argument '" + name + "' of '" + what + "' must be an initializer (None, a number, an "
                             "ndarray or a chainer.initializers object), got '" + PyName(type) + "'");
    }
}

}  // namespace cnet::compiler::sema
