// glob.h — Python's glob.glob(pathname) on POSIX glob(3): `*`, `?` and `[...]` (`[!...]` negates), a
// leading dot matched only explicitly, a pattern without wildcards returned when the path exists. Backslash is
// no escape (as in Python). The matches are sorted (byte order, as this runtime's os.listdir); CPython
// returns them in the directory's order, which is arbitrary, so a program that depends on it sorts anyway.
// recursive=True (`**`) is not supported: `**` matches like `*`, as in Python without recursive.
#pragma once

#include <string>
#include <vector>

namespace cnet {
namespace py {
namespace glob {

std::vector<std::string> glob(const std::string& pathname);
/// glob.iglob: the same matches, as a list (Python's is an iterator; a for loop over either reads the same).
inline std::vector<std::string> iglob(const std::string& pathname) { return glob(pathname); }

}  // namespace glob
}  // namespace py
}  // namespace cnet
