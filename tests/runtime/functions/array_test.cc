// array_test.cc — array manipulation: forward values against NumPy results written out by hand, Chainer's
// checks, and gradient checks (backward and double backward) for every function of the family.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/math.h"
#include "cnet/testing/gradient_check.h"
#include "function_test_util.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED(
    "reshape, transpose, broadcast_to, sum_to, broadcast, expand_dims, squeeze, flatten, swapaxes, rollaxis, flip, "
    "fliplr, flipud, concat, stack, hstack, vstack, dstack, split_axis, separate, get_item, select_item, where, tile, "
    "repeat, pad, cast, copy, identity");
CNET_DOUBLE_BACKWARD_CHECKED(
    "reshape, transpose, broadcast_to, sum_to, broadcast, expand_dims, squeeze, flatten, swapaxes, rollaxis, flip, "
    "fliplr, flipud, concat, stack, hstack, vstack, dstack, split_axis, separate, get_item, select_item, where, tile, "
    "repeat, pad, cast, copy, identity");

namespace cnet {
namespace {

namespace F = functions;
using gradient_check::check_backward;
using gradient_check::check_double_backward;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::ExpectFloat16LikeFloat32;
using testing_util::Uniform;

const Dtype kF64 = Dtype::kFloat64;
const Dtype kI32 = Dtype::kInt32;

Variable V(const Array& a) { return Variable(a); }

// Runs check_backward and check_double_backward of a function of `inputs` (random output gradients).
void CheckGrads(const gradient_check::ForwardFn& fn, const std::vector<Array>& inputs, uint64_t seed = 1) {
    VarList vs;
    for (const Array& a : inputs) vs.push_back(Variable(a));
    std::vector<Array> gys, ggs;
    for (const Variable& y : fn(vs)) gys.push_back(Uniform(y.shape(), -1, 1, kF64, ++seed));
    for (const Array& a : inputs) ggs.push_back(Uniform(a.shape(), -1, 1, kF64, ++seed));
    check_backward(fn, inputs, gys);
    check_double_backward(fn, inputs, gys, ggs);
}

TEST(ArrayTest, ShapeFunctions) {
    const Variable x(Arange(6, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::reshape(x, Shape{3, -1}).array(), Arange(6, Shape{3, 2}));
    EXPECT_ALLCLOSE(F::transpose(x).array(), Arr({0, 3, 1, 4, 2, 5}, Shape{3, 2}));
    EXPECT_ALLCLOSE(F::broadcast_to(V(Arr({1, 2, 3})), Shape{2, 3}).array(), Arr({1, 2, 3, 1, 2, 3}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::sum_to(x, Shape{1, 3}).array(), Arr({3, 5, 7}, Shape{1, 3}));
    EXPECT_ALLCLOSE(F::sum_to(x, Shape{3}).array(), Arr({3, 5, 7}));
    const VarList b = F::broadcast({V(Arr({1, 2, 3})), V(Arr({10, 20}, Shape{2, 1})), V(Arr({5}, Shape{}))});
    ASSERT_EQ(b.size(), 3u);
    EXPECT_ALLCLOSE(b[1].array(), Arr({10, 10, 10, 20, 20, 20}, Shape{2, 3}));
    EXPECT_ALLCLOSE(b[2].array(), Arr({5, 5, 5, 5, 5, 5}, Shape{2, 3}));
    EXPECT_THROW(F::broadcast({V(Arr({1, 2, 3})), V(Arr({1, 2}))}), InvalidType);
}

TEST(ArrayTest, AxisFunctions) {
    const Variable x(Arange(6, Shape{2, 1, 3}));
    EXPECT_EQ(F::expand_dims(x, 0).shape(), (Shape{1, 2, 1, 3}));
    EXPECT_EQ(F::expand_dims(x, 3).shape(), (Shape{2, 1, 3, 1}));
    EXPECT_EQ(F::expand_dims(x, -1).shape(), (Shape{2, 1, 3, 1}));
    EXPECT_EQ(F::expand_dims(x, -4).shape(), (Shape{1, 2, 1, 3}));
    EXPECT_THROW(F::expand_dims(x, 4), InvalidType);
    EXPECT_THROW(F::expand_dims(x, -5), InvalidType);
    EXPECT_EQ(F::squeeze(x).shape(), (Shape{2, 3}));
    EXPECT_EQ(F::squeeze(x, 1).shape(), (Shape{2, 3}));
    EXPECT_EQ(F::squeeze(V(Arr({1}, Shape{1, 1}))).shape(), Shape{});
    try {
        F::squeeze(x, 0);
        FAIL() << "expected InvalidType";
    } catch (const InvalidType& e) {
        EXPECT_EQ(std::string(e.what()),
                  "Invalid operation is performed in: Squeeze (Forward)\nExpect: in_types[0].shape[0] == 1\n"
                  "Actual: 2 != 1");
    }
    EXPECT_ALLCLOSE(F::flatten(x).array(), Arange(6, Shape{6}));
    EXPECT_EQ(F::flatten(V(Arr({3}, Shape{}))).shape(), Shape{1});
    EXPECT_ALLCLOSE(F::swapaxes(V(Arange(6, Shape{2, 3})), 0, 1).array(), Arr({0, 3, 1, 4, 2, 5}, Shape{3, 2}));
    EXPECT_EQ(F::swapaxes(V(Arange(24, Shape{2, 3, 4})), 0, -1).shape(), (Shape{4, 3, 2}));
    // numpy.rollaxis(a (3, 4, 5, 6), 3, 1).shape == (3, 6, 4, 5); rollaxis(a, 2).shape == (5, 3, 4, 6)
    const Variable r(Arange(360, Shape{3, 4, 5, 6}));
    EXPECT_EQ(F::rollaxis(r, 3, 1).shape(), (Shape{3, 6, 4, 5}));
    EXPECT_EQ(F::rollaxis(r, 2).shape(), (Shape{5, 3, 4, 6}));
    EXPECT_EQ(F::rollaxis(r, 1, 4).shape(), (Shape{3, 5, 6, 4}));
    const Variable m(Arange(6, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::flip(m, 1).array(), Arr({2, 1, 0, 5, 4, 3}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::flipud(m).array(), Arr({3, 4, 5, 0, 1, 2}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::fliplr(m).array(), Arr({2, 1, 0, 5, 4, 3}, Shape{2, 3}));
    EXPECT_THROW(F::flip(m, 2), InvalidType);
}

TEST(ArrayTest, JoinAndSplit) {
    const Variable a(Arange(4, Shape{2, 2})), b(Arr({7, 8}, Shape{2, 1}));
    // The default axis of concat is 1.
    EXPECT_ALLCLOSE(F::concat({a, b}).array(), Arr({0, 1, 7, 2, 3, 8}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::concat({a, a}, 0).array(), Arr({0, 1, 2, 3, 0, 1, 2, 3}, Shape{4, 2}));
    EXPECT_THROW(F::concat({a, b}, 0), InvalidType);
    EXPECT_THROW(F::concat({a, V(Arange(2, Shape{2, 1}, kF64))}), InvalidType);
    const Variable c(Arr({4, 5, 6, 7}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::stack({a, c}).array(), Arr({0, 1, 2, 3, 4, 5, 6, 7}, Shape{2, 2, 2}));
    EXPECT_ALLCLOSE(F::stack({a, c}, 1).array(), Arr({0, 1, 4, 5, 2, 3, 6, 7}, Shape{2, 2, 2}));
    EXPECT_ALLCLOSE(F::stack({a, c}, -1).array(), Arr({0, 4, 1, 5, 2, 6, 3, 7}, Shape{2, 2, 2}));
    EXPECT_THROW(F::stack({a, b}), InvalidType);
    const Variable v1(Arr({1, 2})), v2(Arr({3, 4, 5}));
    EXPECT_ALLCLOSE(F::hstack({v1, v2}).array(), Arr({1, 2, 3, 4, 5}));
    EXPECT_ALLCLOSE(F::hstack({a, b}).array(), Arr({0, 1, 7, 2, 3, 8}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::vstack({v1, V(Arr({3, 4}))}).array(), Arr({1, 2, 3, 4}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::vstack({a, V(Arr({9, 9}, Shape{1, 2}))}).array(), Arr({0, 1, 2, 3, 9, 9}, Shape{3, 2}));
    EXPECT_ALLCLOSE(F::dstack({v1, V(Arr({3, 4}))}).array(), Arr({1, 3, 2, 4}, Shape{1, 2, 2}));
    // split_axis: sections and split points.
    const Variable x(Arange(12, Shape{2, 6}));
    const VarList s = F::split_axis(x, 3, 1);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_ALLCLOSE(s[1].array(), Arr({2, 3, 8, 9}, Shape{2, 2}));
    const VarList p = F::split_axis(x, std::vector<int64_t>{1, 4}, 1);
    ASSERT_EQ(p.size(), 3u);
    EXPECT_EQ(p[0].shape(), (Shape{2, 1}));
    EXPECT_ALLCLOSE(p[1].array(), Arr({1, 2, 3, 7, 8, 9}, Shape{2, 3}));
    EXPECT_EQ(p[2].shape(), (Shape{2, 2}));
    EXPECT_EQ(F::split_axis(x, 1, 0).size(), 1u);
    EXPECT_THROW(F::split_axis(x, 4, 1), InvalidType);
    EXPECT_THROW(F::split_axis(x, std::vector<int64_t>{2, 2}, 1), ValueError);  // an empty piece
    EXPECT_THROW(F::split_axis(x, std::vector<int64_t>{0}, 1), ValueError);
    // separate is the inverse of stack.
    const VarList sep = F::separate(x, 1);
    ASSERT_EQ(sep.size(), 6u);
    EXPECT_ALLCLOSE(sep[4].array(), Arr({4, 10}));
    EXPECT_ALLCLOSE(F::separate(x)[1].array(), Arange(12, Shape{2, 6}).reshape(Shape{2, 6})[1]);
}

TEST(ArrayTest, Indexing) {
    const Variable x(Arange(12, Shape{3, 4}));
    EXPECT_ALLCLOSE(x[1].array(), Arr({4, 5, 6, 7}));
    EXPECT_ALLCLOSE((x[{Slice(), 2}]).array(), Arr({2, 6, 10}));
    EXPECT_ALLCLOSE((x[{Slice(1, {}), Slice({}, {}, -2)}]).array(), Arr({7, 5, 11, 9}, Shape{2, 2}));
    EXPECT_EQ((x[{Ellipsis, NewAxis}]).shape(), (Shape{3, 4, 1}));
    EXPECT_ALLCLOSE((x[std::vector<int64_t>{2, 0, 2}]).array(), Arr({8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11}, Shape{3, 4}));
    EXPECT_ALLCLOSE(F::get_item(x, x.array() > Scalar(8)).array(), Arr({9, 10, 11}));
    EXPECT_EQ(F::get_item(x, Indices{Slice(), 1}).creator()->label(), std::string("GetItem"));
    // Repeated advanced indices accumulate in the gradient.
    Variable w(Arange(4, Shape{4}, kF64));
    Variable y = w[std::vector<int64_t>{1, 1, 3}];
    y.set_grad(Arr({1, 2, 3}, kF64));
    y.backward();
    EXPECT_ALLCLOSE(w.grad(), Arr({0, 3, 0, 3}, kF64));
    // select_item (Chainer's documented example).
    const Variable s(Arr({0, 1, 2, 3, 4, 5}, Shape{2, 3}));
    EXPECT_ALLCLOSE(F::select_item(s, V(Arr({0, 2}, kI32))).array(), Arr({0, 5}));
    EXPECT_THROW(F::select_item(s, V(Arr({0, 2, 1}, kI32))), InvalidType);
    EXPECT_THROW(F::select_item(s, V(Arr({0, 1}))), InvalidType);
    // where
    const Array cond = Arr({1, 0, 0, 1}, Shape{2, 2}, Dtype::kBool);
    EXPECT_ALLCLOSE(F::where(V(cond), V(Arange(4, Shape{2, 2})), V(Arr({9, 9, 9, 9}, Shape{2, 2}))).array(),
                    Arr({0, 9, 9, 3}, Shape{2, 2}));
    EXPECT_THROW(F::where(V(Arange(4, Shape{2, 2})), V(Arange(4, Shape{2, 2})), V(Arange(4, Shape{2, 2}))),
                 InvalidType);
}

TEST(ArrayTest, Copies) {
    const Variable x(Arr({1, 2, 3, 4}, Shape{2, 2}));
    EXPECT_ALLCLOSE(F::tile(x, 2).array(), Arr({1, 2, 1, 2, 3, 4, 3, 4}, Shape{2, 4}));
    EXPECT_ALLCLOSE(F::tile(V(Arr({1, 2})), Dims{2, 2}).array(), Arr({1, 2, 1, 2, 1, 2, 1, 2}, Shape{2, 4}));
    EXPECT_EQ(F::tile(x, Dims{2, 1, 3}).shape(), (Shape{2, 2, 6}));
    // Chainer's documented examples of repeat.
    EXPECT_ALLCLOSE(F::repeat(V(Arr({0, 1, 2})), 2).array(), Arr({0, 0, 1, 1, 2, 2}));
    EXPECT_ALLCLOSE(F::repeat(x, 3, 1).array(), Arr({1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4}, Shape{2, 6}));
    EXPECT_ALLCLOSE(F::repeat(x, std::vector<int64_t>{1, 2}, 0).array(), Arr({1, 2, 3, 4, 3, 4}, Shape{3, 2}));
    EXPECT_ALLCLOSE(F::repeat(x, 2).array(), Arr({1, 1, 2, 2, 3, 3, 4, 4}));
    EXPECT_THROW(F::repeat(x, std::vector<int64_t>{1, 2, 3}, 0), ValueError);
    EXPECT_ALLCLOSE(F::pad(V(Arr({1, 2})), 1).array(), Arr({0, 1, 2, 0}));
    EXPECT_ALLCLOSE(F::pad(x, F::PadWidth{{0, 1}, {1, 0}}, "constant", 9).array(),
                    Arr({9, 1, 2, 9, 3, 4, 9, 9, 9}, Shape{3, 3}));
    EXPECT_THROW(F::pad(x, 1, "reflect"), ValueError);
    const Variable c = F::cast(x, kF64);
    EXPECT_EQ(c.dtype(), kF64);
    EXPECT_TRUE(F::cast(x, Dtype::kFloat32).is(x));
    const Variable cp = F::copy(x, -1);
    EXPECT_ALLCLOSE(cp.array(), x.array());
    EXPECT_NE(cp.array().raw_data(), x.array().raw_data());
    const VarList ids = F::identity(VarList{x, c});
    ASSERT_EQ(ids.size(), 2u);
    EXPECT_FALSE(ids[0].is(x));
    EXPECT_EQ(ids[1].dtype(), kF64);
    EXPECT_EQ(ids[0].creator()->label(), std::string("Identity"));
}

TEST(ArrayTest, ShapeGradients) {
    const Array x = Uniform(Shape{2, 3, 4}, -1, 1, kF64, 1);
    CheckGrads([](const VarList& v) { return VarList{F::reshape(v[0], Shape{6, -1})}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::transpose(v[0])}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::transpose(v[0], Dims{1, 2, 0})}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::broadcast_to(v[0], Shape{2, 3, 4})}; },
               {Uniform(Shape{3, 1}, -1, 1, kF64, 2)});
    CheckGrads([](const VarList& v) { return VarList{F::broadcast_to(v[0], Shape{2, 3})}; },
               {Uniform(Shape{}, -1, 1, kF64, 3)});
    CheckGrads([](const VarList& v) { return VarList{F::sum_to(v[0], Shape{3, 1})}; }, {x});
    CheckGrads([](const VarList& v) { return F::broadcast(v); },
               {Uniform(Shape{3, 1}, -1, 1, kF64, 4), Uniform(Shape{4}, -1, 1, kF64, 5), Uniform(Shape{}, -1, 1, kF64, 6)});
    CheckGrads([](const VarList& v) { return VarList{F::expand_dims(v[0], 1)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::squeeze(v[0])}; }, {Uniform(Shape{2, 1, 3, 1}, -1, 1, kF64, 7)});
    CheckGrads([](const VarList& v) { return VarList{F::squeeze(v[0], -1)}; }, {Uniform(Shape{2, 1, 3, 1}, -1, 1, kF64, 8)});
    CheckGrads([](const VarList& v) { return VarList{F::flatten(v[0])}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::flatten(v[0])}; }, {Uniform(Shape{}, -1, 1, kF64, 9)});
    CheckGrads([](const VarList& v) { return VarList{F::swapaxes(v[0], 0, 2)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::rollaxis(v[0], 2, 0)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::flip(v[0], -1)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::fliplr(v[0])}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::flipud(v[0])}; }, {x});
}

TEST(ArrayTest, JoinGradients) {
    const Array a = Uniform(Shape{2, 3}, -1, 1, kF64, 1), b = Uniform(Shape{2, 1}, -1, 1, kF64, 2),
                c = Uniform(Shape{2, 3}, -1, 1, kF64, 3);
    CheckGrads([](const VarList& v) { return VarList{F::concat(v)}; }, {a, b, c});
    CheckGrads([](const VarList& v) { return VarList{F::concat(v, 0)}; }, {a, c});
    CheckGrads([](const VarList& v) { return VarList{F::concat(v, -1)}; }, {a});
    CheckGrads([](const VarList& v) { return VarList{F::stack(v)}; }, {a, c});
    CheckGrads([](const VarList& v) { return VarList{F::stack(v, 2)}; }, {a, c});
    CheckGrads([](const VarList& v) { return VarList{F::stack(v)}; },
               {Uniform(Shape{}, -1, 1, kF64, 4), Uniform(Shape{}, -1, 1, kF64, 5)});
    CheckGrads([](const VarList& v) { return VarList{F::hstack(v)}; }, {a, b});
    CheckGrads([](const VarList& v) { return VarList{F::hstack(v)}; },
               {Uniform(Shape{2}, -1, 1, kF64, 6), Uniform(Shape{}, -1, 1, kF64, 7)});
    CheckGrads([](const VarList& v) { return VarList{F::vstack(v)}; }, {a, Uniform(Shape{3}, -1, 1, kF64, 8)});
    CheckGrads([](const VarList& v) { return VarList{F::dstack(v)}; }, {a, c});
    const Array x = Uniform(Shape{3, 6}, -1, 1, kF64, 9);
    CheckGrads([](const VarList& v) { return F::split_axis(v[0], 3, 1); }, {x});
    CheckGrads([](const VarList& v) { return F::split_axis(v[0], std::vector<int64_t>{1, 2}, 0); }, {x});
    CheckGrads([](const VarList& v) { return F::separate(v[0], 1); }, {x});
    CheckGrads([](const VarList& v) { return F::separate(v[0]); }, {Uniform(Shape{4}, -1, 1, kF64, 10)});
    // Only some outputs used: the others get zero gradients.
    CheckGrads([](const VarList& v) { return VarList{F::split_axis(v[0], 3, 1)[1]}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::separate(v[0])[2]}; }, {x});
}

TEST(ArrayTest, IndexGradients) {
    const Array x = Uniform(Shape{3, 4}, -1, 1, kF64, 1);
    CheckGrads([](const VarList& v) { return VarList{v[0][1]}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{v[0][{Slice(1, {}), Slice({}, {}, -2)}]}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{v[0][{Ellipsis, NewAxis, 2}]}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{v[0][std::vector<int64_t>{2, 0, 2}]}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::get_item(v[0], Indices{Slice(), Arr({3, 3, 1}, Dtype::kInt64)})}; },
               {x});
    const Array mask = Arr({1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1}, Shape{3, 4}, Dtype::kBool);
    CheckGrads([&mask](const VarList& v) { return VarList{F::get_item(v[0], mask)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{v[0][0]}; }, {Uniform(Shape{5}, -1, 1, kF64, 2)});
    const Array t = Arr({3, 0, 3}, kI32);
    CheckGrads([&t](const VarList& v) { return VarList{F::select_item(v[0], t)}; }, {x});
    const Array cond = Arr({1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1}, Shape{3, 4}, Dtype::kBool);
    CheckGrads([&cond](const VarList& v) { return VarList{F::where(Variable(cond, false), v[0], v[1])}; },
               {x, Uniform(Shape{3, 4}, -1, 1, kF64, 3)});
}

TEST(ArrayTest, CopyGradients) {
    const Array x = Uniform(Shape{2, 3}, -1, 1, kF64, 1);
    CheckGrads([](const VarList& v) { return VarList{F::tile(v[0], 2)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::tile(v[0], Dims{3, 1, 2})}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::tile(v[0], Dims{2})}; }, {Uniform(Shape{}, -1, 1, kF64, 2)});
    CheckGrads([](const VarList& v) { return VarList{F::repeat(v[0], 2)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::repeat(v[0], 3, 1)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::repeat(v[0], std::vector<int64_t>{2, 0, 1}, -1)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::repeat(v[0], std::vector<int64_t>{1, 2, 0, 1, 1, 3})}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::pad(v[0], 2)}; }, {x});
    CheckGrads([](const VarList& v) { return VarList{F::pad(v[0], F::PadWidth{{1, 0}, {0, 2}}, "constant", 5.0)}; }, {x});
    // cast: float64 -> float32 -> float64 round trip keeps the gradient within float32 precision.
    gradient_check::CheckOptions loose;
    loose.atol = 1e-3;
    loose.rtol = 1e-3;
    auto cast = [](const VarList& v) { return VarList{F::cast(F::cast(v[0], Dtype::kFloat32), kF64)}; };
    check_backward(cast, {x}, {Uniform(x.shape(), -1, 1, kF64, 3)}, {}, loose);
    check_double_backward(cast, {x}, {Uniform(x.shape(), -1, 1, kF64, 3)}, {Uniform(x.shape(), -1, 1, kF64, 4)}, {},
                          loose);
    Variable h(Arr({1, 2}, kF64));
    Variable y = F::cast(h, Dtype::kFloat16);
    EXPECT_EQ(y.dtype(), Dtype::kFloat16);
    y.set_grad(Arr({0.5, 2}, Dtype::kFloat16));
    y.backward();
    EXPECT_EQ(h.grad().dtype(), kF64);
    EXPECT_ALLCLOSE(h.grad(), Arr({0.5, 2}, kF64));
    CheckGrads([](const VarList& v) { return VarList{F::copy(v[0], -1)}; }, {x});
    CheckGrads([](const VarList& v) { return F::identity(v); }, {x, Uniform(Shape{}, -1, 1, kF64, 5)});
}

// float16 (GoogLeNetBNFp16's inception concat, the models' F.cast of their input): dtypes as Chainer gives them.
TEST(ArrayTest, Float16ConcatReshapeAndCast) {
    const Array a = Uniform(Shape{2, 3, 2}, -1, 1, kF64, 1), b = Uniform(Shape{2, 1, 2}, -1, 1, kF64, 2);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::concat({v[0], v[1]}, 1); }, {a, b}, 0, 0);
    ExpectFloat16LikeFloat32([](const VarList& v) { return F::reshape(v[0], Shape{3, 4}); }, {a}, 0, 0);
    const Variable x(a.astype(Dtype::kFloat32));
    Variable y = F::cast(x, Dtype::kFloat16);
    EXPECT_EQ(y.dtype(), Dtype::kFloat16);
    y.set_grad(Array::Ones(y.shape(), Dtype::kFloat16));
    y.backward();
    EXPECT_EQ(x.grad().dtype(), Dtype::kFloat32);  // the gradient comes back in x's dtype
}

}  // namespace
}  // namespace cnet
