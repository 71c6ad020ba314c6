// variable_of_array_test.cc — chainer.Variable(x) of a .cnet name that holds an array in a Variable-typed slot:
// a new Variable of the array; a computed or gradient-requiring Variable is Chainer's TypeError.
#include <gtest/gtest.h>

#include "cnet/functions/basic_math.h"
#include "cnet/py/builtins.h"

namespace cnet {
namespace py {
namespace {

TEST(VariableOfArrayTest, WrapsTheConstantsArrayAsANewVariable) {
    const Array a = Array::FromVector(std::vector<float>{1, 2, 3});
    const Variable constant = as_variable(a);  // what assigning an ndarray to a Variable-typed name stores
    const Variable v = variable_of_array(constant);
    EXPECT_TRUE(v.requires_grad());
    EXPECT_EQ(v.creator(), nullptr);
    EXPECT_NE(v.impl(), constant.impl());
    EXPECT_EQ(v.array().raw_data(), a.raw_data());  // the same memory, as Chainer's Variable(array)
    EXPECT_FALSE(variable_of_array(constant, false).requires_grad());
}

TEST(VariableOfArrayTest, RejectsARealVariable) {
    const Variable x(Array::FromVector(std::vector<float>{1, 2}));
    EXPECT_THROW(variable_of_array(x), TypeError);  // requires a gradient
    const Variable y = x * x;
    EXPECT_THROW(variable_of_array(y), TypeError);  // computed
}

}  // namespace
}  // namespace py
}  // namespace cnet
