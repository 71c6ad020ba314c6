// re.h — Python's re module for generated code, on std::wregex over code points (so '.' and classes see one
// character, not a UTF-8 byte): compile, findall, sub, split, fullmatch-free matching of simple patterns, with
// Python's results (findall gives the one group when the pattern has one; split keeps the groups; empty matches as
// in Python 3.7+). A Python pattern is translated to ECMAScript: (?P<name>...) becomes a plain group; what
// ECMAScript cannot mean (lookbehind, inline flags, named back-references, \A \Z escapes it spells otherwise)
// raises ValueError naming it. Differences: \d \w \s are ASCII (Python's str patterns are Unicode-aware), and
// '$' does not match before a final '\n'.
#pragma once

#include <cstdint>
#include <memory>
#include <regex>
#include <string>
#include <vector>

namespace cnet {
namespace py {
namespace re {

constexpr int64_t IGNORECASE = 2;  // Python's re.I / re.IGNORECASE

class Pattern {
 public:
    Pattern(const std::string& pattern, int64_t flags = 0);
    /// All non-overlapping matches: the whole match, or the one group (a pattern with two or more groups, whose
    /// Python result is a list of tuples, raises ValueError).
    std::vector<std::string> findall(const std::string& string) const;
    /// Matches replaced by `repl` with Python's escapes (\1, \g<1>, \g<name>, \n, \\); count 0 means all.
    std::string sub(const std::string& repl, const std::string& string, int64_t count = 0) const;
    /// The pieces between matches, with the groups' texts between them; maxsplit 0 means all.
    std::vector<std::string> split(const std::string& string, int64_t maxsplit = 0) const;
    const std::string& pattern() const { return pattern_; }
    int64_t groups() const { return static_cast<int64_t>(regex_->mark_count()); }

 private:
    std::string pattern_;
    std::vector<std::string> group_names_;  // index i: group i + 1's name ("" when unnamed)
    std::shared_ptr<std::wregex> regex_;
};

Pattern compile(const std::string& pattern, int64_t flags = 0);
std::vector<std::string> findall(const std::string& pattern, const std::string& string, int64_t flags = 0);
std::string sub(const std::string& pattern, const std::string& repl, const std::string& string, int64_t count = 0,
                int64_t flags = 0);
std::vector<std::string> split(const std::string& pattern, const std::string& string, int64_t maxsplit = 0,
                               int64_t flags = 0);
/// re.escape: Python 3.7+'s, a backslash before each of ()[]{}?*+-|^$\.&~# and whitespace.
std::string escape(const std::string& pattern);

}  // namespace re
}  // namespace py
}  // namespace cnet
