// ast_dumper.cc — the textual AST dump (`cnetc emit --stage=ast` and the golden .ast files).
#include "compiler/ast/ast_dumper.h"

#include <charconv>
#include <cstdio>
#include <sstream>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/module.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/parser/large_stack.h"

namespace cnet::compiler::ast {
namespace {

std::string Quote(const std::string& name) { return "'" + name + "'"; }

// Shortest text that reads back as the same double, always with a '.' or exponent.
std::string FormatDouble(double value) {
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
    std::string text(buffer, result.ptr);
    if (text.find_first_of(".en") == std::string::npos) text += ".0";
    return text;
}

std::string ParamSummary(const Param& p) {
    switch (p.param_kind()) {
        case Param::Kind::kVarArgs: return Quote("*" + p.name());
        case Param::Kind::kVarKeywords: return Quote("**" + p.name());
        case Param::Kind::kKeywordOnlyMarker: return Quote("*");
        case Param::Kind::kPositionalOnlyMarker: return Quote("/");
        case Param::Kind::kNormal: break;
    }
    return Quote(p.name());
}

std::string ExprDetails(const Node& node) {
    switch (node.kind()) {
        case NodeKind::kNameExpr: return Quote(Cast<NameExpr>(node).id());
        case NodeKind::kIntLiteral: return std::to_string(Cast<IntLiteral>(node).value());
        case NodeKind::kFloatLiteral: return FormatDouble(Cast<FloatLiteral>(node).value());
        case NodeKind::kStringLiteral: return QuoteForDump(Cast<StringLiteral>(node).value());
        case NodeKind::kBoolLiteral: return Cast<BoolLiteral>(node).value() ? "True" : "False";
        case NodeKind::kFormattedValueExpr: {
            const auto& e = Cast<FormattedValueExpr>(node);
            std::string details;
            if (e.conversion() != 0) details += std::string("!") + e.conversion();
            if (!e.format_spec().empty()) details += (details.empty() ? "" : " ") + Quote(":" + e.format_spec());
            return details;
        }
        case NodeKind::kUnaryExpr: return Quote(Spelling(Cast<UnaryExpr>(node).op()));
        case NodeKind::kBinaryExpr: return Quote(Spelling(Cast<BinaryExpr>(node).op()));
        case NodeKind::kBoolOpExpr: return Quote(Spelling(Cast<BoolOpExpr>(node).op()));
        case NodeKind::kCompareExpr: {
            std::string details;
            for (CompareOp op : Cast<CompareExpr>(node).ops()) details += (details.empty() ? "" : " ") + Quote(Spelling(op));
            return details;
        }
        case NodeKind::kAttributeExpr: return Quote(Cast<AttributeExpr>(node).attr());
        case NodeKind::kTupleExpr: return Cast<TupleExpr>(node).parenthesized() ? "parenthesized" : "";
        default: return "";
    }
}

std::string ImportDetails(const ImportFromStmt& s) {
    std::string details = Quote(std::string(static_cast<std::size_t>(s.level()), '.') + s.module());
    if (s.is_star()) details += " *";
    return details;
}

std::string StmtAndPartDetails(const Node& node) {
    switch (node.kind()) {
        case NodeKind::kAugAssignStmt: return Quote(std::string(Spelling(Cast<AugAssignStmt>(node).op())) + "=");
        case NodeKind::kGlobalStmt:
        case NodeKind::kNonlocalStmt: {
            const auto& names = node.kind() == NodeKind::kGlobalStmt ? Cast<GlobalStmt>(node).names()
                                                                     : Cast<NonlocalStmt>(node).names();
            std::string details;
            for (const auto& n : names) details += (details.empty() ? "" : " ") + Quote(n);
            return details;
        }
        case NodeKind::kImportFromStmt: return ImportDetails(Cast<ImportFromStmt>(node));
        case NodeKind::kAlias: {
            const auto& a = Cast<Alias>(node);
            return Quote(a.name()) + (a.as_name().empty() ? "" : " as " + Quote(a.as_name()));
        }
        case NodeKind::kIfStmt: return Cast<IfStmt>(node).is_elif() ? "elif" : "";
        case NodeKind::kForStmt: return Cast<ForStmt>(node).is_async() ? "async" : "";
        case NodeKind::kWithStmt: return Cast<WithStmt>(node).is_async() ? "async" : "";
        case NodeKind::kExceptHandler: {
            const auto& h = Cast<ExceptHandler>(node);
            return h.name().empty() ? "" : "as " + Quote(h.name());
        }
        case NodeKind::kFunctionDef: {
            const auto& f = Cast<FunctionDef>(node);
            return Quote(f.name()) + (f.is_async() ? " async" : "");
        }
        case NodeKind::kClassDef: return Quote(Cast<ClassDef>(node).name());
        case NodeKind::kModule: return Quote(Cast<Module>(node).path());
        case NodeKind::kParam: return ParamSummary(Cast<Param>(node));
        case NodeKind::kKeywordArg: {
            const auto& k = Cast<KeywordArg>(node);
            return k.IsDoubleStar() ? Quote("**") : Quote(k.name());
        }
        case NodeKind::kComprehension: return Cast<Comprehension>(node).is_async() ? "async" : "";
        default: return "";
    }
}

void DumpNode(const Node& node, const char* role, int depth, std::ostream& out) {
    out << std::string(static_cast<std::size_t>(depth) * 2, ' ');
    if (role != nullptr) out << role << ": ";
    out << NodeSummary(node) << " @" << node.range().begin.line << ':' << node.range().begin.column << '\n';
    ForEachChild(node, [&](const char* child_role, const Node& child) { DumpNode(child, child_role, depth + 1, out); });
}

}  // namespace

std::string QuoteForDump(const std::string& text) {
    std::string out = "\"";
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7F) {
                    char hex[8];
                    std::snprintf(hex, sizeof(hex), "\\x%02x", c);
                    out += hex;
                } else {
                    out += ch;  // printable ASCII and UTF-8 bytes pass through
                }
        }
    }
    return out + "\"";
}

std::string NodeSummary(const Node& node) {
    const std::string details = Isa<Expr>(node) ? ExprDetails(node) : StmtAndPartDetails(node);
    return details.empty() ? NodeKindName(node.kind()) : std::string(NodeKindName(node.kind())) + " " + details;
}

// One recursion level per nesting level of the input: on the parser's large stack (see large_stack.h).
void DumpAst(const Node& root, std::ostream& out) {
    RunWithLargeStack([&] { DumpNode(root, nullptr, 0, out); });
}

std::string DumpAst(const Node& root) {
    std::ostringstream out;
    DumpAst(root, out);
    return out.str();
}

}  // namespace cnet::compiler::ast
