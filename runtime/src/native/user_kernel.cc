// user_kernel.cc — the CPU side of kernels compiled from .cnet snippets: the generated CPU loop gets the host
// element pointers (see kernels/user_kernel.h).
#include "cnet/kernels/user_kernel.h"

namespace cnet {
namespace native {
namespace {

void RunUserKernel(const kernels::UserKernelCode& code, const std::vector<Array>& operands,
                   const std::vector<int64_t>& step, int64_t n, int64_t size) {
    CNET_CHECK(code.cpu != nullptr, "kernel '", code.name, "' has no CPU version");
    kernels::UserLoop loop;
    loop.n = n;
    loop.size = size;
    loop.step = step;
    for (const Array& a : operands) {
        loop.data.push_back(a.raw_data());
        loop.dtypes.push_back(a.dtype());
    }
    code.cpu(loop);
}

}  // namespace
}  // namespace native

template <>
const kernels::UserKernelKernels& kernels::NativeKernels<kernels::UserKernelKernels>() {
    static const UserKernelKernels table{&native::RunUserKernel};
    return table;
}

}  // namespace cnet
