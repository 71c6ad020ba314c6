// utf8.h — the one UTF-8 encoder of the runtime (npy unicode arrays, Python's re over code points).
#pragma once

#include <cstdint>
#include <string>

namespace cnet {

/// Appends code point cp to out as UTF-8 (1 to 4 bytes).
void AppendUtf8(uint32_t cp, std::string& out);

}  // namespace cnet
