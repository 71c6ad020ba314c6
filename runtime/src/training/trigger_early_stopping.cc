// trigger_early_stopping.cc — EarlyStoppingTrigger.
#include "cnet/training/triggers/early_stopping_trigger.h"

#include <cmath>

#include "cnet/reporter/reporter.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace triggers {

EarlyStoppingTrigger::EarlyStoppingTrigger(TriggerArg check_trigger, std::string monitor_, int64_t patients_,
                                           const std::string& mode, bool verbose_, TriggerArg max_trigger)
    : patients(patients_),
      monitor(std::move(monitor_)),
      verbose(verbose_),
      max_trigger_(get_trigger(max_trigger)),
      interval_trigger_(get_trigger(check_trigger)),
      summary_(std::make_shared<reporter::DictSummary>()) {
    if (mode == "max") greater_ = true;
    else if (mode == "min") greater_ = false;
    else greater_ = monitor.find("accuracy") != std::string::npos;
    if (verbose) std::cout << (greater_ ? "early stopping: operator is greater\n" : "early stopping: operator is less\n");
    best = greater_ ? -HUGE_VAL : HUGE_VAL;
}

EarlyStoppingTrigger::~EarlyStoppingTrigger() = default;

bool EarlyStoppingTrigger::operator()(Trainer& trainer) {
    auto it = trainer.observation.find(monitor);
    if (it != trainer.observation.end()) summary_->add(reporter::Observation{{monitor, it->second}});
    if ((*max_trigger_)(trainer)) return true;
    if (!(*interval_trigger_)(trainer)) return false;
    if (it == trainer.observation.end()) {
        std::cerr << "UserWarning: " << monitor << " is not in observation\n";
        return false;
    }
    double current = summary_->compute_mean().at(monitor);
    summary_ = std::make_shared<reporter::DictSummary>();
    if (greater_ ? current > best : current < best) {
        best = current;
        count = 0;
    } else {
        ++count;
    }
    if (count >= patients) {
        if (verbose) std::cout << "Epoch " << trainer.updater->epoch() << ": early stopping\n";
        return true;
    }
    return false;
}

TriggerArg EarlyStoppingTrigger::get_training_length() const { return max_trigger_->get_training_length(); }

}  // namespace triggers
}  // namespace training
}  // namespace cnet
