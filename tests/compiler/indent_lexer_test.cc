// indent_lexer_test.cc — layout tokens (NEWLINE/INDENT/DEDENT), their positions, and lexical errors.
#include <gtest/gtest.h>

#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

struct Lexed {
    std::vector<TokenInfo> tokens;
    std::string diagnostics;
};

Lexed Lex(const std::string& text) {
    SourceManager sources;
    DiagnosticEngine diags(sources);
    diags.set_error_limit(0);
    const FileId file = sources.AddFile("t.cnet", text);
    Lexed out;
    out.tokens = LexSource(file, diags);
    std::ostringstream rendered;
    diags.Flush(rendered);
    out.diagnostics = rendered.str();
    return out;
}

std::string Kinds(const std::string& text) {
    std::string kinds;
    for (const TokenInfo& t : Lex(text).tokens) kinds += (kinds.empty() ? "" : " ") + t.kind;
    return kinds;
}

TEST(IndentLexerTest, BlockProducesIndentAndDedent) {
    EXPECT_EQ(Kinds("if a:\n    b\n"), "IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT EOF");
}

TEST(IndentLexerTest, BlankAndCommentLinesProduceNothing) {
    EXPECT_EQ(Kinds("a\n\n   \n# comment\n      # indented comment\nb\n"), "NAME NEWLINE NAME NEWLINE EOF");
}

TEST(IndentLexerTest, NewlinesInsideBracketsAreJoined) {
    EXPECT_EQ(Kinds("f(a,\n  b,\n\n      c)\nd\n"),
              "NAME OPEN_PAREN NAME COMMA NAME COMMA NAME CLOSE_PAREN NEWLINE NAME NEWLINE EOF");
    EXPECT_EQ(Kinds("x = [\n1,\n]\n"), "NAME ASSIGN OPEN_BRACK INTEGER COMMA CLOSE_BRACK NEWLINE EOF");
}

TEST(IndentLexerTest, BackslashJoinsLines) {
    EXPECT_EQ(Kinds("x = 1 + \\\n        2\ny\n"), "NAME ASSIGN INTEGER ADD INTEGER NEWLINE NAME NEWLINE EOF");
}

TEST(IndentLexerTest, EofClosesLineAndBlocks) {
    EXPECT_EQ(Kinds("def f():\n    if a:\n        return b"),
              "DEF NAME OPEN_PAREN CLOSE_PAREN COLON NEWLINE INDENT IF NAME COLON NEWLINE INDENT RETURN NAME "
              "NEWLINE DEDENT DEDENT EOF");
    EXPECT_EQ(Kinds(""), "EOF");
    EXPECT_EQ(Kinds("\n\n# only a comment"), "EOF");
}

TEST(IndentLexerTest, SeveralDedentsAtOnce) {
    EXPECT_EQ(Kinds("a:\n  b:\n    c\nd\n"),
              "NAME COLON NEWLINE INDENT NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT DEDENT NAME NEWLINE EOF");
}

TEST(IndentLexerTest, LayoutTokensHaveRealPositions) {
    const Lexed lexed = Lex("if a:\n    b\nc\n");
    EXPECT_EQ(DumpTokens(lexed.tokens),
              "1:1-1:3 IF \"if\"\n"
              "1:4-1:5 NAME \"a\"\n"
              "1:5-1:6 COLON \":\"\n"
              "1:6 NEWLINE\n"
              "2:1-2:5 INDENT\n"
              "2:5-2:6 NAME \"b\"\n"
              "2:6 NEWLINE\n"
              "3:1 DEDENT\n"
              "3:1-3:2 NAME \"c\"\n"
              "3:2 NEWLINE\n"
              "4:1 EOF\n");
}

TEST(IndentLexerTest, CrLfAndCrLineEndingsBehaveLikeLf) {
    EXPECT_EQ(DumpTokens(Lex("if a:\r\n    b\r\n").tokens), DumpTokens(Lex("if a:\n    b\n").tokens));
    EXPECT_EQ(DumpTokens(Lex("if a:\r    b\r").tokens), DumpTokens(Lex("if a:\n    b\n").tokens));
}

TEST(IndentLexerTest, InconsistentDedentIsReportedOnceAndRecovers) {
    const Lexed lexed = Lex("if a:\n        b\n    c\n    d\ne\n");
    EXPECT_EQ(lexed.diagnostics,
              "t.cnet:3:5: error: unindent does not match any outer indentation level\n"
              "    c\n"
              "    ^\n");
    // The recovery level is silent: no INDENT before c, and only the real block's DEDENT.
    EXPECT_EQ(Kinds("if a:\n        b\n    c\n    d\ne\n"),
              "IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT NAME NEWLINE NAME NEWLINE NAME NEWLINE EOF");
}

TEST(IndentLexerTest, TabInIndentationIsAnError) {
    const Lexed lexed = Lex("if a:\n\tb\n");
    EXPECT_EQ(lexed.diagnostics, "t.cnet:2:1: error: tab in indentation; indent with spaces\n\tb\n^\n");
    EXPECT_EQ(Kinds("if a:\n\tb\n"), "IF NAME COLON NEWLINE INDENT NAME NEWLINE DEDENT EOF");
    EXPECT_EQ(Lex("x = [1,\n\t2]\ny = 1\t+ 2\n").diagnostics, "");  // tabs elsewhere are whitespace
}

TEST(IndentLexerTest, StringsAreSingleTokensWithMultiLineRanges) {
    const Lexed lexed = Lex("s = '''a\nbc''' + f\"{x}\"\n");
    ASSERT_GE(lexed.tokens.size(), 5u);
    EXPECT_EQ(lexed.tokens[2].kind, "STRING");
    EXPECT_EQ(lexed.tokens[2].range.begin.line, 1u);
    EXPECT_EQ(lexed.tokens[2].range.end.line, 2u);
    EXPECT_EQ(lexed.tokens[2].range.end.column, 6u);
    EXPECT_EQ(lexed.tokens[4].text, "f\"{x}\"");
    EXPECT_EQ(lexed.diagnostics, "");
}

TEST(IndentLexerTest, NumbersOfEveryForm) {
    EXPECT_EQ(Kinds("1 1_000 0x1F 0o7 0b10 1.0 1e-3 .5 2. 1.5E+2"),
              "INTEGER INTEGER INTEGER INTEGER INTEGER FLOAT_NUMBER FLOAT_NUMBER FLOAT_NUMBER FLOAT_NUMBER "
              "FLOAT_NUMBER NEWLINE EOF");
}

TEST(IndentLexerTest, UnmatchedCloserIsReportedAndDropped) {
    const Lexed lexed = Lex("x = 1)\n");
    EXPECT_EQ(lexed.diagnostics, "t.cnet:1:6: error: unmatched ')'\nx = 1)\n     ^\n");
    EXPECT_EQ(Kinds("x = 1)\n"), "NAME ASSIGN INTEGER NEWLINE EOF");
}

TEST(IndentLexerTest, UnclosedBracketRecoversAtNextStatementKeyword) {
    const std::string text = "def f(x):\n    y = g(x\n    return y\n";
    EXPECT_EQ(Kinds(text),
              "DEF NAME OPEN_PAREN NAME CLOSE_PAREN COLON NEWLINE INDENT NAME ASSIGN NAME OPEN_PAREN NAME NEWLINE "
              "RETURN NAME NEWLINE DEDENT EOF");
    EXPECT_EQ(Lex(text).diagnostics, "t.cnet:2:10: error: '(' was never closed\n    y = g(x\n         ^\n");
}

TEST(IndentLexerTest, ComprehensionClausesDoNotEndBrackets) {
    EXPECT_EQ(Lex("ys = [f(x)\nfor x in xs\nif x]\n").diagnostics, "");
}

TEST(IndentLexerTest, NestingLimitStopsTheParse) {
    auto run = ParseText("deep.cnet", "x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n");
    EXPECT_EQ(run->module, nullptr);
    EXPECT_TRUE(run->stats.aborted);
    EXPECT_NE(run->Render().find("error: too many nested parentheses"), std::string::npos);
}

TEST(IndentLexerTest, IndentationLimitStopsTheParse) {
    std::string text;
    for (int depth = 0; depth < 120; ++depth) text += std::string(static_cast<std::size_t>(depth), ' ') + "if a:\n";
    text += std::string(120, ' ') + "pass\n";
    auto run = ParseText("deep.cnet", text);
    EXPECT_TRUE(run->stats.aborted);
    EXPECT_NE(run->Render().find("error: too many levels of indentation"), std::string::npos);
}

TEST(IndentLexerTest, OverlongStatementStopsTheParse) {
    std::string text = "x = 0";
    for (int i = 0; i < 6000; ++i) text += " + 1";
    auto run = ParseText("long.cnet", text + "\n");
    EXPECT_TRUE(run->stats.aborted);
    EXPECT_NE(run->Render().find("error: statement is too long"), std::string::npos);
}

TEST(IndentLexerTest, InvalidUtf8IsReportedWithItsPosition) {
    auto run = ParseText("bad.cnet", "x = 1\ny = '\xff'\n");
    EXPECT_TRUE(run->stats.aborted);
    EXPECT_EQ(run->Render(),
              "bad.cnet:2:6: error: invalid UTF-8 byte 0xFF in source; .cnet files must be UTF-8\ny = '\xff'\n     ^\n");
}

}  // namespace
}  // namespace cnet::compiler::testing
