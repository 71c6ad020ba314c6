// minmax_value_trigger.h — chainer.training.triggers.BestValueTrigger, MaxValueTrigger, MinValueTrigger.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "cnet/training/trigger.h"

namespace cnet {
namespace reporter {
class DictSummary;
}  // namespace reporter

namespace training {
namespace triggers {

/// Fires when the mean of observation[key] over the last check interval (`trigger`) is a new best
/// according to `compare(best, new)`.
class BestValueTrigger : public Trigger {
public:
    BestValueTrigger(std::string key, std::function<bool(double, double)> compare, TriggerArg trigger = {1, "epoch"});
    ~BestValueTrigger() override;
    bool operator()(Trainer& trainer) override;
    /// The best value so far (None before the first check).
    std::optional<double> best_value() const { return best_value_; }

private:
    std::string key_;
    std::function<bool(double, double)> compare_;
    std::shared_ptr<Trigger> interval_trigger_;
    std::shared_ptr<reporter::DictSummary> summary_;
    std::optional<double> best_value_;
};

/// Fires when observation[key] becomes a new maximum (e.g. take a snapshot at the best validation accuracy).
class MaxValueTrigger : public BestValueTrigger {
public:
    explicit MaxValueTrigger(std::string key, TriggerArg trigger = {1, "epoch"});
};

/// Fires when observation[key] becomes a new minimum (e.g. the best validation loss).
class MinValueTrigger : public BestValueTrigger {
public:
    explicit MinValueTrigger(std::string key, TriggerArg trigger = {1, "epoch"});
};

}  // namespace triggers
}  // namespace training
}  // namespace cnet
