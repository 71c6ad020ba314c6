// progressbar.h — the progressbar2 package (`import progressbar`) as Chainer's seq2seq example uses it:
// `bar = progressbar.ProgressBar()` then `for line in bar(f, max_value=n):` over a text file. The bar is one line
// on stderr, redrawn with '\r' ("42% (42 of 100) |#####     | Elapsed Time: 0:00:01") and ended with a newline
// when the iteration ends; stdout is never written. As in progressbar2, the first item starts the bar at
// min_value, each later one advances it by one, the end of the file finishes it at max_value, and a value past
// max_value raises ValueError (max_error=True). Without a max_value (a file has no len()) the bar counts items.
//
// progressbar2's bar(iterable) returns the bar itself, which iterates the iterable. Here bar(f) of a text file
// returns a ProgressFile: a File that reads through f and moves the bar as lines are read, so a .cnet program
// iterates it as it iterates f (surface type ProgressBarFile, derived from TextIOWrapper). Only text files are
// wrapped; the widgets, redirect_stdout and the other options of progressbar2 are not provided.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cnet/py/file.h"

namespace cnet {
namespace progressbar {

class ProgressFile;

/// progressbar.ProgressBar(min_value=0, max_value=None, max_error=True).
class ProgressBar : public std::enable_shared_from_this<ProgressBar> {
public:
    explicit ProgressBar(int64_t min_value = 0, std::optional<int64_t> max_value = std::nullopt,
                         bool max_error = true);

    /// bar(f, max_value=n): f's lines, moving this bar (a max_value given here replaces the bar's).
    std::shared_ptr<ProgressFile> operator()(const std::shared_ptr<py::File>& iterable,
                                             std::optional<int64_t> max_value = std::nullopt);

    /// Draws the bar at min_value (once; later calls do nothing).
    void start(std::optional<int64_t> max_value = std::nullopt);
    /// Moves the bar to `value` (started first if it is not); ValueError outside [min_value, max_value].
    void update(std::optional<int64_t> value = std::nullopt);
    /// Draws the bar at max_value (when known) and ends its line (once).
    void finish();

    int64_t value() const { return value_; }
    std::optional<int64_t> max_value() const { return max_value_; }
    bool started() const { return started_; }
    bool finished() const { return finished_; }

    /// The bar's line as drawn now (without '\r'): what the tests check.
    std::string Line() const;

private:
    void Draw(bool force);
    int64_t Percent() const;  // -1 without a max_value

    int64_t min_value_;
    std::optional<int64_t> max_value_;
    bool max_error_;
    int64_t value_;
    bool started_ = false;
    bool finished_ = false;
    std::chrono::steady_clock::time_point start_time_;
    std::chrono::steady_clock::time_point last_draw_;
    int64_t drawn_percent_ = -1;
    std::size_t last_width_ = 0;  // of the line drawn last, which a shorter one must cover
};

/// bar(f): a text file read through `file`, each line read moving `bar` (the first line starts it, the end of the
/// file finishes it). Every other operation is f's own.
class ProgressFile : public py::File {
public:
    ProgressFile(std::shared_ptr<py::File> file, std::shared_ptr<ProgressBar> bar);

    std::string readline() override;
    std::string read(int64_t size = -1) override { return file_->read(size); }
    int64_t write(const std::string& text) override { return file_->write(text); }
    void close() override { file_->close(); }
    bool closed() const override { return file_->closed(); }
    const std::string& name() const override { return file_->name(); }
    const std::string& mode() const override { return file_->mode(); }

private:
    std::shared_ptr<py::File> file_;
    std::shared_ptr<ProgressBar> bar_;
};

}  // namespace progressbar
}  // namespace cnet
