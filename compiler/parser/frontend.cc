// frontend.cc — wires ANTLR input, IndentLexer, token stream, parser and AST builder for one source.
#include "compiler/parser/frontend.h"

#include <cstdio>
#include <sstream>

#include "CnetParser.h"
#include "antlr4-runtime.h"
#include "compiler/ast/ast_builder.h"
#include "compiler/ast/ast_dumper.h"
#include "compiler/diagnostics/utf8.h"
#include "compiler/lexer/indent_lexer.h"
#include "compiler/parser/large_stack.h"
#include "compiler/parser/syntax_errors.h"

namespace cnet::compiler {
namespace {

/// All ANTLR objects for one parse of one text: the whole file, or one f-string field (which is
/// lexed without layout and starts at the field's position in the file).
class ParseSession {
public:
    ParseSession(const std::string& text, FileId file, DiagnosticEngine& diags, IndentLexer::Mode mode,
                 SourceLocation start)
        : diags_(diags),
          file_(file),
          input_(text),
          lexer_(&input_, diags, file, mode),
          tokens_(&lexer_),
          parser_(&tokens_),
          listener_(diags, file, lexer_) {
        lexer_.setLine(start.line);
        lexer_.setCharPositionInLine(start.column - 1);
        lexer_.removeErrorListeners();
        lexer_.addErrorListener(&listener_);
        parser_.removeErrorListeners();
        parser_.addErrorListener(&listener_);
        parser_.setErrorHandler(std::make_shared<SyntaxErrorStrategy>(listener_, file));
    }

    /// Lexes the whole input up front, so that bracket and layout errors are known before parsing
    /// (the listener uses them to filter consequential parser errors). False if lexing hit a limit.
    bool Lex() {
        tokens_.fill();
        return !lexer_.fatal();
    }

    std::unique_ptr<ast::Module> ParseModule(const std::string& path) {
        grammar::CnetParser::File_inputContext* tree = parser_.file_input();
        return Builder().BuildFileInput(tree, path);
    }

    ast::ExprPtr ParseField() {
        grammar::CnetParser::Fstring_fieldContext* tree = parser_.fstring_field();
        if (parser_.getNumberOfSyntaxErrors() > 0) return nullptr;
        return Builder().BuildFstringField(tree);
    }

    std::vector<TokenInfo> Tokens() {
        std::vector<TokenInfo> out;
        const antlr4::dfa::Vocabulary& vocabulary = lexer_.getVocabulary();
        for (antlr4::Token* token : tokens_.getTokens()) {
            const std::size_t type = token->getType();
            const bool layout = type == IndentLexer::NEWLINE || type == IndentLexer::INDENT ||
                                type == IndentLexer::DEDENT || type == antlr4::Token::EOF;
            out.push_back(TokenInfo{type == antlr4::Token::EOF ? "EOF" : vocabulary.getSymbolicName(type),
                                    layout ? "" : token->getText(), TokenSourceRange(*token, file_)});
        }
        return out;
    }

    int syntax_errors() const { return listener_.raw_error_count(); }

private:
    AstBuilder Builder() {
        DiagnosticEngine& diags = diags_;
        const FileId file = file_;
        // An f-string field is parsed by a nested session positioned at the field's source.
        auto field_parser = [&diags, file](const std::string& text, SourceLocation start) -> ast::ExprPtr {
            ParseSession nested(text, file, diags, IndentLexer::Mode::kExpression, start);
            if (!nested.Lex()) return nullptr;
            return nested.ParseField();
        };
        return AstBuilder(diags_, file_, tokens_, field_parser);
    }

    DiagnosticEngine& diags_;
    FileId file_;
    antlr4::ANTLRInputStream input_;
    IndentLexer lexer_;
    antlr4::CommonTokenStream tokens_;
    grammar::CnetParser parser_;
    SyntaxErrorListener listener_;
};

// Reports the first malformed UTF-8 byte; ANTLR's input stream cannot decode such text.
bool CheckUtf8(FileId file, DiagnosticEngine& diags) {
    const std::string& text = diags.sources().Contents(file);
    const auto bad = utf8::FindInvalid(text);
    if (!bad) return true;
    const std::string_view before = std::string_view(text).substr(0, *bad);
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    std::uint32_t line = 1;
    for (char c : before) line += c == '\n' ? 1 : 0;
    const auto column = static_cast<std::uint32_t>(utf8::CodePointCount(before.substr(line_start)) + 1);
    char byte[8];
    std::snprintf(byte, sizeof(byte), "0x%02X", static_cast<unsigned char>(text[*bad]));
    diags.Error(SourceRange(file, {line, column}, {line, column + 1}),
                std::string("invalid UTF-8 byte ") + byte + " in source; .cnet files must be UTF-8");
    return false;
}

}  // namespace

std::unique_ptr<ast::Module> ParseFile(const std::string& path, DiagnosticEngine& diags, ParseStats* stats) {
    std::string reason;
    const std::optional<FileId> file = diags.sources().LoadFile(path, &reason);
    if (!file) {
        diags.Error(SourceRange(), "cannot open '" + path + "': " + reason);
        if (stats != nullptr) stats->aborted = true;
        return nullptr;
    }
    return ParseSource(*file, diags, stats);
}

std::unique_ptr<ast::Module> ParseSource(FileId file, DiagnosticEngine& diags, ParseStats* stats) {
    ParseStats local;
    ParseStats& out = stats != nullptr ? *stats : local;
    if (!CheckUtf8(file, diags)) {
        out.aborted = true;
        return nullptr;
    }
    std::unique_ptr<ast::Module> module;
    RunWithLargeStack([&] {
        ParseSession session(diags.sources().Contents(file), file, diags, IndentLexer::Mode::kFile, {1, 1});
        if (!session.Lex()) {
            out.aborted = true;
            return;
        }
        module = session.ParseModule(diags.sources().Path(file));
        out.syntax_errors = session.syntax_errors();
    });
    return module;
}

std::vector<TokenInfo> LexSource(FileId file, DiagnosticEngine& diags) {
    if (!CheckUtf8(file, diags)) return {};
    ParseSession session(diags.sources().Contents(file), file, diags, IndentLexer::Mode::kFile, {1, 1});
    session.Lex();
    return session.Tokens();
}

std::string DumpTokens(const std::vector<TokenInfo>& tokens) {
    std::ostringstream out;
    for (const TokenInfo& token : tokens) {
        out << token.range.begin.line << ':' << token.range.begin.column;
        if (!token.range.IsEmpty()) out << '-' << token.range.end.line << ':' << token.range.end.column;
        out << ' ' << token.kind;
        if (!token.text.empty()) out << ' ' << ast::QuoteForDump(token.text);
        out << '\n';
    }
    return out.str();
}

}  // namespace cnet::compiler
