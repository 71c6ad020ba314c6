// re_test.cc — what re in .cnet refuses rather than mean something else than Python: the Python syntax
// ECMAScript lacks, and results a list[str] cannot hold.
#include "cnet/py/re.h"

#include <gtest/gtest.h>

#include "cnet/core/error.h"

namespace cnet {
namespace py {
namespace re {
namespace {

TEST(PyReTest, RefusesWhatEcmaScriptCannotMean) {
    EXPECT_THROW(compile("(?<=a)b"), ValueError);  // lookbehind
    EXPECT_THROW(compile("(?i)abc"), ValueError);  // inline flags
    EXPECT_THROW(compile("(?P<x>a)(?P=x)"), ValueError);
    EXPECT_THROW(compile("abc\\Z"), ValueError);
    EXPECT_THROW(compile("a", 8), ValueError);  // re.MULTILINE
    EXPECT_THROW(compile("(a"), ValueError);    // invalid
}

TEST(PyReTest, RefusesResultsAListOfStrCannotHold) {
    EXPECT_THROW(findall("(a)(b)", "ab"), ValueError);  // Python: [('a', 'b')]
    EXPECT_THROW(split("(a)|b", "xby"), ValueError);    // Python: ['x', None, 'y']
    EXPECT_THROW(sub("a", "\\q", "a"), ValueError);     // Python: bad escape \q
}

TEST(PyReTest, NamedGroupsAndCodePoints) {
    EXPECT_EQ(sub("(?P<first>\\w)(?P<rest>\\w*)", "\\g<rest>\\g<first>", "abc de"), "bca ed");
    EXPECT_EQ(findall("[^ ]", "é ü"), (std::vector<std::string>{"\xc3\xa9", "\xc3\xbc"}));
    EXPECT_EQ(compile("(a)(b)?").groups(), 2);
}

}  // namespace
}  // namespace re
}  // namespace py
}  // namespace cnet
