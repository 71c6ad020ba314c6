// analyzer_call_arguments.cc — the type of each argument of a library call against its parameter: the
// conversions Python and NumPy make there (numbers, lists and tuples as arrays, dtype names, examples as
// batches and datasets) and the errors for the rest.
#include <algorithm>

#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// A parameter LibParams left untyped because its type text's alternatives have no one type that holds them
// (`Optimizer | dict[str, Optimizer]`): whether `t` is assignable to one of them, where one is a library object
// (numbers convert otherwise). True for any other type text.
bool Analyzer::FitsUnion(const TypeRef& t, const std::string& text) {
    if (!t || t->kind == TypeKind::kUnknown || text.find('|') == std::string::npos) return true;
    const bool was = report_;
    report_ = false;
    bool fits = false, objects = false;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '[') ++depth;
        if (i < text.size() && text[i] == ']') --depth;
        if (i < text.size() && (text[i] != '|' || depth != 0)) continue;
        const TypeRef alternative = ParseTypeText(text.substr(start, i - start), SourceRange());
        objects = objects || alternative->kind == TypeKind::kLibObject;
        fits = fits || Assignable(t, alternative);
        start = i + 1;
    }
    report_ = was;
    // A str converts to none of them (C++ would take a string literal as a bool: np.array('abc') printed True).
    if (t->kind == TypeKind::kStr && !fits) return false;
    return fits || !objects;
}

namespace {

// numpy.f(...) (numpy.random's too), the functions that take an array_like.
bool IsNumpyCallee(const TypeRef& callee) {
    return callee && callee->kind == TypeKind::kLibFunction && callee->entry != nullptr &&
           (callee->entry->owner == "numpy" || callee->entry->owner.rfind("numpy.", 0) == 0);
}

}  // namespace

bool Analyzer::IsNumpyFunction(const ast::CallExpr& e) { return IsNumpyCallee(program_.TypeOf(e.func())); }

void Analyzer::CheckArgTypes(const ast::CallExpr& e, const std::string& what, ir::CallInfo& call,
                             bool call_of_function) {
    for (ir::BoundArg& arg : call.args) {
        std::vector<const ast::Expr*> values = arg.rest;
        if (arg.value != nullptr) values.push_back(arg.value);
        if (values.size() == 1 && ast::Isa<ast::StarredExpr>(*values[0])) {
            const auto& star = ast::Cast<ast::StarredExpr>(*values[0]);
            if (arg.spec != nullptr && arg.spec->type != "int" && arg.spec->type != "shape") {
                StarredList(star, arg, what);
            } else {
                StarredShape(star);
            }
            continue;
        }
        if (arg.is_var_positional && arg.spec != nullptr && arg.spec->type == "shape") {  // Note [Unpacking a shape]
            ShapeArguments(values, arg.spec->name, what);
            continue;
        }
        for (const ast::Expr* v : values) {
            TypeRef t = Expr(*v, arg.expected);
            if (CallableArgument(call, arg, t)) continue;
            if (arg.spec != nullptr && arg.spec->type == "number" && t && t->kind == TypeKind::kInt) {
                arg.expected = t;  // passed as written (see the type text `number`)
                continue;
            }
            // A tuple of numbers is NumPy's array_like too, where the parameter takes an ndarray (np.array's
            // `list[float] | ndarray` included): passed as a tuple, made an array by np.array's tuple overload.
            if (arg.spec != nullptr && IsNumpyFunction(e) && IsNumberTuple(t) &&
                arg.spec->type.find("ndarray") != std::string::npos) {
                arg.expected = types::Ndarray();
            }
            // np.exp(x) of a float x, np.mean of a list: codegen makes the array with np.array (cnet/np/creation.h).
            // (Lists only for NumPy's own functions: PIL's fromarray, CuPy's and Chainer's functions refuse them.)
            const bool made_array = NumberAsArrayArgument(t, arg.expected) ||
                                    (ListAsArrayArgument(t, arg.expected) && IsNumpyFunction(e));
            if (arg.spec != nullptr &&
                (NumpyIntegerArgument(t, arg.expected) || NumpyFloatArgument(t, arg.expected) || made_array ||
                 StrAsDtypeArgument(t, arg.expected))) {
                if (made_array) program_.headers.insert("cnet/np/creation.h");
                continue;
            }
            if (arg.spec != nullptr && (ExamplesAsBatchArgument(t, arg.expected) ||
                                        SequenceAsDatasetArgument(t, arg.expected))) {
                program_.headers.insert("cnet/core/subclass_adapters.h");  // cnet::adapters::ToBatch, ToDataset
                continue;
            }
            CheckInitializerArgument(arg, *v, t, what);
            const bool untyped = !arg.expected || arg.expected->kind == TypeKind::kUnknown;
            if (arg.spec != nullptr && untyped && !FitsUnion(t, arg.spec->type)) {
                Error(v->range(), "argument '" + arg.spec->name + "' of '" + what + "' must be '" + arg.spec->type +
                                      "', got '" + PyName(t) + "'");
            } else if (arg.expected && !Assignable(t, arg.expected)) {
                const std::string name = arg.spec != nullptr ? arg.spec->name : arg.param != nullptr ? arg.param->name : "?";
                Error(v->range(), "argument '" + name + "' of '" + what + "' must be '" + PyName(arg.expected) +
                                      "', got '" + PyName(t) + "'");
            } else if (arg.expected &&
                       (arg.expected->kind == TypeKind::kList || arg.expected->kind == TypeKind::kDict)) {
                Refine(*v, arg.expected);
            } else if (!arg.expected && call_of_function && t &&
                       (t->kind == TypeKind::kUserClass || t->kind == TypeKind::kUserClassRef)) {
                // chainer.functions take arrays, scalars, shapes and dtypes, never a user object (fuzzing:
                // F.relu(self) was accepted and its C++ did not compile).
                const std::string name = arg.spec != nullptr ? arg.spec->name : arg.param != nullptr ? arg.param->name : "?";
                Error(v->range(), "argument '" + name + "' of '" + what + "' must be a Variable or an array, got '" +
                                      PyName(t) + "'");
            }
        }
    }
    TypeConverter(e, call);  // Note [User converters] in analyzer_library_base.cc
}

}  // namespace cnet::compiler::sema
