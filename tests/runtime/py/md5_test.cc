// md5_test.cc — MD5 against RFC 1321's test suite (appendix A.5) and, for the padding boundaries (55, 56, 63,
// 64, 65, 119, 120, 128 bytes), non-ASCII text and a 1 MiB message, CPython's hashlib.md5(...).hexdigest().
#include "cnet/py/md5.h"

#include <gtest/gtest.h>

#include <string>

namespace cnet {
namespace py {
namespace hashlib {
namespace {

TEST(Md5Test, Rfc1321Suite) {
    EXPECT_EQ(md5_hexdigest(""), "d41d8cd98f00b204e9800998ecf8427e");
    EXPECT_EQ(md5_hexdigest("a"), "0cc175b9c0f1b6a831c399e269772661");
    EXPECT_EQ(md5_hexdigest("abc"), "900150983cd24fb0d6963f7d28e17f72");
    EXPECT_EQ(md5_hexdigest("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
    EXPECT_EQ(md5_hexdigest("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b");
    EXPECT_EQ(md5_hexdigest("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"),
              "d174ab98d277d9f5a5611c2c9f419d9f");
    EXPECT_EQ(md5_hexdigest("1234567890123456789012345678901234567890123456789012345678901234567890123456789"
                            "0"),
              "57edf4a22be3c955ac49da2e2107b67a");
}

TEST(Md5Test, PaddingBoundaries) {
    const std::pair<std::size_t, const char*> cases[] = {
        {55, "ef1772b6dff9a122358552954ad0df65"},  {56, "3b0c8ac703f828b04c6c197006d17218"},
        {63, "b06521f39153d618550606be297466d5"},  {64, "014842d480b571495a4a0363793f7367"},
        {65, "c743a45e0d2e6a95cb859adae0248435"},  {119, "8a7bd0732ed6a28ce75f6dabc90e1613"},
        {120, "5f61c0ccad4cac44c75ff505e1f1e537"}, {128, "e510683b3f5ffe4093d021808bc6ff70"},
    };
    for (const auto& [n, digest] : cases) EXPECT_EQ(md5_hexdigest(std::string(n, 'a')), digest) << n << " bytes";
}

TEST(Md5Test, AllByteValuesAndUtf8) {
    std::string bytes;  // bytes(range(256)) * 4096
    for (int r = 0; r < 4096; ++r) {
        for (int b = 0; b < 256; ++b) bytes += static_cast<char>(b);
    }
    EXPECT_EQ(md5_hexdigest(bytes), "c35cc7d8d91728a0cb052831bc4ef372");
    // 'https://example.com/データ.tar.gz'.encode('utf-8')
    EXPECT_EQ(md5_hexdigest("https://example.com/\xe3\x83\x87\xe3\x83\xbc\xe3\x82\xbf.tar.gz"),
              "3d2c2095e1895371e663d10b0f2c9547");
}

TEST(Md5Test, DigestBytes) {
    const auto d = md5_digest("abc");
    EXPECT_EQ(d[0], 0x90);
    EXPECT_EQ(d[15], 0x72);
}

}  // namespace
}  // namespace hashlib
}  // namespace py
}  // namespace cnet
