// str_methods_test.cc — the str methods of cnet/py/str_methods.h at their edges, each expectation CPython 3.11's:
// positions in code points of UTF-8 text, start/end adjusted as slices, empty substrings, full case mappings.
#include "cnet/py/str_methods.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace cnet {
namespace py {
namespace {

using Strings = std::vector<std::string>;
using Triple = std::tuple<std::string, std::string, std::string>;

const std::string kText = "h\u00e9llo w\u00f6rld";  // 'héllo wörld': 11 code points, 13 bytes

TEST(StrMethodsTest, FindReturnsCodePointPositions) {
    EXPECT_EQ(str_find(kText, "\u00f6"), 7);
    EXPECT_EQ(str_find(kText, "l", 3), 3);
    EXPECT_EQ(str_find(kText, "l", -3), 9);
    EXPECT_EQ(str_rfind(kText, "l"), 9);
    EXPECT_EQ(str_rfind(kText, "l", 0, 4), 3);
    EXPECT_EQ(str_find(kText, "z"), -1);
    EXPECT_EQ(str_find("abc", "c", 5, 1), -1);
    EXPECT_EQ(str_find(kText, "w\u00f6", std::nullopt, -3), 6);
    EXPECT_EQ(str_find(kText, "w\u00f6r", std::nullopt, -3), -1);  // ends past end
}

TEST(StrMethodsTest, EmptySubstringIsFoundUpToTheEndOnly) {
    EXPECT_EQ(str_find(kText, "", 11), 11);
    EXPECT_EQ(str_find(kText, "", 12), -1);  // a start past the end finds nothing, not even ''
    EXPECT_EQ(str_rfind(kText, ""), 11);
    EXPECT_EQ(str_find("", ""), 0);
    EXPECT_EQ(str_count(kText, ""), 12);
    EXPECT_EQ(str_count(kText, "", 12), 0);
    EXPECT_EQ(str_count(kText, "", 2, 5), 4);
    EXPECT_EQ(str_count("", ""), 1);
}

TEST(StrMethodsTest, CountIsNonOverlapping) {
    EXPECT_EQ(str_count("aaaa", "aa"), 2);
    EXPECT_EQ(str_count("aaaaa", "aa"), 2);
    EXPECT_EQ(str_count(kText, "l"), 3);
    EXPECT_EQ(str_count(kText, "l", -2), 1);
    EXPECT_EQ(str_count(kText, "l", 0, 3), 1);  // 'l' at 2 only: the end is exclusive
}

TEST(StrMethodsTest, IndexRaisesValueError) {
    EXPECT_EQ(str_index(kText, "o"), 4);
    EXPECT_EQ(str_rindex(kText, "o"), 4);
    EXPECT_EQ(str_rindex("abab", "ab"), 2);
    try {
        str_index(kText, "o", 5);
        FAIL() << "no ValueError";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "substring not found");
    }
    EXPECT_THROW(str_rindex("abc", "d"), ValueError);
}

TEST(StrMethodsTest, StartsAndEndsWithBounds) {
    EXPECT_TRUE(str_startswith("abc", "", 3));
    EXPECT_FALSE(str_startswith("abc", "", 4));
    EXPECT_TRUE(str_startswith("abc", "bc", -2));
    EXPECT_TRUE(str_endswith("abc", "b", 0, 2));
    EXPECT_TRUE(str_endswith("abc", "b", -10, -1));
    EXPECT_FALSE(str_endswith("abc", "abc", 1));
    EXPECT_TRUE(str_startswith(kText, "\u00e9l", 1));
    EXPECT_TRUE(str_endswith(kText, "w\u00f6", 0, 8));
}

TEST(StrMethodsTest, AffixTuples) {
    EXPECT_TRUE(str_startswith("model.npz", std::make_tuple(std::string("x"), std::string("mod"))));
    EXPECT_FALSE(str_startswith("model.npz", std::make_tuple(std::string("x"), std::string("y"))));
    EXPECT_FALSE(str_startswith("abc", std::tuple<>()));
    EXPECT_TRUE(str_endswith("a.txt", std::make_tuple(".csv", ".txt")));
    EXPECT_FALSE(str_endswith("a.txt", std::make_tuple(".txt"), 0, 3));
    // A tuple display passed where the parameter is untyped is a braced list (never a std::string's pointer range).
    EXPECT_TRUE(str_startswith("model.npz", {"snap", "mod"}));
    EXPECT_FALSE(str_startswith("model.npz", {}));
    EXPECT_TRUE(str_endswith("model.npz", {"z"}, 0, 9));
    EXPECT_FALSE(str_endswith("model.npz", {"z"}, 0, 8));
    EXPECT_TRUE(str_endswith("abc", {"c", 1}));  // Python stops at the match
    try {
        str_startswith("abc", {"x", int64_t{1}, "a"});
        FAIL() << "no TypeError";
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "tuple for startswith must only contain str, not int");
    }
}

TEST(StrMethodsTest, AffixOfAnotherTypeIsTypeError) {
    try {
        str_startswith("abc", int64_t{3});
        FAIL() << "no TypeError";
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "startswith first arg must be str or a tuple of str, not int");
    }
    try {
        str_endswith("abc", std::make_tuple(std::string("x"), int64_t{1}));
        FAIL() << "no TypeError";
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "tuple for endswith must only contain str, not int");
    }
    EXPECT_TRUE(str_endswith("abc", std::make_tuple(std::string("c"), int64_t{1})));  // Python stops at the match
}

TEST(StrMethodsTest, ReplaceWithCount) {
    EXPECT_EQ(str_replace("abc", "", "-"), "-a-b-c-");
    EXPECT_EQ(str_replace("abc", "", "-", 2), "-a-bc");
    EXPECT_EQ(str_replace("", "", "x"), "x");
    EXPECT_EQ(str_replace("\u00e9\u00e9\u00e9", "", "|", 2), "|\u00e9|\u00e9\u00e9");
    EXPECT_EQ(str_replace("a.b.c", ".", "", 1), "ab.c");
    EXPECT_EQ(str_replace("aaa", "a", "b", 0), "aaa");
    EXPECT_EQ(str_replace("aaa", "aa", "b"), "ba");
}

TEST(StrMethodsTest, Predicates) {
    EXPECT_FALSE(str_isspace(""));
    EXPECT_FALSE(str_isdigit(""));
    EXPECT_FALSE(str_isalpha(""));
    EXPECT_FALSE(str_isalnum(""));
    EXPECT_TRUE(str_isspace("\x1c\x1f \t\u00a0\u3000\u2028"));
    EXPECT_TRUE(str_isdigit("\u00b23"));
    EXPECT_FALSE(str_isdigit("\u00bc"));
    EXPECT_TRUE(str_isalnum("\u00bc1a"));
    EXPECT_TRUE(str_isalpha("h\u00e9llo"));
    EXPECT_FALSE(str_isalpha("\u00d7"));  // ×
    EXPECT_FALSE(str_isalpha("\u65e5"));  // not modelled (Python: True): see Note [str character classes]
    EXPECT_TRUE(str_isupper("\u00c0B1"));
    EXPECT_FALSE(str_isupper("123"));
    EXPECT_FALSE(str_isupper("\u00df"));  // ß is lower case
    EXPECT_TRUE(str_islower("\u00aab"));  // ª counts as lower case
    EXPECT_TRUE(str_islower("1a"));
    EXPECT_FALSE(str_islower("aB"));
}

TEST(StrMethodsTest, CaseMappingsAreFull) {
    EXPECT_EQ(str_title("they're bill's friends"), "They'Re Bill'S Friends");
    EXPECT_EQ(str_title("\u00dfa"), "Ssa");
    EXPECT_EQ(str_capitalize("\u00dfA"), "Ssa");
    EXPECT_EQ(str_capitalize(""), "");
    EXPECT_EQ(str_swapcase("\u00dfa"), "SSA");
    EXPECT_EQ(str_title("\u0149a"), "\u02bcNa");
    EXPECT_EQ(str_swapcase("\u0130"), "i\u0307");
    EXPECT_EQ(str_swapcase("\u00ff\u0178\u00b5"), "\u0178\u00ff\u039c");
    EXPECT_EQ(str_swapcase("\u0141\u00f3d\u017a"), "\u0142\u00d3D\u0179");  // Łódź
    EXPECT_EQ(str_title("\u00e9t\u00e9 \u00e0 paris"), "\u00c9t\u00e9 \u00c0 Paris");
}

TEST(StrMethodsTest, BytesThatAreNotUtf8AreKept) {
    const std::string bad = "a\xff\x62";  // a, the byte 0xff, b
    EXPECT_EQ(str_swapcase(bad), "A\xff\x42");
    EXPECT_FALSE(str_isalpha(bad));
}

TEST(StrMethodsTest, SplitlinesAtEveryBoundary) {
    EXPECT_EQ(str_splitlines("a\r\nb\rc\nd\ve\ff\x1cg\x1dh\x1ei\u0085j\u2028k\u2029l"),
              (Strings{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"}));
    EXPECT_EQ(str_splitlines("x\n\n", true), (Strings{"x\n", "\n"}));
    EXPECT_EQ(str_splitlines("x\r\ny", true), (Strings{"x\r\n", "y"}));
    EXPECT_EQ(str_splitlines(""), Strings{});
    EXPECT_EQ(str_splitlines("\n"), Strings{""});
    EXPECT_EQ(str_splitlines("a\x1f\x62"), Strings{"a\x1f\x62"});  // \x1f is whitespace, not a line boundary
}

TEST(StrMethodsTest, Partition) {
    EXPECT_EQ(str_partition("k=v=w", "="), (Triple{"k", "=", "v=w"}));
    EXPECT_EQ(str_rpartition("k=v=w", "="), (Triple{"k=v", "=", "w"}));
    EXPECT_EQ(str_partition("kv", "="), (Triple{"kv", "", ""}));
    EXPECT_EQ(str_rpartition("kv", "="), (Triple{"", "", "kv"}));
    EXPECT_THROW(str_partition("kv", ""), ValueError);
    EXPECT_THROW(str_rpartition("kv", ""), ValueError);
}

TEST(StrMethodsTest, Rsplit) {
    EXPECT_EQ(str_rsplit("  a b  c ", std::nullopt, 1), (Strings{"  a b", "c"}));
    EXPECT_EQ(str_rsplit("  a b  ", std::nullopt, 0), Strings{"  a b"});
    EXPECT_EQ(str_rsplit(" a\u3000b\u00a0"), (Strings{"a", "b"}));
    EXPECT_EQ(str_rsplit("   "), Strings{});
    EXPECT_EQ(str_rsplit("a,b,,c", std::string(","), 2), (Strings{"a,b", "", "c"}));
    EXPECT_EQ(str_rsplit("aaa", std::string("aa")), (Strings{"a", ""}));
    EXPECT_EQ(str_rsplit("", std::string(",")), Strings{""});
    EXPECT_THROW(str_rsplit("a", std::string("")), ValueError);
}

TEST(StrMethodsTest, Padding) {
    EXPECT_EQ(str_zfill("-42", 6), "-00042");
    EXPECT_EQ(str_zfill("+", 3), "+00");
    EXPECT_EQ(str_zfill("\u00e9", 3), "00\u00e9");
    EXPECT_EQ(str_zfill("abc", -1), "abc");
    EXPECT_EQ(str_center("ab", 5), "  ab ");
    EXPECT_EQ(str_center("abc", 6), " abc  ");
    EXPECT_EQ(str_center("\u00e9", 4, "\u00fc"), "\u00fc\u00e9\u00fc\u00fc");
    EXPECT_EQ(str_ljust("ab", 4, "*"), "ab**");
    EXPECT_EQ(str_rjust("ab", 4, "\u00e9"), "\u00e9\u00e9ab");
    EXPECT_EQ(str_rjust("abc", 2), "abc");
    EXPECT_THROW(str_center("a", 3, "ab"), TypeError);
    EXPECT_THROW(str_ljust("a", 3, ""), TypeError);
}

}  // namespace
}  // namespace py
}  // namespace cnet
