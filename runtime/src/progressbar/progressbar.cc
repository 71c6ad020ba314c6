// progressbar.cc — the bar's drawing on stderr and its value rules (progressbar2's ProgressBar.update/finish).
#include "cnet/progressbar/progressbar.h"

#include <cstdio>

#include "cnet/core/error.h"

namespace cnet {
namespace progressbar {

namespace {

constexpr int kBarWidth = 30;
// progressbar2 redraws at most every 0.1 s (its minimum poll interval); the percentage changing also redraws,
// so a fast loop still shows each step without writing a line per item.
constexpr std::chrono::milliseconds kRedrawInterval(100);

// progressbar2's "Elapsed Time: 0:00:01" (H:MM:SS).
std::string Elapsed(std::chrono::steady_clock::duration d) {
    const int64_t s = std::chrono::duration_cast<std::chrono::seconds>(d).count();
    char buf[48];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", static_cast<long long>(s / 3600),
                  static_cast<long long>(s / 60 % 60), static_cast<long long>(s % 60));
    return buf;
}

}  // namespace

ProgressBar::ProgressBar(int64_t min_value, std::optional<int64_t> max_value, bool max_error)
    : min_value_(min_value), max_value_(max_value), max_error_(max_error), value_(min_value) {}

std::shared_ptr<ProgressFile> ProgressBar::operator()(const std::shared_ptr<py::File>& iterable,
                                                      std::optional<int64_t> max_value) {
    if (iterable == nullptr) throw py::TypeError("'NoneType' object is not iterable");
    if (max_value.has_value()) max_value_ = max_value;  // else a file has no len(): the length stays unknown
    return std::make_shared<ProgressFile>(iterable, shared_from_this());
}

void ProgressBar::start(std::optional<int64_t> max_value) {
    if (max_value.has_value()) max_value_ = max_value;
    if (started_) return;
    started_ = true;
    start_time_ = std::chrono::steady_clock::now();
    value_ = min_value_;
    Draw(true);
}

void ProgressBar::update(std::optional<int64_t> value) {
    if (!started_) start();
    if (value.has_value()) {
        int64_t v = *value;
        if (max_value_.has_value()) {
            const std::string range = "between " + std::to_string(min_value_) + " and " + std::to_string(*max_value_);
            if (v < min_value_) throw ValueError("Value " + std::to_string(v) + " is too small. Should be " + range);
            if (v > *max_value_) {
                if (max_error_) throw ValueError("Value " + std::to_string(v) + " is too large. Should be " + range);
                v = *max_value_;
            }
        }
        value_ = v;
    }
    Draw(false);
}

void ProgressBar::finish() {
    if (finished_) return;
    if (!started_) start();
    if (max_value_.has_value()) value_ = *max_value_;
    finished_ = true;
    Draw(true);
    std::fputs("\n", stderr);
    std::fflush(stderr);
}

std::string ProgressBar::Line() const {
    const std::string elapsed = "Elapsed Time: " + Elapsed(started_ ? std::chrono::steady_clock::now() - start_time_
                                                                    : std::chrono::steady_clock::duration::zero());
    if (!max_value_.has_value()) return std::to_string(value_) + " | " + elapsed;
    const int64_t range = *max_value_ - min_value_;
    const int64_t percent = Percent();
    const int64_t filled = range > 0 ? (value_ - min_value_) * kBarWidth / range : kBarWidth;
    char head[96];
    std::snprintf(head, sizeof head, "%3lld%% (%lld of %lld) |", static_cast<long long>(percent),
                  static_cast<long long>(value_), static_cast<long long>(*max_value_));
    return head + std::string(static_cast<std::size_t>(filled), '#') +
           std::string(static_cast<std::size_t>(kBarWidth - filled), ' ') + "| " + elapsed;
}

int64_t ProgressBar::Percent() const {
    if (!max_value_.has_value()) return -1;
    const int64_t range = *max_value_ - min_value_;
    return range > 0 ? (value_ - min_value_) * 100 / range : 100;
}

void ProgressBar::Draw(bool force) {
    const auto now = std::chrono::steady_clock::now();
    // Between redraws only a new percentage is shown (a file of a few lines still shows each step).
    if (!force && now - last_draw_ < kRedrawInterval && Percent() == drawn_percent_) return;
    std::string line = Line();
    const std::size_t width = line.size();
    if (width < last_width_) line += std::string(last_width_ - width, ' ');  // rub out the old tail
    std::fputs(("\r" + line).c_str(), stderr);
    std::fflush(stderr);
    last_width_ = width;
    drawn_percent_ = Percent();
    last_draw_ = now;
}

ProgressFile::ProgressFile(std::shared_ptr<py::File> file, std::shared_ptr<ProgressBar> bar)
    : file_(std::move(file)), bar_(std::move(bar)) {}

std::string ProgressFile::readline() {
    std::string line = file_->readline();
    if (line.empty()) {  // the end of the file ends the iteration: the bar finishes
        bar_->finish();
    } else if (!bar_->started()) {
        bar_->start();  // the first item is shown at min_value
    } else {
        bar_->update(bar_->value() + 1);
    }
    return line;
}

}  // namespace progressbar
}  // namespace cnet
