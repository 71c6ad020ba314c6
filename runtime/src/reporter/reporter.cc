// reporter.cc — Reporter, the thread's stack of current reporters, report() and report_scope().
#include "cnet/reporter/reporter.h"

#include "cnet/core/config.h"
#include "cnet/core/error.h"

namespace cnet {
namespace reporter {
namespace {

// Chainer's module-level `_reporters` list, one per thread (as Chainer >= 6 keeps it thread-local).
std::vector<Reporter*>& CurrentReporters() {
    thread_local std::vector<Reporter*> reporters;
    return reporters;
}

// chainer.reporter._copy_variable: the same array in a new variable with no creator.
Variable CopyVariable(const Variable& v) {
    if (v.is_none()) return v;
    return Variable(v.array(), v.requires_grad());
}

}  // namespace

ReportScope::ReportScope(Reporter* reporter, Observation* observation, bool push)
    : reporter_(reporter), previous_(reporter->observation_), pushed_(push) {
    reporter_->observation_ = observation;
    if (pushed_) CurrentReporters().push_back(reporter_);
}

ReportScope::~ReportScope() {
    if (pushed_) {
        auto& stack = CurrentReporters();
        if (!stack.empty() && stack.back() == reporter_) stack.pop_back();
    }
    reporter_->observation_ = previous_;
}

void Reporter::add_observer(const std::string& name, const void* observer) { observer_names_[observer] = name; }

void Reporter::add_observers(const std::string& prefix,
                             const std::vector<std::pair<std::string, const void*>>& observers) {
    for (const auto& [name, observer] : observers) observer_names_[observer] = prefix + name;
}

const std::string* Reporter::observer_name(const void* observer) const {
    auto it = observer_names_.find(observer);
    return it == observer_names_.end() ? nullptr : &it->second;
}

void Reporter::report(const Observation& values, const void* observer) {
    const bool keep_graph = config().keep_graph_on_report();
    Observation& target = observation();
    if (observer == nullptr) {
        for (const auto& [key, value] : values) target[key] = keep_graph ? value : CopyVariable(value);
        return;
    }
    const std::string* name = observer_name(observer);
    if (name == nullptr) throw Error("Given observer is not registered to the reporter.");
    for (const auto& [key, value] : values)
        target[*name + "/" + key] = keep_graph ? value : CopyVariable(value);
}

ReportScope Reporter::scope(Observation& observation) { return ReportScope(this, &observation, true); }

Reporter* get_current_reporter() {
    auto& stack = CurrentReporters();
    return stack.empty() ? nullptr : stack.back();
}

void report(const Observation& values, const void* observer) {
    if (Reporter* current = get_current_reporter()) current->report(values, observer);
}

ReportScope report_scope(Observation& observation) {
    Reporter* current = get_current_reporter();
    CNET_CHECK(current != nullptr, "report_scope: no reporter is current (use Reporter::scope first)");
    return ReportScope(current, &observation, false);
}

}  // namespace reporter
}  // namespace cnet
