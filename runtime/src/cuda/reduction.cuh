// reduction.cuh — the CUDA reduction family (signatures of kernels/reduction.h).
#pragma once

#include "cnet/kernels/reduction.h"

namespace cnet {
namespace cuda {

void Reduce(kernels::ReduceOp op, const Array& x, const Dims& axes, const Array& out);
void ArgReduce(bool is_max, const Array& x, int axis, const Array& out);
void Cumsum(const Array& x, int axis, const Array& out);
void ExclusiveProducts(const Array& x, const std::vector<Array>& dirs, const Array& out);

}  // namespace cuda
}  // namespace cnet
