// ast_test.cc — node casts, the visitor, precedence/associativity, and source ranges of nodes.
#include <gtest/gtest.h>

#include "compiler/ast/ast.h"
#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

// Parses one expression statement and returns the dump of its value.
std::string DumpExpr(const std::string& source) {
    auto run = ParseText("e.cnet", source + "\n");
    EXPECT_EQ(run->Render(), "");
    EXPECT_EQ(run->module->body().size(), 1u);
    const auto& stmt = ast::Cast<ast::ExprStmt>(*run->module->body()[0]);
    return ast::DumpAst(stmt.value());
}

TEST(AstTest, CastsFollowTheKindHierarchy) {
    auto run = ParseText("c.cnet", "f(x)\n");
    const ast::Stmt& stmt = *run->module->body()[0];
    EXPECT_TRUE(ast::Isa<ast::Stmt>(stmt));
    EXPECT_FALSE(ast::Isa<ast::Expr>(stmt));
    const ast::Expr& value = ast::Cast<ast::ExprStmt>(stmt).value();
    EXPECT_NE(ast::DynCast<ast::CallExpr>(&value), nullptr);
    EXPECT_EQ(ast::DynCast<ast::NameExpr>(&value), nullptr);
    EXPECT_THROW(ast::Cast<ast::NameExpr>(value), InternalCompilerError);
}

TEST(AstTest, PrecedenceAndAssociativity) {
    EXPECT_EQ(DumpExpr("-x ** 2"),
              "UnaryExpr '-' @1:1\n  operand: BinaryExpr '**' @1:2\n    lhs: NameExpr 'x' @1:2\n"
              "    rhs: IntLiteral 2 @1:7\n");
    EXPECT_EQ(DumpExpr("2 ** -1"),
              "BinaryExpr '**' @1:1\n  lhs: IntLiteral 2 @1:1\n  rhs: UnaryExpr '-' @1:6\n"
              "    operand: IntLiteral 1 @1:7\n");
    EXPECT_EQ(DumpExpr("a - b - c"),
              "BinaryExpr '-' @1:1\n  lhs: BinaryExpr '-' @1:1\n    lhs: NameExpr 'a' @1:1\n"
              "    rhs: NameExpr 'b' @1:5\n  rhs: NameExpr 'c' @1:9\n");
    EXPECT_EQ(DumpExpr("not a == b"),
              "UnaryExpr 'not' @1:1\n  operand: CompareExpr '==' @1:5\n    left: NameExpr 'a' @1:5\n"
              "    comparator: NameExpr 'b' @1:10\n");
    EXPECT_EQ(DumpExpr("a if b else c if d else e"),
              "ConditionalExpr @1:1\n  test: NameExpr 'b' @1:6\n  body: NameExpr 'a' @1:1\n"
              "  orelse: ConditionalExpr @1:13\n    test: NameExpr 'd' @1:18\n    body: NameExpr 'c' @1:13\n"
              "    orelse: NameExpr 'e' @1:25\n");
    EXPECT_EQ(DumpExpr("x @ W + b"),
              "BinaryExpr '+' @1:1\n  lhs: BinaryExpr '@' @1:1\n    lhs: NameExpr 'x' @1:1\n"
              "    rhs: NameExpr 'W' @1:5\n  rhs: NameExpr 'b' @1:9\n");
}

TEST(AstTest, RangesCoverParenthesesAndAttributes) {
    auto run = ParseText("r.cnet", "(a + b) * self.hiden(x)\n");
    const auto& mul = ast::Cast<ast::BinaryExpr>(ast::Cast<ast::ExprStmt>(*run->module->body()[0]).value());
    EXPECT_EQ(mul.range().begin, (SourceLocation{1, 1}));
    EXPECT_EQ(mul.range().end, (SourceLocation{1, 24}));
    const auto& call = ast::Cast<ast::CallExpr>(mul.rhs());
    const auto& attr = ast::Cast<ast::AttributeExpr>(call.func());
    EXPECT_EQ(attr.attr_range().begin, (SourceLocation{1, 16}));
    EXPECT_EQ(attr.attr_range().end, (SourceLocation{1, 21}));
}

TEST(AstTest, StatementRangesExcludeLayoutTokens) {
    auto run = ParseText("s.cnet", "if a:\n    b = 1\n\nc = 2\n");
    const ast::Stmt& if_stmt = *run->module->body()[0];
    EXPECT_EQ(if_stmt.range().begin, (SourceLocation{1, 1}));
    EXPECT_EQ(if_stmt.range().end, (SourceLocation{2, 10}));
}

TEST(AstTest, FStringFieldsKeepTheirColumns) {
    EXPECT_EQ(DumpExpr("f'a{x + 1:.2f}b{y!r}'"),
              "FStringExpr @1:1\n  part: StringLiteral \"a\" @1:3\n  part: FormattedValueExpr ':.2f' @1:4\n"
              "    value: BinaryExpr '+' @1:5\n      lhs: NameExpr 'x' @1:5\n      rhs: IntLiteral 1 @1:9\n"
              "  part: StringLiteral \"b\" @1:15\n  part: FormattedValueExpr !r @1:16\n    value: NameExpr 'y' @1:17\n");
}

TEST(AstTest, ElifChainsNest) {
    auto run = ParseText("i.cnet", "if a:\n    pass\nelif b:\n    pass\nelse:\n    pass\n");
    const auto& outer = ast::Cast<ast::IfStmt>(*run->module->body()[0]);
    ASSERT_EQ(outer.orelse().size(), 1u);
    const auto& inner = ast::Cast<ast::IfStmt>(*outer.orelse()[0]);
    EXPECT_TRUE(inner.is_elif());
    EXPECT_EQ(inner.range().begin, (SourceLocation{3, 1}));
    EXPECT_EQ(inner.orelse().size(), 1u);
}

// Counts nodes by family through the CRTP visitor and its fallbacks.
class FamilyCounter : public ast::Visitor<FamilyCounter> {
public:
    void VisitNameExpr(const ast::NameExpr&) { ++names; }
    void VisitExpr(const ast::Expr& e) {
        ++exprs;
        ast::ForEachChild(e, [this](const char*, const ast::Node& c) { Visit(c); });
    }
    void VisitStmt(const ast::Stmt& s) {
        ++stmts;
        ast::ForEachChild(s, [this](const char*, const ast::Node& c) { Visit(c); });
    }
    void VisitNode(const ast::Node& n) {
        ast::ForEachChild(n, [this](const char*, const ast::Node& c) { Visit(c); });
    }
    int names = 0;
    int exprs = 0;
    int stmts = 0;
};

TEST(AstTest, VisitorDispatchesByKindWithFallbacks) {
    auto run = ParseText("v.cnet", "def f(a):\n    return g(a, b) + 1\n");
    FamilyCounter counter;
    counter.Visit(*run->module);
    EXPECT_EQ(counter.stmts, 2);  // FunctionDef, ReturnStmt
    EXPECT_EQ(counter.names, 3);  // g, a, b (the parameter is a Param, not a NameExpr)
    EXPECT_EQ(counter.exprs, 3);  // BinaryExpr, CallExpr, IntLiteral
}

TEST(AstTest, EveryNodeOfEveryGoldenProgramHasAValidRange) {
    for (const std::string& name : ListFiles(TestDataDir() + "/golden", ".cnet")) {
        auto run = ParseText(name, ReadFile(TestDataDir() + "/golden/" + name));
        ASSERT_NE(run->module, nullptr) << name;
        const SourceLocation file_end = run->sources.EndLocation(run->file);
        ast::WalkPreorder(*run->module, [&](const ast::Node& node) {
            const SourceRange& r = node.range();
            EXPECT_EQ(r.file, run->file) << name << ": " << ast::NodeSummary(node);
            EXPECT_TRUE(r.begin.IsValid()) << name << ": " << ast::NodeSummary(node);
            EXPECT_TRUE(r.begin <= r.end) << name << ": " << ast::NodeSummary(node);
            EXPECT_TRUE(r.end <= file_end) << name << ": " << ast::NodeSummary(node);
        });
    }
}

}  // namespace
}  // namespace cnet::compiler::testing
