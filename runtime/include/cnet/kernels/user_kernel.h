// user_kernel.h — the device seam for kernels compiled from .cnet snippets (cuda.elementwise,
// cupy.ElementwiseKernel, cupy.ReductionKernel, @elementwise): cnetc generates a CPU loop and, when the program
// is compiled by nvcc, a CUDA launcher; the backends hand them the operands' element pointers on the arrays'
// device (Note [User kernels] in cnet/user_kernels/call.h).
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

/// What a generated loop receives. Operand k (parameters in order: inputs, then outputs) is `data[k]`, an array of
/// `dtypes[k]` whose element for flat index j is data[k][j * step[k]] (step 0: one value broadcast to all, 1:
/// contiguous). Elementwise: j runs over [0, n) and `size` is CuPy's _ind.size(). Reduction: inputs are (n, size)
/// row-major with the reduced axes last, outputs have n elements.
struct UserLoop {
    int64_t n = 0;
    int64_t size = 0;
    std::vector<void*> data;
    std::vector<int64_t> step;
    std::vector<Dtype> dtypes;
    void* stream = nullptr;  // CUDA: the device's stream (cudaStream_t); null on the CPU
};

/// The generated versions of one kernel; `cuda` is null when the program was compiled without nvcc.
struct UserKernelCode {
    const char* name = "";
    void (*cpu)(const UserLoop& loop) = nullptr;
    void (*cuda)(const UserLoop& loop) = nullptr;
};

/// Runs `code` on the device of `operands` (all on one device): steps, n and size as in UserLoop.
void RunUserKernel(const UserKernelCode& code, const std::vector<Array>& operands, const std::vector<int64_t>& step,
                   int64_t n, int64_t size);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct UserKernelKernels {
    static constexpr const char* kFamily = "user_kernel";
    void (*run)(const UserKernelCode& code, const std::vector<Array>& operands, const std::vector<int64_t>& step,
                int64_t n, int64_t size) = nullptr;
};

template <>
const UserKernelKernels& NativeKernels<UserKernelKernels>();

}  // namespace kernels
}  // namespace cnet
