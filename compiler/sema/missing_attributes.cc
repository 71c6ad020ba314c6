// missing_attributes.cc — reads of `self.x` in an except handler where nothing assigns `x`.
//
// Note [An attribute nothing assigns]
// Python looks an attribute up when the read runs: a read of one nothing assigns is an AttributeError then, and
// not before. Chainer's code has such reads on fallback paths, e.g. the ptb example's iterator guessing a value
// for a snapshot of an older version:
//     except KeyError:
//         self._previous_epoch_detail = self.epoch + (self.current_position - self.batch_size) / len(self.dataset)
// A compile error there would reject a program Python runs correctly unless the fallback is taken. So inside an
// `except` handler, `self.x` of a user class with no attribute, method or library member `x` is accepted: it
// raises AttributeError ("'C' object has no attribute 'x'", at its .cnet line) when it runs. Such a read never
// produces a value, so any static type is sound for it; it takes the type of the other operand of the arithmetic
// it is in (int above), which is what the surrounding code is checked and generated with. A read with no such
// operand to take a type from (passed to a call, assigned alone), and every read outside a handler, keeps the
// compile error "'C' has no attribute 'x'", which catches misspelled attributes where no fallback is meant.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

bool Analyzer::MissingAttributeRead(const ast::AttributeExpr& e, const ir::ClassInfo& cls,
                                    const std::vector<std::string>& candidates) {
    const auto* self = ast::DynCast<ast::NameExpr>(&e.value());
    if (handler_depth_ == 0 || self == nullptr || self->id() != "self" || cls_ != &cls) return false;
    if (program_.missing_attributes.insert(&e).second) missing_attributes_.push_back({&e, cls.name, candidates});
    return true;
}

TypeRef Analyzer::TypeMissingAttribute(const ast::Expr& operand, const TypeRef& type, const TypeRef& other) {
    if (program_.missing_attributes.count(&operand) == 0 || !other) return type;
    if (!IsNumeric(other) && !IsArrayLike(other)) return type;
    const TypeRef t = other->kind == TypeKind::kBool ? types::Int() : other;
    program_.ExprSlot(operand).type = t;
    return t;
}

void Analyzer::CheckMissingAttributes() {
    for (const MissingAttribute& m : missing_attributes_) {
        const TypeRef t = program_.TypeOf(*m.read);
        if (t && t->kind != TypeKind::kUnknown) continue;
        UnknownAttribute(*m.read, "'" + m.owner + "'", m.candidates);
    }
}

}  // namespace cnet::compiler::sema
