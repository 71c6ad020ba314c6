// interval_trigger.h — chainer.training.triggers.IntervalTrigger: fires every `period` iterations or epochs.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

#include "cnet/training/trigger.h"

namespace cnet {
namespace training {
namespace triggers {

/// Fires when `previous // period != current // period`, comparing the updater's `iteration` (unit
/// 'iteration') or `epoch_detail` (unit 'epoch', fractional periods allowed) with the value seen at the
/// previous call. The initial previous value is 0, so it does not fire before the first update.
/// Serialized keys: `previous_iteration`, `previous_epoch_detail`.
class IntervalTrigger : public Trigger {
public:
    template <typename Period, std::enable_if_t<std::is_arithmetic<Period>::value, int> = 0>
    IntervalTrigger(Period period, std::string unit)
        : IntervalTrigger(static_cast<double>(period), std::is_integral<Period>::value, std::move(unit)) {}
    IntervalTrigger(double period, bool period_is_integral, std::string unit);

    bool operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;

    double period() const { return period_; }
    const std::string& unit() const { return unit_; }
    /// `(period, unit)` as given (Chainer's get_training_length()).
    TriggerArg get_training_length() const override;
    /// str(period): "20" for an integral period, "2.5" / "20.0" for a float one (Python's str).
    std::string period_str() const;
    /// Kept for backward compatibility, as in Chainer: epoch_detail // period at the last epoch-unit call.
    double count = 0;

private:
    double period_;
    bool period_is_integral_;
    std::string unit_;
    int64_t previous_iteration_ = 0;
    double previous_epoch_detail_ = 0.0;
};

}  // namespace triggers
}  // namespace training
}  // namespace cnet
