// run_time_values.cc — the `object` type: data whose Python type is decided at run time (Note [Values typed at run
// time] in cnet/py/object.h), where it comes from and what a program may do with it.
//
// Two data types with no static join (a str and a list, an int and a tuple) join to object instead of being an
// error: a function returning a word or a list of subtrees returns an object, a dict whose values are ints and
// pairs is a dict[str, object]. Everything else keeps its static type; an object meets static types only through
// conversions codegen spells cnet::py::convert<To>, checked when they run.
//
// What a program may do with an object is what the runtime implements on one: len, int/float/str/repr/bool,
// print, formatting and json, isinstance against the builtin types, arithmetic and comparisons with data, `is
// None`, `in`, indexing (not slicing), iteration and unpacking, truthiness, using it as a dict key or a list
// element, and passing or returning it where data is wanted. Attributes, methods, slicing and bitwise operators on
// an object are errors that say to convert it first.
#include <algorithm>

#include "compiler/sema/analyzer.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::sema {

bool IsDynamicData(const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kUnknown:
        case TypeKind::kNone:
        case TypeKind::kBool:
        case TypeKind::kInt:
        case TypeKind::kFloat:
        case TypeKind::kStr:
        case TypeKind::kObject:
            return true;
        case TypeKind::kDict:
            if (t->dict_kind != DictKind::kDict) return false;  // a Counter or defaultdict reads missing keys its way
            [[fallthrough]];
        case TypeKind::kList:
        case TypeKind::kTuple:
        case TypeKind::kOptional:
            return std::all_of(t->args.begin(), t->args.end(), [](const TypeRef& a) { return IsDynamicData(a); });
        default:
            return false;
    }
}

bool ContainsObject(const TypeRef& t) {
    if (!t) return false;
    if (t->kind == TypeKind::kObject) return true;
    if (t->kind == TypeKind::kUserFunction || t->kind == TypeKind::kBoundMethod) return false;  // (args: receiver)
    return std::any_of(t->args.begin(), t->args.end(), [](const TypeRef& a) { return ContainsObject(a); });
}

TypeRef JoinAsObject(const TypeRef& a, const TypeRef& b) {
    return IsDynamicData(a) && IsDynamicData(b) ? types::Object() : nullptr;
}

TypeRef StaticJoin(const TypeRef& a, const TypeRef& b) {
    TypeRef j = Join(a, b);
    if (j && ContainsObject(j) && !ContainsObject(a) && !ContainsObject(b)) return nullptr;
    return j;
}

bool AssignableAsObject(const TypeRef& from, const TypeRef& to) {
    return IsDynamicData(from) && IsDynamicData(to);
}

TypeRef BuiltinTypeName(const BuiltinEntry& entry) {
    if (entry.owner != "builtins") return nullptr;
    if (entry.name == "int") return types::Int();
    if (entry.name == "float") return types::Float();
    if (entry.name == "str") return types::Str();
    if (entry.name == "bool") return types::Bool();
    if (entry.name == "list") return types::List(types::Unknown());
    if (entry.name == "tuple") return types::Tuple({});
    if (entry.name == "dict") return types::Dict(types::Unknown(), types::Unknown());
    return nullptr;
}

void Analyzer::ObjectOperandError(const ast::Node& at, const std::string& what) {
    Error(at.range(), what + " on a value whose type is decided at run time ('object'); convert it to the type it "
                             "holds first, e.g. int(x), float(x) or str(x)");
}

}  // namespace cnet::compiler::sema
