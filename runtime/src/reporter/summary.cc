// summary.cc — Summary and DictSummary: weighted running moments of reported scalars, and their
// serialization under Chainer's keys (_x, _x2, _n; _names, _summaries/<i>/...).
#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cnet/np/math.h"
#include "cnet/reporter/reporter.h"
#include "cnet/serializers/missing_key_error.h"

namespace cnet {
namespace reporter {

Summary::Summary() : x_(Array::Zeros({}, Dtype::kFloat64)), x2_(Array::Zeros({}, Dtype::kFloat64)) {}

void Summary::Accumulate(const Array& value, double weight) {
    CNET_CHECK_AS(ShapeError, value.size() == 1, "Summary.add: expected a scalar, got an array of shape ",
                  value.shape());
    const Array v = value.astype(Dtype::kFloat64, false).reshape({});
    if (v.device() != x_.device()) {  // follow the values to their device (no host round trip per add)
        x_ = x_.to_device(v.device());
        x2_ = x2_.to_device(v.device());
    }
    const Array wv = np::multiply(v, Array::FromScalar(weight, Dtype::kFloat64).to_device(v.device()));
    x_ = np::add(x_, wv);
    x2_ = np::add(x2_, np::multiply(wv, v));
    n_ += weight;
}

void Summary::add(const Array& value, double weight) { Accumulate(value, weight); }

void Summary::add(double value, double weight) { Accumulate(Array::FromScalar(value, Dtype::kFloat64), weight); }

double Summary::compute_mean() const { return x_.item<double>() / n_; }

std::pair<double, double> Summary::make_statistics() const {
    const double mean = x_.item<double>() / n_;
    const double var = x2_.item<double>() / n_ - mean * mean;
    return {mean, std::sqrt(var)};
}

void Summary::serialize(Serializer& serializer) {
    try {
        serializer.serialize("_x", x_);
        serializer.serialize("_x2", x2_);
        // Chainer's _n is a Python int for the default (integer) weights, saved as int64, and it refuses to load
        // a float64 into it ("Cannot safely deserialize"): save an integral count as int64, as Chainer does.
        if (!serializer.is_loading() && n_ == std::floor(n_) && std::fabs(n_) < 9.0e15) {
            int64_t n = static_cast<int64_t>(n_);
            serializer.serialize("_n", n);
        } else {
            serializer.serialize("_n", n_);
        }
    } catch (const serializers::MissingKeyError&) {
        std::cerr << "warning: The previous statistics are not saved.\n";
    }
}

void DictSummary::add(const Observation& d) {
    for (const auto& [key, value] : d) {
        if (value.is_none() || !value.array().defined() || value.ndim() != 0) continue;  // scalars only
        auto [it, inserted] = summaries_.try_emplace(key);
        if (inserted) names_.push_back(key);
        it->second.add(value.array());
    }
}

void DictSummary::add(const std::map<std::string, double>& d) {
    for (const auto& [key, value] : d) {
        auto [it, inserted] = summaries_.try_emplace(key);
        if (inserted) names_.push_back(key);
        it->second.add(value);
    }
}

Statistics DictSummary::compute_mean() const {
    Statistics out;
    for (const std::string& key : names_) out[key] = summaries_.at(key).compute_mean();
    return out;
}

Statistics DictSummary::make_statistics() const {
    Statistics out;
    for (const std::string& key : names_) {
        const auto [mean, std] = summaries_.at(key).make_statistics();
        out[key] = mean;
        out[key + ".std"] = std;
    }
    return out;
}

void DictSummary::serialize(Serializer& serializer) {
    if (!serializer.is_loading()) {
        // json.dumps(list) spelling: elements separated by ", " as Chainer writes them.
        std::string names = "[";
        for (size_t i = 0; i < names_.size(); ++i) names += (i ? ", " : "") + nlohmann::json(names_[i]).dump();
        names += "]";
        serializer.serialize("_names", names);
        for (size_t i = 0; i < names_.size(); ++i)
            summaries_[names_[i]].serialize(*serializer["_summaries"]->child(std::to_string(i)));
        return;
    }
    summaries_.clear();
    names_.clear();
    std::string names_json;
    try {
        serializer.serialize("_names", names_json);
    } catch (const serializers::MissingKeyError&) {
        std::cerr << "warning: The names of statistics are not saved.\n";
        return;
    }
    if (names_json.empty()) return;  // a key skipped by a non-strict deserializer
    const nlohmann::json names = nlohmann::json::parse(names_json, nullptr, false);
    CNET_CHECK_AS(SerializationError, names.is_array(), "DictSummary: '_names' is not a JSON list: ", names_json);
    for (size_t i = 0; i < names.size(); ++i) {
        CNET_CHECK_AS(SerializationError, names[i].is_string(), "DictSummary: '_names' holds a non-string");
        const std::string name = names[i].get<std::string>();
        names_.push_back(name);
        summaries_[name].serialize(*serializer["_summaries"]->child(std::to_string(i)));
    }
}

}  // namespace reporter
}  // namespace cnet
