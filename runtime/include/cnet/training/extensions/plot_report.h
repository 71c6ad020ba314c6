// plot_report.h — chainer.training.extensions.PlotReport: plots the means of observed values against the
// epoch or iteration into a PNG (drawn with cairo where Chainer uses matplotlib).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/training/extension.h"

namespace cnet {
namespace reporter {
class DictSummary;
}  // namespace reporter

namespace training {
namespace extensions {

/// Accumulates observation[y_key] for each key every iteration; when `trigger` fires it appends
/// (x, mean) per key (x: `x_key`, 'epoch' or 'iteration' or an observed key), and redraws
/// `<out>/<file_name>`: one line per key with `marker` at each point ('x', 'o', '.', '+', 's', '^' or ""),
/// axes with ticks, the x label, a grid when `grid`, and a legend to the right of the axes (as Chainer's
/// `legend(bbox_to_anchor=(1.05, 1), loc=2)`). The image is 480 pixels high; its width is about 660 plus
/// the legend's. NaN means are skipped when scaling. Serialized key `_plot_<file_name>` (the data as JSON,
/// as Chainer).
class PlotReport : public Extension {
public:
    PlotReport(std::vector<std::string> y_keys, std::string x_key = "iteration", TriggerArg trigger = {1, "epoch"},
               std::string file_name = "plot.png", std::string marker = "x", bool grid = true);
    ~PlotReport() override;

    /// Whether plotting is supported (Chainer: whether matplotlib is installed). Always true: cairo is linked.
    static bool available();

    void operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;
    std::string default_name() const override { return "PlotReport"; }

    /// The plotted points per key.
    const std::map<std::string, std::vector<std::pair<double, double>>>& data() const { return data_; }

    /// Renders a plot as PNG bytes (exposed for tests and standalone use).
    static std::string RenderPng(const std::vector<std::string>& y_keys,
                                 const std::map<std::string, std::vector<std::pair<double, double>>>& data,
                                 const std::string& x_label, const std::string& marker, bool grid);

private:
    std::vector<std::string> y_keys_;
    std::string x_key_;
    std::shared_ptr<Trigger> trigger_;
    std::string file_name_;
    std::string marker_;
    bool grid_;
    std::shared_ptr<reporter::DictSummary> summary_;
    std::map<std::string, std::vector<std::pair<double, double>>> data_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
