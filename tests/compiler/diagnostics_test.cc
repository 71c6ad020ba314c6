// diagnostics_test.cc — exact rendering (header, excerpt, caret), ordering, limits, notes, helpers.
#include <gtest/gtest.h>

#include <sstream>

#include "compiler/diagnostics/diagnostic_renderer.h"
#include "compiler/diagnostics/edit_distance.h"
#include "compiler/diagnostics/internal_check.h"
#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

SourceRange At(FileId file, std::uint32_t line, std::uint32_t column, std::uint32_t length) {
    return SourceRange(file, {line, column}, {line, column + length});
}

class DiagnosticsTest : public ::testing::Test {
protected:
    std::string Flush() {
        std::ostringstream out;
        diags_.Flush(out);
        return out.str();
    }

    SourceManager sources_;
    DiagnosticEngine diags_{sources_};
    FileId file_ = sources_.AddFile("models/mlp.cnet",
                                    "class MLP(chainer.Chain):\n"
                                    "    def forward(self, x):\n"
                                    "        h = F.relu(self.hiden(x))\n"
                                    "\treturn h\n"
                                    "s = 'é' + hiden\n");
};

TEST_F(DiagnosticsTest, ErrorWithCaretUnderRangeAndNote) {
    diags_.Error(At(file_, 3, 25, 5), "unknown name 'hiden'").Note(At(file_, 1, 7, 3), "did you mean 'hidden'?");
    EXPECT_EQ(Flush(),
              "models/mlp.cnet:3:25: error: unknown name 'hiden'\n"
              "        h = F.relu(self.hiden(x))\n"
              "                        ^~~~~\n"
              "models/mlp.cnet:1:7: note: did you mean 'hidden'?\n"
              "class MLP(chainer.Chain):\n"
              "      ^~~\n");
}

TEST_F(DiagnosticsTest, ZeroWidthRangeIsJustACaret) {
    diags_.Error(SourceRange::Point(file_, {2, 25}), "expected ':' after function signature");
    EXPECT_EQ(Flush(),
              "models/mlp.cnet:2:25: error: expected ':' after function signature\n"
              "    def forward(self, x):\n"
              "                        ^\n");
}

TEST_F(DiagnosticsTest, TabsAreCopiedIntoTheCaretLine) {
    diags_.Warning(At(file_, 4, 2, 6), "tabs");
    EXPECT_EQ(Flush(), "models/mlp.cnet:4:2: warning: tabs\n\treturn h\n\t^~~~~~\n");
}

TEST_F(DiagnosticsTest, ColumnsCountCodePointsNotBytes) {
    diags_.Error(At(file_, 5, 11, 5), "unknown name 'hiden'");
    EXPECT_EQ(Flush(), "models/mlp.cnet:5:11: error: unknown name 'hiden'\ns = 'é' + hiden\n          ^~~~~\n");
}

TEST_F(DiagnosticsTest, MultiLineRangeIsUnderlinedToEndOfFirstLine) {
    diags_.Error(SourceRange(file_, {2, 5}, {3, 10}), "span");
    EXPECT_EQ(Flush(), "models/mlp.cnet:2:5: error: span\n    def forward(self, x):\n    ^~~~~~~~~~~~~~~~~~~~~\n");
}

TEST_F(DiagnosticsTest, PositionPastTheEndHasNoExcerpt) {
    diags_.Error(SourceRange::Point(file_, {6, 1}), "expected an indented block");
    EXPECT_EQ(Flush(), "models/mlp.cnet:6:1: error: expected an indented block\n");
}

TEST_F(DiagnosticsTest, DiagnosticsWithoutALine) {
    diags_.Error(SourceRange(), "cannot open 'x.cnet': No such file or directory");
    diags_.Error(SourceRange(file_, {}, {}), "file-level problem");
    EXPECT_EQ(Flush(),
              "cnetc: error: cannot open 'x.cnet': No such file or directory\n"
              "models/mlp.cnet: error: file-level problem\n");
}

TEST_F(DiagnosticsTest, SortedInSourceOrderAndCounted) {
    diags_.Error(At(file_, 3, 9, 1), "third");
    diags_.Warning(At(file_, 1, 1, 5), "first");
    diags_.Error(At(file_, 2, 5, 3), "second");
    const std::vector<Diagnostic> sorted = diags_.SortedPending();
    ASSERT_EQ(sorted.size(), 3u);
    EXPECT_EQ(sorted[0].message, "first");
    EXPECT_EQ(sorted[1].message, "second");
    EXPECT_EQ(sorted[2].message, "third");
    EXPECT_EQ(diags_.error_count(), 2);
    EXPECT_EQ(diags_.warning_count(), 1);
    EXPECT_EQ(diags_.ErrorCountIn(file_), 2);
}

TEST_F(DiagnosticsTest, ExactDuplicatesAreReportedOnce) {
    diags_.Error(At(file_, 1, 1, 5), "same");
    diags_.Error(At(file_, 1, 1, 5), "same");
    EXPECT_EQ(diags_.error_count(), 1);
}

TEST_F(DiagnosticsTest, ErrorLimitStopsAfterTwentyErrors) {
    for (std::uint32_t i = 1; i <= 25; ++i) diags_.Error(At(file_, 1, i, 1), "error " + std::to_string(i));
    diags_.Warning(At(file_, 1, 1, 1), "a warning does not count");
    EXPECT_TRUE(diags_.LimitReached());
    const std::string output = Flush();
    EXPECT_NE(output.find("error 20\n"), std::string::npos);
    EXPECT_EQ(output.find("error 21\n"), std::string::npos);
    EXPECT_NE(output.find("a warning does not count"), std::string::npos);
    const std::string fatal = "fatal error: too many errors emitted, stopping now\n";
    ASSERT_GE(output.size(), fatal.size());
    EXPECT_EQ(output.substr(output.size() - fatal.size()), fatal);
    diags_.Error(At(file_, 2, 1, 1), "after the limit");
    EXPECT_EQ(Flush(), "");
}

TEST_F(DiagnosticsTest, ErrorLimitZeroMeansUnlimited) {
    diags_.set_error_limit(0);
    for (std::uint32_t i = 1; i <= 30; ++i) diags_.Error(At(file_, 1, i, 1), "e");
    EXPECT_FALSE(diags_.LimitReached());
    EXPECT_EQ(Flush().find("fatal error"), std::string::npos);
}

TEST(CaretLineTest, ClampsToTheLine) {
    EXPECT_EQ(CaretLine("abc", {1, 2}, {1, 99}), " ^~");
    EXPECT_EQ(CaretLine("abc", {1, 4}, {1, 4}), "   ^");
}

TEST(EditDistanceTest, Levenshtein) {
    EXPECT_EQ(EditDistance("hiden", "hidden"), 1u);
    EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
    EXPECT_EQ(EditDistance("", "abc"), 3u);
    EXPECT_EQ(EditDistance("same", "same"), 0u);
    EXPECT_EQ(EditDistance("abcdef", "uvwxyz", 2), 3u);  // capped at max_distance + 1
}

TEST(EditDistanceTest, SuggestsOnlyPlausibleTypos) {
    const std::vector<std::string> names = {"hidden", "l1", "forward", "n_units"};
    EXPECT_EQ(SuggestClosest("hiden", names), std::optional<std::string>("hidden"));
    EXPECT_EQ(SuggestClosest("forwrd", names), std::optional<std::string>("forward"));
    EXPECT_EQ(SuggestClosest("zzz", names), std::nullopt);
    EXPECT_EQ(SuggestClosest("l1", names), std::nullopt);  // the name itself is not a suggestion
}

TEST(InternalCheckTest, ThrowsWithMessageAndLocation) {
    try {
        const int shape = 3;
        CNET_INTERNAL_CHECK(shape == 2) << "unexpected rank " << shape;
        FAIL() << "no exception";
    } catch (const InternalCompilerError& e) {
        EXPECT_EQ(e.message(), "unexpected rank 3; check 'shape == 2' failed");
        EXPECT_NE(e.file().find("diagnostics_test.cc"), std::string::npos);
        EXPECT_EQ(e.Format().rfind("internal compiler error: unexpected rank 3", 0), 0u);
    }
}

TEST(InternalCheckTest, PassingCheckHasNoEffectAndWorksInIfElse) {
    bool reached_else = false;
    if (false)
        CNET_INTERNAL_CHECK(false) << "not evaluated";
    else
        reached_else = true;
    EXPECT_TRUE(reached_else);
    EXPECT_NO_THROW(CNET_INTERNAL_CHECK(1 + 1 == 2) << "fine");
}

TEST(SourceManagerTest, LinesAndEndLocation) {
    SourceManager sources;
    const FileId file = sources.AddFile("a.cnet", "ab\r\ncd\rlast");
    EXPECT_EQ(sources.Contents(file), "ab\ncd\nlast");
    EXPECT_EQ(sources.LineCount(file), 3u);
    EXPECT_EQ(sources.LineText(file, 2), "cd");
    EXPECT_EQ(sources.LineText(file, 4), "");
    EXPECT_EQ(sources.EndLocation(file), (SourceLocation{3, 5}));
    const FileId with_newline = sources.AddFile("b.cnet", "x\n");
    EXPECT_EQ(sources.EndLocation(with_newline), (SourceLocation{2, 1}));
}

TEST(SourceManagerTest, MissingFileGivesTheOsReason) {
    SourceManager sources;
    std::string reason;
    EXPECT_FALSE(sources.LoadFile("/nonexistent/dir/x.cnet", &reason).has_value());
    EXPECT_EQ(reason, "No such file or directory");
    EXPECT_FALSE(sources.LoadFile("/", &reason).has_value());
    EXPECT_EQ(reason, "Is a directory");
}

}  // namespace
}  // namespace cnet::compiler::testing
