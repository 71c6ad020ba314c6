// nccl_communicators.cc — the GPU communicators: pure_nccl (one NCCL allreduce of the packed gradients over
// every rank) and hierarchical (NCCL within a host, MPI between hosts). The NCCL communicators are made on the
// first allreduce_grad, on the gradients' device (ChainerMN makes them lazily too).
#include "chainermn/communicator_state.h"
#include "chainermn/nccl.h"
#include "cnet/core/error.h"

namespace cnet {
namespace chainermn {
namespace {

/// The gradients' common CUDA device (DeviceError for CPU arrays or a device other than the NCCL one's).
Device GradDevice(const std::vector<Parameter>& params, const std::string& name, int nccl_device) {
    const Device device = params.front().grad().device();
    for (const Parameter& p : params) {
        CNET_CHECK_AS(DeviceError, !p.grad().device().is_cpu(), "chainermn: the '", name,
                      "' communicator works on GPU arrays (a gradient is on cpu); use 'naive' or 'flat' for CPU "
                      "arrays");
        CNET_CHECK_AS(DeviceError, p.grad().device() == device, "chainermn: gradients on ", device.ToString(),
                      " and ", p.grad().device().ToString());
    }
    CNET_CHECK_AS(DeviceError, nccl_device < 0 || device.id() == nccl_device, "chainermn: the '", name,
                  "' communicator was set up on cuda:", nccl_device, ", the gradients are on ", device.ToString());
    return device;
}

class PureNcclCommunicator : public CommunicatorBase {
public:
    explicit PureNcclCommunicator(std::optional<Dtype> allreduce_grad_dtype)
        : CommunicatorBase(MakeCommunicatorState()), allreduce_grad_dtype_(allreduce_grad_dtype) {
        if (allreduce_grad_dtype_) {
            CNET_CHECK_AS(ValueError, IsFloat(*allreduce_grad_dtype_),
                          "allreduce_grad_dtype must be numpy.float16, numpy.float32, numpy.float64 or None.");
        }
    }
    std::string name() const override { return "pure_nccl"; }

    void allreduce_grad(Link& model) override {
        std::vector<Parameter> params = GradParams(model, "allreduce_grad");
        if (params.empty()) return;
        const Device device = GradDevice(params, name(), nccl_ ? device_ : -1);
        if (!nccl_) {
            nccl_ = nccl::Create(*state_->world, device.id());
            device_ = device.id();
        }
        Array packed = PackGrads(params, allreduce_grad_dtype_.value_or(params.front().grad().dtype()));
        nccl::AllreduceSum(*nccl_, packed);
        UnpackGrads(packed, params, 1.0 / state_->size);
    }

private:
    std::optional<Dtype> allreduce_grad_dtype_;
    nccl::CommPtr nccl_;
    int device_ = -1;
};

class HierarchicalCommunicator : public CommunicatorBase {
public:
    HierarchicalCommunicator() : CommunicatorBase(MakeCommunicatorState()) {}
    std::string name() const override { return "hierarchical"; }

    void allreduce_grad(Link& model) override {
        std::vector<Parameter> params = GradParams(model, "allreduce_grad");
        if (params.empty()) return;
        const Device device = GradDevice(params, name(), intra_nccl_ ? device_ : -1);
        if (!intra_nccl_) {
            intra_nccl_ = nccl::Create(*state_->intra, device.id());
            device_ = device.id();
        }
        Array packed = PackGrads(params, params.front().grad().dtype());
        nccl::ReduceSum(*intra_nccl_, packed, 0);  // the host's sum on its rank 0
        if (state_->intra_rank == 0 && state_->inter_size > 1) {
            // Between hosts: the hosts' rank 0 processes, through host memory (MPI is not CUDA-aware here).
            Array host = packed.to_device(Device::Cpu()).copy();
            mpi::AllreduceSum(*state_->inter, host);
            packed = host.to_device(device).as_contiguous();
        }
        nccl::Bcast(*intra_nccl_, packed, 0);
        UnpackGrads(packed, params, 1.0 / state_->size);
    }

private:
    nccl::CommPtr intra_nccl_;
    int device_ = -1;
};

}  // namespace

CommunicatorPtr MakePureNcclCommunicator(std::optional<Dtype> allreduce_grad_dtype) {
    return std::make_shared<PureNcclCommunicator>(allreduce_grad_dtype);
}
CommunicatorPtr MakeHierarchicalCommunicator() { return std::make_shared<HierarchicalCommunicator>(); }

}  // namespace chainermn
}  // namespace cnet
