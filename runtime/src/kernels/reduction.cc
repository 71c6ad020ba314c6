// reduction.cc — the reduction entry points: dispatch to the arrays' backend.
#include "cnet/kernels/reduction.h"

namespace cnet {
namespace kernels {

void Reduce(ReduceOp op, const Array& x, const Dims& axes, const Array& out) {
    Dispatch(&ReductionKernels::reduce, "Reduce", {&x, &out}, op, x, axes, out);
}

void ArgReduce(bool is_max, const Array& x, int axis, const Array& out) {
    Dispatch(&ReductionKernels::arg_reduce, "ArgReduce", {&x, &out}, is_max, x, axis, out);
}

void Cumsum(const Array& x, int axis, const Array& out) {
    Dispatch(&ReductionKernels::cumsum, "Cumsum", {&x, &out}, x, axis, out);
}

void ExclusiveProducts(const Array& x, const std::vector<Array>& dirs, const Array& out) {
    const Device device = CommonDevice<ReductionKernels>("ExclusiveProducts", {&x, &out});
    for (const Array& d : dirs) CommonDevice<ReductionKernels>("ExclusiveProducts", {&x, &d});
    CallKernel(&ReductionKernels::exclusive_products, "ExclusiveProducts", device, x, dirs, out);
}

}  // namespace kernels
}  // namespace cnet
