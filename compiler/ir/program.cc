// program.cc — IR queries (the `--stage=ir` dump is ir_dumper.cc).
#include "compiler/ir/program.h"

namespace cnet::compiler::ir {

const ExprInfo* Program::Info(const ast::Node& e) const {
    if (instance != nullptr) {
        if (auto facts = instance_facts.find(instance); facts != instance_facts.end()) {
            if (auto it = facts->second.exprs.find(&e); it != facts->second.exprs.end()) return &it->second;
        }
    }
    auto it = exprs.find(&e);
    return it == exprs.end() ? nullptr : &it->second;
}

const CallInfo* Program::Call(const ast::Node& e) const {
    if (instance != nullptr) {
        if (auto facts = instance_facts.find(instance); facts != instance_facts.end()) {
            if (auto it = facts->second.calls.find(&e); it != facts->second.calls.end()) return &it->second;
        }
    }
    auto it = calls.find(&e);
    return it == calls.end() ? nullptr : &it->second;
}

ExprInfo& Program::ExprSlot(const ast::Node& e) {
    return instance != nullptr ? instance_facts[instance].exprs[&e] : exprs[&e];
}

CallInfo& Program::CallSlot(const ast::Node& e) {
    return instance != nullptr ? instance_facts[instance].calls[&e] : calls[&e];
}

void Program::ClearFacts() {
    exprs.clear();
    calls.clear();
    instance_facts.clear();
}

TypeRef Program::TypeOf(const ast::Node& e) const {
    const ExprInfo* info = Info(e);
    return info != nullptr && info->type ? info->type : sema::types::Unknown();
}

}  // namespace cnet::compiler::ir
