// basic_math_test.cc — arithmetic forward values, broadcasting, and gradient checks (incl. double backward).
#include <gtest/gtest.h>

#include "cnet/core/type_check.h"
#include "cnet/functions/basic_math.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("add, absolute, matmul");
CNET_DOUBLE_BACKWARD_CHECKED("add, absolute, matmul");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;

TEST(BasicMathTest, ForwardValues) {
    const Variable a(Arr({1, 2, 3, 4}, Shape{2, 2})), b(Arr({10, 20}));
    EXPECT_ALLCLOSE((a + b).array(), Arr({11, 22, 13, 24}, Shape{2, 2}));
    EXPECT_ALLCLOSE((a - b).array(), Arr({-9, -18, -7, -16}, Shape{2, 2}));
    EXPECT_ALLCLOSE((a * b).array(), Arr({10, 40, 30, 80}, Shape{2, 2}));
    EXPECT_ALLCLOSE((a / b).array(), Arr({0.1, 0.1, 0.3, 0.2}, Shape{2, 2}));
    EXPECT_ALLCLOSE((1.0 - a).array(), Arr({0, -1, -2, -3}, Shape{2, 2}));
    EXPECT_ALLCLOSE((2.0 / a).array(), Arr({2, 1, 2.0 / 3, 0.5}, Shape{2, 2}));
    EXPECT_ALLCLOSE(pow(2.0, a).array(), Arr({2, 4, 8, 16}, Shape{2, 2}));
    EXPECT_ALLCLOSE(pow(a, b).array().astype(kF64), Arr({1, 1 << 20, 59049, 1099511627776.0}, Shape{2, 2}, kF64),
                    1e-5, 1e-5);
    EXPECT_ALLCLOSE((-a).array(), Arr({-1, -2, -3, -4}, Shape{2, 2}));
    EXPECT_ALLCLOSE(abs(Variable(Arr({-1.5, 2}))).array(), Arr({1.5, 2}));
    EXPECT_EQ((a * 2.0).dtype(), Dtype::kFloat32);  // scalars take the variable's dtype
}

TEST(BasicMathTest, MatmulValues) {
    // Acceptance C29.
    const Variable a(Arr({1, 0, 0, 1}, Shape{2, 2})), b(Arr({4, 1, 2, 2}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::matmul(a, b).array(), Arr({4, 1, 2, 2}, Shape{2, 2}));
    const Variable m(Arange(6, Shape{2, 3})), v(Arr({1, 1, 1}));
    EXPECT_ALLCLOSE(F::matmul(m, v).array(), Arr({3, 12}));
    EXPECT_ALLCLOSE(F::matmul(m, m, false, true).array(), Arr({5, 14, 14, 50}, Shape{2, 2}));
    const Variable s(Arange(12, Shape{2, 2, 3}));
    EXPECT_EQ(F::matmul(s, m, false, true).shape(), (Shape{2, 2, 2}));
}

TEST(BasicMathTest, DtypeMismatchIsInvalidType) {
    const Variable a(Arr({1, 2})), b(Arr({1, 2}, kF64));
    try {
        (void)(a + b);
        FAIL() << "expected InvalidType";
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: Add (Forward)\nExpect: in_types[0].dtype == in_types[1].dtype\n"
                  "Actual: float32 != float64");
    }
}

TEST(BasicMathTest, BinaryGradients) {
    using Fn = gradient_check::ForwardFn;
    const std::vector<std::pair<Fn, const char*>> cases = {
        {[](const VarList& x) { return VarList{x[0] + x[1]}; }, "add"},
        {[](const VarList& x) { return VarList{x[0] - x[1]}; }, "sub"},
        {[](const VarList& x) { return VarList{x[0] * x[1]}; }, "mul"},
        {[](const VarList& x) { return VarList{x[0] / x[1]}; }, "div"},
        {[](const VarList& x) { return VarList{pow(x[0], x[1])}; }, "pow"},
    };
    // Same shapes, and broadcasting (3, 1) with (4,).
    for (const auto& c : cases) {
        SCOPED_TRACE(c.second);
        const Array a = Uniform(Shape{3, 4}, 0.5, 2.0, kF64, 1), b = Uniform(Shape{3, 4}, 0.5, 2.0, kF64, 2);
        check_backward(c.first, {a, b}, {Uniform(Shape{3, 4}, -1, 1, kF64, 3)});
        check_double_backward(c.first, {a, b}, {Uniform(Shape{3, 4}, -1, 1, kF64, 3)},
                              {Uniform(Shape{3, 4}, -1, 1, kF64, 4), Uniform(Shape{3, 4}, -1, 1, kF64, 5)});
        const Array p = Uniform(Shape{3, 1}, 0.5, 2.0, kF64, 6), q = Uniform(Shape{4}, 0.5, 2.0, kF64, 7);
        check_backward(c.first, {p, q}, {Uniform(Shape{3, 4}, -1, 1, kF64, 8)});
    }
}

TEST(BasicMathTest, ScalarGradients) {
    const Array x = Uniform(Shape{2, 3}, 0.5, 2.0, kF64), gy = Uniform(Shape{2, 3}, -1, 1, kF64, 9);
    const Array ggx = Uniform(Shape{2, 3}, -1, 1, kF64, 10);
    const std::vector<gradient_check::ForwardFn> fns = {
        [](const VarList& v) { return VarList{v[0] + 3.0}; },   [](const VarList& v) { return VarList{3.0 - v[0]}; },
        [](const VarList& v) { return VarList{v[0] * 3.0}; },   [](const VarList& v) { return VarList{3.0 / v[0]}; },
        [](const VarList& v) { return VarList{pow(v[0], 3.0)}; }, [](const VarList& v) { return VarList{pow(2.0, v[0])}; },
        [](const VarList& v) { return VarList{-v[0]}; },        [](const VarList& v) { return VarList{abs(v[0])}; },
    };
    for (const auto& f : fns) {
        check_backward(f, {x}, {gy});
        check_double_backward(f, {x}, {gy}, {ggx});
    }
}

TEST(BasicMathTest, AddManyAndZeroDim) {
    const Array a = Uniform(Shape{}, -1, 1, kF64, 1), b = Uniform(Shape{}, -1, 1, kF64, 2),
                c = Uniform(Shape{}, -1, 1, kF64, 3);
    auto f = [](const VarList& x) { return VarList{F::add(x)}; };
    check_backward(f, {a, b, c}, {Uniform(Shape{}, -1, 1, kF64, 4)});
    check_double_backward(f, {a, b, c}, {Uniform(Shape{}, -1, 1, kF64, 4)},
                          {Uniform(Shape{}, -1, 1, kF64, 5), Uniform(Shape{}, -1, 1, kF64, 6),
                           Uniform(Shape{}, -1, 1, kF64, 7)});
}

TEST(BasicMathTest, MatmulGradients) {
    for (bool ta : {false, true}) {
        for (bool tb : {false, true}) {
            auto f = [ta, tb](const VarList& x) { return VarList{F::matmul(x[0], x[1], ta, tb)}; };
            const Array a = Uniform(ta ? Shape{4, 3} : Shape{3, 4}, -1, 1, kF64, 1);
            const Array b = Uniform(tb ? Shape{2, 4} : Shape{4, 2}, -1, 1, kF64, 2);
            const Array gy = Uniform(Shape{3, 2}, -1, 1, kF64, 3);
            check_backward(f, {a, b}, {gy});
            check_double_backward(f, {a, b}, {gy}, {Uniform(a.shape(), -1, 1, kF64, 4), Uniform(b.shape(), -1, 1, kF64, 5)});
        }
    }
    // Stacked with a broadcast batch, and matrix-vector.
    auto f = [](const VarList& x) { return VarList{F::matmul(x[0], x[1])}; };
    check_backward(f, {Uniform(Shape{2, 3, 4}, -1, 1, kF64, 6), Uniform(Shape{4, 5}, -1, 1, kF64, 7)},
                   {Uniform(Shape{2, 3, 5}, -1, 1, kF64, 8)});
    check_backward(f, {Uniform(Shape{3, 4}, -1, 1, kF64, 9), Uniform(Shape{4}, -1, 1, kF64, 10)},
                   {Uniform(Shape{3}, -1, 1, kF64, 11)});
}

}  // namespace
}  // namespace cnet
