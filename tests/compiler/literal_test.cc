// literal_test.cc — number decoding, string splitting/escapes and the f-string scanner.
#include <gtest/gtest.h>

#include "compiler/lexer/fstring_splitter.h"
#include "compiler/lexer/number_literal.h"
#include "compiler/lexer/string_literal.h"

namespace cnet::compiler {
namespace {

TEST(NumberLiteralTest, Integers) {
    EXPECT_EQ(DecodeInteger("0").value, 0);
    EXPECT_EQ(DecodeInteger("1_000").value, 1000);
    EXPECT_EQ(DecodeInteger("0x1F").value, 31);
    EXPECT_EQ(DecodeInteger("0o17").value, 15);
    EXPECT_EQ(DecodeInteger("0b101").value, 5);
    EXPECT_EQ(DecodeInteger("000").value, 0);
    EXPECT_EQ(DecodeInteger("9223372036854775807").value, 9223372036854775807LL);
    EXPECT_NE(DecodeInteger("9223372036854775808").error, "");
    EXPECT_NE(DecodeInteger("007").error, "");
}

TEST(NumberLiteralTest, Floats) {
    EXPECT_DOUBLE_EQ(DecodeFloat("1e-3").value, 0.001);
    EXPECT_DOUBLE_EQ(DecodeFloat(".5").value, 0.5);
    EXPECT_DOUBLE_EQ(DecodeFloat("1_0.0_1").value, 10.01);
    EXPECT_EQ(DecodeFloat("1e-400").error, "");  // underflow to zero is fine, as in Python
    EXPECT_NE(DecodeFloat("1e400").error, "");
}

TEST(StringLiteralTest, SplitsPrefixQuotesAndBody) {
    const StringLiteralParts p = SplitStringLiteral("rf'''a'b'''");
    EXPECT_TRUE(p.raw);
    EXPECT_TRUE(p.formatted);
    EXPECT_FALSE(p.bytes);
    EXPECT_TRUE(p.triple);
    EXPECT_TRUE(p.terminated);
    EXPECT_EQ(p.prefix_length, 2u);
    EXPECT_EQ(std::string("rf'''a'b'''").substr(p.body_begin, p.body_end - p.body_begin), "a'b");
}

TEST(StringLiteralTest, DetectsUnterminatedStringsThroughEscapes) {
    EXPECT_TRUE(SplitStringLiteral("'a\\'b'").terminated);
    EXPECT_FALSE(SplitStringLiteral("'abc\\'").terminated);
    EXPECT_FALSE(SplitStringLiteral("\"abc").terminated);
    EXPECT_FALSE(SplitStringLiteral("'''abc\n").terminated);
    EXPECT_FALSE(SplitStringLiteral("\"\"\"abc\\\"\"\"").terminated);
    EXPECT_TRUE(SplitStringLiteral("''").terminated);
}

TEST(StringLiteralTest, DecodesEscapes) {
    std::vector<EscapeProblem> problems;
    EXPECT_EQ(DecodeEscapes("a\\n\\t\\\\\\'\\x41\\101\\u00e9\\U0001F600\\\nz", &problems), "a\n\t\\'AA\u00e9\U0001F600z");
    EXPECT_TRUE(problems.empty());
}

TEST(StringLiteralTest, ReportsBadAndUnknownEscapes) {
    std::vector<EscapeProblem> problems;
    EXPECT_EQ(DecodeEscapes("\\d\\x4", &problems), "\\d");
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_FALSE(problems[0].is_error);  // unknown escape: a warning, kept verbatim
    EXPECT_EQ(problems[0].offset, 0u);
    EXPECT_TRUE(problems[1].is_error);
    EXPECT_EQ(problems[1].offset, 2u);
}

TEST(FStringSplitterTest, LiteralsFieldsConversionsAndSpecs) {
    std::vector<EscapeProblem> problems;
    const std::string body = "loss={loss:.4f} {{x}} {y!r}\\n";
    const std::vector<FStringPiece> pieces = SplitFString(body, false, &problems);
    EXPECT_TRUE(problems.empty());
    ASSERT_EQ(pieces.size(), 5u);
    EXPECT_EQ(pieces[0].text, "loss=");
    EXPECT_EQ(pieces[1].kind, FStringPiece::Kind::kField);
    EXPECT_EQ(body.substr(pieces[1].expr_begin, pieces[1].expr_end - pieces[1].expr_begin), "loss");
    EXPECT_EQ(pieces[1].format_spec, ".4f");
    EXPECT_EQ(pieces[1].begin, 5u);
    EXPECT_EQ(pieces[1].end, 15u);
    EXPECT_EQ(pieces[2].text, " {x} ");
    EXPECT_EQ(pieces[3].conversion, 'r');
    EXPECT_EQ(pieces[4].text, "\n");
}

TEST(FStringSplitterTest, ExpressionsMayContainBracketsColonsAndStrings) {
    std::vector<EscapeProblem> problems;
    const std::string body = "{d['a:b']} {x[1:2]} {a != b} {f(x, {'k': 1})}";
    const std::vector<FStringPiece> pieces = SplitFString(body, false, &problems);
    EXPECT_TRUE(problems.empty());
    std::vector<std::string> expressions;
    for (const FStringPiece& p : pieces) {
        if (p.kind == FStringPiece::Kind::kField) expressions.push_back(body.substr(p.expr_begin, p.expr_end - p.expr_begin));
    }
    EXPECT_EQ(expressions, (std::vector<std::string>{"d['a:b']", "x[1:2]", "a != b", "f(x, {'k': 1})"}));
}

TEST(FStringSplitterTest, ReportsMalformedFields) {
    for (const std::string body : {"}", "{}", "{x", "{x!z}", "{x:{w}}", "{a#b}", "{'\\n'}"}) {
        std::vector<EscapeProblem> problems;
        SplitFString(body, false, &problems);
        EXPECT_EQ(problems.size(), 1u) << body;
    }
}

}  // namespace
}  // namespace cnet::compiler
