// user_kernel.cc — the entry point of kernels compiled from .cnet snippets: dispatch to the operands' backend.
#include "cnet/kernels/user_kernel.h"

namespace cnet {
namespace kernels {

void RunUserKernel(const UserKernelCode& code, const std::vector<Array>& operands, const std::vector<int64_t>& step,
                   int64_t n, int64_t size) {
    Device device = Device::Cpu();
    const Array* first = nullptr;
    for (const Array& a : operands) {
        if (!a.defined()) continue;
        if (first == nullptr) {
            first = &a;
            device = a.device();
        } else if (a.device() != device) {
            internal::ThrowMixedDevices(UserKernelKernels::kFamily, code.name, device, a.device());
        }
    }
    CallKernel(&UserKernelKernels::run, code.name, device, code, operands, step, n, size);
}

}  // namespace kernels
}  // namespace cnet
