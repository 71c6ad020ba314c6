// program.cc — IR queries (the `--stage=ir` dump is ir_dumper.cc).
#include "compiler/ir/program.h"

namespace cnet::compiler::ir {

namespace {

// The fact about `e`: the selected instantiation's (Note [Generic functions] in sema) if it has one, else the
// program's own.
template <typename Fact>
const Fact* FindFact(const std::unordered_map<const ast::Node*, Fact>* instance_facts,
                     const std::unordered_map<const ast::Node*, Fact>& own, const ast::Node& e) {
    if (instance_facts != nullptr) {
        if (auto it = instance_facts->find(&e); it != instance_facts->end()) return &it->second;
    }
    auto it = own.find(&e);
    return it == own.end() ? nullptr : &it->second;
}

}  // namespace

const ExprInfo* Program::Info(const ast::Node& e) const {
    auto facts = instance != nullptr ? instance_facts.find(instance) : instance_facts.end();
    return FindFact(facts != instance_facts.end() ? &facts->second.exprs : nullptr, exprs, e);
}

const CallInfo* Program::Call(const ast::Node& e) const {
    auto facts = instance != nullptr ? instance_facts.find(instance) : instance_facts.end();
    return FindFact(facts != instance_facts.end() ? &facts->second.calls : nullptr, calls, e);
}

std::vector<const ast::Stmt*> Program::Body(const FunctionInfo& fn) const {
    std::vector<const ast::Stmt*> body;
    if (fn.def != nullptr) {
        for (const ast::StmtPtr& s : fn.def->body()) body.push_back(s.get());
    } else if (&fn == entry) {
        body = script;
    }
    return body;
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
