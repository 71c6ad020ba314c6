// internal.h — helpers shared by the training sources: Python arithmetic and formatting, file output.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace cnet {
namespace training {

class Trainer;

namespace internal {

/// Python's float floor division `a // b` (CPython's algorithm, so 0.99999 // 1 and friends agree).
double PyFloorDiv(double a, double b);
/// Python's int floor division.
int64_t PyFloorDiv(int64_t a, int64_t b);

/// str.format for templates whose fields name attributes: `lookup(field_name)` returns the value's
/// formatter (given the spec) for a field such as ".updater.iteration" or "iteration". `{{`/`}}` escape.
std::string FormatFields(const std::string& templ,
                         const std::function<std::string(const std::string& field, const std::string& spec)>& lookup);

/// `templ.format(trainer)`: fields `{.updater.iteration}`, `{.updater.epoch}`, `{.updater.epoch_detail}`,
/// `{.updater.is_new_epoch}`, `{.out}`, `{.elapsed_time}` (also with a leading `0`), with format specs.
std::string FormatWithTrainer(const std::string& templ, Trainer& trainer);

/// os.makedirs(path, exist_ok=True).
void MakeDirs(const std::string& path);
/// os.path.join(a, b).
std::string JoinPath(const std::string& a, const std::string& b);

/// str(datetime.timedelta(seconds=s)): "0:01:02.500000", "1 day, 2:03:04".
std::string TimedeltaStr(double seconds);

}  // namespace internal
}  // namespace training
}  // namespace cnet
