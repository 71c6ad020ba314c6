// key_path.h — Chainer's key scheme: children append "key/" (stripped of '/'), values "key" (lstripped).
#pragma once

#include <string>

namespace cnet {
namespace serializers {
namespace internal {

/// path + key.strip('/') + '/'
inline std::string ChildPath(const std::string& path, const std::string& key) {
    const size_t first = key.find_first_not_of('/');
    if (first == std::string::npos) return path + "/";
    const size_t last = key.find_last_not_of('/');
    return path + key.substr(first, last - first + 1) + "/";
}

/// path + key.lstrip('/')
inline std::string ValueKey(const std::string& path, const std::string& key) {
    const size_t first = key.find_first_not_of('/');
    return first == std::string::npos ? path : path + key.substr(first);
}

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
