// registered_attributes.cc — attributes a link registers by name: `self.add_param('W', shape)` and
// `self.add_persistent('count', 0)`.
//
// Note [Registered attributes]
// Chainer's Link.add_param(name, ...) and add_persistent(name, value) also make `self.name` an attribute. In a
// link class, a statement `self.add_param('W', ...)` (a string literal name) declares the field W, a Variable
// holding the registered Parameter (codegen writes `W = add_param("W", ...)`, as for `self.W = Parameter(...)`
// in init_scope). `self.add_persistent('n', value)` declares the field n of the value's type (int, float, bool
// or ndarray, what a persistent value can hold), read and written as the link's persistent value
// (`persistent<int64_t>("n")`), so that serialize() saves what the program last stored.
#include "compiler/sema/analyzer.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

void Analyzer::RegisteredAttribute(const ast::CallExpr& call) {
    const auto* attr = ast::DynCast<ast::AttributeExpr>(&call.func());
    if (attr == nullptr || (attr->attr() != "add_param" && attr->attr() != "add_persistent")) return;
    const auto* self = ast::DynCast<ast::NameExpr>(&attr->value());
    if (self == nullptr || self->id() != "self" || cls_ == nullptr || !cls_->IsLink() || fn_ == nullptr ||
        call.args().empty()) {
        return;
    }
    const auto* name = ast::DynCast<ast::StringLiteral>(call.args()[0].get());
    if (name == nullptr) return;  // (a computed name registers, but is no attribute .cnet can type)
    const bool persistent = attr->attr() == "add_persistent";
    TypeRef type = types::Variable();
    if (persistent) {
        const ast::Expr* value = call.args().size() > 1 ? call.args()[1].get() : nullptr;
        for (const auto& k : call.keywords()) {
            if (k->name() == "value") value = &k->value();
        }
        if (value == nullptr) return;
        type = StripOptional(program_.TypeOf(*value));
        if (type->kind != TypeKind::kInt && type->kind != TypeKind::kFloat && type->kind != TypeKind::kBool &&
            type->kind != TypeKind::kNdarray) {
            Error(value->range(), "a persistent value is an int, a float, a bool or an ndarray in .cnet, got '" +
                                      PyName(type) + "'");
            return;
        }
    }
    ir::FieldInfo* f = cls_->FindField(name->value());
    if (f == nullptr) {
        auto field = std::make_unique<ir::FieldInfo>();
        field->name = name->value();
        field->cpp_name = LibraryMemberName(LibraryBaseOf(cls_), name->value());
        field->type = type;
        field->decl = &call;
        field->is_param = !persistent;
        field->is_persistent = persistent;
        f = field.get();
        cls_->fields.push_back(std::move(field));
        changed_ = true;
    } else if (f->decl != &call) {
        Error(name->range(), "'" + name->value() + "' is already an attribute of '" + cls_->name + "'; Chainer's " +
                                 attr->attr() + " refuses to register it again");
    }
}

}  // namespace cnet::compiler::sema
