// ext_plot_report.cc — PlotReport: data collection, redraw on trigger, serialization of the plotted data.
#include "cnet/training/extensions/plot_report.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/reporter/reporter.h"
#include "cnet/serializers/file_util.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/trainer.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

// A number as Python's json writes it (ints for integral epoch / iteration values).
std::string JsonNumber(double v, bool integral) {
    if (integral && v == std::floor(v) && std::fabs(v) < 9e15) return std::to_string(static_cast<int64_t>(v));
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
    return py::repr(v);
}

}  // namespace

PlotReport::PlotReport(std::vector<std::string> y_keys, std::string x_key, TriggerArg trigger, std::string file_name,
                       std::string marker, bool grid)
    : y_keys_(std::move(y_keys)),
      x_key_(std::move(x_key)),
      trigger_(get_trigger(trigger)),
      file_name_(std::move(file_name)),
      marker_(std::move(marker)),
      grid_(grid),
      summary_(std::make_shared<reporter::DictSummary>()) {
    for (const auto& k : y_keys_) data_[k];
}

PlotReport::~PlotReport() = default;

bool PlotReport::available() { return true; }

void PlotReport::operator()(Trainer& trainer) {
    reporter::Observation selected;
    for (const auto& k : y_keys_) {
        auto it = trainer.observation.find(k);
        if (it != trainer.observation.end()) selected.emplace(k, it->second);
    }
    summary_->add(selected);
    if (!(*trigger_)(trainer)) return;

    reporter::Statistics stats = summary_->compute_mean();
    stats["epoch"] = static_cast<double>(trainer.updater->epoch());
    stats["iteration"] = static_cast<double>(trainer.updater->iteration);
    auto x = stats.find(x_key_);
    CNET_CHECK_AS(ValueError, x != stats.end(), "KeyError: '", x_key_, "'");
    bool has_data = false;
    for (const auto& k : y_keys_) {
        auto y = stats.find(k);
        if (y != stats.end()) data_[k].emplace_back(x->second, y->second);
        has_data = has_data || !data_[k].empty();
    }
    if (has_data) {
        internal::MakeDirs(trainer.out);
        serializers::WriteFileAtomically(internal::JoinPath(trainer.out, file_name_),
                                         RenderPng(y_keys_, data_, x_key_, marker_, grid_));
    }
    summary_ = std::make_shared<reporter::DictSummary>();
}

void PlotReport::serialize(Serializer& serializer) {
    const std::string key = "_plot_" + file_name_;
    bool integral_x = x_key_ == "epoch" || x_key_ == "iteration";
    if (!serializer.is_loading()) {
        // json.dumps(self._data): {"key": [[x, y], ...], ...}
        std::string text = "{";
        size_t i = 0;
        for (const auto& [k, points] : data_) {
            text += (i++ ? ", " : "") + nlohmann::json(k).dump() + ": [";
            for (size_t j = 0; j < points.size(); ++j) {
                text += (j ? ", [" : "[") + JsonNumber(points[j].first, integral_x) + ", " +
                        JsonNumber(points[j].second, false) + "]";
            }
            text += "]";
        }
        text += "}";
        serializer.serialize(key, text);
        return;
    }
    std::string text;
    serializer.serialize(key, text);
    if (text.empty()) return;
    auto json = nlohmann::json::parse(text);
    data_.clear();
    for (const auto& k : y_keys_) data_[k];
    for (auto it = json.begin(); it != json.end(); ++it) {
        auto& points = data_[it.key()];
        for (const auto& p : it.value()) points.emplace_back(p.at(0).get<double>(), p.at(1).get<double>());
    }
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
