// copy.cc — the fill and copy entry points: dispatch to the arrays' backend.
#include "cnet/kernels/copy.h"

namespace cnet {
namespace kernels {

void Fill(const Array& out, Scalar value) { Dispatch(&CopyKernels::fill, "Fill", {&out}, out, value); }

void Copy(const Array& src, const Array& dst) { Dispatch(&CopyKernels::copy, "Copy", {&src, &dst}, src, dst); }

}  // namespace kernels
}  // namespace cnet
