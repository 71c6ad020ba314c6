// codegen_link_copy.cc — Link::clone of a .cnet link class, behind link.copy(mode) (a Classifier's copy copies
// its predictor): Chainer's Link.copy is copy.copy(self) with the parameters copied per mode, and Chain.copy
// then copies each child link. Here: a member-wise copy of the C++ object (the attributes shared, as
// copy.copy shares them), the runtime's per-mode copy of parameters and children, and the class's typed
// handles of its child links pointed at the copied children.
#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

void Generator::EmitLinkClone(const ir::ClassInfo& cls) {
    const std::string& self = cls.cpp_name;
    w_.Line("");
    w_.Line("std::shared_ptr<cnet::Link> clone(const std::string& mode) const override {");
    w_.Indent();
    // An attribute whose C++ type cannot be copied (an open file) leaves the class without a copy: copy()
    // then raises the runtime's "copy() is not supported" instead of the program failing to compile.
    w_.Line("if constexpr (std::is_copy_constructible_v<" + self + ">) {");
    w_.Indent();
    w_.Line("auto copy_ = std::make_shared<" + self + ">(*this);");
    w_.Line("copy_->copy_own_state(mode);");
    bool chain = false;
    for (const ir::ClassInfo* c = &cls; c != nullptr; c = c->user_base) {
        if (c->kind == ir::ClassInfo::Kind::kChain || c->kind == ir::ClassInfo::Kind::kChainList) chain = true;
    }
    if (chain) w_.Line("copy_->copy_children(mode);");
    // The typed handles of its parameters, which copy_own_state replaced per mode.
    for (const ir::ClassInfo* c = &cls; c != nullptr; c = c->user_base) {
        for (const auto& f : c->fields) {
            if (!f->is_param) continue;
            w_.Line("for (const auto& [name_, param_] : copy_->params_) {");
            w_.Line("    if (name_ == " + sema::CppStringLiteral(f->name) + ") copy_->" + f->cpp_name + " = param_;");
            w_.Line("}");
        }
    }
    for (const ir::ClassInfo* c = &cls; c != nullptr; c = c->user_base) {
        if (c->kind != ir::ClassInfo::Kind::kChain) continue;
        for (const auto& f : c->fields) {
            if (!f->is_link) continue;
            w_.Line("copy_->" + f->cpp_name + " = std::static_pointer_cast<decltype(copy_->" + f->cpp_name +
                    ")::element_type>(static_cast<const cnet::Chain&>(*copy_)[" + sema::CppStringLiteral(f->name) + "]);");
        }
    }
    w_.Line("return copy_;");
    w_.Dedent();
    w_.Line("} else {");
    w_.Line("    return cnet::Link::clone(mode);");
    w_.Line("}");
    w_.Dedent();
    w_.Line("}");
}

}  // namespace cnet::compiler::codegen
