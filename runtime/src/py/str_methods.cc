// str_methods.cc — Python's str methods over UTF-8 (str_methods.h). The search methods work on the bytes (a match
// of valid UTF-8 in valid UTF-8 is always whole code points) and convert positions to and from code point indexes;
// the others decode to code points (Note [str character classes]).
#include "cnet/py/str_methods.h"

#include <algorithm>
#include <limits>

#include "cnet/core/utf8.h"
#include "cnet/py/builtins.h"

namespace cnet {
namespace py {
namespace {

// ---- positions, counted as len() and s[i] count them

// The byte offset where code point i starts; s.size() for i == len(s).
std::size_t ByteOffset(const std::string& s, int64_t i) {
    int64_t seen = 0;
    for (std::size_t b = 0; b < s.size(); ++b) {
        if (IsUtf8Continuation(static_cast<unsigned char>(s[b]))) continue;
        if (seen == i) return b;
        ++seen;
    }
    return s.size();
}

// The code point index of the code point starting at byte offset b.
int64_t IndexAt(const std::string& s, std::size_t b) {
    int64_t n = 0;
    for (std::size_t i = 0; i < b; ++i) n += IsUtf8Continuation(static_cast<unsigned char>(s[i])) ? 0 : 1;
    return n;
}

// s[start:end] of a string of n code points, as Python adjusts a search's bounds: end clamped to [0, n], a negative
// start counted from the end and clamped at 0; a start past n stays there (nothing is found after the end, not even
// '', while an empty range at n holds '').
struct Span {
    int64_t start;
    int64_t end;
};
Span Adjust(const StrIndex& start, const StrIndex& end, int64_t n) {
    int64_t e = end.value_or(n);
    if (e > n) {
        e = n;
    } else if (e < 0) {
        e = std::max<int64_t>(e + n, 0);
    }
    int64_t b = start.value_or(0);
    if (b < 0) b = std::max<int64_t>(b + n, 0);
    return {b, e};
}

// Note [str character classes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// The predicates and case mappings follow Python's Unicode database for U+0000..U+017F (ASCII, Latin-1 and Latin
// Extended-A, the letters of most European languages), written out below rather than tabulated:
//   - letters are the cased characters: A-Z, a-z, ª µ º (lower case, with no upper case but µ's Greek Μ), À-Ö Ø-Þ
//     (upper), ß-ö ø-ÿ (lower) and all of U+0100..U+017F, in upper/lower pairs except ĸ (lower, no pair) and the
//     full mappings: ß upper 'SS' and title 'Ss', ÿ upper Ÿ (U+0178), İ lower 'i̇', ı upper I, ŉ upper 'ʼN', ſ upper S;
//   - digits are 0-9 and ¹ ² ³; isalnum also takes the fractions ¼ ½ ¾ (numeric, not digits);
//   - whitespace is Python's everywhere: \t \n \v \f \r, \x1c-\x1f, space, \x85, \xa0, U+1680, U+2000-U+200A,
//     U+2028, U+2029, U+202F, U+205F, U+3000; line boundaries are splitlines' (str_methods.h).
// Any other code point (Greek, Cyrillic, CJK, ...) is treated as neither a letter nor a digit and has no case:
// '日本'.isalpha() is False (Python: True) and 'Ω'.lower() leaves it. The runtime has no Unicode database; the
// Python cases (tests/compiler/hygiene/python/str_methods.cnet) check these rules on every code point they cover.

bool IsSpace(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}
bool IsLineBreak(char32_t c) {
    return (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028 || c == 0x2029;
}
bool IsDigit(char32_t c) { return (c >= U'0' && c <= U'9') || c == 0xB2 || c == 0xB3 || c == 0xB9; }
bool IsNumeric(char32_t c) { return IsDigit(c) || (c >= 0xBC && c <= 0xBE); }

bool InExtendedA(char32_t c) { return c >= 0x100 && c <= 0x17F; }
// Latin Extended-A's upper case letters: even code points in U+0100..U+0137 and U+014A..U+0177, odd ones in
// U+0139..U+0148 and U+0179..U+017E, and Ÿ; each but İ and Ÿ has its lower case letter at the next code point.
bool ExtendedAUpper(char32_t c) {
    if ((c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177)) return c % 2 == 0;
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E)) return c % 2 == 1;
    return c == 0x178;
}

bool IsUpper(char32_t c) {
    if (c < 0x80) return c >= U'A' && c <= U'Z';
    if (c <= 0xFF) return c >= 0xC0 && c <= 0xDE && c != 0xD7;
    return InExtendedA(c) && ExtendedAUpper(c);
}
bool IsLower(char32_t c) {
    if (c < 0x80) return c >= U'a' && c <= U'z';
    if (c <= 0xFF) return c == 0xAA || c == 0xB5 || c == 0xBA || (c >= 0xDF && c != 0xF7);
    return InExtendedA(c) && !ExtendedAUpper(c);
}
bool IsCased(char32_t c) { return IsUpper(c) || IsLower(c); }
bool IsAlpha(char32_t c) { return IsCased(c); }  // within U+0000..U+017F the letters are the cased characters

void AppendLower(char32_t c, std::u32string& out) {
    if (c == 0x130) {
        out += U"i\u0307";
    } else if (c == 0x178) {
        out += 0xFF;
    } else {
        out += IsUpper(c) ? (c < 0x100 ? c + 0x20 : c + 1) : c;
    }
}
// Upper case, or title case (which differs from it only for ß here).
void AppendUpper(char32_t c, std::u32string& out, bool title = false) {
    switch (c) {
        case 0xB5:
            out += 0x39C;
            return;
        case 0xDF:
            out += title ? U"Ss" : U"SS";
            return;
        case 0xFF:
            out += 0x178;
            return;
        case 0x131:
            out += U'I';
            return;
        case 0x138:
            out += c;
            return;
        case 0x149:
            out += U"\u02BCN";
            return;
        case 0x17F:
            out += U'S';
            return;
        default:
            break;
    }
    if (!IsLower(c) || c == 0xAA || c == 0xBA) {
        out += c;
    } else {
        out += c < 0x100 ? c - 0x20 : c - 1;
    }
}

template <typename Pred>
bool All(const std::string& s, Pred pred) {
    const std::u32string cps = DecodeUtf8(s);
    return !cps.empty() && std::all_of(cps.begin(), cps.end(), pred);
}

std::u32string FillChar(const std::string& fillchar) {
    std::u32string f = DecodeUtf8(fillchar);
    if (f.size() != 1) throw TypeError("The fill character must be exactly one character long");
    return f;
}

std::string Pad(const std::string& s, int64_t left, int64_t right, const std::string& fill) {
    std::string out;
    for (int64_t i = 0; i < left; ++i) out += fill;
    out += s;
    for (int64_t i = 0; i < right; ++i) out += fill;
    return out;
}

}  // namespace

// ---- searching

int64_t str_find(const std::string& s, const std::string& sub, const StrIndex& start, const StrIndex& end) {
    const Span r = Adjust(start, end, len(s));
    if (r.end - r.start < len(sub)) return -1;
    const std::size_t b = ByteOffset(s, r.start), e = ByteOffset(s, r.end);
    const std::size_t at = s.find(sub, b);
    if (at == std::string::npos || at + sub.size() > e) return -1;
    return IndexAt(s, at);
}

int64_t str_rfind(const std::string& s, const std::string& sub, const StrIndex& start, const StrIndex& end) {
    const Span r = Adjust(start, end, len(s));
    if (r.end - r.start < len(sub)) return -1;
    const std::size_t b = ByteOffset(s, r.start), e = ByteOffset(s, r.end);
    if (e - b < sub.size()) return -1;
    const std::size_t at = s.rfind(sub, e - sub.size());
    if (at == std::string::npos || at < b) return -1;
    return IndexAt(s, at);
}

int64_t str_index(const std::string& s, const std::string& sub, const StrIndex& start, const StrIndex& end) {
    const int64_t i = str_find(s, sub, start, end);
    if (i < 0) throw ValueError("substring not found");
    return i;
}

int64_t str_rindex(const std::string& s, const std::string& sub, const StrIndex& start, const StrIndex& end) {
    const int64_t i = str_rfind(s, sub, start, end);
    if (i < 0) throw ValueError("substring not found");
    return i;
}

int64_t str_count(const std::string& s, const std::string& sub, const StrIndex& start, const StrIndex& end) {
    const Span r = Adjust(start, end, len(s));
    if (r.end - r.start < len(sub)) return 0;
    if (sub.empty()) return r.end - r.start + 1;
    const std::size_t b = ByteOffset(s, r.start), e = ByteOffset(s, r.end);
    int64_t n = 0;
    for (std::size_t at = s.find(sub, b); at != std::string::npos && at + sub.size() <= e;
         at = s.find(sub, at + sub.size())) {
        ++n;
    }
    return n;
}

namespace str_detail {
bool Affix(const std::string& s, const std::string& affix, const StrIndex& start, const StrIndex& end, bool starts) {
    const Span r = Adjust(start, end, len(s));
    if (r.end - len(affix) < r.start) return false;
    const std::size_t b = ByteOffset(s, r.start), e = ByteOffset(s, r.end);
    if (e - b < affix.size()) return false;
    return s.compare(starts ? b : e - affix.size(), affix.size(), affix) == 0;
}
}  // namespace str_detail

bool str_startswith(const std::string& s, std::initializer_list<std::string> prefixes, const StrIndex& start,
                    const StrIndex& end) {
    return std::any_of(prefixes.begin(), prefixes.end(),
                       [&](const std::string& p) { return str_detail::Affix(s, p, start, end, true); });
}

bool str_endswith(const std::string& s, std::initializer_list<std::string> suffixes, const StrIndex& start,
                  const StrIndex& end) {
    return std::any_of(suffixes.begin(), suffixes.end(),
                       [&](const std::string& p) { return str_detail::Affix(s, p, start, end, false); });
}

std::string str_replace(const std::string& s, const std::string& old, const std::string& replacement, int64_t count) {
    if (count < 0) count = std::numeric_limits<int64_t>::max();
    std::string out;
    int64_t done = 0;
    if (old.empty()) {  // before every code point, then at the end
        for (char c : s) {
            if (!IsUtf8Continuation(static_cast<unsigned char>(c)) && done < count) {
                out += replacement;
                ++done;
            }
            out += c;
        }
        if (done < count) out += replacement;
        return out;
    }
    std::size_t from = 0;
    for (; done < count; ++done) {
        const std::size_t at = s.find(old, from);
        if (at == std::string::npos) break;
        out.append(s, from, at - from);
        out += replacement;
        from = at + old.size();
    }
    out.append(s, from, std::string::npos);
    return out;
}

// ---- predicates

bool str_isdigit(const std::string& s) { return All(s, IsDigit); }
bool str_isalpha(const std::string& s) { return All(s, IsAlpha); }
bool str_isalnum(const std::string& s) {
    return All(s, [](char32_t c) { return IsAlpha(c) || IsNumeric(c); });
}
bool str_isspace(const std::string& s) { return All(s, IsSpace); }

// Python's isupper/islower: some character of the case and none of the other (nor title case, which none of the
// characters modelled is).
bool OnlyCase(const std::string& s, bool (*is)(char32_t), bool (*other)(char32_t)) {
    bool cased = false;
    for (char32_t c : DecodeUtf8(s)) {
        if (other(c)) return false;
        cased = cased || is(c);
    }
    return cased;
}
bool str_isupper(const std::string& s) { return OnlyCase(s, IsUpper, IsLower); }
bool str_islower(const std::string& s) { return OnlyCase(s, IsLower, IsUpper); }

// ---- case

std::string str_title(const std::string& s) {
    std::u32string out;
    bool previous_cased = false;
    for (char32_t c : DecodeUtf8(s)) {
        if (previous_cased) {
            AppendLower(c, out);
        } else {
            AppendUpper(c, out, true);
        }
        previous_cased = IsCased(c);
    }
    return EncodeUtf8(out);
}

std::string str_capitalize(const std::string& s) {
    const std::u32string cps = DecodeUtf8(s);
    std::u32string out;
    for (std::size_t i = 0; i < cps.size(); ++i) {
        if (i == 0) {
            AppendUpper(cps[i], out, true);
        } else {
            AppendLower(cps[i], out);
        }
    }
    return EncodeUtf8(out);
}

std::string str_swapcase(const std::string& s) {
    std::u32string out;
    for (char32_t c : DecodeUtf8(s)) {
        if (IsUpper(c)) {
            AppendLower(c, out);
        } else if (IsLower(c)) {
            AppendUpper(c, out);
        } else {
            out += c;
        }
    }
    return EncodeUtf8(out);
}

// ---- splitting and padding

std::vector<std::string> str_splitlines(const std::string& s, bool keepends) {
    const std::u32string cps = DecodeUtf8(s);
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < cps.size();) {
        if (!IsLineBreak(cps[i])) {
            ++i;
            continue;
        }
        const std::size_t next = i + (cps[i] == U'\r' && i + 1 < cps.size() && cps[i + 1] == U'\n' ? 2 : 1);
        out.push_back(EncodeUtf8(cps.substr(start, (keepends ? next : i) - start)));
        start = i = next;
    }
    if (start < cps.size()) out.push_back(EncodeUtf8(cps.substr(start)));
    return out;
}

std::tuple<std::string, std::string, std::string> str_partition(const std::string& s, const std::string& sep) {
    if (sep.empty()) throw ValueError("empty separator");
    const std::size_t at = s.find(sep);
    if (at == std::string::npos) return {s, "", ""};
    return {s.substr(0, at), sep, s.substr(at + sep.size())};
}

std::tuple<std::string, std::string, std::string> str_rpartition(const std::string& s, const std::string& sep) {
    if (sep.empty()) throw ValueError("empty separator");
    const std::size_t at = s.rfind(sep);
    if (at == std::string::npos) return {"", "", s};
    return {s.substr(0, at), sep, s.substr(at + sep.size())};
}

std::vector<std::string> str_rsplit(const std::string& s, const std::optional<std::string>& sep, int64_t maxsplit) {
    std::vector<std::string> out;
    auto more = [&] { return maxsplit < 0 || static_cast<int64_t>(out.size()) < maxsplit; };
    if (sep) {
        if (sep->empty()) throw ValueError("empty separator");
        std::size_t end = s.size();
        while (more() && end >= sep->size()) {
            const std::size_t at = s.rfind(*sep, end - sep->size());
            if (at == std::string::npos) break;
            out.push_back(s.substr(at + sep->size(), end - at - sep->size()));
            end = at;
        }
        out.push_back(s.substr(0, end));
    } else {
        const std::u32string cps = DecodeUtf8(s);
        int64_t i = static_cast<int64_t>(cps.size()) - 1;
        auto space = [&](int64_t k) { return IsSpace(cps[static_cast<std::size_t>(k)]); };
        while (more()) {
            while (i >= 0 && space(i)) --i;
            if (i < 0) break;
            const int64_t last = i;
            while (i >= 0 && !space(i)) --i;
            out.push_back(EncodeUtf8(cps.substr(static_cast<std::size_t>(i + 1), static_cast<std::size_t>(last - i))));
        }
        while (i >= 0 && space(i)) --i;  // the remainder: its leading whitespace is kept
        if (i >= 0) out.push_back(EncodeUtf8(cps.substr(0, static_cast<std::size_t>(i + 1))));
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::string str_zfill(const std::string& s, int64_t width) {
    const int64_t fill = width - len(s);
    if (fill <= 0) return s;
    if (!s.empty() && (s[0] == '+' || s[0] == '-'))
        return s[0] + std::string(static_cast<std::size_t>(fill), '0') + s.substr(1);
    return std::string(static_cast<std::size_t>(fill), '0') + s;
}

std::string str_center(const std::string& s, int64_t width, const std::string& fillchar) {
    const std::string fill = EncodeUtf8(FillChar(fillchar));
    const int64_t margin = width - len(s);
    if (margin <= 0) return s;
    const int64_t left = margin / 2 + (margin & width & 1);  // Python's: an odd margin leans right or left with width
    return Pad(s, left, margin - left, fill);
}

std::string str_ljust(const std::string& s, int64_t width, const std::string& fillchar) {
    const std::string fill = EncodeUtf8(FillChar(fillchar));
    return Pad(s, 0, width - len(s), fill);
}

std::string str_rjust(const std::string& s, int64_t width, const std::string& fillchar) {
    const std::string fill = EncodeUtf8(FillChar(fillchar));
    return Pad(s, width - len(s), 0, fill);
}

}  // namespace py
}  // namespace cnet
