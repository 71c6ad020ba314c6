// progress_bar.h — chainer.training.extensions.ProgressBar: a progress bar with speed and ETA, redrawn in
// place with ANSI cursor codes.
#pragma once

#include <cstdint>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// Prints, every `update_interval` iterations (Chainer's exact text):
///
///   \033[J     total [#########.........................................]  18.00%
///   this epoch [#####################.............................]  42.00%
///          900 iter, 0 epoch / 5 epochs
///       27.503 iters/sec. Estimated time to finish: 0:02:12.345678.
///   \033[4A
///
/// `training_length` is `(length, unit)`; when None it comes from the trainer's stop trigger, which must
/// then be an IntervalTrigger. finalize() clears the bar (`\033[J`).
class ProgressBar : public Extension {
public:
    explicit ProgressBar(TriggerArg training_length = {}, int64_t update_interval = 100, int64_t bar_length = 50,
                         std::ostream& out = std::cout);

    void operator()(Trainer& trainer) override;
    void finalize() override;
    std::string default_name() const override { return "ProgressBar"; }

    /// The clock in seconds (time.time()); replaceable so that tests can check the exact text.
    std::function<double()> clock;

private:
    TriggerArg training_length_;
    std::optional<std::string> status_template_unit_;  // "<length> <unit>s", built at the first call
    int64_t update_interval_;
    int64_t bar_length_;
    std::ostream* out_;
    std::vector<std::tuple<int64_t, double, double>> recent_timing_;  // (iteration, epoch_detail, time)
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
