// missing_attributes.cc — reads of an attribute that nothing assigns: Never and a warning, or the error for an
// attribute a class does not have (a likely misspelling); and the Never type of the expressions around such a read.
//
// Note [An attribute nothing assigns]
// Python looks an attribute up when the read runs: a read of one nothing assigns is an AttributeError then, and
// not before. Chainer's examples have such reads on paths that rarely or never run: word2vec's iterator saves
// `self._order` in serialize (a bug: its order is `self.order`), ptb's guesses a value for an older snapshot in
// an `except KeyError:` fallback from `self.current_position`, which nothing assigns either. A compile error
// there would reject programs Python runs. So `obj.x` of a user class whose class and bases assign no `x`, and
// have no method, property or library member `x`, is accepted with a warning, and raises
// AttributeError("'C' object has no attribute 'x'") at its line when it runs. Exceptions, which stay the error
// "'C' has no attribute 'x'":
//   - a name close to one the class has (EditDistance, as "did you mean" suggests it): a misspelling is far
//     more likely than a read of an attribute nothing assigns. Names that differ only in leading or trailing
//     underscores (`_order`, `order`) are different names in Python's conventions, not misspellings: the
//     warning names the other as a note;
//   - a class deriving from C assigns `x`: the object may be one of those, whose C++ class C's code cannot see;
//   - `obj.x = v` outside C's methods stores x, which a C++ class cannot add.
// The message names C, the class the read is typed with (Python names the object's own class, which is a
// class derived from C when the object is one).
//
// The read has the type Never: it never produces a value. Never joins with any type to the other (a local
// also given an int is an int), is assignable to anything, and an expression that evaluates it first
// (never.h: `self.x + 1`, `self.x.y`, `f(self.x)`, `self.x[0]`) is Never too, without checks of its own, since it
// raises before it does anything; a comparison (`self.x is not None`) is a bool. A container holds no Never
// (types.cc: a list of them is a list of unknown elements). A name, field, parameter or return value that only
// Never is given is Never itself: C++ declares it cnet::py::Never, a value no code ever makes. Codegen
// (Generator::NeverValue, codegen_never.cc) evaluates what Python evaluates before the read, then the read
// raises; where a value of a type is needed, cnet::py::never_as<T> converts it (cnet/py/never.h).
#include <optional>

#include "compiler/diagnostics/edit_distance.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/never.h"

namespace cnet::compiler::sema {

namespace {
std::string_view WithoutUnderscores(std::string_view s) {
    while (!s.empty() && s.front() == '_') s.remove_prefix(1);
    while (!s.empty() && s.back() == '_') s.remove_suffix(1);
    return s;
}

// Where `cls` defines `name` (a method's name, the attribute of its first assignment), for a "did you mean" note.
std::optional<SourceRange> Definition(const ir::ClassInfo* cls, const std::string& name) {
    const ast::Node* decl = nullptr;
    if (cls != nullptr) {
        if (ir::FieldInfo* f = cls->FindField(name)) decl = f->decl;
        if (ir::FunctionInfo* m = cls->FindMethod(name)) decl = m->def;
    }
    if (decl == nullptr) return std::nullopt;
    if (const auto* fd = ast::DynCast<ast::FunctionDef>(decl)) return fd->name_range();
    if (const auto* ad = ast::DynCast<ast::AttributeExpr>(decl)) return ad->attr_range();
    return decl->range();
}
}  // namespace

void Analyzer::UnknownAttribute(const ast::AttributeExpr& e, const std::string& owner,
                                const std::vector<std::string>& candidates, const ir::ClassInfo* cls) {
    const std::string message = owner + " has no attribute '" + e.attr() + "'";
    if (auto s = SuggestClosest(e.attr(), candidates)) {
        const SourceRange at = Definition(cls != nullptr ? cls : cls_, *s).value_or(e.attr_range());
        ErrorWithNote(e.attr_range(), message, at, "did you mean '" + *s + "'?");
    } else {
        Error(e.attr_range(), message);
    }
}

bool Analyzer::MissingAttributeRead(const ast::AttributeExpr& e, const ir::ClassInfo& cls,
                                    const std::vector<std::string>& candidates) {
    const std::string& attr = e.attr();
    if (storing_attribute_ == &e) return false;  // `obj.x = v` from outside the class: C++ cannot add x
    for (const auto& other : program_.classes) {
        if (other.get() == &cls || !UserDerives(other.get(), &cls)) continue;
        for (const auto& f : other->fields) {
            if (f->name == attr) return false;
        }
        for (const auto& m : other->methods) {
            if (m->name == attr) return false;
        }
    }
    std::vector<std::string> typos;  // the candidates a misspelling of which `attr` may be
    std::string same;                // one differing only in underscores
    for (const std::string& c : candidates) {
        if (WithoutUnderscores(c) == WithoutUnderscores(attr)) {
            if (same.empty()) same = c;
        } else {
            typos.push_back(c);
        }
    }
    if (SuggestClosest(attr, typos)) return false;
    program_.missing_attributes.emplace(&e, cls.name);
    program_.headers.insert("cnet/py/never.h");
    const std::string message = "'" + cls.name + "' has no attribute '" + attr +
                                "' (nothing assigns it); reading it raises AttributeError";
    const SourceRange at = Definition(&cls, same).value_or(e.attr_range());
    WarningWithNote(e.attr_range(), message, same.empty() ? nullptr : &at, "did you mean '" + same + "'?");
    return true;
}

bool Analyzer::TypeAroundNeverOperand(const ast::Expr& e, TypeRef& t) {
    const std::vector<const ast::Expr*> operands = StrictOperands(e);
    for (const ast::Expr* op : operands) {
        if (!IsNever(program_.TypeOf(*op))) continue;
        // Codegen evaluates the operands before it (their effects happen first): each must be analyzed, also
        // where e's own analysis stopped early.
        for (const ast::Expr* before : operands) {
            if (before == op) break;
            if (program_.Info(*before) == nullptr) Expr(*before);
        }
        t = TypeAroundNever(e);
        return true;
    }
    if (const auto* c = ast::DynCast<ast::CompareExpr>(&e)) {  // `a < b < self.x` reads x only when a < b
        for (std::size_t i = 1; i < c->comparators().size(); ++i) {
            if (IsNever(program_.TypeOf(*c->comparators()[i]))) {
                Error(c->comparators()[i]->range(), "an attribute nothing assigns, read only when the comparisons "
                                                    "before it hold, is not supported; compare in two steps");
                return true;  // (this says what the comparison's own checks would)
            }
        }
    }
    return false;
}

}  // namespace cnet::compiler::sema
