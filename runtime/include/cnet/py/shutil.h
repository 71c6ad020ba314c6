// shutil.h — Python's shutil.rmtree, copyfile, copy and move, with CPython's results and messages. The
// errors CPython raises as subclasses of OSError this runtime does not have (NotADirectoryError,
// IsADirectoryError, shutil.Error, SameFileError) are raised as OSError, so `except OSError` catches them
// all; FileNotFoundError stays itself.
#pragma once

#include <string>

namespace cnet {
namespace py {
namespace shutil {

/// Deletes a directory tree. Not a symbolic link to one ("Cannot call rmtree on a symbolic link") nor a file
/// ("[Errno 20] Not a directory"); ignore_errors=True drops every error, as in Python.
void rmtree(const std::string& path, bool ignore_errors = false);
/// Copies a file's bytes to dst (created or truncated; not a directory); returns dst.
std::string copyfile(const std::string& src, const std::string& dst);
/// copyfile into dst, or into dst/basename(src) when dst is a directory, then the permission bits; returns the
/// file written.
std::string copy(const std::string& src, const std::string& dst);
/// Renames src to dst (into dst when it is a directory), copying and deleting when rename(2) cannot (another
/// file system); returns the destination.
std::string move(const std::string& src, const std::string& dst);

}  // namespace shutil
}  // namespace py
}  // namespace cnet
