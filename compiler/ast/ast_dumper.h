// ast_dumper.h — prints an AST one node per line with roles and `@line:col`, for golden tests.
#pragma once

#include <ostream>
#include <string>

#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

/// Prints `root` and its descendants, one node per line, indented two spaces per level:
///
///     Module 'mlp.cnet' @1:1
///       ClassDef 'MLP' @6:1
///         base: AttributeExpr 'Chain' @6:11
///           value: NameExpr 'chainer' @6:11
///
/// Each line is `[role: ]Kind[ details] @line:col` where details are names, operators and literal
/// values. The format is stable: golden files under tests/compiler/golden depend on it.
void DumpAst(const Node& root, std::ostream& out);
std::string DumpAst(const Node& root);

/// The `Kind[ details]` part of a dump line, e.g. "BinaryExpr '+'" or "IntLiteral 42".
std::string NodeSummary(const Node& node);

/// `text` as a double-quoted literal with C escapes, as the dumper shows string values.
std::string QuoteForDump(const std::string& text);

}  // namespace cnet::compiler::ast
