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

}  // namespace functions
}  // namespace cnet
