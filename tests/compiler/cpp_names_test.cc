// cpp_names_test.cc — the naming scheme for generated C++ (Note [Hygienic names] in compiler/sema/cpp_names.h):
// plain names keep their spelling, the others map injectively into names no temporary, keyword or reserved
// C++ name uses; and the escaping of user text into string literals and comments.
#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <set>

#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {
namespace {

// An independent decoder of the encoded form: strip the final '_', then "_0" is '_', "_u" + 6 hex digits a
// code point (UTF-8), any other '_' itself. Returns "" for text that is not an encoding.
std::string Decode(const std::string& cpp) {
    if (cpp.empty() || cpp.back() != '_') return "";
    const std::string body = cpp.substr(0, cpp.size() - 1);
    std::string out;
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '_') {
            out += body[i];
        } else if (i + 1 < body.size() && body[i + 1] == '0') {
            out += '_';
            ++i;
        } else if (i + 1 < body.size() && body[i + 1] == 'u') {
            if (i + 8 > body.size()) return "";
            const unsigned long cp = std::stoul(body.substr(i + 2, 6), nullptr, 16);
            if (cp < 0x80) {
                out += static_cast<char>(cp);
            } else if (cp < 0x800) {
                out += static_cast<char>(0xc0 | (cp >> 6));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            } else if (cp < 0x10000) {
                out += static_cast<char>(0xe0 | (cp >> 12));
                out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            } else {
                out += static_cast<char>(0xf0 | (cp >> 18));
                out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
                out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            }
            i += 7;
        } else {
            out += '_';
        }
    }
    return out;
}

bool ValidCppName(const std::string& s) {
    static const std::regex kIdentifier("[A-Za-z_][A-Za-z0-9_]*");
    return std::regex_match(s, kIdentifier) && s.find("__") == std::string::npos &&
           !(s.size() >= 2 && s[0] == '_' && s[1] >= 'A' && s[1] <= 'Z');
}

TEST(CppNamesTest, PlainNamesKeepTheirSpelling) {
    for (const char* name : {"x", "n_units", "MLP", "_x", "a_0", "l1", "h_u", "Linear2", "N", "x1_y2"}) {
        EXPECT_EQ(CppIdentifier(name), name);
    }
}

TEST(CppNamesTest, KeywordsMacrosAndRuntimeNamesAreMangled) {
    EXPECT_EQ(CppIdentifier("class"), "class_");
    EXPECT_EQ(CppIdentifier("int"), "int_");
    EXPECT_EQ(CppIdentifier("std"), "std_");
    EXPECT_EQ(CppIdentifier("main"), "main_");
    EXPECT_EQ(CppIdentifier("M_PI"), "M_PI_");
    EXPECT_EQ(CppIdentifier("RAND_MAX"), "RAND_MAX_");
    EXPECT_EQ(CppIdentifier("CNET_CHECK"), "CNET_CHECK_");
    EXPECT_EQ(CppIdentifier("EOF"), "EOF_");
    EXPECT_EQ(CppIdentifier("errno"), "errno_");
    EXPECT_EQ(CppIdentifier("kCnetSource"), "kCnetSource_");
    EXPECT_EQ(CppIdentifier("begin"), "begin_");  // a ChainList member
    EXPECT_EQ(CppIdentifier("init_scope"), "init_scope_");
}

TEST(CppNamesTest, UnusualNamesAreEncoded) {
    EXPECT_EQ(CppIdentifier("std_"), "std_0_");
    EXPECT_EQ(CppIdentifier("int_"), "int_0_");
    EXPECT_EQ(CppIdentifier("__x"), "_0_x_");
    EXPECT_EQ(CppIdentifier("u__x"), "u_0_x_");
    EXPECT_EQ(CppIdentifier("_"), "_0_");
    EXPECT_EQ(CppIdentifier("_X"), "_0X_");
    EXPECT_EQ(CppIdentifier("a__init__"), "a_0_init_0_0_");
    EXPECT_EQ(CppIdentifier("π"), "_u0003c0_");
    EXPECT_EQ(CppIdentifier("naïve"), "na_u0000efve_");
    EXPECT_EQ(CppIdentifier("𝑥"), "_u01d465_");
}

TEST(CppNamesTest, TemporariesAreOutsideTheUserNames) {
    EXPECT_EQ(GeneratedName("item", 3), "item_3_");
    EXPECT_EQ(GeneratedName("a_b", 1), "a_b_1_");
    EXPECT_EQ(GeneratedName("run_program"), "run_program_");
    EXPECT_EQ(GeneratedName("class__item", 2), "item_2_");  // not plain: a fixed base instead
    EXPECT_EQ(GeneratedName("M", 1), "item_1_");            // M_1 is macro-like
    EXPECT_EQ(GeneratedName("x_0", 1), "item_1_");          // "_0" is an escape
    for (const std::string base : {"item", "a_b", "x_item", "parser", "result", "scope", "seq", "Q", "x_", "π"}) {
        for (int n = 0; n < 30; ++n) {
            const std::string temp = GeneratedName(base, n);
            EXPECT_TRUE(ValidCppName(temp)) << temp;
            // The only user name that could map to temp is its decoding, and that one maps elsewhere.
            const std::string user = Decode(temp);
            EXPECT_NE(CppIdentifier(user), temp) << base << " " << n;
            EXPECT_NE(CppIdentifier(temp), temp) << temp;
        }
    }
}

// Random identifiers over an alphabet rich in the characters the scheme treats specially: every mapping is
// a valid, unreserved C++ name, decodes back when changed, and no two names share one.
TEST(CppNamesTest, RandomNamesMapInjectively) {
    const std::vector<std::string> alphabet = {"_", "_", "_", "0", "u", "U", "a", "x", "M", "E", "P", "I", "1", "é", "π", "𝑥"};
    std::mt19937 rng(12);
    std::map<std::string, std::string> seen;  // C++ name -> user name
    for (int i = 0; i < 200000; ++i) {
        std::string name;
        const int length = 1 + static_cast<int>(rng() % 7);
        for (int k = 0; k < length; ++k) name += alphabet[rng() % alphabet.size()];
        if (name[0] >= '0' && name[0] <= '9') continue;  // not a Python identifier
        const std::string cpp = CppIdentifier(name);
        ASSERT_TRUE(ValidCppName(cpp)) << name << " -> " << cpp;
        if (cpp != name) {
            ASSERT_EQ(Decode(cpp), name) << cpp;
            ASSERT_EQ(cpp.back(), '_');
        } else {
            ASSERT_NE(cpp.back(), '_');
            ASSERT_FALSE(IsReservedName(cpp));
        }
        auto [it, inserted] = seen.emplace(cpp, name);
        ASSERT_TRUE(inserted || it->second == name) << it->second << " and " << name << " both map to " << cpp;
    }
}

TEST(CppTextTest, StringLiteralsEscapeEverythingThatIsNotText) {
    EXPECT_EQ(CppStringLiteral("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
    EXPECT_EQ(CppStringLiteral(std::string("a\0" "1", 3)), "\"a\\0001\"");
    EXPECT_EQ(CppStringLiteral("?\?="), "\"?\\?=\"");  // no trigraph
    EXPECT_EQ(CppStringLiteral("héllo"), "\"héllo\"");
    EXPECT_EQ(CppStringValue("ab"), "\"ab\"");
    EXPECT_EQ(CppStringValue(std::string("a\0b", 3)), "std::string(\"a\\000b\", 3)");
}

TEST(CppTextTest, CommentTextCannotEndTheComment) {
    EXPECT_EQ(CppCommentText("model.cnet:12"), "model.cnet:12");
    EXPECT_EQ(CppCommentText("x\n#include <cstdlib>"), "x\\x0a#include <cstdlib>");
    EXPECT_EQ(CppCommentText("a\r\\"), "a\\x0d\\\\");
    EXPECT_EQ(CppCommentText("été"), "été");
}

TEST(CppTextTest, LineDirectiveFileNamesCannotEndTheDirective) {
    EXPECT_EQ(CppLineDirective(12, "models/mlp.cnet"), "#line 12 \"models/mlp.cnet\"");
    EXPECT_EQ(CppLineDirective(3, "evil\n#include <cstdlib>\".cnet"), "#line 3 \"evil\\n#include <cstdlib>\\\".cnet\"");
    EXPECT_EQ(CppLineDirective(1, "a\\b?\?=.cnet"), "#line 1 \"a\\\\b?\\?=.cnet\"");  // no trigraph
}

}  // namespace
}  // namespace cnet::compiler::sema
