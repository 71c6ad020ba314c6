// reporter.h — chainer.reporter: Reporter (observer names, report scopes), report(), report_scope(), and the
// Summary / DictSummary statistics that LogReport and Evaluator build from the observations.
//
//   reporter::Reporter r;
//   r.add_observer("main", &model);
//   reporter::Observation observation;
//   {
//       auto scope = r.scope(observation);           // `with reporter.scope(observation):`
//       report({{"loss", loss}}, &model);           // observation["main/loss"] = loss (detached copy)
//   }
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/ordered_dict.h"
#include "cnet/core/variable.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace reporter {

/// A dict of reported values. Values stay Variables (usually 0-d), on their device: reporting never reads
/// them back to the host. Python numbers are reported as 0-d arrays (Array::FromScalar).
using Observation = OrderedDict<std::string, Variable>;
/// Means and statistics by key, in the order the keys were first reported.
using Statistics = OrderedDict<std::string, double>;

class Reporter;

/// The scope returned by Reporter::scope and report_scope: while alive, reports go to the given observation
/// (and, for Reporter::scope, the reporter is the current one). Not copyable; hold it in a local variable.
class ReportScope {
public:
    ReportScope(const ReportScope&) = delete;
    ReportScope& operator=(const ReportScope&) = delete;
    ~ReportScope();

private:
    friend class Reporter;
    friend ReportScope report_scope(Observation& observation);
    ReportScope(Reporter* reporter, Observation* observation, bool push);

    Reporter* reporter_;
    Observation* previous_;
    bool pushed_;
};

/// chainer.Reporter: maps observers (identified by address, as Chainer uses id()) to names, and stores
/// reported values into the current observation.
class Reporter {
public:
    Reporter() = default;
    Reporter(const Reporter&) = delete;
    Reporter& operator=(const Reporter&) = delete;

    /// Registers `observer` under `name`; its reports are stored as "<name>/<key>".
    void add_observer(const std::string& name, const void* observer);
    /// Registers each (name, observer) pair under prefix + name (Trainer: "main" + "/predictor").
    void add_observers(const std::string& prefix, const std::vector<std::pair<std::string, const void*>>& observers);

    /// Stores `values` into the current observation: keys are prefixed with the observer's name and '/' when
    /// `observer` is given (Error if it was never registered). Variables are stored as copies detached from the
    /// graph unless config keep_graph_on_report is set.
    void report(const Observation& values, const void* observer = nullptr);

    /// `with reporter.scope(observation):` — reports go into `observation`, and this reporter is current.
    ReportScope scope(Observation& observation);

    /// The observation reports currently go to (the reporter's own dict outside any scope).
    Observation& observation() { return observation_ ? *observation_ : own_observation_; }
    /// The registered name of `observer`, or nullptr.
    const std::string* observer_name(const void* observer) const;

private:
    friend class ReportScope;
    friend ReportScope report_scope(Observation& observation);

    std::map<const void*, std::string> observer_names_;
    Observation own_observation_;
    Observation* observation_ = nullptr;
};

/// chainer.get_current_reporter(): the innermost reporter in scope on this thread, or nullptr.
Reporter* get_current_reporter();

/// chainer.report(values, observer=None): reports to the current reporter; does nothing when there is none.
void report(const Observation& values, const void* observer = nullptr);

/// chainer.report_scope(observation): redirects the current reporter's reports into `observation` while the
/// returned scope lives. Error when no reporter is current.
ReportScope report_scope(Observation& observation);

/// chainer.reporter.Summary: a (weighted) running mean and standard deviation of scalars.
/// The accumulators are 0-d float64 arrays kept on the values' device, so `add` never synchronizes.
class Summary {
public:
    Summary();
    /// Adds a scalar or a size-1 array (a 0-d array in Chainer's use) with `weight`.
    void add(const Array& value, double weight = 1);
    void add(double value, double weight = 1);
    /// sum(weight * value) / sum(weight); NaN when nothing was added (Chainer divides by zero).
    double compute_mean() const;
    /// (mean, std) with std = sqrt(E[x^2] - mean^2), the population standard deviation.
    std::pair<double, double> make_statistics() const;
    /// Keys "_x", "_x2" (0-d float64) and "_n" (float64; Chainer writes an int, which loads fine). A missing
    /// key when loading keeps the current statistics (Chainer warns).
    void serialize(Serializer& serializer);

private:
    void Accumulate(const Array& value, double weight);
    Array x_;   // sum of weight * value
    Array x2_;  // sum of weight * value^2
    double n_ = 0;
};

/// chainer.reporter.DictSummary: a Summary per key of the observations added to it.
class DictSummary {
public:
    /// Adds every scalar entry (size-1, 0-d Variables); entries of higher rank are skipped, as in Chainer.
    void add(const Observation& d);
    /// Adds plain numbers (e.g. values computed on the host).
    void add(const std::map<std::string, double>& d);
    Statistics compute_mean() const;
    /// {key: mean, key + ".std": std}.
    Statistics make_statistics() const;
    /// "_names" (the JSON list of keys), then "_summaries/<index>/..." for each key.
    void serialize(Serializer& serializer);

    const std::map<std::string, Summary>& summaries() const { return summaries_; }
    bool empty() const { return summaries_.empty(); }

private:
    std::vector<std::string> names_;  // insertion order, as Chainer's dict
    std::map<std::string, Summary> summaries_;
};

}  // namespace reporter

/// chainer.report, for `cnet::report({{"loss", loss}}, this)`.
using reporter::report;

}  // namespace cnet
