// py_json.cc — sema of json.dumps / json.dump: the value must be what Python's json module writes (numbers,
// str, bool, None, lists, tuples and dicts of them); CPython raises TypeError at run time for anything else,
// cnet says so at compile time.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

void Analyzer::CheckJsonValue(const BuiltinEntry& entry, const ir::CallInfo& call) {
    const ast::Expr* obj = call.args.empty() ? nullptr : call.args[0].value;
    if (obj == nullptr) return;
    TypeRef t = program_.TypeOf(*obj);
    if (t->kind == TypeKind::kDict) t = types::Dict(t->args[0], t->args[1]);  // a Counter is written as its dict
    if (!IsDynamicData(t)) {  // Python's data (Note [Values typed at run time]), objects holding it included
        Error(obj->range(), "json." + entry.name +
                                " writes numbers, str, bool, None and lists, tuples and dicts of "
                                "them; '" +
                                PyName(t) + "' is not JSON serializable");
    }
}

}  // namespace cnet::compiler::sema
