// mpi_communicators.cc — the communicators that reduce gradients with MPI alone: naive (one MPI_Allreduce per
// parameter, host arrays) and flat (all gradients packed into one buffer, one MPI_Allreduce).
#include "chainermn/communicator_state.h"
#include "cnet/core/error.h"
#include "cnet/np/math.h"

namespace cnet {
namespace chainermn {
namespace {

class NaiveCommunicator : public CommunicatorBase {
public:
    NaiveCommunicator() : CommunicatorBase(MakeCommunicatorState()) {}
    std::string name() const override { return "naive"; }

    void allreduce_grad(Link& model) override {
        for (Parameter p : GradParams(model, "allreduce_grad")) {
            CNET_CHECK_AS(DeviceError, p.grad().device().is_cpu(),
                          "chainermn: the 'naive' communicator works on CPU arrays (a gradient is on ",
                          p.grad().device().ToString(), "); use 'flat', 'pure_nccl' or 'hierarchical'");
            Array g = p.grad().as_contiguous().copy();
            mpi::AllreduceSum(*state_->world, g);
            p.set_grad(g / Scalar(static_cast<double>(state_->size)));
        }
    }
};

class FlatCommunicator : public CommunicatorBase {
public:
    FlatCommunicator() : CommunicatorBase(MakeCommunicatorState()) {}
    std::string name() const override { return "flat"; }

    void allreduce_grad(Link& model) override {
        std::vector<Parameter> params = GradParams(model, "allreduce_grad");
        if (params.empty()) return;
        const Dtype dtype = params.front().grad().dtype();
        for (const Parameter& p : params) {
            CNET_CHECK_AS(DtypeError, p.grad().dtype() == dtype,
                          "chainermn: the 'flat' communicator packs gradients of one dtype (", dtype, " and ",
                          p.grad().dtype(), ")");
        }
        const Device device = params.front().grad().device();
        // Debian's Open MPI is not CUDA-aware: device gradients are packed there and reduced on the host.
        Array packed = PackGrads(params, dtype).to_device(Device::Cpu()).copy();
        mpi::AllreduceSum(*state_->world, packed);
        UnpackGrads(packed.to_device(device), params, 1.0 / state_->size);
    }
};

}  // namespace

CommunicatorPtr MakeNaiveCommunicator() { return std::make_shared<NaiveCommunicator>(); }
CommunicatorPtr MakeFlatCommunicator() { return std::make_shared<FlatCommunicator>(); }

}  // namespace chainermn
}  // namespace cnet
