// connection.h — neural network connections (chainer.functions.connection): linear, embed_id.
#pragma once

#include <optional>

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.linear(x, W, b=None): y = x W^T + b. x (N, ...) is flattened to (N, in); W is (out, in); b is (out,).
Variable linear(const Variable& x, const Variable& W, const Variable& b = Variable());
/// F.embed_id(x, W, ignore_label=None): rows of W (V, d) picked by the integer array x; rows for
/// ignore_label are zero. Differentiable w.r.t. W only.
Variable embed_id(const Variable& x, const Variable& W, std::optional<int64_t> ignore_label = std::nullopt);

/// F.bilinear(e1, e2, W, V1=None, V2=None, b=None): y_il = sum_jk e1_ij e2_ik W_jkl + sum_j e1_ij V1_jl +
/// sum_k e2_ik V2_kl + b_l. e1 (B, J) and e2 (B, K) (flattened after the batch axis); W (J, K, L), V1 (J, L),
/// V2 (K, L), b (L,); V1, V2 and b are given together or not at all.
Variable bilinear(const Variable& e1, const Variable& e2, const Variable& W, const Variable& V1 = Variable(),
                  const Variable& V2 = Variable(), const Variable& b = Variable());

}  // namespace functions
}  // namespace cnet
