// convolution_cudnn.cu — convolution on cuDNN, as Chainer runs it on the GPU: forward, backward data and
// backward filter with cuDNN's own algorithms (Chainer's and PyTorch's GPU path; the im2col path issues one
// GEMM per sample and group). Per geometry the descriptors are made once and each direction's algorithm is
// chosen on its first call: by cuDNN's heuristics, or, under chainer.config.autotune, by timing the candidates
// once (cudnnFind*Ex); under chainer.config.cudnn_deterministic only deterministic algorithms qualify, and
// always only those whose workspace fits cuda.get_max_workspace_size(). Workspaces come from the memory pool.
// float32 runs with FMA math only: no TF32 on Ampere and later, so results keep the CPU's (and Chainer's)
// float32 precision.
#include "cuda/convolution_cudnn.cuh"

#include <climits>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "cnet/backends/cuda.h"
#include "cnet/core/config.h"
#include "cuda/context.cuh"
#include "cuda/cudnn_util.cuh"

namespace cnet {
namespace cuda {
namespace {

using kernels::ConvParams;

using FilterDescriptor =
    CudnnDescriptor<cudnnFilterDescriptor_t, &cudnnCreateFilterDescriptor, &cudnnDestroyFilterDescriptor>;
using ConvolutionDescriptor = CudnnDescriptor<cudnnConvolutionDescriptor_t, &cudnnCreateConvolutionDescriptor,
                                              &cudnnDestroyConvolutionDescriptor>;

enum Direction { kForward, kBackwardData, kBackwardFilter, kDirections };

struct Algorithm {
    int algo;
    size_t workspace;
};

// One geometry: x (N, Ci, i...), W (Co, Ci/groups, k...), y (N, Co, o...), and each direction's algorithm once
// chosen (nullopt inside: no algorithm qualified).
struct Plan {
    cudnnDataType_t type;
    TensorDescriptor x, y, bias;
    FilterDescriptor w;
    ConvolutionDescriptor conv;
    std::optional<std::optional<Algorithm>> algorithm[kDirections];
};

bool Ok(cudnnStatus_t s) { return s == CUDNN_STATUS_SUCCESS; }

// cuDNN's descriptors take 2 or 3 spatial axes: a 1-d convolution is described as a 2-d one of unit width.
std::vector<int> Dims(const Shape& s) {
    std::vector<int> d(s.begin(), s.end());
    if (d.size() == 3) d.push_back(1);
    return d;
}

std::vector<int> ContiguousStrides(const std::vector<int>& d) {
    std::vector<int> s(d.size(), 1);
    for (int i = static_cast<int>(d.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * d[i + 1];
    return s;
}

bool SetTensor(const TensorDescriptor& t, cudnnDataType_t type, const std::vector<int>& d) {
    return Ok(cudnnSetTensorNdDescriptor(t.get(), type, static_cast<int>(d.size()), d.data(),
                                         ContiguousStrides(d).data()));
}

// The plan of a geometry, or null where cuDNN does not compute it as cnet does: more than 3 spatial axes, a
// dtype other than float32/float64, sizes past int, or more padding after an axis than before it (cover_all's
// extra output), seen as cuDNN's output size differing from y's. (A deconvolution's outsize is always a
// convolution's input size of the same output size: cuDNN takes it.)
std::unique_ptr<Plan> MakePlan(const Shape& x, const Shape& w, const Shape& y, const ConvParams& p, Dtype dtype) {
    const int spatial = p.ksize.ndim();
    if (spatial < 1 || spatial > 3) return nullptr;
    if (dtype != Dtype::kFloat32 && dtype != Dtype::kFloat64) return nullptr;
    for (const Shape* s : {&x, &w, &y})
        if (s->prod() >= INT_MAX) return nullptr;
    auto plan = std::make_unique<Plan>();
    plan->type = dtype == Dtype::kFloat32 ? CUDNN_DATA_FLOAT : CUDNN_DATA_DOUBLE;
    std::vector<int> pad, stride, dilate;
    for (int i = 0; i < spatial; ++i) {
        pad.push_back(static_cast<int>(p.pad[i]));
        stride.push_back(static_cast<int>(p.stride[i]));
        dilate.push_back(static_cast<int>(p.dilate[i]));
    }
    if (spatial == 1) pad.push_back(0), stride.push_back(1), dilate.push_back(1);
    const std::vector<int> xd = Dims(x), wd = Dims(w), yd = Dims(y);
    const int n = static_cast<int>(xd.size());
    std::vector<int> bd(n, 1);
    bd[1] = yd[1];
    if (!SetTensor(plan->x, plan->type, xd) || !SetTensor(plan->y, plan->type, yd) ||
        !SetTensor(plan->bias, plan->type, bd) ||
        !Ok(cudnnSetFilterNdDescriptor(plan->w.get(), plan->type, CUDNN_TENSOR_NCHW, n, wd.data())) ||
        !Ok(cudnnSetConvolutionNdDescriptor(plan->conv.get(), n - 2, pad.data(), stride.data(), dilate.data(),
                                            CUDNN_CROSS_CORRELATION, plan->type)) ||
        !Ok(cudnnSetConvolutionGroupCount(plan->conv.get(), static_cast<int>(p.groups))) ||
        !Ok(cudnnSetConvolutionMathType(plan->conv.get(), CUDNN_FMA_MATH)))
        return nullptr;
    std::vector<int> out(n);
    if (!Ok(cudnnGetConvolutionNdForwardOutputDim(plan->conv.get(), plan->x.get(), plan->w.get(), n, out.data())) ||
        out != yd)
        return nullptr;
    return plan;
}

bool ConfigTrue(const char* name) {
    const ConfigValue v = config().Get(name);
    return std::holds_alternative<bool>(v) && std::get<bool>(v);
}

// The plan for these arrays on their device, made on first use (null, remembered too, where cuDNN does not
// take them). Per thread, as the oneDNN path's primitives: descriptors are not shared across threads.
Plan* PlanFor(const Array& x, const Array& w, const Array& y, const ConvParams& p) {
    if (!UseCudnn() || !x.is_contiguous() || !w.is_contiguous() || !y.is_contiguous()) return nullptr;
    thread_local std::unordered_map<std::string, std::unique_ptr<Plan>> plans;
    std::string key = std::to_string(x.device().index()) + DtypeName(x.dtype()) + x.shape().ToString() +
                      w.shape().ToString() + y.shape().ToString() + p.stride.ToString() + p.pad.ToString() +
                      p.dilate.ToString() + std::to_string(p.groups) + (ConfigTrue("cudnn_deterministic") ? "d" : "") +
                      (ConfigTrue("autotune") ? "a" : "") + std::to_string(get_max_workspace_size());
    auto it = plans.find(key);
    if (it == plans.end()) it = plans.emplace(key, MakePlan(x.shape(), w.shape(), y.shape(), p, x.dtype())).first;
    return it->second.get();
}

// The first candidate (cuDNN lists the fastest first) that succeeded, fits the workspace limit, uses no tensor
// cores (TF32) and, when asked, is deterministic.
template <typename Perf>
std::optional<Algorithm> Pick(const Perf* perf, int n) {
    const bool deterministic = ConfigTrue("cudnn_deterministic");
    const size_t limit = static_cast<size_t>(get_max_workspace_size());
    for (int i = 0; i < n; ++i) {
        const Perf& c = perf[i];
        if (c.status != CUDNN_STATUS_SUCCESS || c.memory > limit) continue;
        if (c.mathType == CUDNN_TENSOR_OP_MATH || c.mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION) continue;
        if (deterministic && c.determinism != CUDNN_DETERMINISTIC) continue;
        return Algorithm{static_cast<int>(c.algo), c.memory};
    }
    return std::nullopt;
}

// Scratch memory of `bytes` on the device (undefined when none is needed).
Array Workspace(size_t bytes, Device device) {
    return bytes == 0 ? Array() : Array::Empty(Shape{static_cast<int64_t>(bytes)}, Dtype::kUint8, device);
}

void* WorkspacePtr(const Array& ws) { return ws.defined() ? ws.raw_data() : nullptr; }

// The three directions' algorithm searches (`a` is x for forward and backward filter, gy for backward data;
// `b` is W, W and gy; `out` is y, gx and gW: Find*Ex runs the candidates on them).
std::optional<Algorithm> Search(Direction d, const Plan& plan, cudnnHandle_t h, const Array& a, const Array& b,
                                const Array& out) {
    const bool autotune = ConfigTrue("autotune");
    const Array ws = autotune ? Workspace(static_cast<size_t>(get_max_workspace_size()), out.device()) : Array();
    const size_t ws_bytes = ws.defined() ? static_cast<size_t>(ws.size()) : 0;
    int n = 0;
    switch (d) {
        case kForward: {
            cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
            if (autotune)
                CNET_CUDNN_CHECK(cudnnFindConvolutionForwardAlgorithmEx(
                    h, plan.x.get(), a.raw_data(), plan.w.get(), b.raw_data(), plan.conv.get(), plan.y.get(),
                    out.raw_data(), CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &n, perf, WorkspacePtr(ws), ws_bytes));
            else
                CNET_CUDNN_CHECK(cudnnGetConvolutionForwardAlgorithm_v7(h, plan.x.get(), plan.w.get(),
                                                                        plan.conv.get(), plan.y.get(),
                                                                        CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &n, perf));
            return Pick(perf, n);
        }
        case kBackwardData: {
            cudnnConvolutionBwdDataAlgoPerf_t perf[CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT];
            if (autotune)
                CNET_CUDNN_CHECK(cudnnFindConvolutionBackwardDataAlgorithmEx(
                    h, plan.w.get(), b.raw_data(), plan.y.get(), a.raw_data(), plan.conv.get(), plan.x.get(),
                    out.raw_data(), CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, &n, perf, WorkspacePtr(ws), ws_bytes));
            else
                CNET_CUDNN_CHECK(cudnnGetConvolutionBackwardDataAlgorithm_v7(
                    h, plan.w.get(), plan.y.get(), plan.conv.get(), plan.x.get(), CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT,
                    &n, perf));
            return Pick(perf, n);
        }
        case kBackwardFilter: {
            cudnnConvolutionBwdFilterAlgoPerf_t perf[CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT];
            if (autotune)
                CNET_CUDNN_CHECK(cudnnFindConvolutionBackwardFilterAlgorithmEx(
                    h, plan.x.get(), a.raw_data(), plan.y.get(), b.raw_data(), plan.conv.get(), plan.w.get(),
                    out.raw_data(), CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT, &n, perf, WorkspacePtr(ws), ws_bytes));
            else
                CNET_CUDNN_CHECK(cudnnGetConvolutionBackwardFilterAlgorithm_v7(
                    h, plan.x.get(), plan.y.get(), plan.conv.get(), plan.w.get(),
                    CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT, &n, perf));
            return Pick(perf, n);
        }
        default: return std::nullopt;
    }
}

// The direction's algorithm for the plan, searched on its first call.
const Algorithm* AlgorithmFor(Direction d, Plan& plan, cudnnHandle_t h, const Array& a, const Array& b,
                              const Array& out) {
    std::optional<std::optional<Algorithm>>& slot = plan.algorithm[d];
    if (!slot) slot = Search(d, plan, h, a, b, out);
    return *slot ? &**slot : nullptr;
}

// What one cuDNN call of a direction needs: the plan, the handle, the algorithm and its workspace.
struct Call {
    Plan* plan;
    cudnnHandle_t handle;
    Algorithm algo;
    Array workspace;
    const void* one() const { return kCudnnOne.For(plan->type); }
    const void* zero() const { return kCudnnZero.For(plan->type); }
    void* workspace_ptr() const { return WorkspacePtr(workspace); }
};

// The call for direction d on the geometry x, w, y (`a`, `b`, `out` as in Search), or nullopt where cuDNN does not
// take it. The caller has made out's device current (a DeviceGuard living through its cuDNN call).
std::optional<Call> Prepare(Direction d, const Array& x, const Array& w, const Array& y, const ConvParams& p,
                            const Array& a, const Array& b, const Array& out) {
    Plan* plan = PlanFor(x, w, y, p);
    if (plan == nullptr) return std::nullopt;
    const cudnnHandle_t h = Cudnn(out.device().index());
    const Algorithm* algo = AlgorithmFor(d, *plan, h, a, b, out);
    if (algo == nullptr) return std::nullopt;
    return Call{plan, h, *algo, Workspace(algo->workspace, out.device())};
}

// cuDNN's engines may assume 16-byte aligned tensors (an algorithm chosen on aligned arrays can reject a view at
// an odd offset): such an input is copied; an output that is not aligned keeps the call off cuDNN.
bool IsAligned(const Array& a) { return reinterpret_cast<uintptr_t>(a.raw_data()) % 16 == 0; }
Array AlignedInput(const Array& a) { return IsAligned(a) ? a : a.copy(); }

}  // namespace

bool CudnnConvolutionForward(const Array& x_in, const Array& W_in, const Array& b, const ConvParams& p,
                             const Array& y) {
    if (!IsAligned(y)) return false;
    DeviceGuard guard(y.device().index());
    const Array x = AlignedInput(x_in), W = AlignedInput(W_in);
    const std::optional<Call> c = Prepare(kForward, x, W, y, p, x, W, y);
    if (!c) return false;
    const Plan& plan = *c->plan;
    CNET_CUDNN_CHECK(cudnnConvolutionForward(c->handle, c->one(), plan.x.get(), x.raw_data(), plan.w.get(),
                                             W.raw_data(), plan.conv.get(),
                                             static_cast<cudnnConvolutionFwdAlgo_t>(c->algo.algo), c->workspace_ptr(),
                                             c->algo.workspace, c->zero(), plan.y.get(), y.raw_data()));
    CountLaunch();
    if (b.defined()) {
        const Array bc = AlignedInput(b.as_contiguous());
        CNET_CUDNN_CHECK(
            cudnnAddTensor(c->handle, c->one(), plan.bias.get(), bc.raw_data(), c->one(), plan.y.get(), y.raw_data()));
        CountLaunch();
    }
    return true;
}

bool CudnnConvolutionBackwardData(const Array& gy_in, const Array& W_in, const ConvParams& p, const Array& gx) {
    if (!IsAligned(gx)) return false;
    DeviceGuard guard(gx.device().index());
    const Array gy = AlignedInput(gy_in), W = AlignedInput(W_in);
    const std::optional<Call> c = Prepare(kBackwardData, gx, W, gy, p, gy, W, gx);
    if (!c) return false;
    const Plan& plan = *c->plan;
    CNET_CUDNN_CHECK(cudnnConvolutionBackwardData(c->handle, c->one(), plan.w.get(), W.raw_data(), plan.y.get(),
                                                  gy.raw_data(), plan.conv.get(),
                                                  static_cast<cudnnConvolutionBwdDataAlgo_t>(c->algo.algo),
                                                  c->workspace_ptr(), c->algo.workspace, c->zero(), plan.x.get(),
                                                  gx.raw_data()));
    CountLaunch();
    return true;
}

bool CudnnConvolutionBackwardWeights(const Array& x_in, const Array& gy_in, const ConvParams& p, const Array& gW) {
    if (!IsAligned(gW)) return false;
    DeviceGuard guard(gW.device().index());
    const Array x = AlignedInput(x_in), gy = AlignedInput(gy_in);
    const std::optional<Call> c = Prepare(kBackwardFilter, x, gW, gy, p, x, gy, gW);
    if (!c) return false;
    const Plan& plan = *c->plan;
    CNET_CUDNN_CHECK(cudnnConvolutionBackwardFilter(c->handle, c->one(), plan.x.get(), x.raw_data(), plan.y.get(),
                                                    gy.raw_data(), plan.conv.get(),
                                                    static_cast<cudnnConvolutionBwdFilterAlgo_t>(c->algo.algo),
                                                    c->workspace_ptr(), c->algo.workspace, c->zero(), plan.w.get(),
                                                    gW.raw_data()));
    CountLaunch();
    return true;
}

}  // namespace cuda
}  // namespace cnet
