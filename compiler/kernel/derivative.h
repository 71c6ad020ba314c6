// derivative.h — symbolic differentiation of kernel expressions (for @elementwise kernels), with the constant
// folding that keeps derived kernels readable (0 * a -> 0, a * 1 -> a, ...).
#pragma once

#include <map>
#include <string>

#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

ExprPtr Clone(const Expr& e);
/// `e` with each name in `values` replaced by (a copy of) its expression.
ExprPtr Substitute(const Expr& e, const std::map<std::string, const Expr*>& values);
/// d e / d var. Comparisons and conditions are constant (their derivative is 0, as in Chainer's where).
ExprPtr Derive(const Expr& e, const std::string& var);
/// Folds the trivial constants of a derived expression.
ExprPtr Simplify(ExprPtr e);

ExprPtr Number(const std::string& text);
ExprPtr Name(const std::string& name);
ExprPtr Binary(const std::string& op, ExprPtr a, ExprPtr b);
ExprPtr Call(const std::string& fn, std::vector<ExprPtr> args);

/// The C++ form of a number literal of a Python expression (always floating point: Python's 1 / 2 is 0.5).
std::string FloatLiteralText(double v);

}  // namespace cnet::compiler::kernel
