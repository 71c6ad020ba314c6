// ext_shift.cc — ExponentialShift and LinearShift (hyperparameter schedules).
#include "cnet/training/extensions/exponential_shift.h"
#include "cnet/training/extensions/linear_shift.h"

#include <cmath>

#include "cnet/core/error.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace extensions {

ExponentialShift::ExponentialShift(std::string attr, double rate, std::optional<double> init,
                                   std::optional<double> target, std::shared_ptr<Optimizer> optimizer)
    : attr_(std::move(attr)), rate_(rate), init_(init), target_(target), optimizer_(std::move(optimizer)) {
    CNET_CHECK_AS(ValueError, rate >= 0, "ExponentialShift does not support negative rate");
}

Optimizer& ExponentialShift::get_optimizer(Trainer& trainer) {
    return optimizer_ ? *optimizer_ : *trainer.updater->get_optimizer("main");
}

void ExponentialShift::update_value(Optimizer& optimizer, double value) {
    optimizer.set_hyperparam(attr_, value);
    last_value_ = value;
}

void ExponentialShift::initialize(Trainer& trainer) {
    Optimizer& optimizer = get_optimizer(trainer);
    // ensure that init_ is set
    if (!init_) init_ = optimizer.get_hyperparam(attr_);
    update_value(optimizer, last_value_ ? *last_value_ : *init_);  // last_value_: resuming from a snapshot
}

void ExponentialShift::operator()(Trainer& trainer) {
    ++t_;
    Optimizer& optimizer = get_optimizer(trainer);
    if (!init_) init_ = optimizer.get_hyperparam(attr_);
    double value = *init_ * std::pow(rate_, static_cast<double>(t_));
    if (target_) {
        // almost min(value, target) (max for rate < 1), written so that negative values work too
        if (rate_ > 1) {
            if (value / *target_ > 1) value = *target_;
        } else {
            if (value / *target_ < 1) value = *target_;
        }
    }
    update_value(optimizer, value);
}

void ExponentialShift::serialize(Serializer& serializer) {
    serializer.serialize("_t", t_);
    serializer.serialize("_last_value", last_value_);
}

LinearShift::LinearShift(std::string attr, std::pair<double, double> value_range,
                         std::pair<int64_t, int64_t> time_range, std::shared_ptr<Optimizer> optimizer)
    : attr_(std::move(attr)), value_range_(value_range), time_range_(time_range), optimizer_(std::move(optimizer)) {}

Optimizer& LinearShift::get_optimizer(Trainer& trainer) {
    return optimizer_ ? *optimizer_ : *trainer.updater->get_optimizer("main");
}

void LinearShift::update_value(Optimizer& optimizer, double value) {
    optimizer.set_hyperparam(attr_, value);
    last_value_ = value;
}

double LinearShift::compute_next_value() const {
    auto [t1, t2] = time_range_;
    auto [v1, v2] = value_range_;
    if (t_ <= t1) return v1;
    if (t_ >= t2) return v2;
    double rate = static_cast<double>(t_ - t1) / static_cast<double>(t2 - t1);
    return v1 + rate * (v2 - v1);
}

void LinearShift::initialize(Trainer& trainer) {
    update_value(get_optimizer(trainer), last_value_ ? *last_value_ : compute_next_value());
}

void LinearShift::operator()(Trainer& trainer) {
    ++t_;
    update_value(get_optimizer(trainer), compute_next_value());
}

void LinearShift::serialize(Serializer& serializer) {
    serializer.serialize("_t", t_);
    serializer.serialize("_last_value", last_value_);
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
