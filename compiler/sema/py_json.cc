// py_json.cc — sema of json.dumps / json.dump: the value must be what Python's json module writes (numbers,
// str, bool, None, lists, tuples and dicts of them); CPython raises TypeError at run time for anything else,
// cnet says so at compile time.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

bool JsonSerializable(const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kUnknown:
        case TypeKind::kNone:
        case TypeKind::kBool:
        case TypeKind::kInt:
        case TypeKind::kFloat:
        case TypeKind::kStr:
            return true;
        case TypeKind::kOptional:
        case TypeKind::kList:
        case TypeKind::kTuple:
        case TypeKind::kDict:
            for (const TypeRef& a : t->args) {
                if (!JsonSerializable(a)) return false;
            }
            return true;
        default:
            return false;
    }
}

}  // namespace

void Analyzer::CheckJsonValue(const BuiltinEntry& entry, const ir::CallInfo& call) {
    const ast::Expr* obj = call.args.empty() ? nullptr : call.args[0].value;
    if (obj == nullptr) return;
    const TypeRef t = program_.TypeOf(*obj);
    if (!JsonSerializable(t)) {
        Error(obj->range(), "json." + entry.name +
                                " writes numbers, str, bool, None and lists, tuples and dicts of "
                                "them; '" +
                                PyName(t) + "' is not JSON serializable");
    }
}

}  // namespace cnet::compiler::sema
