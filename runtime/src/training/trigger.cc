// trigger.cc — get_trigger and TriggerArg's repr.
#include "cnet/training/trigger.h"

#include "cnet/py/format.h"
#include "cnet/training/triggers/interval_trigger.h"

namespace cnet {
namespace training {
namespace {

// get_trigger(None): Chainer's _never_fire_trigger.
class NeverFireTrigger : public Trigger {
public:
    bool operator()(Trainer&) override { return false; }
};

}  // namespace

TriggerArg Trigger::get_training_length() const { return TriggerArg(); }

std::string TriggerArg::repr() const {
    if (is_interval_) {
        std::string period = period_is_integral_ ? std::to_string(static_cast<int64_t>(period_)) : py::repr(period_);
        return "(" + period + ", " + py::repr(unit_) + ")";
    }
    return trigger_ ? "<trigger>" : "None";
}

std::string str(const TriggerArg& trigger) {
    if (trigger.is_interval() || trigger.is_none()) return trigger.repr();
    return py::str(trigger.trigger());
}

std::shared_ptr<Trigger> get_trigger(const TriggerArg& trigger) {
    if (trigger.trigger()) return trigger.trigger();
    if (trigger.is_interval()) {
        return std::make_shared<triggers::IntervalTrigger>(trigger.period(), trigger.period_is_integral(),
                                                           trigger.unit());
    }
    return std::make_shared<NeverFireTrigger>();
}

}  // namespace training
}  // namespace cnet
