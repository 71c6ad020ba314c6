// tempfile.h — Python's tempfile.gettempdir() and tempfile.mkdtemp(suffix, prefix, dir): scripts unpack
// downloaded archives into a fresh private directory (Chainer's text_classification example).
#pragma once

#include <optional>
#include <string>

namespace cnet {
namespace py {
namespace tempfile {

/// The first of $TMPDIR, $TEMP, $TMP, /tmp, /var/tmp, /usr/tmp and the current directory that is a writable
/// directory, made absolute, as CPython's gettempdir() chooses (CPython caches its first answer; this looks again
/// each call). FileNotFoundError when none is usable.
std::string gettempdir();
/// A new directory, mode 0700, named prefix + 8 random characters + suffix in `dir` (default gettempdir()), its
/// path as os.path.join(dir, name) (CPython 3.11's result). Not mkdtemp(3): its template cannot end in a suffix.
/// FileNotFoundError / OSError as CPython raises them when `dir` is missing or not writable.
std::string mkdtemp(const std::string& suffix = "", const std::string& prefix = "tmp",
                    const std::optional<std::string>& dir = std::nullopt);

}  // namespace tempfile
}  // namespace py
}  // namespace cnet
