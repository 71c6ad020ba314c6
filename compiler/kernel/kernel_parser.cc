// kernel_parser.cc — recursive descent over CuPy's C-like kernel subset (C's precedence and associativity).
// The first syntax error of a string is reported at its position and ends the parse of that string.
#include "compiler/kernel/kernel_parser.h"

#include <map>
#include <set>

#include "compiler/kernel/kernel_lexer.h"

namespace cnet::compiler::kernel {
namespace {

const std::map<std::string, std::string>& TypeNames() {
    static const std::map<std::string, std::string> names = {
        {"float", "float"},       {"double", "double"},     {"int", "int"},           {"long", "long"},
        {"short", "short"},       {"char", "char"},         {"bool", "bool"},         {"unsigned", "unsigned"},
        {"signed", "signed"},     {"size_t", "size_t"},     {"ptrdiff_t", "ptrdiff_t"}, {"int8_t", "int8_t"},
        {"int16_t", "int16_t"},   {"int32_t", "int32_t"},   {"int64_t", "int64_t"},   {"uint8_t", "uint8_t"},
        {"uint16_t", "uint16_t"}, {"uint32_t", "uint32_t"}, {"uint64_t", "uint64_t"}, {"float32", "float"},
        {"float64", "double"},    {"int32", "int32_t"},     {"int64", "int64_t"},     {"uint8", "uint8_t"},
        {"int8", "int8_t"},       {"int16", "int16_t"},     {"uint16", "uint16_t"},   {"uint32", "uint32_t"},
        {"uint64", "uint64_t"},
    };
    return names;
}

class Parser {
public:
    Parser(const KernelSource& src, DiagnosticEngine& diags) : src_(src), diags_(diags) {
        bool ok = true;
        toks_ = Lex(src, diags, &ok);
        failed_ = !ok;
    }

    bool failed() const { return failed_; }
    bool AtEnd() const { return Cur().kind == Tok::kEnd; }

    bool Params(bool is_output, std::vector<Param>* out) {
        if (AtEnd()) return true;  // no parameters
        while (!failed_) {
            Param p;
            p.is_output = is_output;
            const std::size_t begin = Cur().begin;
            if (Cur().text == "raw") {
                p.raw = true;
                ++pos_;
            }
            if (Cur().kind != Tok::kIdent) return Fail("expected a type name (e.g. 'float32 x' or 'T x')");
            p.type = Cur().text;
            ++pos_;
            if (p.type.size() != 1 && !IsCTypeName(p.type)) {
                return Fail(toks_[pos_ - 1], "unknown type '" + p.type +
                                                 "' of a kernel parameter; use a NumPy dtype name (float32, int64, "
                                                 "...) or a one-letter type placeholder (T)");
            }
            if (Cur().kind != Tok::kIdent) return Fail("expected a parameter name after the type '" + p.type + "'");
            p.name = Cur().text;
            p.range = src_.Range(begin, Cur().end);
            ++pos_;
            out->push_back(p);
            if (AtEnd()) return true;
            if (!Accept(",")) return Fail("expected ',' between kernel parameters");
        }
        return false;
    }

    bool Body(std::vector<StmtPtr>* out) {
        while (!AtEnd() && !failed_) {
            StmtPtr s = Statement();
            if (!s) return false;
            out->push_back(std::move(s));
        }
        return !failed_;
    }

    ExprPtr Expression() {
        ExprPtr e = Assignment();
        if (e && !AtEnd()) {
            Fail("unexpected '" + Cur().text + "' after the expression");
            return nullptr;
        }
        return e;
    }

private:
    const Token& Cur() const { return toks_[pos_]; }
    bool Is(const char* p) const { return Cur().kind == Tok::kPunct && Cur().text == p; }
    bool Accept(const char* p) {
        if (!Is(p)) return false;
        ++pos_;
        return true;
    }
    bool Fail(const std::string& message) { return Fail(Cur(), message); }
    bool Fail(const Token& at, const std::string& message) {
        if (!failed_) diags_.Error(src_.Range(at.begin, at.end == at.begin ? at.begin : at.end), message);
        failed_ = true;
        return false;
    }
    bool Expect(const char* p, const std::string& where) {
        if (Accept(p)) return true;
        return Fail(std::string("expected '") + p + "' " + where +
                    (AtEnd() ? " (the kernel code ends here)" : ", found '" + Cur().text + "'"));
    }
    SourceRange From(std::size_t begin) const { return src_.Range(begin, toks_[pos_ == 0 ? 0 : pos_ - 1].end); }

    /// A type at the cursor: `const`? then a type name, a placeholder, or `unsigned int` / `long long`.
    bool StartsType(const std::set<std::string>& placeholders_hint) const {
        (void)placeholders_hint;
        if (Cur().kind != Tok::kIdent) return false;
        const std::string& t = Cur().text;
        if (t == "const") return true;
        if (IsCTypeName(t)) return true;
        // A one-letter name followed by a name is a placeholder declaration (`T diff = ...`).
        return t.size() == 1 && std::isupper(static_cast<unsigned char>(t[0])) &&
               toks_[pos_ + 1].kind == Tok::kIdent;
    }
    std::string Type() {
        std::string t;
        while (Cur().kind == Tok::kIdent && (Cur().text == "const" || IsCTypeName(Cur().text) ||
                                             (t.empty() && Cur().text.size() == 1))) {
            if (Cur().text != "const") t += (t.empty() ? "" : " ") + Cur().text;
            ++pos_;
            if (!t.empty() && t.size() == 1) break;  // a placeholder is one word
        }
        return t;
    }

    StmtPtr Statement() {
        auto s = std::make_unique<Stmt>();
        const std::size_t begin = Cur().begin;
        if (Accept("{")) {
            s->kind = StmtKind::kBlock;
            while (!Is("}") && !AtEnd() && !failed_) {
                StmtPtr inner = Statement();
                if (!inner) return nullptr;
                s->body.push_back(std::move(inner));
            }
            if (!Expect("}", "to close the block")) return nullptr;
        } else if (Accept(";")) {
            s->kind = StmtKind::kEmpty;
        } else if (Cur().kind == Tok::kIdent && (Cur().text == "if" || Cur().text == "while")) {
            const bool is_if = Cur().text == "if";
            ++pos_;
            s->kind = is_if ? StmtKind::kIf : StmtKind::kWhile;
            if (!Expect("(", std::string("after '") + (is_if ? "if" : "while") + "'")) return nullptr;
            s->expr = Assignment();
            if (!s->expr || !Expect(")", "after the condition")) return nullptr;
            StmtPtr then = Statement();
            if (!then) return nullptr;
            s->body.push_back(std::move(then));
            if (is_if && Cur().kind == Tok::kIdent && Cur().text == "else") {
                ++pos_;
                StmtPtr other = Statement();
                if (!other) return nullptr;
                s->body.push_back(std::move(other));
            }
        } else if (Cur().kind == Tok::kIdent && Cur().text == "for") {
            ++pos_;
            s->kind = StmtKind::kFor;
            if (!Expect("(", "after 'for'")) return nullptr;
            s->init = Statement();  // a declaration or expression statement, ending in ';'
            if (!s->init) return nullptr;
            if (!Is(";")) {
                s->expr = Assignment();
                if (!s->expr) return nullptr;
            }
            if (!Expect(";", "after the loop condition")) return nullptr;
            if (!Is(")")) {
                s->step = Assignment();
                if (!s->step) return nullptr;
            }
            if (!Expect(")", "after the loop step")) return nullptr;
            StmtPtr body = Statement();
            if (!body) return nullptr;
            s->body.push_back(std::move(body));
        } else if (Cur().kind == Tok::kIdent && (Cur().text == "break" || Cur().text == "continue")) {
            s->kind = Cur().text == "break" ? StmtKind::kBreak : StmtKind::kContinue;
            ++pos_;
            if (!Expect(";", "after '" + std::string(s->kind == StmtKind::kBreak ? "break" : "continue") + "'")) {
                return nullptr;
            }
        } else if (Cur().kind == Tok::kIdent && Cur().text == "return") {
            Fail("'return' is not allowed in an elementwise kernel; assign the output parameters");
            return nullptr;
        } else if (StartsType({})) {
            s->kind = StmtKind::kDecl;
            s->type = Type();
            while (true) {
                if (Cur().kind != Tok::kIdent) {
                    Fail("expected a variable name after the type '" + s->type + "'");
                    return nullptr;
                }
                s->names.push_back(Cur().text);
                s->name_ranges.push_back(src_.Range(Cur().begin, Cur().end));
                ++pos_;
                ExprPtr init;
                if (Accept("=")) {
                    init = Ternary();
                    if (!init) return nullptr;
                }
                s->inits.push_back(std::move(init));
                if (!Accept(",")) break;
            }
            if (!Expect(";", "after the declaration")) return nullptr;
        } else {
            s->kind = StmtKind::kExpr;
            s->expr = Assignment();
            if (!s->expr) return nullptr;
            // A one-statement kernel may omit its ';' (CuPy appends one).
            if (!Accept(";") && !AtEnd()) {
                Expect(";", "after the statement");
                return nullptr;
            }
        }
        s->range = From(begin);
        return s;
    }

    ExprPtr Node(ExprKind kind, std::string text, std::size_t begin) {
        auto e = std::make_unique<Expr>();
        e->kind = kind;
        e->text = std::move(text);
        e->range = From(begin);
        return e;
    }

    ExprPtr Assignment() {
        const std::size_t begin = Cur().begin;
        ExprPtr lhs = Ternary();
        if (!lhs) return nullptr;
        static const char* const kOps[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
        for (const char* op : kOps) {
            if (Accept(op)) {
                ExprPtr rhs = Assignment();
                if (!rhs) return nullptr;
                ExprPtr e = Node(ExprKind::kBinary, op, begin);
                e->kids.push_back(std::move(lhs));
                e->kids.push_back(std::move(rhs));
                return e;
            }
        }
        return lhs;
    }

    ExprPtr Ternary() {
        const std::size_t begin = Cur().begin;
        ExprPtr cond = Binary(0);
        if (!cond || !Accept("?")) return cond;
        ExprPtr then = Assignment();
        if (!then || !Expect(":", "in the conditional expression")) return nullptr;
        ExprPtr other = Ternary();
        if (!other) return nullptr;
        ExprPtr e = Node(ExprKind::kTernary, "?:", begin);
        e->kids.push_back(std::move(cond));
        e->kids.push_back(std::move(then));
        e->kids.push_back(std::move(other));
        return e;
    }

    ExprPtr Binary(int level) {
        static const std::vector<std::vector<std::string>> kLevels = {
            {"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"},
            {"*", "/", "%"}};
        if (level == static_cast<int>(kLevels.size())) return Unary();
        const std::size_t begin = Cur().begin;
        ExprPtr lhs = Binary(level + 1);
        while (lhs) {
            std::string op;
            for (const std::string& cand : kLevels[level]) {
                if (Is(cand.c_str())) op = cand;
            }
            if (op.empty()) break;
            ++pos_;
            ExprPtr rhs = Binary(level + 1);
            if (!rhs) return nullptr;
            ExprPtr e = Node(ExprKind::kBinary, op, begin);
            e->kids.push_back(std::move(lhs));
            e->kids.push_back(std::move(rhs));
            lhs = std::move(e);
        }
        return lhs;
    }

    ExprPtr Unary() {
        const std::size_t begin = Cur().begin;
        for (const char* op : {"-", "+", "!", "~", "++", "--"}) {
            if (Accept(op)) {
                ExprPtr operand = Unary();
                if (!operand) return nullptr;
                ExprPtr e = Node(ExprKind::kUnary, op, begin);
                e->kids.push_back(std::move(operand));
                return e;
            }
        }
        // A cast: '(' type ')' unary.
        if (Is("(") && toks_[pos_ + 1].kind == Tok::kIdent &&
            (IsCTypeName(toks_[pos_ + 1].text) || toks_[pos_ + 1].text == "const" ||
             (toks_[pos_ + 1].text.size() == 1 && std::isupper(static_cast<unsigned char>(toks_[pos_ + 1].text[0])) &&
              toks_[pos_ + 2].kind == Tok::kPunct && toks_[pos_ + 2].text == ")"))) {
            ++pos_;
            std::string type = Type();
            if (!Expect(")", "after the cast's type")) return nullptr;
            ExprPtr operand = Unary();
            if (!operand) return nullptr;
            ExprPtr e = Node(ExprKind::kCast, type, begin);
            e->kids.push_back(std::move(operand));
            return e;
        }
        return Postfix();
    }

    ExprPtr Postfix() {
        const std::size_t begin = Cur().begin;
        ExprPtr e = Primary();
        while (e) {
            if (Accept("[")) {
                ExprPtr index = Assignment();
                if (!index || !Expect("]", "to close the index")) return nullptr;
                ExprPtr ix = Node(ExprKind::kIndex, "[]", begin);
                ix->kids.push_back(std::move(e));
                ix->kids.push_back(std::move(index));
                e = std::move(ix);
            } else if (Is("++") || Is("--")) {
                const std::string op = "p" + Cur().text;
                ++pos_;
                ExprPtr u = Node(ExprKind::kUnary, op, begin);
                u->kids.push_back(std::move(e));
                e = std::move(u);
            } else {
                break;
            }
        }
        return e;
    }

    ExprPtr Primary() {
        const Token& t = Cur();
        const std::size_t begin = t.begin;
        if (t.kind == Tok::kNumber) {
            ++pos_;
            return Node(ExprKind::kNumber, t.text, begin);
        }
        if (t.kind == Tok::kIdent) {
            ++pos_;
            if (t.text == "true" || t.text == "false") return Node(ExprKind::kBool, t.text, begin);
            if (t.text == "_ind" && Is(".")) {
                ++pos_;
                if (Cur().text != "size" || toks_[pos_ + 1].text != "(" || toks_[pos_ + 2].text != ")") {
                    Fail("'_ind' supports only '_ind.size()' (the loop size)");
                    return nullptr;
                }
                pos_ += 3;
                return Node(ExprKind::kIndSize, "_ind.size()", begin);
            }
            if (Accept("(")) {
                ExprPtr call = Node(ExprKind::kCall, t.text, begin);
                if (!Accept(")")) {
                    while (true) {
                        ExprPtr arg = Assignment();
                        if (!arg) return nullptr;
                        call->kids.push_back(std::move(arg));
                        if (Accept(")")) break;
                        if (!Expect(",", "between the arguments of '" + t.text + "'")) return nullptr;
                    }
                }
                call->range = From(begin);
                return call;
            }
            if (Is(".") || Is("->")) {
                Fail("member access ('" + Cur().text + "') is not supported in kernel code; only '_ind.size()'");
                return nullptr;
            }
            return Node(ExprKind::kName, t.text, begin);
        }
        if (Accept("(")) {
            ExprPtr inner = Assignment();
            if (!inner || !Expect(")", "to close '('")) return nullptr;
            return inner;
        }
        Fail(t.kind == Tok::kEnd ? "expected an expression, but the kernel code ends here"
                                 : "expected an expression, found '" + t.text + "'");
        return nullptr;
    }

    const KernelSource& src_;
    DiagnosticEngine& diags_;
    std::vector<Token> toks_;
    std::size_t pos_ = 0;
    bool failed_ = false;
};

}  // namespace

bool IsCTypeName(const std::string& name) { return TypeNames().count(name) != 0; }

std::string CppTypeName(const std::string& name) {
    std::string out;
    std::size_t k = 0;
    while (k < name.size()) {
        std::size_t e = name.find(' ', k);
        if (e == std::string::npos) e = name.size();
        const std::string word = name.substr(k, e - k);
        auto it = TypeNames().find(word);
        out += (out.empty() ? "" : " ") + (it == TypeNames().end() ? word : it->second);
        k = e + 1;
    }
    return out;
}

bool ParseParams(const KernelSource& src, bool is_output, DiagnosticEngine& diags, std::vector<Param>* out) {
    Parser p(src, diags);
    return !p.failed() && p.Params(is_output, out);
}

bool ParseBody(const KernelSource& src, DiagnosticEngine& diags, std::vector<StmtPtr>* out) {
    Parser p(src, diags);
    return !p.failed() && p.Body(out);
}

ExprPtr ParseExpression(const KernelSource& src, DiagnosticEngine& diags) {
    Parser p(src, diags);
    if (p.failed()) return nullptr;
    if (p.AtEnd()) {
        diags.Error(src.Range(0, 0), "the kernel expression is empty");
        return nullptr;
    }
    return p.Expression();
}

}  // namespace cnet::compiler::kernel
