// file_util.h — whole-file reads and atomic whole-file writes (temp file in the same directory + rename).
#pragma once

#include <string>

namespace cnet {
namespace serializers {

/// Reads a whole regular file into memory, allocating its size as stat reports it. Throws SerializationError
/// naming the path when it cannot be read or is not a regular file (a device or pipe has no size to check).
std::string ReadFileBytes(const std::string& path);

/// Writes `bytes` to `path` atomically: a temporary file in the same directory is written, flushed and
/// renamed over `path`, so readers never see a partial file. Throws SerializationError naming the path.
void WriteFileAtomically(const std::string& path, const std::string& bytes);

/// True when `path` names an existing regular file.
bool IsRegularFile(const std::string& path);

}  // namespace serializers
}  // namespace cnet
