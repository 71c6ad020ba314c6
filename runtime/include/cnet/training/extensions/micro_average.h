// micro_average.h — chainer.training.extensions.MicroAverage: sum(numerator) / sum(denominator) per interval.
#pragma once

#include <memory>
#include <string>

#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// Accumulates observation[numerator_key] and observation[denominator_key] each iteration (skipping
/// iterations where either is missing); when `trigger` fires it reports their ratio as `result_key` and
/// restarts. Priority PRIORITY_EDITOR. Serialized keys `_numerator`, `_denominator`.
class MicroAverage : public Extension {
public:
    MicroAverage(std::string numerator_key, std::string denominator_key, std::string result_key,
                 TriggerArg trigger = {1, "epoch"});
    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "MicroAverage"; }

private:
    std::string numerator_key_;
    std::string denominator_key_;
    std::string result_key_;
    std::shared_ptr<Trigger> trigger_;
    double numerator_ = 0;
    double denominator_ = 0;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
