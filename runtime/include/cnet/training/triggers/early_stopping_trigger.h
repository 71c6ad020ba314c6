// early_stopping_trigger.h — chainer.training.triggers.EarlyStoppingTrigger: a stop trigger that fires when a
// monitored value stops improving.
#pragma once

#include <iostream>
#include <memory>
#include <string>

#include "cnet/training/trigger.h"

namespace cnet {
namespace reporter {
class DictSummary;
}  // namespace reporter

namespace training {
namespace triggers {

/// Averages observation[monitor] over each `check_trigger` interval; fires once `patients` checks in a row
/// did not improve on the best mean, or when `max_trigger` fires. `mode` 'max', 'min' or 'auto' ('max' when
/// the key contains "accuracy"). `verbose` prints Chainer's messages to stdout.
class EarlyStoppingTrigger : public Trigger {
public:
    explicit EarlyStoppingTrigger(TriggerArg check_trigger = {1, "epoch"}, std::string monitor = "main/loss",
                                  int64_t patients = 3, const std::string& mode = "auto", bool verbose = false,
                                  TriggerArg max_trigger = {100, "epoch"});
    ~EarlyStoppingTrigger() override;
    bool operator()(Trainer& trainer) override;
    /// The max trigger's training length.
    TriggerArg get_training_length() const override;

    int64_t count = 0;
    int64_t patients;
    std::string monitor;
    bool verbose;
    double best;

private:
    bool greater_;
    std::shared_ptr<Trigger> max_trigger_;
    std::shared_ptr<Trigger> interval_trigger_;
    std::shared_ptr<reporter::DictSummary> summary_;
};

}  // namespace triggers
}  // namespace training
}  // namespace cnet
