// program.cc — IR queries (the `--stage=ir` dump is ir_dumper.cc).
#include "compiler/ir/program.h"

namespace cnet::compiler::ir {

TypeRef Program::TypeOf(const ast::Node& e) const {
    const ExprInfo* info = Info(e);
    return info != nullptr && info->type ? info->type : sema::types::Unknown();
}

}  // namespace cnet::compiler::ir
