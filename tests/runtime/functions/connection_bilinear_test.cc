// connection_bilinear_test.cc — F.bilinear: values against the defining sums, and gradient checks.
#include <gtest/gtest.h>

#include <vector>

#include "cnet/functions/connection.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("bilinear");
CNET_DOUBLE_BACKWARD_CHECKED("bilinear");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

TEST(BilinearTest, ValuesAndGradients) {
    const Array e1 = Uniform(Shape{2, 3}, -1, 1, kF64, 1), e2 = Uniform(Shape{2, 2}, -1, 1, kF64, 2);
    const Array W = Uniform(Shape{3, 2, 4}, -1, 1, kF64, 3), V1 = Uniform(Shape{3, 4}, -1, 1, kF64, 4);
    const Array V2 = Uniform(Shape{2, 4}, -1, 1, kF64, 5), b = Uniform(Shape{4}, -1, 1, kF64, 6);
    const Variable y = F::bilinear(e1, e2, W, V1, V2, b);
    ASSERT_EQ(y.shape(), (Shape{2, 4}));
    for (int64_t i = 0; i < 2; ++i)
        for (int64_t l = 0; l < 4; ++l) {
            double s = b.at_flat(l);
            for (int64_t j = 0; j < 3; ++j) {
                s += e1.at_flat(i * 3 + j) * V1.at_flat(j * 4 + l);
                for (int64_t k = 0; k < 2; ++k) s += e1.at_flat(i * 3 + j) * e2.at_flat(i * 2 + k) * W.at_flat((j * 2 + k) * 4 + l);
            }
            for (int64_t k = 0; k < 2; ++k) s += e2.at_flat(i * 2 + k) * V2.at_flat(k * 4 + l);
            EXPECT_NEAR(y.array().at_flat(i * 4 + l), s, 1e-12);
        }
    EXPECT_THROW(F::bilinear(e1, e2, W, V1), ValueError);
    auto full = [](const VarList& v) { return VarList{F::bilinear(v[0], v[1], v[2], v[3], v[4], v[5])}; };
    auto plain = [](const VarList& v) { return VarList{F::bilinear(v[0], v[1], v[2])}; };
    const Array gy = Uniform(Shape{2, 4}, -1, 1, kF64, 7);
    gradient_check::check_backward(full, {e1, e2, W, V1, V2, b}, {gy});
    gradient_check::check_backward(plain, {e1, e2, W}, {gy});
    gradient_check::check_double_backward(plain, {e1, e2, W}, {gy},
                                          {Uniform(e1.shape(), -1, 1, kF64, 8), Uniform(e2.shape(), -1, 1, kF64, 9),
                                           Uniform(W.shape(), -1, 1, kF64, 10)});
}

}  // namespace
}  // namespace cnet
