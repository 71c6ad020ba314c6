// fstring_splitter.cc — a small scanner for f-string bodies (the expressions are parsed elsewhere).
#include "compiler/lexer/fstring_splitter.h"

namespace cnet::compiler {
namespace {

class FStringScanner {
public:
    FStringScanner(std::string_view body, bool raw, std::vector<EscapeProblem>* problems)
        : body_(body), raw_(raw), problems_(problems) {}

    std::vector<FStringPiece> Run();

private:
    void Problem(std::size_t offset, std::size_t length, std::string message) {
        problems_->push_back(EscapeProblem{offset, length, std::move(message), true});
    }
    void AppendLiteral(std::size_t begin, std::size_t end);  // raw source [begin, end) of literal text
    void FlushLiteral(std::size_t end);
    std::size_t ScanField(std::size_t open);  // returns the offset just past the field
    std::size_t ScanExpression(std::size_t begin, bool* ok);
    std::size_t ScanSpec(std::size_t begin, FStringPiece& field, bool* ok);

    std::string_view body_;
    bool raw_;
    std::vector<EscapeProblem>* problems_;
    std::vector<FStringPiece> pieces_;
    FStringPiece literal_;  // literal text being accumulated
    bool have_literal_ = false;
};

void FStringScanner::AppendLiteral(std::size_t begin, std::size_t end) {
    if (begin >= end) return;
    if (!have_literal_) {
        literal_ = FStringPiece{};
        literal_.begin = begin;
        have_literal_ = true;
    }
    const std::string_view chunk = body_.substr(begin, end - begin);
    if (raw_) {
        literal_.text += chunk;
        return;
    }
    std::vector<EscapeProblem> chunk_problems;
    literal_.text += DecodeEscapes(chunk, &chunk_problems);
    for (EscapeProblem& p : chunk_problems) {
        p.offset += begin;
        problems_->push_back(std::move(p));
    }
}

void FStringScanner::FlushLiteral(std::size_t end) {
    if (!have_literal_) return;
    literal_.end = end;
    pieces_.push_back(std::move(literal_));
    have_literal_ = false;
}

std::vector<FStringPiece> FStringScanner::Run() {
    std::size_t chunk = 0;  // start of literal source not yet appended
    std::size_t i = 0;
    while (i < body_.size()) {
        const char c = body_[i];
        if (c == '\\' && !raw_ && i + 1 < body_.size() && body_[i + 1] != '{' && body_[i + 1] != '}') {
            i += 2;  // an escape cannot start a field; DecodeEscapes handles it with the chunk
        } else if ((c == '{' || c == '}') && i + 1 < body_.size() && body_[i + 1] == c) {
            AppendLiteral(chunk, i + 1);  // keep one brace, skip the other
            chunk = i += 2;
        } else if (c == '}') {
            AppendLiteral(chunk, i);
            Problem(i, 1, "single '}' is not allowed in an f-string; write '}}' for a literal brace");
            chunk = i += 1;
        } else if (c == '{') {
            AppendLiteral(chunk, i);
            FlushLiteral(i);
            chunk = i = ScanField(i);
        } else {
            ++i;
        }
    }
    AppendLiteral(chunk, body_.size());
    FlushLiteral(body_.size());
    return std::move(pieces_);
}

// Finds the end of the expression: the first top-level '}', '!' (not '!='), or ':'.
std::size_t FStringScanner::ScanExpression(std::size_t begin, bool* ok) {
    int depth = 0;
    char quote = 0;
    for (std::size_t i = begin; i < body_.size(); ++i) {
        const char c = body_[i];
        if (c == '\\') {
            Problem(i, 1, "an f-string expression cannot contain a backslash; compute the value before the f-string");
            *ok = false;
        } else if (quote != 0) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '#') {
            Problem(i, 1, "an f-string expression cannot contain '#'");
            *ok = false;
        } else if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
            --depth;
        } else if (depth == 0 && (c == '}' || c == ':' || (c == '!' && (i + 1 >= body_.size() || body_[i + 1] != '=')))) {
            return i;
        }
    }
    return body_.size();
}

// Reads the format spec after ':' up to the closing '}'. Nested fields (`{x:{width}}`) are reported
// once and skipped as a unit so their '}' does not end the spec.
std::size_t FStringScanner::ScanSpec(std::size_t begin, FStringPiece& field, bool* ok) {
    int depth = 0;
    for (std::size_t i = begin; i < body_.size(); ++i) {
        if (body_[i] == '{') {
            if (*ok) Problem(i, 1, "nested replacement fields in an f-string format spec are not supported");
            *ok = false;
            ++depth;
        } else if (body_[i] == '}' && depth > 0) {
            --depth;
        } else if (body_[i] == '}') {
            field.format_spec = std::string(body_.substr(begin, i - begin));
            return i;
        }
    }
    return body_.size();
}

std::size_t FStringScanner::ScanField(std::size_t open) {
    FStringPiece field;
    field.kind = FStringPiece::Kind::kField;
    field.begin = open;
    field.expr_begin = open + 1;
    bool ok = true;
    std::size_t i = ScanExpression(open + 1, &ok);
    field.expr_end = i;
    if (body_.substr(field.expr_begin, i - field.expr_begin).find_first_not_of(" \t\n") == std::string_view::npos &&
        i < body_.size()) {
        Problem(open, i - open + 1, "empty expression in f-string replacement field");
        ok = false;
    }
    if (i < body_.size() && body_[i] == '!') {
        const char conversion = i + 1 < body_.size() ? body_[i + 1] : 0;
        if (conversion != 'r' && conversion != 's' && conversion != 'a') {
            Problem(i, 2, "f-string conversion must be '!r', '!s' or '!a'");
            ok = false;
        }
        field.conversion = conversion;
        i += (conversion == 0 || conversion == '}' || conversion == ':') ? 1 : 2;
    }
    if (i < body_.size() && body_[i] == ':') i = ScanSpec(i + 1, field, &ok);
    if (i >= body_.size() || body_[i] != '}') {
        Problem(open, 1, "'{' in f-string was never closed; write '{{' for a literal brace");
        return body_.size();
    }
    field.end = i + 1;
    if (ok) pieces_.push_back(std::move(field));
    return i + 1;
}

}  // namespace

std::vector<FStringPiece> SplitFString(std::string_view body, bool raw, std::vector<EscapeProblem>* problems) {
    return FStringScanner(body, raw, problems).Run();
}

}  // namespace cnet::compiler
