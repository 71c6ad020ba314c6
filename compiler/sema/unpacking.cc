// unpacking.cc — sema of `*` in call arguments: a shape into a `*shape` parameter (Note [Unpacking a shape]), a list
// into a library function's `*args` (Note [Unpacking a list into *args]) and zip(*rows).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Note [Unpacking a shape]
// `np.random.randn(*h.shape)`: a starred shape, a tuple of ints or a list of ints, as the only argument of a library
// `*shape: int` parameter (rand, randn, reshape, transpose), is passed to the C++ as one cnet::Shape, which those
// functions take (tests/surface compiles that form for every such row). Other unpacking is an error.
// A `*shape: shape` parameter (ndarray's and Variable's reshape and transpose) takes ints or, as NumPy's and
// Chainer's methods do, one tuple or list of ints (`x.reshape((rows, cols, 3, H, W))`), passed the same way.
namespace {
bool IsIntSequence(const TypeRef& t) {
    bool ints = t->kind == TypeKind::kShape || t->kind == TypeKind::kUnknown ||
                (t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kInt) || t->kind == TypeKind::kTuple;
    if (t->kind == TypeKind::kTuple) {
        for (const TypeRef& a : t->args) ints = ints && a->kind == TypeKind::kInt;
    }
    return ints;
}
}  // namespace

void Analyzer::StarredShape(const ast::StarredExpr& star) {
    const TypeRef t = StripOptional(Expr(star.value()));
    if (!IsIntSequence(t)) Error(star.value().range(), "'*' unpacks a shape or a tuple of ints here, got '" + PyName(t) + "'");
}

// zip(*rows) of a list of tuples or lists: its columns. Python gives tuples of one element per row; cnet gives
// lists (the count is the number of rows, known at run time), a list of them when the rows' elements have one
// type, else a tuple of them (cnet::py::unzip).
TypeRef Analyzer::ZipOfRows(const TypeRef& rows, const ast::Expr& arg) {
    if (rows->kind == TypeKind::kUnknown) return types::Unknown();
    const TypeRef row = rows->kind == TypeKind::kList ? rows->args[0] : types::Unknown();
    if (row->kind == TypeKind::kList) return types::List(row);
    if (row->kind == TypeKind::kTuple && !row->args.empty()) {
        bool same = true;
        for (const TypeRef& t : row->args) same = same && SameType(t, row->args[0]);
        if (same) return types::List(types::List(row->args[0]));
        std::vector<TypeRef> columns;
        for (const TypeRef& t : row->args) columns.push_back(types::List(t));
        return types::Tuple(columns);
    }
    if (row->kind == TypeKind::kUnknown && rows->kind == TypeKind::kList) return types::Unknown();
    Error(arg.range(), "zip(*rows) takes a list of tuples or lists, got '" + PyName(rows) + "'");
    return types::Unknown();
}

// Note [Unpacking a list into *args]
// `cuda.get_array_module(*batch)`, `F.add(*xs)`, `TupleDataset(*arrays)`: a list, as the only argument of a
// library `*args` parameter, is passed to the C++ as the list itself (chainer.functions as one cnet::VarList),
// which every such row takes (tests/surface compiles that form for every row with a typed `*args`). Its elements
// must be what `*args` takes. zip(*rows) is typed in ZipOfRows().
void Analyzer::StarredList(const ast::StarredExpr& star, const ir::BoundArg& arg, const std::string& what) {
    const TypeRef t = StripOptional(Expr(star.value()));
    if (t->kind == TypeKind::kUnknown) return;
    if (t->kind != TypeKind::kList) {
        Error(star.value().range(), "'*' into '*" + arg.spec->name + "' of '" + what + "' unpacks a list here, got '" +
                                        PyName(t) + "'");
        return;
    }
    const TypeRef& element = t->args[0];
    const bool untyped = !arg.expected || arg.expected->kind == TypeKind::kUnknown;
    if (element->kind != TypeKind::kUnknown &&
        (untyped ? !FitsUnion(element, arg.spec->type) : !Assignable(element, arg.expected))) {
        Error(star.value().range(), "the elements of '*" + arg.spec->name + "' of '" + what + "' must be '" +
                                        (untyped ? arg.spec->type : PyName(arg.expected)) + "', got '" +
                                        PyName(t) + "'");
    }
}

void Analyzer::ShapeArguments(const std::vector<const ast::Expr*>& values, const std::string& name, const std::string& what) {
    for (const ast::Expr* v : values) {
        const TypeRef t = Expr(*v);
        if (t->kind == TypeKind::kInt || t->kind == TypeKind::kBool || t->kind == TypeKind::kUnknown) continue;
        if (values.size() == 1 && IsIntSequence(t)) continue;
        Error(v->range(), "argument '" + name + "' of '" + what + "' must be ints or one tuple of ints, got '" +
                              PyName(t) + "'");
        return;
    }
}

}  // namespace cnet::compiler::sema
