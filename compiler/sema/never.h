// never.h — how a Never value (a read that raises when it runs: Note [An attribute nothing assigns] in
// missing_attributes.cc) makes the expression around it raise: Python evaluates some operands of an expression
// before anything else of it, and when one of them raises, so does the expression. Sema types such an expression
// Never (bool for a comparison), and codegen evaluates those operands up to the Never one, which raises.
#pragma once

#include <vector>

#include "compiler/ast/node.h"
#include "compiler/ir/program.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::sema {

/// The operands of `e` that Python evaluates whenever `e` is evaluated, in the order it evaluates them (the
/// callee and every argument of a call, both sides of `+`, the first of `and`/`or`, the test of `a if c else b`,
/// the first iterable of a comprehension, ...).
std::vector<const ast::Expr*> StrictOperands(const ast::Expr& e);
/// The first of them whose type is Never, or null.
const ast::Expr* FirstNeverOperand(const ir::Program& program, const ast::Expr& e);
/// The type of `e` when one of its strict operands is Never: bool for a comparison (`self.x is not None`),
/// else Never.
TypeRef TypeAroundNever(const ast::Expr& e);

}  // namespace cnet::compiler::sema
