// value_observation.h — chainer.training.extensions.observe_value and observe_lr.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// Reports `target_func(trainer)` as observation[observation_key]. Trigger (1, 'epoch'), priority
/// PRIORITY_WRITER, default name "_observe_value" (Chainer's).
std::shared_ptr<LambdaExtension> observe_value(const std::string& observation_key,
                                               std::function<double(Trainer&)> target_func);

/// Reports the learning rate `lr` of the optimizer `optimizer_name` as observation[observation_key].
std::shared_ptr<LambdaExtension> observe_lr(const std::string& optimizer_name = "main",
                                            const std::string& observation_key = "lr");

}  // namespace extensions
}  // namespace training
}  // namespace cnet
