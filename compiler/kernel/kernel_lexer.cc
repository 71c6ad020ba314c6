// kernel_lexer.cc — the tokens of CuPy's C-like kernel subset.
#include "compiler/kernel/kernel_lexer.h"

#include <cctype>

namespace cnet::compiler::kernel {

std::vector<Token> Lex(const KernelSource& src, DiagnosticEngine& diags, bool* ok) {
    static const char* const kPuncts[] = {"<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=",
                                          "*=",  "/=",  "%=", "&=", "|=", "^=", "<<", ">>", "->", "::"};
    const std::string& s = src.text();
    std::vector<Token> out;
    *ok = true;
    std::size_t k = 0;
    while (k < s.size()) {
        const unsigned char c = static_cast<unsigned char>(s[k]);
        if (std::isspace(c)) {
            ++k;
        } else if (s.compare(k, 2, "//") == 0) {
            while (k < s.size() && s[k] != '\n') ++k;
        } else if (s.compare(k, 2, "/*") == 0) {
            const std::size_t close = s.find("*/", k + 2);
            if (close == std::string::npos) {
                diags.Error(src.Range(k, k + 2), "unterminated comment in the kernel code");
                *ok = false;
                k = s.size();
            } else {
                k = close + 2;
            }
        } else if (std::isalpha(c) || c == '_') {
            std::size_t e = k;
            while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_')) ++e;
            out.push_back({Tok::kIdent, s.substr(k, e - k), k, e});
            k = e;
        } else if (std::isdigit(c) || (c == '.' && k + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[k + 1])))) {
            std::size_t e = k;
            // Digits, hex digits, a fraction, an exponent with its sign, and suffixes (f, u, l).
            while (e < s.size()) {
                const char d = s[e];
                if (std::isalnum(static_cast<unsigned char>(d)) || d == '.') {
                    ++e;
                } else if ((d == '+' || d == '-') && (s[e - 1] == 'e' || s[e - 1] == 'E') &&
                           !(s.compare(k, 2, "0x") == 0 || s.compare(k, 2, "0X") == 0)) {
                    ++e;
                } else {
                    break;
                }
            }
            out.push_back({Tok::kNumber, s.substr(k, e - k), k, e});
            k = e;
        } else {
            std::string p;
            for (const char* cand : kPuncts) {
                if (s.compare(k, std::char_traits<char>::length(cand), cand) == 0) {
                    p = cand;
                    break;
                }
            }
            if (p.empty() && std::string("+-*/%<>=!&|^~?:;,()[]{}.").find(static_cast<char>(c)) != std::string::npos) {
                p = std::string(1, static_cast<char>(c));
            }
            if (p.empty()) {
                std::size_t e = k + 1;
                while (e < s.size() && (static_cast<unsigned char>(s[e]) & 0xC0) == 0x80) ++e;
                diags.Error(src.Range(k, e), "unexpected character '" + s.substr(k, e - k) + "' in the kernel code");
                *ok = false;
                k = e;
                continue;
            }
            out.push_back({Tok::kPunct, p, k, k + p.size()});
            k += p.size();
        }
    }
    out.push_back({Tok::kEnd, "", s.size(), s.size()});
    return out;
}

}  // namespace cnet::compiler::kernel
