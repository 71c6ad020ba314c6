// serializers_test_util.h — helpers shared by the serializer tests: hex goldens and scratch directories.
#pragma once

#include <cstdlib>
#include <string>

#include "cnet/core/error.h"

namespace cnet {
namespace testing_util {

/// Bytes from a hex string ("934e55...").
inline std::string FromHex(const std::string& hex) {
    std::string out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return out;
}

/// A fresh directory under $TMPDIR (or /tmp), removed by the caller's test fixture if it wants.
inline std::string MakeTempDir(const std::string& stem) {
    const char* base = std::getenv("TMPDIR");
    std::string templ = std::string(base && *base ? base : "/tmp") + "/" + stem + ".XXXXXX";
    char* dir = mkdtemp(&templ[0]);
    if (!dir) throw Error("mkdtemp failed for " + templ);
    return templ;
}

}  // namespace testing_util
}  // namespace cnet
