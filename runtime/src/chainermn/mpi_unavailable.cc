// mpi_unavailable.cc — the MPI layer of a build without MPI (Note [MPI build] in mpi.h): every entry throws,
// so a program that asks for a communicator is told why instead of training alone.
#include "chainermn/mpi.h"

#include <cstdlib>

#include "cnet/core/error.h"

namespace cnet {
namespace chainermn {
namespace mpi {

struct Comm {};

namespace {
[[noreturn]] void Unavailable() {
    throw Error(
        "chainermn: cnet was built without MPI (install openmpi-bin and libopenmpi-dev, then reconfigure cnet)");
}
}  // namespace

bool Available() { return false; }
CommPtr World() { Unavailable(); }
int Rank(const Comm&) { Unavailable(); }
int Size(const Comm&) { Unavailable(); }
CommPtr SplitShared(const Comm&) { Unavailable(); }
CommPtr Split(const Comm&, int, int) { Unavailable(); }
void AllreduceSum(const Comm&, Array&) { Unavailable(); }
void Bcast(const Comm&, Array&, int) { Unavailable(); }
void BcastBytes(const Comm&, std::string&, int) { Unavailable(); }
void SendBytes(const Comm&, const std::string&, int, int, int64_t) { Unavailable(); }
std::string RecvBytes(const Comm&, int, int, int64_t) { Unavailable(); }
void Barrier(const Comm&) { Unavailable(); }
void Finalize() {}
void Abort(int code) { std::exit(code); }

}  // namespace mpi
}  // namespace chainermn
}  // namespace cnet
