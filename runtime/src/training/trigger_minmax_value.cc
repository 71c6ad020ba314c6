// trigger_minmax_value.cc — BestValueTrigger and its Max/Min forms.
#include "cnet/training/triggers/minmax_value_trigger.h"

#include "cnet/core/error.h"
#include "cnet/reporter/reporter.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace triggers {

BestValueTrigger::BestValueTrigger(std::string key, std::function<bool(double, double)> compare, TriggerArg trigger)
    : key_(std::move(key)),
      compare_(std::move(compare)),
      interval_trigger_(get_trigger(trigger)),
      summary_(std::make_shared<reporter::DictSummary>()) {}

BestValueTrigger::~BestValueTrigger() = default;

bool BestValueTrigger::operator()(Trainer& trainer) {
    auto it = trainer.observation.find(key_);
    if (it != trainer.observation.end()) summary_->add(reporter::Observation{{key_, it->second}});
    if (!(*interval_trigger_)(trainer)) return false;

    auto stats = summary_->compute_mean();
    auto found = stats.find(key_);
    CNET_CHECK_AS(ValueError, found != stats.end(), "KeyError: '", key_, "'");
    double value = found->second;
    summary_ = std::make_shared<reporter::DictSummary>();
    if (!best_value_ || compare_(*best_value_, value)) {
        best_value_ = value;
        return true;
    }
    return false;
}

MaxValueTrigger::MaxValueTrigger(std::string key, TriggerArg trigger)
    : BestValueTrigger(std::move(key), [](double best, double value) { return value > best; }, std::move(trigger)) {}

MinValueTrigger::MinValueTrigger(std::string key, TriggerArg trigger)
    : BestValueTrigger(std::move(key), [](double best, double value) { return value < best; }, std::move(trigger)) {}

}  // namespace triggers
}  // namespace training
}  // namespace cnet
