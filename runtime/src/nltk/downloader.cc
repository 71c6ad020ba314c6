// downloader.cc — nltk.download without a network: NLTK's "already up-to-date" lines for a package in place,
// else its "Error loading" line saying where to put the package; the text goes through NLTK's show() (control
// characters escaped, textwrap.fill to 70 columns behind the prefix) to stderr.
#include "cnet/nltk/downloader.h"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/core/utf8.h"
#include "cnet/nltk/data.h"
#include "cnet/py/format.h"

namespace cnet {
namespace nltk {

namespace {

// The packages cnet has a reader for, all in NLTK's 'corpora' subdirectory.
const char* const kReadable[] = {"brown"};

// --- Text as code points (invalid UTF-8 bytes kept as U+DC80+byte, as Python's surrogateescape) ---

std::u32string Decode(const std::string& s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        const int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
        bool ok = len > 0 && i + static_cast<std::size_t>(len) <= s.size();
        char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1f) : len == 3 ? (b & 0x0f) : (b & 0x07);
        for (int k = 1; ok && k < len; ++k) {
            const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            ok = (c >> 6) == 2;
            cp = (cp << 6) | (c & 0x3f);
        }
        if (!ok) {
            out += static_cast<char32_t>(0xdc00 + b);
            ++i;
            continue;
        }
        out += cp;
        i += static_cast<std::size_t>(len);
    }
    return out;
}

std::string Encode(const std::u32string& s) {
    std::string out;
    for (const char32_t cp : s) {
        if (cp >= 0xdc80 && cp <= 0xdcff) {
            out += static_cast<char>(cp - 0xdc00);  // a byte the decoding escaped (surrogateescape)
        } else {
            AppendUtf8(static_cast<uint32_t>(cp), out);
        }
    }
    return out;
}

// --- textwrap's character classes (its wordsep_re), ASCII exactly; other characters count as letters ---

bool IsSpace(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
bool IsDigit(char32_t c) { return c >= '0' && c <= '9'; }
bool IsLetter(char32_t c) {  // [^\d\W]
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
}
bool IsWord(char32_t c) { return IsLetter(c) || IsDigit(c); }
bool IsWordPunct(char32_t c) {  // [\w!"'&.,?]
    return IsWord(c) || c == '!' || c == '"' || c == '\'' || c == '&' || c == '.' || c == ',' || c == '?';
}

// termsec.sanitize_terminal: C0 controls but tab and newline, DEL and C1 controls as visible \xNN escapes.
std::u32string Sanitize(const std::u32string& s) {
    std::u32string out;
    for (const char32_t c : s) {
        if ((c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f)) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned>(c));
            for (const char* p = hex; *p != '\0'; ++p) out += static_cast<char32_t>(*p);
        } else {
            out += c;
        }
    }
    return out;
}

// TextWrapper._split with break_on_hyphens: runs of whitespace, em-dashes between words, and words cut after a
// hyphen between letters (wordsep_re's alternatives, tried in its order at each position).
std::vector<std::u32string> SplitChunks(const std::u32string& t) {
    const std::size_t n = t.size();
    auto at = [&](std::ptrdiff_t k) -> char32_t {
        return k >= 0 && static_cast<std::size_t>(k) < n ? t[static_cast<std::size_t>(k)] : 0;
    };
    auto em_dash_at = [&](std::size_t k) {  // -{2,} followed by \w
        std::size_t j = k;
        while (j < n && t[j] == '-') ++j;
        return j - k >= 2 && j < n && IsWord(t[j]) ? j : 0;
    };
    std::vector<std::u32string> chunks;
    std::size_t i = 0;
    while (i < n) {
        std::size_t end = i;
        if (IsSpace(t[i])) {
            while (end < n && IsSpace(t[end])) ++end;
        } else if (i > 0 && IsWordPunct(t[i - 1]) && em_dash_at(i) != 0) {
            end = em_dash_at(i);
        } else {
            for (std::size_t k = i + 1;; ++k) {
                const auto s = static_cast<std::ptrdiff_t>(k);
                const bool hyphen = at(s) == '-' &&
                                    ((IsLetter(at(s - 2)) && IsLetter(at(s - 1))) ||
                                     (IsLetter(at(s - 3)) && at(s - 2) == '-' && IsLetter(at(s - 1)))) &&
                                    IsLetter(at(s + 1)) &&
                                    (IsLetter(at(s + 2)) || (at(s + 2) == '-' && IsLetter(at(s + 3))));
                if (hyphen) {
                    end = k + 1;
                    break;
                }
                if (k == n || IsSpace(t[k]) || (IsWordPunct(t[k - 1]) && em_dash_at(k) != 0)) {
                    end = k;
                    break;
                }
            }
        }
        chunks.push_back(t.substr(i, end - i));
        i = end;
    }
    return chunks;
}

bool AllSpace(const std::u32string& s) {
    for (const char32_t c : s) {
        if (!IsSpace(c)) return false;
    }
    return true;
}

// TextWrapper._handle_long_word with break_long_words and break_on_hyphens.
void HandleLongWord(std::vector<std::u32string>& reversed, std::vector<std::u32string>& line, std::size_t cur_len,
                    std::size_t width) {
    const std::size_t space_left = width < 1 ? 1 : width - cur_len;
    std::u32string& chunk = reversed.back();
    std::size_t end = space_left;
    if (chunk.size() > space_left && space_left > 0) {
        const std::size_t hyphen = chunk.rfind(U'-', space_left - 1);
        if (hyphen != std::u32string::npos && hyphen > 0 &&
            chunk.substr(0, hyphen).find_first_not_of(U'-') != std::u32string::npos) {
            end = hyphen + 1;
        }
    }
    line.push_back(chunk.substr(0, end));
    chunk.erase(0, end);
}

std::string Show(const std::string& text, const std::string& prefix, const std::string& prefix2) {
    std::u32string s = Sanitize(Decode(text));
    for (char32_t& c : s) {
        if (c == '\n') c = ' ';
    }
    return internal::Fill(Encode(s), prefix + prefix2, prefix + prefix2 + "    ");
}

// corpora/<id>/ or corpora/<id>.zip under `dir` (what LazyCorpusLoader reads).
bool HasPackage(const std::string& dir, const std::string& id) {
    struct stat st;
    const std::string base = dir + "/corpora/" + id;
    return ::stat(base.c_str(), &st) == 0 || ::stat((base + ".zip").c_str(), &st) == 0;
}

std::string Quoted(const std::vector<std::string>& dirs) {
    std::string out;
    for (std::size_t i = 0; i < dirs.size(); ++i) out += (i ? ", " : "") + py::repr(dirs[i]);
    return out;
}

// The reason after "Error loading <id>: ".
std::string Reason(const std::string& id, bool readable, bool force, const std::optional<std::string>& given_dir) {
    const std::string no_download = "cnet does not download NLTK data";
    if (!readable) {
        std::string known;
        for (const char* k : kReadable) known += (known.empty() ? "" : ", ") + std::string(k);
        return no_download + ", and has no reader for " + py::repr(id) + " (it reads: " + known + ")";
    }
    if (force) return no_download + " (force=True asks for a new download)";
    const std::string where = given_dir ? "in " + py::repr(*given_dir)
                                        : "in a directory of the NLTK data path (" + Quoted(data_path()) + ")";
    return no_download + ". Put NLTK's " + id + " package " + where + " as corpora/" + id +
           ".zip, or unzipped as corpora/" + id + "/ (where there is a network: python -m nltk.downloader -d DIR " +
           id + ")";
}

}  // namespace

namespace internal {

std::string DefaultDownloadDir() {
    for (const std::string& dir : data_path()) {
        struct stat st;
        if (::stat(dir.c_str(), &st) != 0) continue;
        const mode_t perm = st.st_mode & 07777;
        bool in_group = st.st_gid == ::getgid();
        std::vector<gid_t> groups(static_cast<std::size_t>(std::max(::getgroups(0, nullptr), 0)));
        if (!groups.empty() && ::getgroups(static_cast<int>(groups.size()), groups.data()) >= 0) {
            for (const gid_t g : groups) in_group = in_group || g == st.st_gid;
        }
        if ((perm & 0002) || (st.st_uid == ::getuid() && (perm & 0200)) || (in_group && (perm & 0020))) return dir;
    }
    // NLTK: os.path.join(os.path.expanduser('~/'), 'nltk_data'); '~' is $HOME, else the password database's home.
    std::string dir;
    if (const char* home = std::getenv("HOME")) {
        dir = home;
    } else if (const struct passwd* pw = ::getpwuid(::getuid())) {
        dir = pw->pw_dir;
    } else {
        throw ValueError("Could not find a default download directory");
    }
    while (!dir.empty() && dir.back() == '/') dir.pop_back();
    return dir + "/nltk_data";
}

std::string Fill(const std::string& text, const std::string& initial_indent, const std::string& subsequent_indent,
                 std::size_t width) {
    // _munge_whitespace: tabs expanded to 8 columns, then every whitespace character a space.
    std::u32string munged;
    std::size_t col = 0;
    for (const char32_t c : Decode(text)) {
        if (c == '\t') {
            const std::size_t spaces = 8 - col % 8;
            munged.append(spaces, U' ');
            col += spaces;
            continue;
        }
        col = (c == '\n' || c == '\r') ? 0 : col + 1;
        munged += IsSpace(c) ? U' ' : c;
    }
    std::vector<std::u32string> chunks = SplitChunks(munged);
    std::vector<std::u32string> reversed(chunks.rbegin(), chunks.rend());
    const std::u32string first = Decode(initial_indent), rest = Decode(subsequent_indent);
    std::vector<std::u32string> lines;
    while (!reversed.empty()) {
        std::vector<std::u32string> line;
        std::size_t cur_len = 0;
        const std::u32string& indent = lines.empty() ? first : rest;
        const std::size_t line_width = width > indent.size() ? width - indent.size() : 0;
        if (AllSpace(reversed.back()) && !lines.empty()) reversed.pop_back();
        while (!reversed.empty() && cur_len + reversed.back().size() <= line_width) {
            cur_len += reversed.back().size();
            line.push_back(reversed.back());
            reversed.pop_back();
        }
        if (!reversed.empty() && reversed.back().size() > line_width) {
            HandleLongWord(reversed, line, cur_len, line_width);
            cur_len = 0;
            for (const std::u32string& c : line) cur_len += c.size();
        }
        if (!line.empty() && AllSpace(line.back())) {
            cur_len -= line.back().size();
            line.pop_back();
        }
        if (!line.empty()) {
            std::u32string joined = indent;
            for (const std::u32string& c : line) joined += c;
            lines.push_back(joined);
        }
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + Encode(lines[i]);
    return out;
}

}  // namespace internal

bool download(const std::string& info_or_id, const std::optional<std::string>& download_dir, bool quiet, bool force,
              const std::string& prefix, bool raise_on_error) {
    bool readable = false;
    for (const char* k : kReadable) readable = readable || info_or_id == k;
    std::optional<std::string> where;
    if (readable && !force) {
        const std::string dir = download_dir ? *download_dir : internal::DefaultDownloadDir();
        if (HasPackage(dir, info_or_id)) {
            where = dir;
        } else if (!download_dir) {
            for (const std::string& d : data_path()) {
                if (HasPackage(d, info_or_id)) {
                    where = d;
                    break;
                }
            }
        }
    }
    if (!where) {
        const std::string message =
            "Error loading " + info_or_id + ": " + Reason(info_or_id, readable, force, download_dir);
        std::cerr << Show(message, prefix, "") << std::endl;
        if (raise_on_error) throw ValueError(message);
        return false;
    }
    if (!quiet) {
        std::cerr << Show("Downloading package " + info_or_id + " to " + *where + "...", prefix, "") << "\n"
                  << Show("Package " + info_or_id + " is already up-to-date!", prefix, "  ") << std::endl;
    }
    return true;
}

}  // namespace nltk
}  // namespace cnet
