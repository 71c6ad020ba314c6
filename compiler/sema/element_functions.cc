// element_functions.cc — functions called on each element of an iterable: map(f, xs) and sorted's key=.
//
// Note [Functions applied to elements]
// `map(f, xs)` and `sorted(xs, key=f)` call f with one element at a time. f is a function of the file, a nested
// def or a lambda (its one parameter takes the element type, as a call site would give it), or one of the
// builtins str, repr, int, float, bool, len and abs (typed as their one-argument call). Python's map is a lazy
// iterator; cnet makes it a list, calling f on every element in order when map() is evaluated: what a
// consumer of the whole of it (' '.join(map(str, row)), list(...), sum(...), a for loop) sees is the same. Several
// iterables (map(f, xs, ys)) are rejected with the comprehension to write instead. Codegen:
// Generator::ElementFunction (codegen_element_functions.cc).
#include <set>

#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

namespace {
// The builtins an element function may be.
bool IsElementBuiltin(const TypeRef& t) {
    static const std::set<std::string> kNames = {"str", "repr", "int", "float", "bool", "len", "abs"};
    return t->kind == TypeKind::kLibFunction && t->entry->owner == "builtins" && kNames.count(t->entry->name) != 0;
}
// What `name(x)` of one element gives; null when x's type is not one the builtin takes.
TypeRef BuiltinOnElement(const std::string& name, const TypeRef& element) {
    const TypeKind k = element->kind;
    const bool number_or_array = IsNumeric(element) || IsArrayLike(element);
    if (name == "str" || name == "repr") return types::Str();
    if (name == "int" && (number_or_array || k == TypeKind::kStr)) return types::Int();
    if (name == "float" && (number_or_array || k == TypeKind::kStr)) return types::Float();
    if (name == "bool" && (IsNumeric(element) || k == TypeKind::kStr || k == TypeKind::kList ||
                           k == TypeKind::kNdarray)) {
        return types::Bool();
    }
    if (name == "len" && (k == TypeKind::kStr || k == TypeKind::kList || k == TypeKind::kDict ||
                          k == TypeKind::kShape || IsArrayLike(element))) {
        return types::Int();
    }
    if (name == "abs" && number_or_array) return k == TypeKind::kBool ? types::Int() : element;
    return nullptr;
}
}  // namespace

TypeRef Analyzer::ElementFunctionResult(const ast::Expr& fn, const TypeRef& element, const std::string& role,
                                        const std::string& example) {
    const TypeRef t = program_.TypeOf(fn);
    if (t->kind == TypeKind::kUserFunction && t->function != nullptr) {
        auto* f = const_cast<ir::FunctionInfo*>(t->function);
        f->called = true;
        if (f->params.size() != 1) {
            Error(fn.range(), role + " takes one argument (an element); '" + f->name + "' takes " +
                                  std::to_string(f->params.size()));
            return types::Unknown();
        }
        ir::ParamInfo& p = f->params[0];
        if (p.param != nullptr && p.param->annotation() == nullptr) {
            JoinInto(p.type, element, fn, "parameter '" + p.name + "' of '" + f->name + "'");
            if (ir::VarInfo* v = f->FindLocal(p.name)) v->type = p.type;
        } else if (!Assignable(element, p.type)) {
            Error(fn.range(), role + " is called with '" + PyName(element) + "' elements; parameter '" + p.name +
                                  "' of '" + f->name + "' is '" + PyName(p.type) + "'");
        }
        const TypeRef r = f->return_type ? f->return_type : types::Unknown();
        if (IsNever(r)) {  // (Note [An attribute nothing assigns])
            Error(fn.range(), role + " never returns a value (it reads an attribute nothing assigns)");
            return types::Unknown();
        }
        return r;
    }
    if (IsElementBuiltin(t)) {
        if (element->kind == TypeKind::kUnknown) return types::Unknown();  // not known yet
        if (TypeRef r = BuiltinOnElement(t->entry->name, element)) return r;
        Error(fn.range(), role + " is called with '" + PyName(element) + "' elements, which " + t->entry->name +
                              "() does not take");
        return types::Unknown();
    }
    if (t->kind != TypeKind::kUnknown) {
        Error(fn.range(), role + " must be a lambda, a function of this file or one of str, repr, int, float, bool, "
                                 "len and abs (e.g. " + example + "), not " + PyName(t));
    }
    return types::Unknown();
}

TypeRef Analyzer::Sorted(const ir::CallInfo& call) {
    const ast::Expr* iterable = call.args.size() > 0 ? call.args[0].value : nullptr;
    const ast::Expr* key = call.args.size() > 1 ? call.args[1].value : nullptr;
    if (iterable == nullptr) return types::Unknown();
    TypeRef element = IterElement(program_.TypeOf(*iterable), *iterable);
    if (key != nullptr && !ast::Isa<ast::NoneLiteral>(*key)) {
        ElementFunctionResult(*key, element, "the key of sorted()", "'key=lambda x: len(x)'");
    }
    return types::List(element);
}

TypeRef Analyzer::Map(const ast::CallExpr& e, const ir::CallInfo& call) {
    const std::vector<const ast::Expr*>& iterables = call.args[1].rest;
    if (iterables.empty()) {  // Python's TypeError
        Error(e.range(), "map() must have at least two arguments");
        return types::Unknown();
    }
    if (iterables.size() > 1) {
        Error(iterables[1]->range(), "map() over several iterables is not supported; write a comprehension over "
                                     "zip() instead ('[f(x, y) for x, y in zip(xs, ys)]')");
        return types::Unknown();
    }
    const TypeRef element = IterElement(program_.TypeOf(*iterables[0]), *iterables[0]);
    program_.CallSlot(e).args[1].expected = element;  // what codegen calls the function with
    const TypeRef r = ElementFunctionResult(*call.args[0].value, element, "the function of map()", "'map(str, xs)'");
    if (r->kind != TypeKind::kUnknown && !IsValueType(r)) {
        Error(call.args[0].value->range(), "the function of map() returns " + PyName(r) + ", which a list cannot hold");
        return types::Unknown();
    }
    return types::List(r);
}

}  // namespace cnet::compiler::sema
