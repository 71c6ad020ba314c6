// progressbar_test.cc — bar(f, max_value=n) yields exactly f's lines and draws a '\r'-redrawn line on stderr (never
// stdout) ending with a newline; the value rules are progressbar2's (the first item at min_value, ValueError past
// max_value). The line texts are this runtime's own format, modelled on progressbar2's default widgets.
#include "cnet/progressbar/progressbar.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/csv.h"

namespace cnet {
namespace progressbar {
namespace {

std::string Write(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

TEST(ProgressBarTest, YieldsTheLinesAndDrawsOnStderr) {
    const std::string path = Write("pb_lines.txt", "a b\nc\n\nlast");
    auto bar = std::make_shared<ProgressBar>();
    auto f = py::open(path);
    std::vector<std::string> lines;
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    auto wrapped = (*bar)(f, 4);  // held, as generated code holds it (a temporary would die before the loop)
    for (const std::string& line : *wrapped) lines.push_back(line);
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(::testing::internal::GetCapturedStdout(), "");
    EXPECT_EQ(lines, (std::vector<std::string>{"a b\n", "c\n", "\n", "last"}));
    EXPECT_EQ(err.rfind("\r  0% (0 of 4) |                              | Elapsed Time: 0:00:0", 0), 0u) << err;
    EXPECT_NE(err.find("\r 50% (2 of 4) |###############               |"), std::string::npos) << err;
    EXPECT_NE(err.find("\r100% (4 of 4) |##############################| Elapsed Time: 0:00:0"), std::string::npos);
    EXPECT_EQ(err.back(), '\n');
    EXPECT_EQ(err.find('\n'), err.size() - 1) << "one line, redrawn with \\r";
    EXPECT_TRUE(bar->finished());
    EXPECT_EQ(bar->value(), 4);
    EXPECT_FALSE(f->closed());
}

TEST(ProgressBarTest, UnknownLengthCountsItems) {
    const std::string path = Write("pb_unknown.txt", "1\n2\n3\n");
    auto bar = std::make_shared<ProgressBar>();
    ::testing::internal::CaptureStderr();
    int64_t n = 0;
    auto wrapped = (*bar)(py::open(path));
    for (const std::string& line : *wrapped) n += !line.empty();
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(n, 3);
    EXPECT_EQ(err.rfind("\r0 | Elapsed Time: ", 0), 0u) << err;
    EXPECT_NE(err.find("\r2 | Elapsed Time: "), std::string::npos) << err;
    EXPECT_EQ(err.back(), '\n');
}

TEST(ProgressBarTest, EmptyFileFinishesTheBar) {
    auto bar = std::make_shared<ProgressBar>();
    ::testing::internal::CaptureStderr();
    auto wrapped = (*bar)(py::open(Write("pb_empty.txt", "")), 5);
    for (const std::string& line : *wrapped) ADD_FAILURE() << line;
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(err.find("100% (5 of 5)"), std::string::npos) << err;
    EXPECT_EQ(err.back(), '\n');
}

// progressbar2's update() with max_error=True: the third line is value 2, past max_value=1.
TEST(ProgressBarTest, PastMaxValueRaises) {
    auto bar = std::make_shared<ProgressBar>();
    ::testing::internal::CaptureStderr();
    auto f = (*bar)(py::open(Write("pb_over.txt", "a\nb\nc\n")), 1);
    EXPECT_EQ(f->readline(), "a\n");
    EXPECT_EQ(f->readline(), "b\n");
    try {
        f->readline();
        ADD_FAILURE() << "no ValueError";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "Value 2 is too large. Should be between 0 and 1");
    }
    ::testing::internal::GetCapturedStderr();
    auto lenient = std::make_shared<ProgressBar>(0, std::nullopt, false);
    ::testing::internal::CaptureStderr();
    int64_t n = 0;
    auto wrapped = (*lenient)(py::open(Write("pb_over2.txt", "a\nb\nc\n")), 1);
    for (const std::string& line : *wrapped) n += !line.empty();
    ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(n, 3);
    EXPECT_EQ(lenient->value(), 1);
}

// bar(f) is a File: it goes where a TextIOWrapper goes (csv.reader here), reading f.
TEST(ProgressBarTest, IsAFile) {
    const std::string path = Write("pb_csv.txt", "x,y\n1,2\n");
    auto bar = std::make_shared<ProgressBar>();
    auto f = py::open(path);
    ::testing::internal::CaptureStderr();
    std::shared_ptr<py::File> wrapped = (*bar)(f, 2);
    EXPECT_EQ(wrapped->name(), path);
    EXPECT_EQ(wrapped->mode(), "r");
    EXPECT_EQ(py::csv::reader(wrapped), (std::vector<std::vector<std::string>>{{"x", "y"}, {"1", "2"}}));
    wrapped->close();
    EXPECT_TRUE(f->closed());
    ::testing::internal::GetCapturedStderr();
}

}  // namespace
}  // namespace progressbar
}  // namespace cnet
