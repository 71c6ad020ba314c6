// kernels.cu — registers the CUDA kernel table of every family with the device seam (kernels/dispatch.h).
#include "cuda/registry.cuh"

namespace cnet {
namespace cuda {

void RegisterKernelTables() {}

}  // namespace cuda
}  // namespace cnet
