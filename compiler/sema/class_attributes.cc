// class_attributes.cc — constants assigned in a class body (`insize = 227`), read as `self.insize`, `obj.insize`
// and `Alex.insize` (Note [Class attributes]).
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

// Note [Class attributes]
// ~~~~~~~~~~~~~~~~~~~~~~~
// Python keeps a class attribute once, on the class, and `self.name` finds it until an assignment to `self.name`
// gives the instance its own. For a constant of an immutable type (a number, string, bool, None or a tuple of
// them) no program can tell that sharing from a copy per instance, so a class attribute is an ordinary field
// whose C++ declaration starts it at the constant (`int64_t insize = 227;`), and `Alex.insize` is the constant
// itself. What could tell the two apart is rejected: a mutable value (a list shared by all instances), an
// assignment to `Alex.insize` (which Python makes visible to every instance), and a subclass giving the attribute
// another value (which the base class's methods would have to see). A subclass that repeats the same constant,
// as imagenet's ResNeXt50 does, is accepted. A training.Extension's `trigger`, `priority` and `name` are the
// runtime Extension's own members, which trainer.extend reads: they are set, not declared (ClassInfo::
// extension_attributes; codegen sets them in a member initializer, before __init__ runs as in Python).

namespace {

// The type of a constant class-attribute value, or null when it is not one.
TypeRef ConstantType(const ast::Expr& e) {
    switch (e.kind()) {
        case ast::NodeKind::kIntLiteral: return types::Int();
        case ast::NodeKind::kFloatLiteral: return types::Float();
        case ast::NodeKind::kStringLiteral: return types::Str();
        case ast::NodeKind::kBoolLiteral: return types::Bool();
        case ast::NodeKind::kNoneLiteral: return types::None();
        case ast::NodeKind::kUnaryExpr: {
            const auto& u = ast::Cast<ast::UnaryExpr>(e);
            if (u.op() != ast::UnaryOp::kMinus && u.op() != ast::UnaryOp::kPlus) return nullptr;
            TypeRef t = ConstantType(u.operand());
            return t && (t->kind == TypeKind::kInt || t->kind == TypeKind::kFloat) ? t : nullptr;
        }
        case ast::NodeKind::kTupleExpr: {
            std::vector<TypeRef> elements;
            for (const auto& x : ast::Cast<ast::TupleExpr>(e).elements()) {
                TypeRef t = ConstantType(*x);
                if (!t || t->kind == TypeKind::kNone) return nullptr;
                elements.push_back(t);
            }
            return types::Tuple(std::move(elements));
        }
        default: return nullptr;
    }
}

// True when two constants are written alike (a subclass repeating its base's value).
bool SameConstant(const ast::Expr& a, const ast::Expr& b) {
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
        case ast::NodeKind::kIntLiteral: return ast::Cast<ast::IntLiteral>(a).value() == ast::Cast<ast::IntLiteral>(b).value();
        case ast::NodeKind::kFloatLiteral:
            return ast::Cast<ast::FloatLiteral>(a).value() == ast::Cast<ast::FloatLiteral>(b).value();
        case ast::NodeKind::kStringLiteral:
            return ast::Cast<ast::StringLiteral>(a).value() == ast::Cast<ast::StringLiteral>(b).value();
        case ast::NodeKind::kBoolLiteral:
            return ast::Cast<ast::BoolLiteral>(a).value() == ast::Cast<ast::BoolLiteral>(b).value();
        case ast::NodeKind::kNoneLiteral: return true;
        case ast::NodeKind::kUnaryExpr: {
            const auto& ua = ast::Cast<ast::UnaryExpr>(a);
            const auto& ub = ast::Cast<ast::UnaryExpr>(b);
            return ua.op() == ub.op() && SameConstant(ua.operand(), ub.operand());
        }
        case ast::NodeKind::kTupleExpr: {
            const auto& ea = ast::Cast<ast::TupleExpr>(a).elements();
            const auto& eb = ast::Cast<ast::TupleExpr>(b).elements();
            if (ea.size() != eb.size()) return false;
            for (std::size_t i = 0; i < ea.size(); ++i) {
                if (!SameConstant(*ea[i], *eb[i])) return false;
            }
            return true;
        }
        default: return false;
    }
}

}  // namespace

bool Analyzer::CollectClassAttribute(ir::ClassInfo& cls, const ast::Stmt& s) {
    const ast::Expr* target = nullptr;
    const ast::Expr* value = nullptr;
    if (const auto* a = ast::DynCast<ast::AssignStmt>(&s); a != nullptr && a->targets().size() == 1) {
        target = a->targets()[0].get();
        value = &a->value();
    } else if (const auto* an = ast::DynCast<ast::AnnAssignStmt>(&s); an != nullptr && an->value() != nullptr) {
        target = &an->target();
        value = an->value();
    }
    const auto* name = target != nullptr ? ast::DynCast<ast::NameExpr>(target) : nullptr;
    if (name == nullptr) return false;
    if (cls.lib_base != nullptr && cls.lib_base->name == "Extension" &&
        (name->id() == "trigger" || name->id() == "priority" || name->id() == "name")) {
        // seq2seq's `trigger = 1, 'epoch'` / `priority = chainer.training.PRIORITY_WRITER`: the defaults
        // trainer.extend(ext) takes when not given them, as in Chainer.
        cls.extension_attributes.emplace_back(name->id(), value);
        return true;
    }
    TypeRef type = ConstantType(*value);
    if (!type) {
        Error(value->range(), "a class attribute must be a constant (a number, string, bool, None or a tuple of them); "
                              "assign other values in '__init__' as 'self." + name->id() + " = value'");
        return true;
    }
    for (const auto& f : cls.fields) {
        if (f->name == name->id()) {
            Error(target->range(), "class attribute '" + name->id() + "' is assigned twice in the class body");
            return true;
        }
    }
    auto field = std::make_unique<ir::FieldInfo>();
    field->name = name->id();
    field->cpp_name = LibraryMemberName(LibraryBaseOf(&cls), name->id());
    field->type = type;
    field->decl = target;
    field->class_value = value;
    cls.fields.push_back(std::move(field));
    return true;
}

void Analyzer::MergeClassAttributes() {
    report_ = true;
    for (auto& cls : program_.classes) {
        for (auto it = cls->fields.begin(); it != cls->fields.end();) {
            const ir::FieldInfo& f = **it;
            const ir::FieldInfo* inherited = cls->user_base != nullptr && f.class_value != nullptr
                                                 ? cls->user_base->FindField(f.name)
                                                 : nullptr;
            if (inherited == nullptr) {
                ++it;
                continue;
            }
            if (inherited->class_value == nullptr || !SameConstant(*inherited->class_value, *f.class_value)) {
                ErrorWithNote(f.decl->range(),
                              "class attribute '" + f.name + "' of '" + cls->name + "' gives another value than '" +
                                  cls->user_base->name + "' does; the base class's methods would not see it: set it in "
                                  "'__init__' as 'self." + f.name + " = value' instead",
                              inherited->decl->range(), "the base class's '" + f.name + "' is here");
                ++it;
                continue;
            }
            it = cls->fields.erase(it);  // a subclass repeating the base's constant: one field, the base's
        }
    }
    report_ = false;
}

void Analyzer::AnalyzeClassAttributes() {
    for (auto& cls : program_.classes) {
        cls_ = cls.get();
        for (const auto& f : cls->fields) {
            if (f->class_value != nullptr) Expr(*f->class_value);  // the field's initializer, for codegen
        }
        for (const auto& [name, value] : cls->extension_attributes) {
            const TypeRef t = Expr(*value);
            const bool ok = name == "trigger"    ? IsTriggerArg(t)
                            : name == "priority" ? t->kind == TypeKind::kInt
                                                 : t->kind == TypeKind::kStr;
            if (!ok && t->kind != TypeKind::kUnknown) {
                Error(value->range(), "the class attribute '" + name + "' of a training.Extension must be " +
                                          (name == "trigger" ? "a trigger ((1, 'epoch') or a trigger object)"
                                           : name == "priority" ? "an int (training.PRIORITY_WRITER, ...)"
                                                                : "a str") +
                                          ", got '" + PyName(t) + "'");
            }
        }
        cls_ = nullptr;
    }
}

const ir::FieldInfo* Analyzer::ClassAttribute(const ir::ClassInfo& cls, const std::string& attr) const {
    const ir::FieldInfo* f = cls.FindField(attr);
    return f != nullptr && f->class_value != nullptr ? f : nullptr;
}

bool Analyzer::RejectClassAttributeStore(const ast::AttributeExpr& target) {
    const ir::ExprInfo* info = program_.Info(target);
    const ir::ExprInfo* owner = program_.Info(target.value());
    if (info == nullptr || owner == nullptr || info->field == nullptr || info->field->class_value == nullptr ||
        owner->type->kind != TypeKind::kUserClassRef) {
        return false;
    }
    Error(target.range(), "assigning the class attribute '" + owner->type->user_class->name + "." + target.attr() +
                              "' is not supported (each instance keeps its own copy of the constant); assign "
                              "'self." + target.attr() + "' in a method, or use a module-level variable");
    return true;
}

}  // namespace cnet::compiler::sema
