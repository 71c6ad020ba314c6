// linalg_test.cc — kernels::Gemm against a float64 triple loop, for the small-product loops (both layouts
// and the layouts they decline) and Eigen's GEMM, with transposed views, strided slices, alpha and beta; then
// numpy.matmul's stacks (kernels::GemmBatched where one stride walks each operand's matrices, a Gemm per
// matrix otherwise) against the same loop over the broadcast batch.
#include <gtest/gtest.h>

#include <vector>

#include "cnet/kernels/linalg.h"
#include "cnet/np/creation.h"
#include "cnet/np/linalg.h"
#include "test_util.h"

namespace cnet {
namespace {

// Deterministic values in [-1, 1) of the given shape.
Array Values(const Shape& shape, int seed) {
    std::vector<float> v(static_cast<size_t>(shape.prod()));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(((i * 37 + seed * 11) % 29) / 14.5 - 1.0);
    return Array::FromVector(v, shape);
}

// op(x) as a 2-D view (the transpose of x when trans).
Array Op(const Array& x, bool trans) { return trans ? x.T() : x; }

void ExpectGemm(const Array& a, bool ta, const Array& b, bool tb, double alpha, double beta) {
    const Array oa = Op(a, ta), ob = Op(b, tb);
    const int64_t m = oa.shape()[0], k = oa.shape()[1], n = ob.shape()[1];
    Array out = Values(Shape{m, n}, 7);
    std::vector<double> expected(static_cast<size_t>(m * n));
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += oa.at_flat(i * k + p) * ob.at_flat(p * n + j);
            expected[static_cast<size_t>(i * n + j)] = alpha * s + beta * out.at_flat(i * n + j);
        }
    kernels::Gemm(a, ta, b, tb, out, alpha, beta);
    for (int64_t i = 0; i < m * n; ++i)
        EXPECT_NEAR(out.at_flat(i), expected[static_cast<size_t>(i)], 1e-5)
            << "m=" << m << " n=" << n << " k=" << k << " ta=" << ta << " tb=" << tb << " at " << i;
}

TEST(GemmTest, SmallAndLargeProductsInEveryLayout) {
    // (m, k, n): row vectors (the tree RNN's x @ W.T), outer products (k = 1), tiny, and above the
    // small-product limit (Eigen's GEMM).
    const int64_t sizes[][3] = {{1, 64, 32}, {1, 32, 5}, {32, 1, 64}, {3, 4, 5}, {1, 1, 1}, {7, 1, 3}, {40, 30, 20}};
    for (const auto& s : sizes) {
        const int64_t m = s[0], k = s[1], n = s[2];
        for (bool ta : {false, true})
            for (bool tb : {false, true}) {
                const Array a = Values(ta ? Shape{k, m} : Shape{m, k}, 1);
                const Array b = Values(tb ? Shape{n, k} : Shape{k, n}, 2);
                ExpectGemm(a, ta, b, tb, 1.0, 0.0);
                ExpectGemm(a, ta, b, tb, 2.0, 0.5);
                ExpectGemm(a, ta, b, tb, 1.0, 1.0);
            }
    }
}

TEST(GemmTest, StridedSlices) {
    // Every other column of a (5, 8) matrix: no unit stride along either axis, so Gemm copies first.
    const Array wide = Values(Shape{5, 8}, 3);
    const Array a = wide[{Slice(), Slice(0, 8, 2)}];  // (5, 4), strides (8, 2)
    const Array b = Values(Shape{4, 6}, 4);
    ExpectGemm(a, false, b, false, 1.0, 0.0);
    ExpectGemm(a.T(), true, b, false, 1.0, 0.0);
    // A row of a matrix with a column stride: contiguous along k only in one operand.
    const Array rows = Values(Shape{6, 3}, 5);
    ExpectGemm(rows.T()[{Slice(0, 1)}], false, Values(Shape{6, 2}, 6), false, 1.0, 0.0);
}

// numpy.matmul of stacks: each output matrix the triple loop of its operands' matrices (batch dims right-aligned,
// a dim of 1 broadcast).
void ExpectMatmul(const Array& a, const Array& b, const std::string& what) {
    const Array out = np::matmul(a, b);
    const int na = a.ndim() - 2, nb = b.ndim() - 2;
    const Shape batch(out.shape().begin(), out.shape().end() - 2);
    const int64_t m = a.shape()[na], k = a.shape()[na + 1], n = b.shape()[nb + 1];
    ASSERT_EQ(out.shape()[out.ndim() - 2], m) << what;
    ASSERT_EQ(out.shape()[out.ndim() - 1], n) << what;
    // The operand matrix of batch element `index`: its batch index, each dim of 1 read at 0.
    auto matrix = [&batch](const Array& x, int64_t index) {
        const int nx = x.ndim() - 2;
        int64_t offset = x.offset();
        for (int d = batch.ndim() - 1; d >= 0; --d, index /= batch[d + 1]) {
            const int xd = d - (batch.ndim() - nx);
            if (xd >= 0 && x.shape()[xd] != 1) offset += (index % batch[d]) * x.strides()[xd];
        }
        return x.as_strided(Shape{x.shape()[nx], x.shape()[nx + 1]}, Strides{x.strides()[nx], x.strides()[nx + 1]},
                            offset);
    };
    for (int64_t e = 0; e < batch.prod(); ++e) {
        const Array am = matrix(a, e), bm = matrix(b, e);
        for (int64_t i = 0; i < m; ++i)
            for (int64_t j = 0; j < n; ++j) {
                double s = 0;
                for (int64_t p = 0; p < k; ++p) s += am.at_flat(i * k + p) * bm.at_flat(p * n + j);
                EXPECT_NEAR(out.at_flat((e * m + i) * n + j), s, 1e-5) << what << " batch " << e << " at " << i << "," << j;
            }
    }
}

TEST(MatmulTest, StacksBatchedOrMatrixByMatrix) {
    const Array a = Values(Shape{2, 3, 4, 5}, 1), b = Values(Shape{2, 3, 5, 6}, 2);
    ExpectMatmul(a, b, "same batch (one stride each)");
    ExpectMatmul(Values(Shape{4, 5}, 3), b, "a matrix times a stack (stride 0)");
    ExpectMatmul(a, Values(Shape{1, 1, 5, 6}, 4), "a stack times a stack of one");
    ExpectMatmul(Values(Shape{3, 4, 5}, 5), b, "leading batch dims broadcast (a repeats: matrix by matrix)");
    ExpectMatmul(Values(Shape{2, 1, 4, 5}, 6), b, "a batch dim of 1 broadcast (matrix by matrix)");
    ExpectMatmul(Values(Shape{2, 3, 5, 4}, 7).transpose(Dims{0, 1, 3, 2}), b, "transposed matrices");
    ExpectMatmul(Values(Shape{2, 6, 4, 5}, 8)[{Slice(), Slice(0, 6, 2)}], b, "every other matrix (one stride)");
    ExpectMatmul(Values(Shape{3, 2, 4, 5}, 9).transpose(Dims{1, 0, 2, 3}), b, "batch dims swapped (matrix by matrix)");
}

}  // namespace
}  // namespace cnet
