// file_test.cc — text files decode UTF-8 as CPython does: errors='strict' raises UnicodeDecodeError's message
// (a ValueError), 'ignore' drops and 'replace' marks each invalid part (the longest start of a valid sequence
// counts once). Expected texts are CPython 3's bytes.decode('utf-8', errors) of the same bytes.
#include "cnet/py/file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace cnet {
namespace py {
namespace {

std::string WriteBytes(const std::string& name, const std::string& bytes) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

// b'caf\xc3\xa9 \xe9t\xe9\n\xff\xfeabc\n\xe2\x82'
const std::string kBytes =
    "caf\xc3\xa9 \xe9t\xe9\n\xff\xfe"
    "abc\n\xe2\x82";

TEST(PyFileTest, IgnoreDropsInvalidBytes) {
    const std::string path = WriteBytes("ignore.txt", kBytes);
    EXPECT_EQ(open(path, "r", -1, std::string("utf-8"), std::string("ignore"))->read(), "caf\xc3\xa9 t\nabc\n");
    auto f = codecs::open(path, "r", std::string("UTF8"), "ignore");
    EXPECT_EQ(f->readline(), "caf\xc3\xa9 t\n");
    EXPECT_EQ(f->readline(), "abc\n");
    EXPECT_EQ(f->readline(), "");
}

TEST(PyFileTest, ReplaceMarksEachInvalidPart) {
    const std::string path = WriteBytes("replace.txt", kBytes);
    const std::string r = "\xEF\xBF\xBD";
    EXPECT_EQ(open(path, "r", -1, std::nullopt, std::string("replace"))->read(),
              "caf\xc3\xa9 " + r + "t" + r + "\n" + r + r + "abc\n" + r);
    // b'ab\xed\xa0\x80z': a surrogate's bytes are three invalid parts.
    const std::string surrogate = WriteBytes("surrogate.txt", "ab\xed\xa0\x80z");
    EXPECT_EQ(open(surrogate, "r", -1, std::nullopt, std::string("replace"))->read(), "ab" + r + r + r + "z");
}

TEST(PyFileTest, StrictRaisesCPythonsMessage) {
    const std::string path = WriteBytes("strict.txt", kBytes);
    try {
        open(path)->read();
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "'utf-8' codec can't decode byte 0xe9 in position 6: invalid continuation byte");
    }
    const std::string cut = WriteBytes("cut.txt", "\xe2\x82");
    try {
        open(cut)->read();
        FAIL() << "no error";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data");
    }
}

TEST(PyFileTest, ReadCountsCharacters) {
    const std::string path = WriteBytes("chars.txt", "h\xc3\xa9llo");
    auto f = open(path);
    EXPECT_EQ(f->read(2), "h\xc3\xa9");
    EXPECT_EQ(f->read(), "llo");
}

TEST(PyFileTest, OnlyUtf8) {
    const std::string path = WriteBytes("latin.txt", "x");
    EXPECT_THROW(open(path, "r", -1, std::string("latin-1")), ValueError);
    EXPECT_THROW(codecs::open(path, "r", std::nullopt, "surrogateescape"), ValueError);
}

}  // namespace
}  // namespace py
}  // namespace cnet
