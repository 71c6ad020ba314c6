// nccl_unavailable.cc — the NCCL layer of a build without the CUDA backend (see nccl.h): every entry throws.
#include "chainermn/nccl.h"

#include "cnet/core/error.h"

namespace cnet {
namespace chainermn {
namespace nccl {

struct Comm {};

namespace {
[[noreturn]] void Unavailable() {
    throw DeviceError("chainermn: NCCL is not available: cnet was built without the CUDA backend");
}
}  // namespace

bool Available() { return false; }
CommPtr Create(const mpi::Comm&, int) { Unavailable(); }
std::string UniqueId() { Unavailable(); }
CommPtr CreateFromId(const std::string&, int, int, int) { Unavailable(); }
void Wait(Comm&, const std::function<bool()>&) { Unavailable(); }
void AllreduceSum(const Comm&, Array&) { Unavailable(); }
void ReduceSum(const Comm&, Array&, int) { Unavailable(); }
void Bcast(const Comm&, Array&, int) { Unavailable(); }

}  // namespace nccl
}  // namespace chainermn
}  // namespace cnet
