// numpy_strings.cc — sema of the NumPy calls whose result type depends on a flag's value: np.genfromtxt with
// dtype=str (a string table) and np.unique with return_inverse=True (a pair).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// np.genfromtxt(fname, dtype=str, ...) reads a string table (ndarray[str]); other dtypes read numbers.
// np.unique(ar, return_inverse=True) is (uniques, inverse) for numeric and string arrays. The flags that
// change the result's type must be literals.
TypeRef Analyzer::NumpyStrings(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call) {
    auto arg = [&](const std::string& name) -> const ast::Expr* {
        for (const ir::BoundArg& a : call.args) {
            if (a.spec != nullptr && a.spec->name == name) return a.value;
        }
        return nullptr;
    };
    if (entry.name == "array" || entry.name == "asarray") {
        // np.array(['a', 'b']): a string array; anything else is numeric.
        const ast::Expr* object = arg(entry.name == "array" ? "object" : "a");
        const TypeRef t = object != nullptr ? program_.TypeOf(*object) : types::Unknown();
        if (t->kind == TypeKind::kStrArray) return t;
        if (t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kStr) {
            program_.headers.insert("cnet/np/str_array.h");  // np.array's own row names the numeric header
            if (arg("dtype") != nullptr) Error(arg("dtype")->range(), "a string array takes no dtype; use .astype()");
            return types::StrArray();
        }
        return ResultType(entry, &call);
    }
    if (entry.name == "genfromtxt") {
        if (const ast::Expr* c = arg("comments")) {
            const auto* s = ast::DynCast<ast::StringLiteral>(c);
            if (s == nullptr || s->value() != "#") Error(c->range(), "np.genfromtxt supports only comments='#'");
        }
        const ast::Expr* dtype = arg("dtype");
        if (dtype == nullptr) return types::Ndarray();
        TypeRef t = program_.TypeOf(*dtype);
        if (t->kind == TypeKind::kLibFunction && t->entry->owner == "builtins") {
            if (t->entry->name == "str") return types::StrArray();
            if (t->entry->name == "float" || t->entry->name == "int" || t->entry->name == "bool") return types::Ndarray();
        }
        if (t->kind == TypeKind::kDtype || t->kind == TypeKind::kUnknown) return types::Ndarray();
        Error(dtype->range(), "np.genfromtxt's dtype must be str, float, int, bool or a NumPy dtype such as np.float32");
        return types::Ndarray();
    }
    // unique
    const ast::Expr* ar = arg("ar");
    TypeRef element = ar != nullptr ? StripOptional(program_.TypeOf(*ar)) : types::Unknown();
    if (element->kind != TypeKind::kStrArray && element->kind != TypeKind::kNdarray) {
        if (element->kind != TypeKind::kUnknown) {
            Error(ar->range(), "np.unique needs an ndarray or an ndarray[str], got '" + PyName(element) + "'");
        }
        element = types::Ndarray();
    }
    auto flag = [&](const std::string& name) {
        const ast::Expr* v = arg(name);
        if (v == nullptr) return false;
        const auto* b = ast::DynCast<ast::BoolLiteral>(v);
        if (b == nullptr) {
            Error(v->range(), "'" + name + "' of np.unique must be True or False written as a literal");
            return false;
        }
        return b->value();
    };
    for (const char* unsupported : {"return_index", "return_counts"}) {
        if (flag(unsupported)) {
            Error(arg(unsupported)->range(), std::string("np.unique(") + unsupported +
                                                  "=True) is not supported; only return_inverse=True");
        }
    }
    if (flag("return_inverse")) return types::Tuple({element, types::Ndarray()});
    return element;
}

}  // namespace cnet::compiler::sema
