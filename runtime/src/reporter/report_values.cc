// report_values.cc — the .cnet forms of chainer.report (report_values.h).
#include "cnet/reporter/report_values.h"

#include "cnet/links/link.h"
#include "cnet/reporter/reporter.h"

namespace cnet {
namespace reporter {
namespace {

// The observer's identity as the trainer registers it: the address of its Link base (Classifier does the same).
const void* ObserverOf(const std::shared_ptr<Link>& observer) {
    return observer ? static_cast<const void*>(static_cast<const Link*>(observer.get())) : nullptr;
}

}  // namespace

void report_values(const py::Dict<std::string, Variable>& values, const std::shared_ptr<Link>& observer) {
    Observation observation;
    for (const auto& [key, value] : values) observation[key] = value;
    report(observation, ObserverOf(observer));
}

void report_values(const py::Dict<std::string, Array>& values, const std::shared_ptr<Link>& observer) {
    Observation observation;
    for (const auto& [key, value] : values) observation[key] = Variable(value, /*requires_grad=*/false);
    report(observation, ObserverOf(observer));
}

void report_values(const py::Dict<std::string, double>& values, const std::shared_ptr<Link>& observer) {
    Observation observation;
    for (const auto& [key, value] : values) {
        observation[key] = Variable(Array::FromScalar(value, Dtype::kFloat64), /*requires_grad=*/false);
    }
    report(observation, ObserverOf(observer));
}

void report_values(const py::Dict<std::string, int64_t>& values, const std::shared_ptr<Link>& observer) {
    Observation observation;
    for (const auto& [key, value] : values) {
        observation[key] = Variable(Array::FromScalar(value, Dtype::kInt64), /*requires_grad=*/false);
    }
    report(observation, ObserverOf(observer));
}

}  // namespace reporter
}  // namespace cnet
