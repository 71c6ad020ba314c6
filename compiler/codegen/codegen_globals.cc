// codegen_globals.cc — the "assigned" flags of late module constants (Note [Late globals] in
// sema/late_globals.cc): declared beside the constant, set by the entry code where the module's statements reach
// the assignment, checked by reads that may come before it; and the module variables functions read (Note
// [Module variables] in sema/module_variables.cc).
#include "compiler/codegen/codegen.h"

namespace cnet::compiler::codegen {

void Generator::DeclareGlobalFlag(const ir::GlobalInfo& g) {
    const bool plain = g.cpp_name.back() != '_';
    const std::string flag = sema::GeneratedName(plain ? g.cpp_name + "_assigned" : "assigned", ++temp_counter_);
    global_flags_[&g] = flag;
    w_.Line("bool " + flag + " = false;");
}

std::string Generator::GlobalRead(const ast::NameExpr& e, const ir::GlobalInfo& g) {
    auto flag = global_flags_.find(&g);
    if (flag == global_flags_.end()) return g.cpp_name;
    // A module-level read below the assignment runs after it (module statements run in order).
    const bool module_level = fn_ != nullptr && fn_ == program_.script_function.get();
    if (module_level && g.def->range().begin < e.range().begin) return g.cpp_name;
    return "cnet::py::assigned_global(" + g.cpp_name + ", " + flag->second + ", " + sema::CppStringLiteral(e.id()) + ")";
}

// Names the module's statements assign and functions read (Note [Module variables] in sema): at namespace
// scope, each with the flag its reads from functions check.
void Generator::EmitModuleVariables() {
    if (program_.script_function == nullptr) return;
    bool any = false;
    for (const auto& v : program_.script_function->locals) {
        if (!v->module_variable || !v->type) continue;
        const std::string flag = sema::GeneratedName(v->cpp_name + "_assigned", ++temp_counter_);
        module_flags_[v.get()] = flag;
        w_.Comment("module variable " + v->name);
        w_.Line("inline " + sema::CppName(v->type) + " " + v->cpp_name + "{};");
        w_.Line("inline bool " + flag + " = false;");
        any = true;
    }
    if (any) w_.Line("");
}

std::string Generator::ModuleVariableRead(const ast::NameExpr& e, const ir::VarInfo& v) {
    return "cnet::py::assigned_global(" + v.cpp_name + ", " + module_flags_.at(&v) + ", " + sema::CppStringLiteral(e.id()) +
           ")";
}

void Generator::SetGlobalFlags(const SourceLocation& before) {
    for (const auto& [g, flag] : global_flags_) {
        if (g->def->range().begin < before && global_flags_set_.insert(g).second) w_.Line(flag + " = true;");
    }
}

}  // namespace cnet::compiler::codegen
