// glob.cc — glob.glob on glob(3).
#include "cnet/py/glob.h"

#include <glob.h>

#include <algorithm>

#include "cnet/py/errors.h"

namespace cnet {
namespace py {
namespace glob {
namespace {

std::vector<std::string> Components(const std::string& path) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t slash = std::min(path.find('/', start), path.size());
        parts.push_back(path.substr(start, slash - start));
        start = slash + 1;
    }
    return parts;
}

// glob(3) matches a wildcard against the directory entries '.' and '..' too ('.*' finds them); Python's glob
// lists directories with os.scandir, which never returns them.
bool MatchesDotEntry(const std::vector<std::string>& pattern, const std::string& match) {
    const std::vector<std::string> parts = Components(match);
    if (parts.size() != pattern.size()) return false;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const bool magic = pattern[i].find_first_of("*?[") != std::string::npos;
        if (magic && (parts[i] == "." || parts[i] == "..")) return true;
    }
    return false;
}

}  // namespace

std::vector<std::string> glob(const std::string& pathname) {
    std::vector<std::string> matches;
    if (pathname.empty()) return matches;  // Python: glob('') == []
    glob_t found{};
    // GLOB_NOESCAPE: Python's fnmatch has no escapes. GLOB_NOSORT: sorted below in byte order (glob(3) sorts by
    // the locale's collation). Unreadable directories are skipped, as Python's glob ignores OSError.
    const int rc = ::glob(pathname.c_str(), GLOB_NOESCAPE | GLOB_NOSORT, nullptr, &found);
    if (rc == 0) {
        const std::vector<std::string> pattern = Components(pathname);
        for (std::size_t i = 0; i < found.gl_pathc; ++i) {
            if (!MatchesDotEntry(pattern, found.gl_pathv[i])) matches.emplace_back(found.gl_pathv[i]);
        }
    }
    globfree(&found);
    if (rc == GLOB_NOSPACE) throw OSError("glob: out of memory matching '" + pathname + "'");
    std::sort(matches.begin(), matches.end());
    return matches;
}

}  // namespace glob
}  // namespace py
}  // namespace cnet
