// md5.h — MD5 (RFC 1321), the digest hashlib.md5(...).hexdigest() gives: Chainer names its download cache
// files by the MD5 of the URL (chainer.dataset.cached_download), so the runtime finds the same files.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace cnet {
namespace py {
namespace hashlib {

/// The 16-byte MD5 digest of `data` (its bytes as they are: a str's UTF-8, as Python's s.encode('utf-8')).
std::array<uint8_t, 16> md5_digest(std::string_view data);
/// The digest as 32 lowercase hex digits (Python's hashlib.md5(data).hexdigest()).
std::string md5_hexdigest(std::string_view data);

}  // namespace hashlib
}  // namespace py
}  // namespace cnet
