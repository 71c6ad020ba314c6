// downloader.h — nltk.download for generated code. cnet never downloads: download(id) says whether NLTK's
// package is already in place, with NLTK's messages on stderr.
//
// A package cnet reads (only 'brown') that is in the download directory, or else in a directory of the data path,
// prints NLTK's two lines and returns True:
//     [nltk_data] Downloading package brown to /root/nltk_data...
//     [nltk_data]   Package brown is already up-to-date!
// The directory named is NLTK's download directory (download_dir, or the first data-path entry that exists and
// is writable, else ~/nltk_data) when the package is there, else the data-path entry holding it. NLTK itself names
// its download directory and checks the archive there against the index's checksum (a corpus only unzipped, or in
// another directory of the path, it downloads again); cnet takes corpora/<id>/ or corpora/<id>.zip as installed.
// Anything else (a package not in place, force=True, an id cnet has no reader for) prints an error in NLTK's form,
// "[nltk_data] Error loading brown: ..." wrapped as NLTK wraps it, whose reason says that cnet does not download
// and where to put the package, and returns False (raise_on_error=True raises ValueError with that message).
// quiet=True leaves out the two lines, not an error, as in NLTK.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace cnet {
namespace nltk {

/// nltk.download(info_or_id, download_dir=None, quiet=False, force=False, prefix='[nltk_data] ',
/// raise_on_error=False).
bool download(const std::string& info_or_id, const std::optional<std::string>& download_dir = std::nullopt,
              bool quiet = false, bool force = false, const std::string& prefix = "[nltk_data] ",
              bool raise_on_error = false);

namespace internal {

/// Downloader.default_download_dir(): the first entry of the data path that exists and is writable (NLTK's
/// is_writable: the mode bits for this user, group or others), else ~/nltk_data.
std::string DefaultDownloadDir();

/// textwrap.fill(text, width, initial_indent=, subsequent_indent=) with TextWrapper's defaults (tabs expanded,
/// whitespace made spaces, words split after hyphens, a word longer than a line broken), counting code points.
/// Non-ASCII characters count as letters where Python's \w would decide.
std::string Fill(const std::string& text, const std::string& initial_indent, const std::string& subsequent_indent,
                 std::size_t width = 70);

}  // namespace internal
}  // namespace nltk
}  // namespace cnet
