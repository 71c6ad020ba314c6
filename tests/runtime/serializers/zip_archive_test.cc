// zip_archive_test.cc — ZipWriter/ZipReader round trips, a numpy.savez archive (ZIP64 local headers), and
// clean errors for truncated, corrupt and non-zip data.
#include <gtest/gtest.h>

#include <string>

#include "cnet/serializers/zip_reader.h"
#include "cnet/serializers/zip_writer.h"
#include "serializers_test_util.h"

namespace cnet {
namespace {

using serializers::ZipEntry;
using serializers::ZipReader;
using serializers::ZipWriter;
using testing_util::FromHex;

// np.savez(f, a=np.array([1, 2], np.int32), n=np.asarray(None)) written by numpy 1.24 (force_zip64 local headers).
const char kNumpySavez[] =
    "504b0304140000000000000021000bf9aa2d880000008800000005001400612e6e70790100100088000000000000008800000000"
    "000000934e554d5059010076007b276465736372273a20273c6934272c2027666f727472616e5f6f72646572273a2046616c73"
    "652c20277368617065273a2028322c292c207d202020202020202020202020202020202020202020202020202020202020202020"
    "2020202020202020202020202020202020202020202020202020200a0100000002000000504b030414000000000000002100feab"
    "f90a1601000016010000050014006e2e6e70790100100016010000000000001601000000000000934e554d5059010076007b2764"
    "65736372273a20277c4f272c2027666f727472616e5f6f72646572273a2046616c73652c20277368617065273a2028292c207d"
    "202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020202020"
    "2020202020202020202020200a8003636e756d70792e636f72652e6d756c746961727261790a5f7265636f6e7374727563740a"
    "7100636e756d70790a6e6461727261790a71014b008571024301627103877104527105284b0129636e756d70790a6474797065"
    "0a710658020000004f3871078988877108527109284b0358010000007c710a4e4e4e4affffffff4affffffff4b3f74710b6289"
    "5d710c4e6174710d622e504b01021403140000000000000021000bf9aa2d880000008800000005000000000000000000000080"
    "0100000000612e6e7079504b0102140314000000000000002100feabf90a16010000160100000500000000000000000000008001"
    "bf0000006e2e6e7079504b05060000000002000200660000000c0200000000";

std::string Build(bool compress) {
    ZipWriter w(compress);
    w.Add("a.npy", std::string(1000, 'x'));
    w.Add("dir/b.npy", "hello");
    w.Add("empty", "");
    return w.Finish();
}

TEST(ZipArchiveTest, RoundTripStoredAndDeflated) {
    for (bool compress : {false, true}) {
        const std::string bytes = Build(compress);
        ZipReader r(bytes, "mem.zip");
        ASSERT_EQ(r.entries().size(), 3u);
        EXPECT_EQ(r.entries()[1].name, "dir/b.npy");
        EXPECT_EQ(r.entries()[0].method, compress ? 8 : 0);
        EXPECT_EQ(r.Read(r.entries()[0]), std::string(1000, 'x'));
        EXPECT_EQ(r.Read(r.entries()[1]), "hello");
        EXPECT_EQ(r.Read(r.entries()[2]), "");
        if (compress) {
            EXPECT_LT(r.entries()[0].compressed_size, 100u);
        }
    }
}

TEST(ZipArchiveTest, OutputIsDeterministic) { EXPECT_EQ(Build(true), Build(true)); }

TEST(ZipArchiveTest, ReadsNumpySavezWithZip64LocalHeaders) {
    ZipReader r(FromHex(kNumpySavez), "numpy.npz");
    ASSERT_EQ(r.entries().size(), 2u);
    EXPECT_EQ(r.entries()[0].name, "a.npy");
    EXPECT_EQ(r.entries()[1].name, "n.npy");
    const std::string a = r.Read(r.entries()[0]);
    EXPECT_EQ(a.size(), 136u);
    EXPECT_EQ(a.substr(0, 6), "\x93NUMPY");
}

void ExpectError(const std::string& bytes, const std::string& fragment) {
    try {
        ZipReader r(bytes, "bad.npz");
        for (const ZipEntry& e : r.entries()) r.Read(e);
        FAIL() << "expected a SerializationError containing '" << fragment << "'";
    } catch (const SerializationError& e) {
        EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("bad.npz"), std::string::npos) << e.what();
    }
}

TEST(ZipArchiveTest, CorruptAndTruncatedArchivesRaise) {
    const std::string good = Build(true);
    ExpectError("", "not a zip archive");
    ExpectError(std::string(100, 'z'), "not a zip archive");
    for (size_t cut : {size_t{10}, good.size() / 2, good.size() - 1}) ExpectError(good.substr(0, cut), "");
    std::string flipped = Build(false);
    flipped[40] ^= 0x55;  // inside a.npy's stored data
    ExpectError(flipped, "CRC-32 mismatch");
    std::string deflated = good;
    for (size_t i = 40; i < 60; ++i) deflated[i] = '\xff';
    ExpectError(deflated, "");
}

TEST(ZipArchiveTest, EveryTruncationIsACleanError) {
    const std::string good = FromHex(kNumpySavez);
    for (size_t cut = 0; cut < good.size(); ++cut) {
        try {
            ZipReader r(good.substr(0, cut), "cut.npz");
            for (const ZipEntry& e : r.entries()) r.Read(e);
        } catch (const SerializationError&) {
        }
    }
}

}  // namespace
}  // namespace cnet
