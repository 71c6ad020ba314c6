// activation.h — differentiable activation functions (chainer.functions.activation), with Chainer's
// argument names and defaults. Every one supports double backprop.
#pragma once

#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.relu(x): max(0, x).
Variable relu(const Variable& x);
/// F.leaky_relu(x, slope=0.2): x if x >= 0, else slope * x.
Variable leaky_relu(const Variable& x, double slope = 0.2);
/// F.clipped_relu(x, z=20.0): min(max(0, x), z).
Variable clipped_relu(const Variable& x, double z = 20.0);
/// F.elu(x, alpha=1.0): x if x >= 0, else alpha * (exp(x) - 1).
Variable elu(const Variable& x, double alpha = 1.0);
/// F.selu(x, alpha=1.6732632423543772, scale=1.0507009873554805): scale * elu(x, alpha).
Variable selu(const Variable& x, double alpha = 1.6732632423543772, double scale = 1.0507009873554805);
/// F.crelu(x, axis=1): concat(max(0, x), max(0, -x)) along axis (that axis doubles in size).
Variable crelu(const Variable& x, int axis = 1);
/// F.hard_sigmoid(x): 0 if x < -2.5; 0.2x + 0.5; 1 if x > 2.5.
Variable hard_sigmoid(const Variable& x);
/// F.sigmoid(x): 1 / (1 + exp(-x)), computed as tanh(x/2)/2 + 1/2.
Variable sigmoid(const Variable& x);
/// F.tanh(x).
Variable tanh(const Variable& x);
/// F.softplus(x, beta=1.0): log(1 + exp(beta * x)) / beta, computed stably.
Variable softplus(const Variable& x, double beta = 1.0);
/// F.swish(x, beta): x * sigmoid(beta * x); beta's shape is x.shape[1:1+beta.ndim], broadcast over the rest.
Variable swish(const Variable& x, const Variable& beta);
/// F.softmax(x, axis=1).
Variable softmax(const Variable& x, int axis = 1);
/// F.log_softmax(x): log(softmax(x)) along axis 1, computed stably. (`axis` is an extension of Chainer v4's
/// signature, which has none; Chainer v5 added it with this default.)
Variable log_softmax(const Variable& x, int axis = 1);

/// F.prelu(x, W): x where x >= 0, else W x; W's shape is x.shape[1:1+W.ndim], broadcast over the rest.
Variable prelu(const Variable& x, const Variable& W);
/// F.maxout(x, pool_size, axis=1): x.shape[axis] = M * pool_size is split into (M, pool_size) and the max is
/// taken over each group of pool_size consecutive entries; the result has M there.
Variable maxout(const Variable& x, int64_t pool_size, int axis = 1);

}  // namespace functions
}  // namespace cnet
