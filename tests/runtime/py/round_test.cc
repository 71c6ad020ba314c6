// round_test.cc — round() as CPython rounds (ties to even, digits from the exact binary value), and the one
// place cnet's int differs: a result past int64 is an OverflowError rather than a bignum.
#include <gtest/gtest.h>

#include "cnet/py/builtins.h"

namespace cnet {
namespace py {
namespace {

TEST(RoundTest, AsCPythonRounds) {
    EXPECT_EQ(round(2.5), 2);
    EXPECT_EQ(round(-3.5), -4);
    EXPECT_EQ(round(2.675, 2), 2.67);  // 2.675 is 2.67499999... in binary
    EXPECT_EQ(round(1250, -2), 1200);
    EXPECT_EQ(round(1350, -2), 1400);
    EXPECT_EQ(round(7), 7);
}

TEST(RoundTest, PastInt64IsAnOverflowError) {
    EXPECT_THROW(round(1e19), OverflowError);
    EXPECT_THROW(round(-1e300), OverflowError);
    EXPECT_EQ(round(-9.2e18), -9200000000000000000);
}

}  // namespace
}  // namespace py
}  // namespace cnet
