// exponential_shift.h — chainer.training.extensions.ExponentialShift: multiplies a hyperparameter by a rate.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cnet/training/extension.h"

namespace cnet {

class Optimizer;

namespace training {
namespace extensions {

/// At each call, `attr = init * rate ** t` on the optimizer (default: the updater's "main"), clipped at
/// `target`. initialize() applies `init` (default: the current value) before training, or the last value
/// after a resume. Serialized keys `_t`, `_last_value`.
class ExponentialShift : public Extension {
public:
    ExponentialShift(std::string attr, double rate, std::optional<double> init = std::nullopt,
                     std::optional<double> target = std::nullopt, std::shared_ptr<Optimizer> optimizer = nullptr);
    void initialize(Trainer& trainer) override;
    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "ExponentialShift"; }

private:
    Optimizer& get_optimizer(Trainer& trainer);
    void update_value(Optimizer& optimizer, double value);

    std::string attr_;
    double rate_;
    std::optional<double> init_;
    std::optional<double> target_;
    std::shared_ptr<Optimizer> optimizer_;
    int64_t t_ = 0;
    std::optional<double> last_value_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
