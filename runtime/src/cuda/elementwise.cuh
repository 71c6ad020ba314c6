// elementwise.cuh — the CUDA elementwise family (signatures of kernels/elementwise.h).
#pragma once

#include "cnet/kernels/elementwise.h"

namespace cnet {
namespace cuda {

void Unary(kernels::UnaryOp op, const Array& x, const Array& out);
void Binary(kernels::BinaryOp op, const Array& a, const Array& b, const Array& out);
void BinaryScalar(kernels::BinaryOp op, const Array& a, Scalar s, bool scalar_first, const Array& out);
void Where(const Array& cond, const Array& a, const Array& b, const Array& out);
void Clip(const Array& x, Scalar lo, Scalar hi, const Array& out);

}  // namespace cuda
}  // namespace cnet
