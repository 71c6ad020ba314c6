// convolution_dnnl.cc — convolution on oneDNN (the library behind Chainer's iDeep and PyTorch's CPU
// convolutions). Arrays stay in cnet's plain channels-first layout (described to oneDNN by their strides),
// and primitives are cached per geometry: building one costs far more than a small convolution.
#include "native/convolution_dnnl.h"

#include <omp.h>

#include <oneapi/dnnl/dnnl.hpp>

#include "cnet/core/threading.h"
#include <optional>
#include <string>
#include <unordered_map>

namespace cnet {
namespace native {
namespace {

using dnnl::memory;
using Md = memory::desc;

dnnl::engine& Engine() {
    static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    return engine;
}

memory::dims ToDims(const Shape& s) { return memory::dims(s.begin(), s.end()); }

Md Plain(const memory::dims& dims) {
    memory::dims strides(dims.size(), 1);
    for (int i = static_cast<int>(dims.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * dims[i + 1];
    return Md(dims, memory::data_type::f32, strides);
}

// W (Co, Ci/g, k...) as oneDNN's grouped weights (g, Co/g, Ci/g, k...) when groups > 1.
Md WeightsMd(const Shape& w, int64_t groups) {
    memory::dims d = ToDims(w);
    if (groups > 1) {
        d[0] /= groups;
        d.insert(d.begin(), groups);
    }
    return Plain(d);
}

// The geometry in oneDNN's terms; the right padding is whatever makes the output size consistent (it
// absorbs cover_all and deconvolution's outsize).
struct Geometry {
    memory::dims strides, dilates, pad_l, pad_r;
};

Geometry MakeGeometry(const Shape& x, const Shape& y, const kernels::ConvParams& p) {
    Geometry g;
    for (int i = 0; i < p.ksize.ndim(); ++i) {
        g.strides.push_back(p.stride[i]);
        g.dilates.push_back(p.dilate[i] - 1);
        g.pad_l.push_back(p.pad[i]);
        g.pad_r.push_back((y[i + 2] - 1) * p.stride[i] + p.extent(i) - x[i + 2] - p.pad[i]);
    }
    return g;
}

// oneDNN's OpenMP runtime sizes a primitive's thread team from omp_get_max_threads() when the primitive is
// created: keep that at the runtime's thread count (SetNumThreads / --threads), or OpenMP workers spin
// beside a single-threaded caller. Called before every lookup; the count is part of the cache key.
int SyncThreads() {
    const int n = GetNumThreads();
    if (omp_get_max_threads() != n) omp_set_num_threads(n);
    return n;
}

std::string Key(char kind, const Shape& x, const Shape& w, const Shape& y, const kernels::ConvParams& p, bool bias) {
    return std::to_string(SyncThreads()) + std::string(1, kind) + x.ToString() + w.ToString() + y.ToString() + p.stride.ToString() + p.pad.ToString() +
           p.dilate.ToString() + std::to_string(p.groups) + (bias ? "b" : "");
}

dnnl::convolution_forward::primitive_desc ForwardPd(const Shape& x, const Shape& w, const Shape& y,
                                                    const kernels::ConvParams& p, bool bias) {
    const Geometry g = MakeGeometry(x, y, p);
    const Md xm = Plain(ToDims(x)), wm = WeightsMd(w, p.groups), ym = Plain(ToDims(y));
    using Fwd = dnnl::convolution_forward;
    const auto prop = dnnl::prop_kind::forward_training;
    const auto alg = dnnl::algorithm::convolution_direct;
    if (bias) {
        return Fwd::primitive_desc(
            Fwd::desc(prop, alg, xm, wm, Plain({w[0]}), ym, g.strides, g.dilates, g.pad_l, g.pad_r), Engine());
    }
    return Fwd::primitive_desc(Fwd::desc(prop, alg, xm, wm, ym, g.strides, g.dilates, g.pad_l, g.pad_r), Engine());
}

// One cached primitive per geometry and thread (oneDNN primitives may be executed concurrently, but the
// cache map itself is not shared). Null when oneDNN has no implementation for the geometry (remembered too).
template <typename Make>
dnnl::primitive* Cached(const std::string& key, Make make) {
    thread_local std::unordered_map<std::string, std::optional<dnnl::primitive>> cache;
    auto it = cache.find(key);
    if (it == cache.end()) {
        std::optional<dnnl::primitive> prim;
        try {
            prim = make();
        } catch (const dnnl::error&) {
        }
        it = cache.emplace(key, std::move(prim)).first;
    }
    return it->second ? &*it->second : nullptr;
}

memory Mem(const Array& a, const Md& md) { return memory(md, Engine(), a.raw_data()); }

void Run(dnnl::primitive& prim, const std::unordered_map<int, memory>& args) {
    dnnl::stream stream(Engine());
    prim.execute(stream, args);
    stream.wait();
}

}  // namespace

bool DnnlConvolutionForward(const Array& x, const Array& W, const Array& b, const kernels::ConvParams& p,
                            const Array& y) {
    const bool bias = b.defined();
    dnnl::primitive* prim = Cached(Key('f', x.shape(), W.shape(), y.shape(), p, bias), [&] {
        return dnnl::convolution_forward(ForwardPd(x.shape(), W.shape(), y.shape(), p, bias));
    });
    if (prim == nullptr) return false;
    std::unordered_map<int, memory> args{{DNNL_ARG_SRC, Mem(x, Plain(ToDims(x.shape())))},
                                         {DNNL_ARG_WEIGHTS, Mem(W, WeightsMd(W.shape(), p.groups))},
                                         {DNNL_ARG_DST, Mem(y, Plain(ToDims(y.shape())))}};
    if (bias) args.emplace(DNNL_ARG_BIAS, Mem(b.as_contiguous(), Plain({W.shape()[0]})));
    Run(*prim, args);
    return true;
}

bool DnnlConvolutionBackwardData(const Array& gy, const Array& W, const kernels::ConvParams& p, const Array& gx) {
    dnnl::primitive* prim = Cached(Key('d', gx.shape(), W.shape(), gy.shape(), p, false), [&] {
        const Geometry g = MakeGeometry(gx.shape(), gy.shape(), p);
        using Bwd = dnnl::convolution_backward_data;
        const Bwd::desc d(dnnl::algorithm::convolution_direct, Plain(ToDims(gx.shape())),
                          WeightsMd(W.shape(), p.groups), Plain(ToDims(gy.shape())), g.strides, g.dilates, g.pad_l,
                          g.pad_r);
        return Bwd(Bwd::primitive_desc(d, Engine(), ForwardPd(gx.shape(), W.shape(), gy.shape(), p, false)));
    });
    if (prim == nullptr) return false;
    Run(*prim, {{DNNL_ARG_DIFF_DST, Mem(gy, Plain(ToDims(gy.shape())))},
                {DNNL_ARG_WEIGHTS, Mem(W, WeightsMd(W.shape(), p.groups))},
                {DNNL_ARG_DIFF_SRC, Mem(gx, Plain(ToDims(gx.shape())))}});
    return true;
}

bool DnnlConvolutionBackwardWeights(const Array& x, const Array& gy, const kernels::ConvParams& p, const Array& gW) {
    dnnl::primitive* prim = Cached(Key('w', x.shape(), gW.shape(), gy.shape(), p, false), [&] {
        const Geometry g = MakeGeometry(x.shape(), gy.shape(), p);
        using Bwd = dnnl::convolution_backward_weights;
        const Bwd::desc d(dnnl::algorithm::convolution_direct, Plain(ToDims(x.shape())),
                          WeightsMd(gW.shape(), p.groups), Plain(ToDims(gy.shape())), g.strides, g.dilates, g.pad_l,
                          g.pad_r);
        return Bwd(Bwd::primitive_desc(d, Engine(), ForwardPd(x.shape(), gW.shape(), gy.shape(), p, false)));
    });
    if (prim == nullptr) return false;
    Run(*prim, {{DNNL_ARG_SRC, Mem(x, Plain(ToDims(x.shape())))},
                {DNNL_ARG_DIFF_DST, Mem(gy, Plain(ToDims(gy.shape())))},
                {DNNL_ARG_DIFF_WEIGHTS, Mem(gW, WeightsMd(gW.shape(), p.groups))}});
    return true;
}

}  // namespace native
}  // namespace cnet
