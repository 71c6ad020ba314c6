// fusion.h — fusion of straight-line elementwise chains: codegen replaces each maximal expression tree of at
// least two elementwise operations on Variables (+ - * / ** by a number, unary -, F.sigmoid, F.tanh, F.exp,
// F.log, F.sqrt, F.relu, ...) by one generated @elementwise kernel, so the chain runs as one kernel forward and
// one (derived) kernel backward, without the intermediate arrays (Note [Fusion]).
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include "compiler/ir/program.h"
#include "compiler/kernel/kernel_def.h"

namespace cnet::compiler::kernel {

// Note [Fusion]
// ~~~~~~~~~~~~~
// The compiler chooses: a tree is fused when every operation in it is elementwise with a Variable result and its
// leaves are Variables or numbers; each leaf is evaluated once, in source order (a name used twice is one
// input). The fused kernel computes the operations' own formulas (F.sigmoid as Chainer's 0.5 tanh(0.5 x) + 0.5,
// F.relu as x > 0 ? x : 0), so results agree with the unfused chain up to floating-point rounding (the kernel
// evaluates its constants in double precision). Its backward is the symbolic derivative (native_builder.h), one
// kernel that recomputes what it needs from the inputs instead of keeping every intermediate array.
// The kernel runs where it can (the CPU; a CUDA device only when the program was compiled by nvcc); elsewhere
// the generated code runs the chain's separate operations on the same leaf values (codegen FusedCall).
// `cnetc build --no-fusion` keeps every operation separate (for comparison: bench/fusion).

struct FusedExpr {
    const KernelDef* kernel = nullptr;
    std::vector<const ast::Expr*> leaves;  // the kernel's inputs, in order
};

struct FusionPlan {
    std::vector<std::unique_ptr<KernelDef>> kernels;
    std::unordered_map<const ast::Node*, FusedExpr> at;  // by the tree's root expression
};

/// The fused trees of every function, method and script statement of `program`.
FusionPlan PlanFusion(const ir::Program& program);

}  // namespace cnet::compiler::kernel
