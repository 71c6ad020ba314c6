// mpu_pack.cc — parameter lists and flat packing for MultiprocessParallelUpdater (see mpu_pack.h).
#include "training/mpu_pack.h"

#include "cnet/core/error.h"
#include "cnet/np/creation.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace training {
namespace mpu {
namespace {

Dtype PackDtype(const std::vector<Parameter>& params) {
    Dtype dtype = Dtype::kFloat16;
    for (const Parameter& p : params) {
        CNET_CHECK_AS(DtypeError, IsFloat(p.dtype()), "MultiprocessParallelUpdater: a parameter is ", p.dtype(),
                      ", not a float dtype");
        dtype = PromoteTypes(dtype, p.dtype());
    }
    return dtype;
}

Array Pack(const std::vector<Parameter>& params, bool grads, Device device) {
    const Dtype dtype = PackDtype(params);
    std::vector<Array> flat;
    flat.reserve(params.size());
    for (const Parameter& p : params) {
        const Array a = grads ? p.grad() : p.array();
        flat.push_back(a.reshape(Shape{a.size()}).astype(dtype));
    }
    if (flat.empty()) return Array::Zeros(Shape{0}, dtype, device);  // a model without parameters
    return np::concatenate(flat).as_contiguous();
}

template <typename Apply>
void Unpack(const Array& packed, const std::vector<Parameter>& params, Apply apply) {
    int64_t offset = 0;
    for (const Parameter& p : params) {
        const int64_t n = p.size();
        CNET_CHECK(offset + n <= packed.size(), "MultiprocessParallelUpdater: a packed array of ", packed.size(),
                   " elements is too short for the parameters");
        apply(p, packed[Slice(offset, offset + n)].reshape(p.shape()).astype(p.dtype()));
        offset += n;
    }
    CNET_CHECK(offset == packed.size(), "MultiprocessParallelUpdater: a packed array of ", packed.size(),
               " elements for parameters of ", offset);
}

}  // namespace

std::vector<Parameter> Params(Link& model) {
    std::vector<Parameter> params;
    for (auto& [path, param] : model.namedparams(/*include_uninit=*/false)) params.push_back(param);
    return params;
}

void FillMissingGrads(const std::vector<Parameter>& params) {
    for (Parameter p : params)
        if (!p.grad().defined()) p.set_grad(np::zeros_like(p.array()));
}

std::string Layout(const std::vector<Parameter>& params) {
    std::string layout = params.empty() ? "no parameters" : DtypeName(PackDtype(params));
    for (const Parameter& p : params) layout += " " + p.shape().ToString();
    return layout;
}

Array PackGrads(const std::vector<Parameter>& params, Device device) { return Pack(params, /*grads=*/true, device); }
Array PackData(const std::vector<Parameter>& params, Device device) { return Pack(params, /*grads=*/false, device); }

void UnpackGrads(const Array& packed, const std::vector<Parameter>& params) {
    Unpack(packed, params, [](Parameter p, const Array& part) { p.set_grad(part); });
}

void UnpackData(const Array& packed, const std::vector<Parameter>& params) {
    // Into the existing arrays: whatever refers to them (an optimizer's state, a copy) keeps seeing them.
    Unpack(packed, params, [](Parameter p, const Array& part) {
        Array target = p.array();  // a handle to the same memory
        target.assign(part);
    });
}

}  // namespace mpu
}  // namespace training
}  // namespace cnet
