// frontend.h — the front end's public API: a .cnet file to tokens or to an AST (no ANTLR types here).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/ast/module.h"
#include "compiler/diagnostics/diagnostic_engine.h"

namespace cnet::compiler {

/// One token as the parser sees it (after layout processing); see DumpTokens().
struct TokenInfo {
    std::string kind;  // the lexer's symbolic name: NAME, STRING, INDENT, NEWLINE, EOF, ...
    std::string text;  // source text; empty for NEWLINE, INDENT, DEDENT and EOF
    SourceRange range;
};

/// What happened inside the parse, beyond the diagnostics (for tests and tools).
struct ParseStats {
    int syntax_errors = 0;  // every error ANTLR raised, including those not shown as duplicates
    bool aborted = false;   // the source could not be parsed at all (invalid UTF-8, nesting limits)
};

/// Reads and parses `path`. If the file cannot be read, reports "cannot open 'path': reason" without
/// a location and returns null. Otherwise as ParseSource().
std::unique_ptr<ast::Module> ParseFile(const std::string& path, DiagnosticEngine& diags, ParseStats* stats = nullptr);

/// Parses a file registered in diags.sources(). All lexical, syntax and AST-level errors go to
/// `diags`; the parser recovers, so one run reports every syntax error of the file. Returns the
/// Module of the statements that parsed cleanly (check diags.HasErrors() before later stages), or
/// null if the source could not be parsed at all.
std::unique_ptr<ast::Module> ParseSource(FileId file, DiagnosticEngine& diags, ParseStats* stats = nullptr);

/// The token stream of a registered file, including NEWLINE/INDENT/DEDENT; lexical errors are
/// reported to `diags`.
std::vector<TokenInfo> LexSource(FileId file, DiagnosticEngine& diags);

/// One token per line: `line:col-line:col KIND 'text'` (a single position for zero-width tokens).
std::string DumpTokens(const std::vector<TokenInfo>& tokens);

}  // namespace cnet::compiler
