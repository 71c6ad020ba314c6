// re.cc — Python patterns on std::wregex: translation, findall/sub/split with Python's results.
#include "cnet/py/re.h"

#include <cstdint>

#include "cnet/core/error.h"
#include "cnet/core/utf8.h"

namespace cnet {
namespace py {
namespace re {
namespace {

// std::wregex works on wchar_t, which holds a code point on Linux (32 bits).
std::wstring Decode(const std::string& s) {
    const std::u32string cps = DecodeUtf8(s);
    return std::wstring(cps.begin(), cps.end());
}

std::string Encode(const std::wstring& w) { return EncodeUtf8(std::u32string(w.begin(), w.end())); }

[[noreturn]] void Unsupported(const std::string& what, const std::string& pattern) {
    throw ValueError(what + " in the pattern " + pattern + " is not supported by re in .cnet");
}

// Python's syntax to ECMAScript's: (?P<name>...) loses its name (kept in `names`), the rest must mean the same.
std::string Translate(const std::string& p, std::vector<std::string>* names) {
    std::string out;
    bool in_class = false;
    for (std::size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if (c == '\\' && i + 1 < p.size()) {
            const char n = p[i + 1];
            if (n == 'A' || n == 'Z' || n == 'z' || n == 'G') Unsupported(std::string("'\\") + n + "'", p);
            out += c;
            out += n;
            ++i;
            continue;
        }
        if (in_class) {
            if (c == ']') in_class = false;
            out += c;
            continue;
        }
        if (c == '[') {
            in_class = true;
            out += c;
            if (i + 1 < p.size() && p[i + 1] == '^') out += p[++i];
            if (i + 1 < p.size() && p[i + 1] == ']') out += "\\]", ++i;  // Python: a leading ']' is literal
            continue;
        }
        if (c == '(') {
            if (p.compare(i, 4, "(?P<") == 0) {
                const std::size_t end = p.find('>', i);
                if (end == std::string::npos) Unsupported("an unterminated group name", p);
                names->push_back(p.substr(i + 4, end - i - 4));
                out += '(';
                i = end;
                continue;
            }
            if (p.compare(i, 2, "(?") == 0) {
                const char k = i + 2 < p.size() ? p[i + 2] : '\0';
                if (k != ':' && k != '=' && k != '!') {
                    Unsupported(k == '<' ? "lookbehind '(?<'" : k == 'P' ? "'(?P='" : std::string("'(?") + k + "'", p);
                }
            } else {
                names->push_back("");
            }
        }
        out += c;
    }
    return out;
}

}  // namespace

Pattern::Pattern(const std::string& pattern, int64_t flags) : pattern_(pattern) {
    if ((flags & ~IGNORECASE) != 0) throw ValueError("re flags other than re.IGNORECASE are not supported in .cnet");
    auto options = std::regex_constants::ECMAScript;
    if ((flags & IGNORECASE) != 0) options |= std::regex_constants::icase;
    try {
        regex_ = std::make_shared<std::wregex>(Decode(Translate(pattern, &group_names_)), options);
    } catch (const std::regex_error& e) {
        throw ValueError("invalid pattern " + pattern + ": " + e.what());
    }
}

std::vector<std::string> Pattern::findall(const std::string& string) const {
    if (groups() > 1) {
        throw ValueError("re.findall of a pattern with " + std::to_string(groups()) +
                         " groups gives tuples; in .cnet use a pattern with at most one group");
    }
    const std::wstring s = Decode(string);
    std::vector<std::string> out;
    for (std::wsregex_iterator it(s.begin(), s.end(), *regex_), end; it != end; ++it) {
        out.push_back(Encode((*it)[groups() == 1 ? 1 : 0].str()));
    }
    return out;
}

std::string Pattern::sub(const std::string& repl, const std::string& string, int64_t count) const {
    const std::wstring s = Decode(string);
    const std::wstring r = Decode(repl);
    std::wstring out;
    auto last = s.cbegin();
    int64_t n = 0;
    for (std::wsregex_iterator it(s.begin(), s.end(), *regex_), end; it != end && (count <= 0 || n < count);
         ++it, ++n) {
        const std::wsmatch& m = *it;
        out.append(last, m[0].first);
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (r[i] != L'\\' || i + 1 == r.size()) {
                out += r[i];
                continue;
            }
            const wchar_t e = r[++i];
            std::size_t group = 0;
            bool is_group = false;
            if (e >= L'0' && e <= L'9') {
                group = static_cast<std::size_t>(e - L'0');
                if (i + 1 < r.size() && r[i + 1] >= L'0' && r[i + 1] <= L'9') group = group * 10 + (r[++i] - L'0');
                is_group = true;
            } else if (e == L'g' && i + 1 < r.size() && r[i + 1] == L'<') {
                const std::size_t close = r.find(L'>', i);
                if (close == std::wstring::npos) throw ValueError("missing >, unterminated name in " + repl);
                const std::string name = Encode(r.substr(i + 2, close - i - 2));
                i = close;
                is_group = true;
                if (!name.empty() && name.find_first_not_of("0123456789") == std::string::npos) {
                    group = std::stoul(name);
                } else {
                    group = 0;
                    for (std::size_t g = 0; g < group_names_.size(); ++g) {
                        if (group_names_[g] == name) group = g + 1;
                    }
                    if (group == 0) throw IndexError("unknown group name '" + name + "'");
                }
            } else if (e == L'n') {
                out += L'\n';
            } else if (e == L't') {
                out += L'\t';
            } else if (e == L'r') {
                out += L'\r';
            } else if (e == L'\\') {
                out += L'\\';
            } else if ((e >= L'a' && e <= L'z') || (e >= L'A' && e <= L'Z')) {
                throw ValueError("bad escape \\" + Encode(std::wstring(1, e)) + " in the replacement " + repl);
            } else {
                out += L'\\';
                out += e;
            }
            if (is_group) {
                if (group >= m.size()) throw ValueError("invalid group reference " + std::to_string(group));
                out += m[group].str();
            }
        }
        last = m[0].second;
    }
    out.append(last, s.cend());
    return Encode(out);
}

std::vector<std::string> Pattern::split(const std::string& string, int64_t maxsplit) const {
    const std::wstring s = Decode(string);
    std::vector<std::string> out;
    auto last = s.cbegin();
    int64_t n = 0;
    for (std::wsregex_iterator it(s.begin(), s.end(), *regex_), end; it != end && (maxsplit <= 0 || n < maxsplit);
         ++it, ++n) {
        const std::wsmatch& m = *it;
        out.push_back(Encode(std::wstring(last, m[0].first)));
        for (std::size_t g = 1; g < m.size(); ++g) {
            if (!m[g].matched)
                throw ValueError("re.split: group " + std::to_string(g) +
                                 " did not take part in a "
                                 "match (Python gives None there, a list[str] cannot hold it)");
            out.push_back(Encode(m[g].str()));
        }
        last = m[0].second;
    }
    out.push_back(Encode(std::wstring(last, s.cend())));
    return out;
}

Pattern compile(const std::string& pattern, int64_t flags) { return Pattern(pattern, flags); }

std::vector<std::string> findall(const std::string& pattern, const std::string& string, int64_t flags) {
    return Pattern(pattern, flags).findall(string);
}

std::string sub(const std::string& pattern, const std::string& repl, const std::string& string, int64_t count,
                int64_t flags) {
    return Pattern(pattern, flags).sub(repl, string, count);
}

std::vector<std::string> split(const std::string& pattern, const std::string& string, int64_t maxsplit, int64_t flags) {
    return Pattern(pattern, flags).split(string, maxsplit);
}

std::string escape(const std::string& pattern) {
    static const std::string kSpecial = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f";
    std::string out;
    for (char c : pattern) {
        if (kSpecial.find(c) != std::string::npos) out += '\\';
        out += c;
    }
    return out;
}

}  // namespace re
}  // namespace py
}  // namespace cnet
