// shape_dtype_str_test.cc — str()/repr() of x.shape and x.dtype as Python prints them (cnet/py/format.h).
#include <gtest/gtest.h>

#include "cnet/py/builtins.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {
namespace {

TEST(ShapeDtypeStrTest, AsPythonPrintsThem) {
    EXPECT_EQ(str(Shape{2, 3}), "(2, 3)");
    EXPECT_EQ(str(Shape{5}), "(5,)");
    EXPECT_EQ(str(Shape{}), "()");
    EXPECT_EQ(repr(Shape{2, 3}), "(2, 3)");
    EXPECT_EQ(str(Dtype::kFloat32), "float32");
    EXPECT_EQ(repr(Dtype::kInt64), "dtype('int64')");
    EXPECT_EQ(format("{} {}", Shape{4, 1}, Dtype::kInt32), "(4, 1) int32");
    EXPECT_EQ(str(std::vector<Dtype>{Dtype::kFloat32}), "[dtype('float32')]");
    EXPECT_EQ(str(std::tuple<Shape, Dtype>{Shape{1}, Dtype::kBool}), "((1,), dtype('bool'))");
}

}  // namespace
}  // namespace py
}  // namespace cnet
