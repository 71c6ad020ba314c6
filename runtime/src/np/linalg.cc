// linalg.cc — numpy.matmul/dot/outer/tensordot on top of kernels::Gemm (GemmBatched for stacks one stride walks).
#include "cnet/np/linalg.h"

#include <optional>

#include "cnet/kernels/linalg.h"
#include "cnet/np/math.h"

namespace cnet {
namespace np {
namespace {

Dtype GemmDtype(Dtype d) { return d == Dtype::kFloat32 ? Dtype::kFloat32 : Dtype::kFloat64; }

// The matrix of batch element `index` of a stacked array (batch dims broadcast to `batch`).
Array MatrixAt(const Array& a, const Shape& batch, int64_t index) {
    const int nb = a.ndim() - 2;
    int64_t offset = a.offset();
    for (int d = batch.ndim() - 1; d >= 0; --d) {
        const int64_t i = index % batch[d];
        index /= batch[d];
        const int ad = d - (batch.ndim() - nb);
        if (ad >= 0 && a.shape()[ad] != 1) offset += i * a.strides()[ad];
    }
    return a.as_strided(Shape{a.shape()[nb], a.shape()[nb + 1]}, Strides{a.strides()[nb], a.strides()[nb + 1]},
                        offset);
}

// a's matrices as a (count, rows, cols) stack over `batch`, when one batch stride walks them: a has a single
// matrix (stride 0: broadcast to every batch element), or a's batch dims are `batch`'s and merge into one axis.
std::optional<Array> AsStack(const Array& a, const Shape& batch) {
    const int nb = a.ndim() - 2;
    const Shape stack{batch.prod(), a.shape()[nb], a.shape()[nb + 1]};
    const int64_t rs = a.strides()[nb], cs = a.strides()[nb + 1];
    if (Shape(a.shape().begin(), a.shape().end() - 2).prod() == 1)
        return a.as_strided(stack, Strides{0, rs, cs}, a.offset());
    if (nb != batch.ndim()) return std::nullopt;  // broadcast along leading dims: a repeats, with no one stride
    int64_t stride = 0, next = -1;  // the innermost batch dim's stride; the stride the next dim out must have
    for (int d = nb - 1; d >= 0; --d) {
        if (batch[d] == 1) continue;
        if (a.shape()[d] != batch[d] || (next >= 0 && a.strides()[d] != next)) return std::nullopt;
        if (next < 0) stride = a.strides()[d], next = stride;
        next *= batch[d];
    }
    return a.as_strided(stack, Strides{stride, rs, cs}, a.offset());
}

}  // namespace

Array matmul(const Array& a_in, const Array& b_in, bool trans_a, bool trans_b) {
    CNET_CHECK_AS(ValueError, a_in.ndim() > 0 && b_in.ndim() > 0, "matmul: Input operand does not have enough dimensions");
    const Dtype result = PromoteTypes(a_in.dtype(), b_in.dtype());
    const Dtype compute = GemmDtype(result);
    Array a = a_in.astype(compute, false), b = b_in.astype(compute, false);
    const bool a_vec = a.ndim() == 1, b_vec = b.ndim() == 1;
    if (a_vec) a = a.reshape(Shape{1, a.shape()[0]});
    if (b_vec) b = b.reshape(Shape{b.shape()[0], 1});
    const int64_t m = trans_a ? a.shape()[a.ndim() - 1] : a.shape()[a.ndim() - 2];
    const int64_t ka = trans_a ? a.shape()[a.ndim() - 2] : a.shape()[a.ndim() - 1];
    const int64_t kb = trans_b ? b.shape()[b.ndim() - 1] : b.shape()[b.ndim() - 2];
    const int64_t n = trans_b ? b.shape()[b.ndim() - 2] : b.shape()[b.ndim() - 1];
    CNET_CHECK_AS(ShapeError, ka == kb, "matmul: mismatch in the contracted dimension: ", a_in.shape(), " @ ",
                  b_in.shape(), " (", ka, " != ", kb, ")");
    Shape batch_a(a.shape().begin(), a.shape().end() - 2), batch_b(b.shape().begin(), b.shape().end() - 2);
    const Shape batch = BroadcastShapes(batch_a, batch_b);
    Shape out_shape = batch;
    out_shape.push_back(m);
    out_shape.push_back(n);
    Array out = Array::Empty(out_shape, compute, a.device());
    const int64_t count = batch.prod();
    const std::optional<Array> stack_a = count > 1 ? AsStack(a, batch) : std::nullopt;
    const std::optional<Array> stack_b = stack_a ? AsStack(b, batch) : std::nullopt;
    if (stack_b) {
        kernels::GemmBatched(*stack_a, trans_a, *stack_b, trans_b, out.reshape(Shape{count, m, n}));
    } else {
        for (int64_t i = 0; i < count; ++i) {
            const Array o = out.as_strided(Shape{m, n}, Strides{n, 1}, out.offset() + i * m * n);
            kernels::Gemm(MatrixAt(a, batch, i), trans_a, MatrixAt(b, batch, i), trans_b, o);
        }
    }
    Shape final_shape = batch;
    if (!a_vec) final_shape.push_back(m);
    if (!b_vec) final_shape.push_back(n);
    out = out.reshape(final_shape);
    return out.dtype() == result ? out : out.astype(result);
}

Array dot(const Array& a, const Array& b) {
    if (a.ndim() == 0 || b.ndim() == 0) return a * b;
    CNET_CHECK_AS(ValueError, a.ndim() <= 2 && b.ndim() <= 2, "dot: only 1-D and 2-D operands are supported, got ",
                  a.shape(), " and ", b.shape());
    return matmul(a, b);
}

Array outer(const Array& a, const Array& b) {
    return a.reshape(Shape{a.size(), 1}) * b.reshape(Shape{1, b.size()});
}

Array tensordot(const Array& a, const Array& b, int axes) {
    CNET_CHECK_AS(ValueError, axes >= 0 && axes <= a.ndim() && axes <= b.ndim(), "tensordot: bad axes ", axes);
    int64_t k = 1;
    Shape out_shape;
    for (int i = 0; i < a.ndim() - axes; ++i) out_shape.push_back(a.shape()[i]);
    for (int i = 0; i < axes; ++i) {
        const int64_t da = a.shape()[a.ndim() - axes + i], db = b.shape()[i];
        CNET_CHECK_AS(ShapeError, da == db, "tensordot: shape-mismatch for sum: ", a.shape(), " and ", b.shape());
        k *= da;
    }
    for (int i = axes; i < b.ndim(); ++i) out_shape.push_back(b.shape()[i]);
    const Array a2 = a.reshape(Shape{a.size() / (k ? k : 1), k});
    const Array b2 = b.reshape(Shape{k, b.size() / (k ? k : 1)});
    return matmul(a2, b2).reshape(out_shape);
}

}  // namespace np
}  // namespace cnet
