// linear_shift.h — chainer.training.extensions.LinearShift: moves a hyperparameter linearly over calls.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "cnet/training/extension.h"

namespace cnet {

class Optimizer;

namespace training {
namespace extensions {

/// `attr` is value_range.first until call time_range.first, moves linearly to value_range.second by call
/// time_range.second, then stays there. Applied before training too (initialize). Serialized keys `_t`,
/// `_last_value`.
class LinearShift : public Extension {
public:
    LinearShift(std::string attr, std::pair<double, double> value_range, std::pair<int64_t, int64_t> time_range,
                std::shared_ptr<Optimizer> optimizer = nullptr);
    void initialize(Trainer& trainer) override;
    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "LinearShift"; }

private:
    Optimizer& get_optimizer(Trainer& trainer);
    double compute_next_value() const;
    void update_value(Optimizer& optimizer, double value);

    std::string attr_;
    std::pair<double, double> value_range_;
    std::pair<int64_t, int64_t> time_range_;
    std::shared_ptr<Optimizer> optimizer_;
    int64_t t_ = 0;
    std::optional<double> last_value_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
