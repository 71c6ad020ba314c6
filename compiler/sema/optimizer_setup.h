// optimizer_setup.h — the model an optimizer is set up with (`optimizer.setup(model)`), where cnetc needs it
// before run time: the static shape checks (shape_check.cc) and a converter's dict of keyword arguments
// (keyword_batches.cc).
#pragma once

#include "compiler/ast/expr.h"
#include "compiler/ir/program.h"

namespace cnet::compiler::sema {

/// The argument of the one `opt.setup(model)` call in `fn`'s body whose receiver is the local `optimizer` names;
/// null when `optimizer` is no local, or there is no such call or more than one.
const ast::Expr* OptimizerSetupTarget(const ir::Program& program, const ast::Expr& optimizer,
                                      const ir::FunctionInfo& fn);

}  // namespace cnet::compiler::sema
