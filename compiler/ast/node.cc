// node.cc — names of AST node kinds.
#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

const char* NodeKindName(NodeKind kind) {
    static const char* const kNames[] = {
        "NameExpr",      "IntLiteral",     "FloatLiteral",    "StringLiteral",  "BoolLiteral",  "NoneLiteral",
        "EllipsisLiteral", "FStringExpr",  "FormattedValueExpr", "UnaryExpr",   "BinaryExpr",   "BoolOpExpr",
        "CompareExpr",   "ConditionalExpr", "NamedExpr",      "LambdaExpr",     "StarredExpr",  "AwaitExpr",
        "YieldExpr",     "YieldFromExpr",  "CallExpr",        "AttributeExpr",  "SubscriptExpr", "SliceExpr",
        "TupleExpr",     "ListExpr",       "SetExpr",         "DictExpr",       "ListCompExpr", "SetCompExpr",
        "DictCompExpr",  "GeneratorExpr",  "ExprStmt",        "AssignStmt",     "AugAssignStmt", "AnnAssignStmt",
        "PassStmt",      "BreakStmt",      "ContinueStmt",    "ReturnStmt",     "RaiseStmt",    "GlobalStmt",
        "NonlocalStmt",  "DelStmt",        "AssertStmt",      "ImportStmt",     "ImportFromStmt", "IfStmt",
        "WhileStmt",     "ForStmt",        "WithStmt",        "TryStmt",        "FunctionDef",  "ClassDef",
        "Module",        "Param",          "KeywordArg",      "Alias",          "WithItem",     "ExceptHandler",
        "Comprehension",
    };
    static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<std::size_t>(NodeKind::kComprehension) + 1,
                  "every NodeKind needs a name");
    return kNames[static_cast<std::size_t>(kind)];
}

}  // namespace cnet::compiler::ast
