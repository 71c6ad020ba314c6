// trigger_interval.cc — IntervalTrigger and ManualScheduleTrigger (Chainer 4 semantics: the previous
// iteration / epoch_detail is remembered by the trigger and saved in snapshots).
#include <algorithm>
#include <cmath>
#include <iostream>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/serializers/missing_key_error.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/trainer.h"
#include "cnet/training/triggers/interval_trigger.h"
#include "cnet/training/triggers/manual_schedule_trigger.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace triggers {
namespace {

void CheckUnit(const std::string& unit) {
    CNET_CHECK_AS(ValueError, unit == "epoch" || unit == "iteration",
                  "unit must be either 'epoch' or 'iteration', got '", unit, "'");
}

// Loads `key` into `value`; a missing key (an old snapshot) sets `invalid` and warns, as Chainer does.
template <typename T>
void SerializeOrInvalidate(Serializer& serializer, const std::string& key, T& value, T invalid,
                           const char* warning) {
    try {
        serializer.serialize(key, value);
    } catch (const serializers::MissingKeyError&) {
        std::cerr << "UserWarning: " << warning << "\n";
        value = invalid;
    }
}

// Snapshots are input: -1 stands for "not saved"; anything else must be a reachable value.
void ValidateLoadedPrevious(const char* trigger, int64_t previous_iteration, double previous_epoch_detail) {
    CNET_CHECK_AS(SerializationError, previous_iteration >= -1, trigger, ": the snapshot's previous_iteration ",
                  previous_iteration, " is negative");
    CNET_CHECK_AS(SerializationError, previous_epoch_detail == -1.0 || (previous_epoch_detail >= 0 &&
                                                                        std::isfinite(previous_epoch_detail)),
                  trigger, ": the snapshot's previous_epoch_detail ", previous_epoch_detail,
                  " is neither -1 nor a non-negative number");
}

}  // namespace

IntervalTrigger::IntervalTrigger(double period, bool period_is_integral, std::string unit)
    : period_(period), period_is_integral_(period_is_integral), unit_(std::move(unit)) {
    CheckUnit(unit_);
    // Chainer fails later with only "float divmod()"; a training length of 0 (`--epoch 0`) is said as such.
    CNET_CHECK_AS(ValueError, period_ > 0, "IntervalTrigger: the period must be positive, got (", period_str(), ", '",
                  unit_, "')");
    CNET_CHECK_AS(ValueError, unit_ == "epoch" || period_ == std::floor(period_),
                  "the period of an 'iteration' IntervalTrigger must be an integer, got ", period_);
}

bool IntervalTrigger::operator()(Trainer& trainer) {
    Updater& updater = *trainer.updater;
    bool fire;
    if (unit_ == "epoch") {
        double epoch_detail = updater.epoch_detail();
        double previous = previous_epoch_detail_;
        // an invalid previous value (an old snapshot): use the updater's
        if (previous < 0) previous = updater.previous_epoch_detail().value_or(0.0);
        count = internal::PyFloorDiv(epoch_detail, period_);
        fire = internal::PyFloorDiv(previous, period_) != internal::PyFloorDiv(epoch_detail, period_);
    } else {
        int64_t iteration = updater.iteration;
        int64_t previous = previous_iteration_;
        if (previous < 0) previous = iteration - 1;
        int64_t period = static_cast<int64_t>(period_);
        fire = internal::PyFloorDiv(previous, period) != internal::PyFloorDiv(iteration, period);
    }
    previous_iteration_ = updater.iteration;
    previous_epoch_detail_ = updater.epoch_detail();
    return fire;
}

void IntervalTrigger::serialize(Serializer& serializer) {
    SerializeOrInvalidate<int64_t>(serializer, "previous_iteration", previous_iteration_, -1,
                                   "The previous value of iteration is not saved. IntervalTrigger guesses it "
                                   "using current iteration. If this trigger is not called at every iteration, "
                                   "it may not work correctly.");
    SerializeOrInvalidate<double>(serializer, "previous_epoch_detail", previous_epoch_detail_, -1.0,
                                  "The previous value of epoch_detail is not saved. IntervalTrigger uses the "
                                  "value of trainer.updater.previous_epoch_detail. If this trigger is not "
                                  "called at every iteration, it may not work correctly.");
    if (serializer.is_loading()) ValidateLoadedPrevious("IntervalTrigger", previous_iteration_, previous_epoch_detail_);
}

TriggerArg IntervalTrigger::get_training_length() const {
    if (period_is_integral_) return TriggerArg(static_cast<int64_t>(period_), unit_);
    return TriggerArg(period_, unit_);
}

std::string IntervalTrigger::period_str() const {
    return period_is_integral_ ? std::to_string(static_cast<int64_t>(period_)) : py::str(period_);
}

ManualScheduleTrigger::ManualScheduleTrigger(std::vector<double> points, std::string unit)
    : points_(std::move(points)), unit_(std::move(unit)) {
    CheckUnit(unit_);
    CNET_CHECK_AS(ValueError, !points_.empty(), "ManualScheduleTrigger needs at least one point");
}

bool ManualScheduleTrigger::operator()(Trainer& trainer) {
    Updater& updater = *trainer.updater;
    double max_point = *std::max_element(points_.begin(), points_.end());
    bool fire = false;
    if (unit_ == "epoch") {
        double epoch_detail = updater.epoch_detail();
        double previous = previous_epoch_detail_;
        if (previous < 0) previous = updater.previous_epoch_detail().value_or(0.0);
        for (double p : points_) fire = fire || (previous < p && p <= epoch_detail);
        if (fire && epoch_detail >= max_point) finished = true;
    } else {
        double iteration = static_cast<double>(updater.iteration);
        double previous = static_cast<double>(previous_iteration_);
        if (previous_iteration_ < 0) previous = iteration - 1;
        for (double p : points_) fire = fire || (previous < p && p <= iteration);
        if (fire && iteration >= max_point) finished = true;
    }
    previous_iteration_ = updater.iteration;
    previous_epoch_detail_ = updater.epoch_detail();
    return fire;
}

void ManualScheduleTrigger::serialize(Serializer& serializer) {
    serializer.serialize("finished", finished);
    SerializeOrInvalidate<int64_t>(serializer, "previous_iteration", previous_iteration_, -1,
                                   "The previous value of iteration is not saved. ManualScheduleTrigger guesses "
                                   "it using current iteration. If this trigger is not called at every "
                                   "iteration, it may not work correctly.");
    SerializeOrInvalidate<double>(serializer, "previous_epoch_detail", previous_epoch_detail_, -1.0,
                                  "The previous value of epoch_detail is not saved. ManualScheduleTrigger uses "
                                  "the value of trainer.updater.previous_epoch_detail. If this trigger is not "
                                  "called at every iteration, it may not work correctly.");
    if (serializer.is_loading())
        ValidateLoadedPrevious("ManualScheduleTrigger", previous_iteration_, previous_epoch_detail_);
}

}  // namespace triggers
}  // namespace training
}  // namespace cnet
