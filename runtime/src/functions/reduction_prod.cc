// reduction_prod.cc — Prod and its gradient: products of "all the other elements" by prefix/suffix scans in
// (hyper-)dual numbers, exact with zeros in x and differentiable to any order the node's limit allows.
//
// Note [Prod gradient without division]
// With x grouped as (n, m) — the n reduced elements of each of the m outputs — d prod/dx_i = P_i, the product
// of the group's other elements. y / x_i would fail for zeros, so P is computed by exclusive prefix and suffix
// products. Higher derivatives keep that form: for directions d_1..d_k,
//   T_i(x; d_1..d_k) = [e_1...e_k] prod_{j != i} (x_j + e_1 d_1j + ... + e_k d_kj)     (e_r^2 = 0)
// is multilinear in the d's, and its backward is T again: w.r.t. d_r it is T with d_r replaced by the incoming
// gradient h, and w.r.t. x it is T with h appended as a new direction. P itself is T with k = 0.
#include <algorithm>
#include <vector>

#include "cnet/core/function_node.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/kernels/reduction.h"
#include "cnet/np/reduction.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

constexpr int kMaxDirections = kernels::kMaxProductDirections;

class ProdGrad : public FunctionNode {  // inputs (x, d_1..d_k), all (n, m); output T(x; d)
public:
    const char* label() const override { return "ProdGrad"; }
    ArrayList forward(const ArrayList& in) override {
        IndexList all;
        for (size_t i = 0; i < in.size(); ++i) all.push_back(static_cast<int>(i));
        retain_inputs(all);
        const Dtype compute = in[0].dtype() == Dtype::kFloat16 ? Dtype::kFloat32 : in[0].dtype();
        const Array x = in[0].astype(compute, false).as_contiguous();
        std::vector<Array> dirs;
        for (size_t i = 1; i < in.size(); ++i) dirs.push_back(in[i].astype(compute, false).as_contiguous());
        Array out = Array::Empty(x.shape(), compute, x.device());
        kernels::ExclusiveProducts(x, dirs, out);
        return {out.astype(in[0].dtype(), false)};
    }
    VarList backward(const IndexList& targets, const VarList& h) override {
        const VarList in = get_retained_inputs();
        VarList gx(in.size());
        for (int i : targets) {
            VarList args = in;
            if (i == 0) {
                CNET_CHECK(static_cast<int>(in.size()) <= kMaxDirections, "F.prod supports gradients up to order ",
                           kMaxDirections + 1);
                args.push_back(h[0]);
            } else {
                args[i] = h[0];
            }
            gx[i] = Apply1<ProdGrad>(args);
        }
        return gx;
    }
};

class Prod : public internal::AxisReduction {
public:
    Prod(const OptionalAxis& axis, bool keepdims) : AxisReduction("Prod", axis, keepdims) {}
    ArrayList forward(const ArrayList& in) override {
        NormalizeAxes(in[0]);
        retain_inputs({0});
        return {np::prod(in[0], OptionalAxis(axes_), keepdims_)};
    }
    VarList backward(const IndexList&, const VarList& gy) override;
};

VarList Prod::backward(const IndexList&, const VarList& gy) {
    // Group x as (n, m): reduced axes first (transposed), then the kept ones.
    const Variable x = get_retained_inputs()[0];
    const Shape& shape = input_shape(0);
    Dims perm = axes_, inverse;
    int64_t n = 1, m = 1;
    for (int64_t a : axes_) n *= shape[static_cast<int>(a)];
    for (int d = 0; d < shape.ndim(); ++d) {
        if (std::find(axes_.begin(), axes_.end(), d) != axes_.end()) continue;
        perm.push_back(d);
        m *= shape[d];
    }
    bool identity = true;
    inverse.resize(perm.ndim());
    for (int d = 0; d < perm.ndim(); ++d) {
        inverse[static_cast<int>(perm[d])] = d;
        identity = identity && perm[d] == d;
    }
    const Variable xt = identity ? x : transpose(x, perm);
    const Variable p = Apply1<ProdGrad>({reshape(xt, Shape{n, m})});
    const Variable pt = reshape(p, xt.shape());
    return {mul(identity ? pt : transpose(pt, inverse), internal::BroadcastReduced(gy[0], shape, axes_))};
}

}  // namespace

Variable prod(const Variable& x, const OptionalAxis& axis, bool keepdims) { return Apply1<Prod>({x}, axis, keepdims); }

}  // namespace functions
}  // namespace cnet
