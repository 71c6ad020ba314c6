// tolist_test.cc — ndarray.tolist() (cnet/np/tolist.h): a 1-d integer array's elements, a TypeError that says
// what to write for any other array.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/np/tolist.h"
#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace np {
namespace {

using testing_util::Arr;

TEST(TolistTest, IntegerArraysGiveTheirElements) {
    EXPECT_EQ(tolist(Arr({3, -1, 7}, Dtype::kInt32)), (std::vector<int64_t>{3, -1, 7}));
    EXPECT_EQ(tolist(Arr({255, 0}, Dtype::kUint8)), (std::vector<int64_t>{255, 0}));
    // A strided view reads its own elements: a[::2] of [0, 1, 2, 3, 4].
    const Array a = Arr({0, 1, 2, 3, 4}, Dtype::kInt64);
    EXPECT_EQ(tolist(a[Slice(std::nullopt, std::nullopt, 2)]), (std::vector<int64_t>{0, 2, 4}));
}

TEST(TolistTest, OtherArraysAreATypeErrorNamingTheArray) {
    try {
        tolist(Arr({0.5, 1.5}, Dtype::kFloat32));
        FAIL() << "expected TypeError";
    } catch (const py::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("float32 of shape (2,)"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("[float(v) for v in a]"), std::string::npos) << e.what();
    }
    EXPECT_THROW(tolist(Arr({1, 2, 3, 4}, Dtype::kInt32).reshape({2, 2})), py::TypeError);
}

}  // namespace
}  // namespace np
}  // namespace cnet
