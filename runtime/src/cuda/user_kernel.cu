// user_kernel.cu — the CUDA side of kernels compiled from .cnet snippets: the generated launcher gets the
// device element pointers and the device's stream. A program compiled without nvcc has no launcher: DeviceError.
#include "cnet/kernels/user_kernel.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"
#include "cuda/families.cuh"

namespace cnet {
namespace cuda {

void RunUserKernel(const kernels::UserKernelCode& code, const std::vector<Array>& operands,
                   const std::vector<int64_t>& step, int64_t n, int64_t size) {
    if (code.cuda == nullptr) {
        throw DeviceError(std::string("kernel '") + code.name +
                          "' has no CUDA version: the program was compiled without nvcc (cnetc kernel emits one)");
    }
    int index = 0;
    kernels::UserLoop loop;
    loop.n = n;
    loop.size = size;
    loop.step = step;
    for (const Array& a : operands) {
        index = a.device().index();
        loop.data.push_back(a.raw_data());
        loop.dtypes.push_back(a.dtype());
    }
    DeviceGuard guard(index);  // the launcher runs on the current device
    loop.stream = Stream(index);
    code.cuda(loop);
    CountLaunch();
}

}  // namespace cuda
}  // namespace cnet
