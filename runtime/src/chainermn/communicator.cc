// communicator.cc — CommunicatorBase: ranks, parameter broadcast, point-to-point and object collectives over
// MPI; create_communicator picks the gradient reduction (mpi_communicators.cc, nccl_communicators.cc).
#include "cnet/chainermn/communicator.h"

#include <map>

#include "chainermn/communicator_state.h"
#include "chainermn/mpi.h"
#include "cnet/core/error.h"
#include "cnet/links/link.h"
#include "cnet/np/creation.h"
#include "cnet/np/indexing.h"
#include "cnet/np/manipulation.h"
#include "cnet/np/math.h"
#include "cnet/serializers/npy_format.h"
#include "cnet/training/output_rank.h"

namespace cnet {
namespace chainermn {

std::shared_ptr<CommunicatorState> MakeCommunicatorState() {
    auto state = std::make_shared<CommunicatorState>();
    state->world = mpi::World();
    state->rank = mpi::Rank(*state->world);
    state->size = mpi::Size(*state->world);
    state->intra = mpi::SplitShared(*state->world);
    state->intra_rank = mpi::Rank(*state->intra);
    state->intra_size = mpi::Size(*state->intra);
    // Processes with the same intra rank, one per host, ordered by world rank: this rank there is the host's.
    state->inter = mpi::Split(*state->world, state->intra_rank, state->rank);
    state->inter_rank = mpi::Rank(*state->inter);
    state->inter_size = mpi::Size(*state->inter);
    training::set_output_rank(state->rank, state->size);
    return state;
}

std::vector<Parameter> GradParams(Link& model, const char* op) {
    std::vector<Parameter> params;
    for (auto& [path, param] : model.namedparams(/*include_uninit=*/false)) {
        if (!param.grad().defined()) param.set_grad(np::zeros_like(param.array()));
        CNET_CHECK_AS(DtypeError, IsFloat(param.grad().dtype()), "chainermn.", op, ": the gradient of ", path,
                      " is ", param.grad().dtype(), ", not a float dtype");
        params.push_back(param);
    }
    return params;
}

Array PackGrads(const std::vector<Parameter>& params, Dtype dtype) {
    std::vector<Array> flat;
    flat.reserve(params.size());
    for (const Parameter& p : params) flat.push_back(p.grad().reshape(Shape{p.grad().size()}).astype(dtype));
    if (flat.empty()) return Array::Zeros(Shape{0}, dtype);
    return np::concatenate(flat).as_contiguous();
}

void UnpackGrads(const Array& packed, const std::vector<Parameter>& params, double scale) {
    int64_t offset = 0;
    for (Parameter p : params) {
        const Array& g = p.grad();
        Array part = packed[Slice(offset, offset + g.size())].reshape(g.shape());
        offset += g.size();
        p.set_grad((part * Scalar(scale)).astype(g.dtype()));
    }
}

CommunicatorBase::CommunicatorBase(std::shared_ptr<CommunicatorState> state) : state_(std::move(state)) {}
CommunicatorBase::~CommunicatorBase() = default;

int CommunicatorBase::rank() const { return state_->rank; }
int CommunicatorBase::size() const { return state_->size; }
int CommunicatorBase::intra_rank() const { return state_->intra_rank; }
int CommunicatorBase::intra_size() const { return state_->intra_size; }
int CommunicatorBase::inter_rank() const { return state_->inter_rank; }
int CommunicatorBase::inter_size() const { return state_->inter_size; }

void CommunicatorBase::bcast_data(Link& model) {
    for (auto& [path, param] : model.namedparams(/*include_uninit=*/false)) {
        Array array = param.array();
        Array host = array.to_device(Device::Cpu()).as_contiguous();  // the parameter itself when it can be
        mpi::Bcast(*state_->world, host, 0);
        if (host.storage() != array.storage()) array.assign(host.to_device(array.device()));
    }
}

void CommunicatorBase::send(const Array& data, int dest, int tag) {
    mpi::SendBytes(*state_->world, serializers::EncodeNpy(data), dest, tag);
}

Array CommunicatorBase::recv(int source, int tag) {
    return serializers::DecodeNpy(mpi::RecvBytes(*state_->world, source, tag),
                                  "chainermn.recv from rank " + std::to_string(source));
}

Array CommunicatorBase::bcast_obj(const Array& obj, int root) {
    std::string bytes = state_->rank == root ? serializers::EncodeNpy(obj) : std::string();
    mpi::BcastBytes(*state_->world, bytes, root);
    return serializers::DecodeNpy(bytes, "chainermn.bcast_obj");
}

double CommunicatorBase::bcast_obj(double obj, int root) {
    return bcast_obj(Array::FromScalar(obj, Dtype::kFloat64), root).item<double>();
}

int64_t CommunicatorBase::bcast_obj(int64_t obj, int root) {
    return bcast_obj(Array::FromScalar(obj, Dtype::kInt64), root).item<int64_t>();
}

std::string CommunicatorBase::bcast_obj(const std::string& obj, int root) {
    std::string bytes = obj;
    mpi::BcastBytes(*state_->world, bytes, root);
    return bytes;
}

Array CommunicatorBase::allreduce_obj(const Array& obj) {
    Array host = obj.to_device(Device::Cpu()).copy();
    mpi::AllreduceSum(*state_->world, host);
    return host;
}

double CommunicatorBase::allreduce_obj(double obj) {
    return allreduce_obj(Array::FromScalar(obj, Dtype::kFloat64)).item<double>();
}

int64_t CommunicatorBase::allreduce_obj(int64_t obj) {
    return allreduce_obj(Array::FromScalar(obj, Dtype::kInt64)).item<int64_t>();
}

void CommunicatorBase::barrier() { mpi::Barrier(*state_->world); }

bool mpi_available() { return mpi::Available(); }

CommunicatorPtr create_communicator(const std::string& communicator_name, std::optional<Dtype> allreduce_grad_dtype) {
    if (allreduce_grad_dtype && communicator_name != "pure_nccl") {
        throw ValueError("allreduce_grad_dtype is only available at 'pure_nccl' communicator.");
    }
    if (communicator_name == "naive") return MakeNaiveCommunicator();
    if (communicator_name == "flat") return MakeFlatCommunicator();
    if (communicator_name == "pure_nccl") return MakePureNcclCommunicator(allreduce_grad_dtype);
    if (communicator_name == "hierarchical") return MakeHierarchicalCommunicator();
    if (communicator_name == "two_dimensional" || communicator_name == "single_node" ||
        communicator_name == "non_cuda_aware" || communicator_name == "dummy") {
        throw ValueError("chainermn.create_communicator: the '" + communicator_name +
                         "' communicator is not implemented in cnet (use 'naive', 'flat', 'hierarchical' or "
                         "'pure_nccl')");
    }
    throw ValueError("Unrecognized communicator: \"" + communicator_name + "\"");
}

}  // namespace chainermn
}  // namespace cnet
