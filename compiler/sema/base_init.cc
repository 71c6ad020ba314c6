// base_init.cc — construction of a user class derived from another user class. C++ constructs the base before
// the derived constructor's body runs, so the base's constructor arguments come from `super().__init__(args)`
// as the first statement (checked where the call is analyzed, analyzer_call.cc); a derived `__init__` that never
// calls it leaves C++ no way to construct a base whose `__init__` takes arguments.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

void Analyzer::CheckBaseConstruction() {
    for (auto& cls : program_.classes) {
        if (cls->user_base == nullptr) continue;
        const ir::FunctionInfo* base_init = cls->user_base->Init();
        if (base_init == nullptr || base_init->params.empty()) continue;
        for (auto& m : cls->methods) {
            if (!m->is_init || m->base_init_call != nullptr || m->def == nullptr) continue;
            Error(m->def->name_range(), "'" + cls->name + ".__init__' must call 'super().__init__(...)' first: the "
                                        "base class '" + cls->user_base->name + "' takes arguments to construct");
        }
    }
}

}  // namespace cnet::compiler::sema
