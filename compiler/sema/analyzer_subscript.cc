// analyzer_subscript.cc — sema of subscripts `a[i]`: NumPy indexing of arrays and Variables, lists, strings, tuples,
// dicts, shapes, datasets and batches, and the library objects that take `[]`.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

TypeRef Analyzer::Subscript(const ast::SubscriptExpr& e) {
    TypeRef value = StripOptional(Expr(e.value()));
    const ast::Expr& index = e.index();
    const bool is_slice = ast::Isa<ast::SliceExpr>(index);
    switch (value->kind) {
        case TypeKind::kUnknown:
            Expr(index);
            return types::Unknown();
        case TypeKind::kNever:
            Expr(index);
            return types::Never();
        case TypeKind::kObject: {  // an item, a character or a value, as the object holds (cnet::py::getitem)
            if (is_slice) {
                ObjectOperandError(e, "slicing");
                return types::Unknown();
            }
            const TypeRef i = Expr(index);
            if (!IsDynamicData(i)) Error(index.range(), "an index of '" + PyName(i) + "' into an object");
            return types::Object();
        }
        case TypeKind::kVariable:
        case TypeKind::kNdarray:
        case TypeKind::kStrArray: {
            const bool strings = value->kind == TypeKind::kStrArray;
            const ast::ExprList* parts = nullptr;
            if (const auto* t = ast::DynCast<ast::TupleExpr>(&index)) parts = &t->elements();
            auto check = [&](const ast::Expr& p) {
                if (ast::Isa<ast::EllipsisLiteral>(p) || ast::Isa<ast::NoneLiteral>(p)) return;
                TypeRef t = Expr(p);
                if (ast::Isa<ast::SliceExpr>(p)) return;
                if (strings && t->kind != TypeKind::kInt && t->kind != TypeKind::kUnknown) {
                    Error(p.range(), "a string array index must be an int, a slice, None or '...'; got '" + PyName(t) +
                                         "' (array indices are supported on numeric arrays only)");
                    return;
                }
                if (t->kind != TypeKind::kInt && t->kind != TypeKind::kNdarray && t->kind != TypeKind::kUnknown &&
                    !(t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kInt)) {
                    Error(p.range(), "an array index must be an int, a slice, None, '...' or an int/bool ndarray; got '" +
                                         PyName(t) + "'");
                }
            };
            if (parts != nullptr) {
                for (const auto& p : *parts) check(*p);
            } else {
                check(index);
            }
            return value;
        }
        case TypeKind::kList: {
            TypeRef i = Expr(index);
            if (is_slice) return value;
            // A NumPy integer (an element of an int array, `t[0]`) indexes a list as in Python.
            if (i->kind != TypeKind::kInt && i->kind != TypeKind::kBool && i->kind != TypeKind::kUnknown &&
                i->kind != TypeKind::kNdarray) {
                Error(index.range(), "list indices must be int, not '" + PyName(i) + "'");
            }
            return value->args[0];
        }
        case TypeKind::kShape: {
            Expr(index);
            return is_slice ? value : types::Int();
        }
        case TypeKind::kStr:
            Expr(index);
            return types::Str();
        case TypeKind::kDict: {
            TypeRef k = Expr(index);
            // (a NumPy integer is the int key it equals: `words[x] for x in ids`, read with operator.index)
            if (!Assignable(k, value->args[0]) && !NumpyIntegerArgument(k, value->args[0])) {
                Error(index.range(), "dict key of type '" + PyName(k) + "' for a '" + PyName(value) + "'");
            } else if (value->args[0]->kind == TypeKind::kUnknown) {
                Refine(e, value->args[1]);  // a defaultdict read first (`d[k].append(x)`) learns its key type
            }
            return value->args[1];
        }
        case TypeKind::kTuple: {
            Expr(index);
            int64_t i = 0;
            bool constant = false;
            if (const auto* lit = ast::DynCast<ast::IntLiteral>(&index)) {
                i = lit->value();
                constant = true;
            } else if (const auto* u = ast::DynCast<ast::UnaryExpr>(&index);
                       u != nullptr && u->op() == ast::UnaryOp::kMinus && ast::Isa<ast::IntLiteral>(u->operand())) {
                i = -ast::Cast<ast::IntLiteral>(u->operand()).value();
                constant = true;
            }
            const int64_t n = static_cast<int64_t>(value->args.size());
            if (!constant) {
                Error(index.range(), "a tuple can only be indexed with an integer literal; unpack it instead");
                return types::Unknown();
            }
            if (i < -n || i >= n) {
                Error(index.range(), "tuple index " + std::to_string(i) + " out of range for '" + PyName(value) + "'");
                return types::Unknown();
            }
            return value->args[static_cast<std::size_t>(i < 0 ? i + n : i)];
        }
        case TypeKind::kLibObject: {
            Expr(index);
            // An iterator's batch is a list of examples, each a tuple of arrays (a list here, as dataset[i]).
            if (LibDerives(value->lib_type, table_.FindType("Dataset")) || value->lib_type->name == "Batch") {
                if (is_slice) return value;
                if (value->lib_type->name != "Batch") {
                    const std::optional<bool> arrays = ExamplesAreArrays(e);  // Note [Datasets of arrays]
                    if (!arrays) return types::Unknown();
                    if (*arrays) return types::Ndarray();
                }
                return types::List(types::Ndarray());
            }
            if (!is_slice && (value->lib_type->name == "Classifier" || value->lib_type->name == "Chain")) {
                return types::LibObject(table_.FindType("Link"));
            }
            break;
        }
        case TypeKind::kUserClass:
            Expr(index);
            if (value->user_class->kind == ir::ClassInfo::Kind::kChainList) {
                return types::LibObject(table_.FindType("Link"));
            }
            if (const LibType* lib = UserLibraryType(value->user_class); lib != nullptr && lib->name == "Dataset" && !is_slice) {
                // dataset[i] of a DatasetMixin subclass is its get_example(i).
                if (const ir::FunctionInfo* get = value->user_class->FindMethod("get_example")) return get->return_type;
            }
            break;
        default:
            Expr(index);
            break;
    }
    Error(e.range(), "'" + PyName(value) + "' is not subscriptable");
    return types::Unknown();
}

}  // namespace cnet::compiler::sema
