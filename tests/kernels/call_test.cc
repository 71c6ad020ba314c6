// call_test.cc — CuPy's calling rules for compiled kernels (cnet/user_kernels/call.h), with hand-written loops in
// place of generated ones: placeholder binding, scalars, broadcasting, output arguments, raw/size=, reductions.
#include <gtest/gtest.h>

#include "cnet/np/creation.h"
#include "cnet/user_kernels/call.h"

namespace cnet {
namespace {

using user_kernels::Arg;
using user_kernels::Spec;

// z = x - y for float64 or int64 (what the generated loop of 'T x, T y' -> 'T z' does).
void SubCpu(const kernels::UserLoop& L) {
    user_kernels::DispatchDtype(L.dtypes[0], [&](auto tag) {
        using T = decltype(tag);
        const T* x = static_cast<const T*>(L.data[0]);
        const T* y = static_cast<const T*>(L.data[1]);
        T* z = static_cast<T*>(L.data[2]);
        for (int64_t i = 0; i < L.n; ++i) z[i] = x[i * L.step[0]] - y[i * L.step[1]];
    });
}
const kernels::UserKernelCode kSub{"sub", &SubCpu, nullptr};
const Spec kSubSpec{"sub", {{"x", "T"}, {"y", "T"}}, {{"z", "T"}}};

// Sum over the reduced length (a 'T x' -> 'T y' ReductionKernel with map x, reduce a + b, identity 0).
void SumCpu(const kernels::UserLoop& L) {
    const double* x = static_cast<const double*>(L.data[0]);
    double* y = static_cast<double*>(L.data[1]);
    for (int64_t o = 0; o < L.n; ++o) {
        double a = 0;
        for (int64_t r = 0; r < L.size; ++r) a += x[(o * L.size + r) * L.step[0]];
        y[o] = a;
    }
}
const kernels::UserKernelCode kSum{"sum", &SumCpu, nullptr};
const Spec kSumSpec{"sum", {{"x", "float64"}}, {{"y", "float64"}}};

// out[i] = i for a kernel whose only arguments are raw.
void IotaCpu(const kernels::UserLoop& L) {
    double* out = static_cast<double*>(L.data[0]);
    for (int64_t i = 0; i < L.n; ++i) out[i] = static_cast<double>(i);
}
const kernels::UserKernelCode kIota{"iota", &IotaCpu, nullptr};
const Spec kIotaSpec{"iota", {}, {{"out", "float64", true}}};

TEST(UserKernelCall, BroadcastsAndBindsPlaceholdersFromArrays) {
    const Array x = np::arange(6.0).reshape(Shape{2, 3});
    const Array y = np::arange(3.0);
    const Array z = user_kernels::Elementwise(kSubSpec, kSub, {x, y})[0];
    EXPECT_EQ(z.shape(), (Shape{2, 3}));
    EXPECT_EQ(z.dtype(), Dtype::kFloat64);
    EXPECT_EQ(z.to_vector<double>(), (std::vector<double>{0, 0, 0, 3, 3, 3}));
}

TEST(UserKernelCall, ScalarsBindOnlyUnboundPlaceholders) {
    const Array x = np::arange(3.0);
    EXPECT_EQ(user_kernels::Elementwise(kSubSpec, kSub, {x, int64_t{1}})[0].to_vector<double>(),
              (std::vector<double>{-1, 0, 1}));
    const Array z = user_kernels::Elementwise(kSubSpec, kSub, {int64_t{5}, int64_t{2}})[0];
    EXPECT_EQ(z.dtype(), Dtype::kInt64);  // Python ints bind T to int64
    EXPECT_EQ(z.item<int64_t>(), 3);
}

TEST(UserKernelCall, MismatchedPlaceholderIsCupysTypeError) {
    const Array x = np::arange(3.0);
    const Array y = np::arange(3.0).astype(Dtype::kFloat32);
    try {
        user_kernels::Elementwise(kSubSpec, kSub, {x, y});
        FAIL() << "expected DtypeError";
    } catch (const DtypeError& e) {
        EXPECT_STREQ(e.what(), "sub: Type is mismatched: type placeholder T is float64 (from 'x') but 'y' is float32");
    }
}

// float16 binds T but the loop runs in float32 (Note [float16 in the kernels]): float16 results, allocated or given.
TEST(UserKernelCall, Float16RunsInFloat32) {
    const Array x = np::arange(3.0).astype(Dtype::kFloat16), y = Array::Full(Shape{}, 0.5, Dtype::kFloat16);
    const Array z = user_kernels::Elementwise(kSubSpec, kSub, {x, y})[0];
    EXPECT_EQ(z.dtype(), Dtype::kFloat16);
    EXPECT_EQ(z.to_vector<double>(), (std::vector<double>{-0.5, 0.5, 1.5}));
    const Array out = np::zeros(Shape{3}, Dtype::kFloat16);
    user_kernels::Elementwise(kSubSpec, kSub, {y, x, out});
    EXPECT_EQ(out.to_vector<double>(), (std::vector<double>{0.5, -0.5, -1.5}));
}

TEST(UserKernelCall, OutputArgumentsAreWrittenAndChecked) {
    const Array x = np::arange(6.0).reshape(Shape{2, 3});
    // A non-contiguous output (a transposed view) receives the values through a temporary.
    const Array base = np::zeros(Shape{3, 2}, Dtype::kFloat64);
    const Array out = base.transpose();
    const Array z = user_kernels::Elementwise(kSubSpec, kSub, {x, 1.0, out})[0];
    EXPECT_EQ(base.to_vector<double>(), (std::vector<double>{-1, 2, 0, 3, 1, 4}));
    EXPECT_EQ(z.storage(), base.storage());
    EXPECT_THROW(user_kernels::Elementwise(kSubSpec, kSub, {x, 1.0, np::zeros(Shape{3}, Dtype::kFloat64)}), ShapeError);
    EXPECT_THROW(user_kernels::Elementwise(kSubSpec, kSub, {x}), ValueError);
}

TEST(UserKernelCall, AllRawNeedsSize) {
    const Array out = np::zeros(Shape{4}, Dtype::kFloat64);
    user_kernels::Elementwise(kIotaSpec, kIota, {out}, 4);
    EXPECT_EQ(out.to_vector<double>(), (std::vector<double>{0, 1, 2, 3}));
    EXPECT_THROW(user_kernels::Elementwise(kIotaSpec, kIota, {out}), ValueError);
    EXPECT_THROW(user_kernels::Elementwise(kSubSpec, kSub, {out, out}, 4), ValueError);  // size= with non-raw args
}

TEST(UserKernelCall, ReductionAxesAndKeepdims) {
    const Array x = np::arange(24.0).reshape(Shape{2, 3, 4});
    const Array y = user_kernels::Reduction(kSumSpec, kSum, {x}, OptionalAxis({0, 2}))[0];
    EXPECT_EQ(y.shape(), (Shape{3}));
    // The same sums by a plain loop over arange(24).reshape(2, 3, 4).
    std::vector<double> want(3, 0.0);
    for (int a = 0; a < 2; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 4; ++c) want[b] += a * 12 + b * 4 + c;
    EXPECT_EQ(y.to_vector<double>(), want);
    const Array k = user_kernels::Reduction(kSumSpec, kSum, {x}, OptionalAxis(int64_t{1}), true)[0];
    EXPECT_EQ(k.shape(), (Shape{2, 1, 4}));
    EXPECT_EQ(user_kernels::Reduction(kSumSpec, kSum, {x})[0].item<double>(), 276.0);
}

}  // namespace
}  // namespace cnet
