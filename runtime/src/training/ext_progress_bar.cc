// ext_progress_bar.cc — ProgressBar: Chainer's text, character for character.
#include "cnet/training/extensions/progress_bar.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/training/trainer.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

double WallClock() {
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

// '[{}{}] {:6.2%}\n' with `rate` in [0, 1]
std::string Bar(double rate, int64_t bar_length) {
    int64_t marks = static_cast<int64_t>(rate * static_cast<double>(bar_length));
    return "[" + std::string(marks, '#') + std::string(bar_length - marks, '.') + "] " +
           py::format_value(rate, "6.2%") + "\n";
}

}  // namespace

ProgressBar::ProgressBar(TriggerArg training_length, int64_t update_interval, int64_t bar_length, std::ostream& out)
    : clock(WallClock),
      training_length_(std::move(training_length)),
      update_interval_(update_interval),
      bar_length_(bar_length),
      out_(&out) {
    CNET_CHECK_AS(ValueError, training_length_.is_none() || training_length_.is_interval(),
                  "training_length must be a (length, unit) pair");
    CNET_CHECK_AS(ValueError, update_interval_ > 0, "update_interval must be positive");
}

void ProgressBar::operator()(Trainer& trainer) {
    if (training_length_.is_none()) {
        training_length_ = trainer.stop_trigger->get_training_length();
        CNET_CHECK_AS(ValueError, training_length_.is_interval(),
                      "cannot retrieve the training length from the stop trigger");
    }
    double length = training_length_.period();
    const std::string& unit = training_length_.unit();
    if (!status_template_unit_) {
        std::string length_str = training_length_.period_is_integral()
                                     ? std::to_string(static_cast<int64_t>(length))
                                     : py::str(length);
        status_template_unit_ = length_str + " " + unit + "s\n";
    }
    std::ostream& out = *out_;
    const Updater& updater = *trainer.updater;
    int64_t iteration = updater.iteration;
    if (iteration % update_interval_ != 0) return;

    double epoch = updater.epoch_detail();
    double now = clock();
    recent_timing_.emplace_back(iteration, epoch, now);
    out << "\033[J";

    double rate = unit == "iteration" ? static_cast<double>(iteration) / length : epoch / length;
    rate = std::min(rate, 1.0);
    out << "     total " << Bar(rate, bar_length_);
    double epoch_rate = epoch - static_cast<double>(static_cast<int64_t>(epoch));
    out << "this epoch " << Bar(epoch_rate, bar_length_);
    out << py::format_value(iteration, "10") << " iter, " << updater.epoch() << " epoch / " << *status_template_unit_;

    auto [old_t, old_e, old_sec] = recent_timing_.front();
    double span = now - old_sec;
    double inf = HUGE_VAL;
    double speed_t = span != 0 ? static_cast<double>(iteration - old_t) / span : inf;
    double speed_e = span != 0 ? (epoch - old_e) / span : inf;
    double estimated_time = unit == "iteration" ? (length - static_cast<double>(iteration)) / speed_t
                                                : (length - epoch) / speed_e;
    // Python raises on a zero speed or an infinite estimate; print 0 rather than fail the training loop
    if (!std::isfinite(estimated_time)) estimated_time = 0.0;
    estimated_time = std::max(estimated_time, 0.0);
    out << py::format_value(speed_t, "10.5g") << " iters/sec. Estimated time to finish: "
        << internal::TimedeltaStr(estimated_time) << ".\n";

    // move the cursor to the head of the progress bar
    out << "\033[4A";
    out.flush();
    if (recent_timing_.size() > 100) recent_timing_.erase(recent_timing_.begin());
}

void ProgressBar::finalize() {
    *out_ << "\033[J";
    out_->flush();
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
