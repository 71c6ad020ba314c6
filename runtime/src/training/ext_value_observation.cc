// ext_value_observation.cc — observe_value / observe_lr, FailOnNonNumber and MicroAverage.
#include "cnet/training/extensions/fail_on_nonnumber.h"
#include "cnet/training/extensions/micro_average.h"
#include "cnet/training/extensions/value_observation.h"

#include <cmath>

#include "cnet/core/error.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/reporter/reporter.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

// A Python float as an observation value (a 0-d float64 constant).
Variable Scalar64(double value) { return as_variable(Array::FromScalar(value, Dtype::kFloat64)); }

double ToDouble(const Variable& v) { return v.array().item().to_double(); }

}  // namespace

std::shared_ptr<LambdaExtension> observe_value(const std::string& observation_key,
                                               std::function<double(Trainer&)> target_func) {
    return make_extension(
        [observation_key, target_func](Trainer& trainer) {
            trainer.observation[observation_key] = Scalar64(target_func(trainer));
        },
        {1, "epoch"}, std::string("_observe_value"), PRIORITY_WRITER);
}

std::shared_ptr<LambdaExtension> observe_lr(const std::string& optimizer_name, const std::string& observation_key) {
    return observe_value(observation_key, [optimizer_name](Trainer& trainer) {
        return trainer.updater->get_optimizer(optimizer_name)->get_hyperparam("lr");
    });
}

void FailOnNonNumber::operator()(Trainer& trainer) {
    for (const auto& [name, optimizer] : trainer.updater->get_all_optimizers()) {
        if (!optimizer || !optimizer->target) continue;
        for (const Parameter& param : optimizer->target->params(/*include_uninit=*/false)) {
            if (!np::all(np::isfinite(param.array())).item<bool>()) {
                throw Error("Kill the process since parameters in optimizer '" + name + "' diverge. R.I.P.");
            }
        }
    }
}

MicroAverage::MicroAverage(std::string numerator_key, std::string denominator_key, std::string result_key,
                           TriggerArg trigger)
    : numerator_key_(std::move(numerator_key)),
      denominator_key_(std::move(denominator_key)),
      result_key_(std::move(result_key)),
      trigger_(get_trigger(trigger)) {
    priority = PRIORITY_EDITOR;
}

void MicroAverage::operator()(Trainer& trainer) {
    const auto& observation = trainer.observation;
    auto num = observation.find(numerator_key_);
    auto den = observation.find(denominator_key_);
    if (num == observation.end() || den == observation.end()) return;
    numerator_ += ToDouble(num->second);
    denominator_ += ToDouble(den->second);
    if ((*trigger_)(trainer)) {
        double result = numerator_ / denominator_;
        numerator_ = 0;
        denominator_ = 0;
        reporter::report({{result_key_, Scalar64(result)}});
    }
}

void MicroAverage::serialize(Serializer& serializer) {
    serializer.serialize("_numerator", numerator_);
    serializer.serialize("_denominator", denominator_);
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
