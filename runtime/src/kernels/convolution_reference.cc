// convolution_reference.cc — im2col + GEMM convolution on any device (convolution_reference.h).
#include "kernels/convolution_reference.h"

#include "cnet/kernels/copy.h"
#include "cnet/kernels/elementwise.h"
#include "cnet/kernels/linalg.h"

namespace cnet {
namespace kernels {
namespace {

// The col buffer of x: (N, C, k..., o...) with o taken from the output array `y` (N, Co, o...).
Array ColFor(const Array& x, const ConvParams& p, const Array& y) {
    Shape s{x.shape()[0], x.shape()[1]};
    for (int64_t k : p.ksize) s.push_back(k);
    for (int i = 2; i < y.ndim(); ++i) s.push_back(y.shape()[i]);
    return Array::Empty(s, x.dtype(), x.device());
}

// 2-D views of one sample and group: W_g (Cog, Cig*K), col[n, g] (Cig*K, O), y[n, g] (Cog, O).
struct GroupViews {
    int64_t groups, cog, cig_k, out;

    // Sizes from the shapes (not by division: a batch or a channel count may be 0).
    GroupViews(const Array& W, const Array& y, int64_t g) : groups(g), cog(W.shape()[0] / g), cig_k(1), out(1) {
        for (int d = 1; d < W.ndim(); ++d) cig_k *= W.shape()[d];
        for (int d = 2; d < y.ndim(); ++d) out *= y.shape()[d];
    }
    Array W(const Array& w, int64_t g) const {
        return w.as_strided(Shape{cog, cig_k}, Strides{cig_k, 1}, w.offset() + g * cog * cig_k);
    }
    Array Col(const Array& col, int64_t n, int64_t g) const {
        return col.as_strided(Shape{cig_k, out}, Strides{out, 1}, col.offset() + (n * groups + g) * cig_k * out);
    }
    Array Y(const Array& y, int64_t n, int64_t g) const {
        return y.as_strided(Shape{cog, out}, Strides{out, 1}, y.offset() + (n * groups + g) * cog * out);
    }
};

}  // namespace

void ReferenceConvolutionForward(const Array& x, const Array& W, const Array& b, const ConvParams& p, const Array& y) {
    const Array col = ColFor(x, p, y);
    Im2Col(x, p, col);
    const GroupViews v(W, y, p.groups);
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), false, v.Col(col, n, g), false, v.Y(y, n, g));
    if (!b.defined()) return;
    Shape bias_shape{1, b.size()};  // (1, Co, 1...) broadcast over y
    for (int d = 2; d < y.ndim(); ++d) bias_shape.push_back(1);
    Binary(BinaryOp::kAdd, y, b.as_contiguous().reshape(bias_shape).broadcast_to(y.shape()), y);
}

void ReferenceConvolutionBackwardData(const Array& gy, const Array& W, const ConvParams& p, const Array& gx) {
    const Array col = ColFor(gx, p, gy);
    const GroupViews v(W, gy, p.groups);
    for (int64_t n = 0; n < gy.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.W(W, g), true, v.Y(gy, n, g), false, v.Col(col, n, g));
    Col2Im(col, p, gx);
}

void ReferenceConvolutionBackwardWeights(const Array& x, const Array& gy, const ConvParams& p, const Array& gW) {
    const Array col = ColFor(x, p, gy);
    Im2Col(x, p, col);
    const GroupViews v(gW, gy, p.groups);
    Fill(gW, Scalar(0));
    for (int64_t n = 0; n < x.shape()[0]; ++n)
        for (int64_t g = 0; g < p.groups; ++g) Gemm(v.Y(gy, n, g), false, v.Col(col, n, g), true, v.W(gW, g), 1.0, 1.0);
}

}  // namespace kernels
}  // namespace cnet
