// mpu_pack.h — MultiprocessParallelUpdater's view of a model's parameters (internal): the list every process
// agrees on, and their gradients or values packed into one flat array (one message, one NCCL call).
#pragma once

#include <string>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/links/link.h"

namespace cnet {
namespace training {
namespace mpu {

/// The initialized parameters of `model`, in namedparams order (the same order in every process).
std::vector<Parameter> Params(Link& model);
/// A parameter without a gradient gets zeros (a missing gradient counts as zeros, as in Chainer's gather).
void FillMissingGrads(const std::vector<Parameter>& params);
/// What two processes compare before combining their arrays: the packed dtype and every parameter's shape.
std::string Layout(const std::vector<Parameter>& params);

/// The gradients (or values) flattened into one contiguous array on `device`, where the parameters are (an empty
/// array there for a model without parameters), in the widest float dtype of the parameters (float16 and float32
/// round-trip through it exactly; Chainer packs float32).
Array PackGrads(const std::vector<Parameter>& params, Device device);
Array PackData(const std::vector<Parameter>& params, Device device);
/// Inverses: each part set as the gradient / copied into the parameter's array, in the parameter's dtype.
void UnpackGrads(const Array& packed, const std::vector<Parameter>& params);
void UnpackData(const Array& packed, const std::vector<Parameter>& params);

}  // namespace mpu
}  // namespace training
}  // namespace cnet
