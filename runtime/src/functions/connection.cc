// connection.cc — LinearFunction and EmbedID nodes. Linear's forward is one GEMM with the bias preloaded;
// its backward is two linears on transposed views (no copies) plus a sum, all differentiable.
#include "cnet/functions/connection.h"

#include <algorithm>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/grad_rows.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/kernels/connection.h"
#include "cnet/kernels/indexes.h"
#include "cnet/kernels/linalg.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

class LinearFunction : public FunctionNode {
public:
    const char* label() const override { return "LinearFunction"; }
    void check_type_forward(const ArrayList& in) const override {
        if (in.size() != 2 && in.size() != 3)
            type_check::Expect(label(), false, "2 <= in_types.size <= 3", std::to_string(in.size()));
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectSameDtype(label(), in, 0, 1);
        type_check::ExpectNdim(label(), in, 0, 2);
        type_check::ExpectNdim(label(), in, 1, 2);
        type_check::ExpectEq(label(), in[0].shape()[1], in[1].shape()[1], "in_types[0].shape[1]",
                             "in_types[1].shape[1]");
        if (in.size() == 3) {
            type_check::ExpectSameDtype(label(), in, 0, 2);
            type_check::ExpectNdim(label(), in, 2, 1);
            type_check::ExpectEq(label(), in[2].shape()[0], in[1].shape()[0], "in_types[2].shape[0]",
                                 "in_types[1].shape[0]");
        }
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        // x: (N, in)  W: (out, in)  b: (out,)  y: (N, out)
        const Array &x = in[0], &W = in[1];
        Array y = Array::Empty(Shape{x.shape()[0], W.shape()[0]}, x.dtype(), x.device());
        if (in.size() == 3) {
            y.assign(in[2]);  // broadcast the bias over the rows, then accumulate the product onto it
            kernels::Gemm(x, false, W, true, y, 1.0, 1.0);
        } else {
            kernels::Gemm(x, false, W, true, y);
        }
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        if (!config().enable_backprop()) return BackwardArrays(targets, gy[0].array());
        const VarList in = get_retained_inputs();
        const Variable &x = in[0], &W = in[1];
        VarList gx(num_inputs());
        for (int i : targets) {
            if (i == 0) gx[0] = linear(gy[0], W.T());          // (N, out) @ (out, in)
            else if (i == 1) gx[1] = linear(gy[0].T(), x.T());  // (out, N) @ (N, in)
            else gx[2] = sum_to(gy[0], input_shape(2));
        }
        return gx;
    }

private:
    // The same products straight on the arrays when backward is not recorded (no double backprop): the
    // differentiable form above costs three transposes and two more nodes per call, which dominates
    // small nets such as the tree RNN. A leaf W or b (a parameter) gets its gradient added straight into its
    // grad (Note [Leaf gradients]): for W one GEMM with beta = 1.
    VarList BackwardArrays(const IndexList& targets, const Array& gy) const {
        const Array &x = input_array(0), &W = input_array(1);
        VarList gx(num_inputs());
        for (int i : targets) {
            if (i == 0) {
                Array g = Array::Empty(x.shape(), gy.dtype(), gy.device());
                kernels::Gemm(gy, false, W, false, g);  // (N, out) @ (out, in)
                gx[0] = Variable(g);
            } else if (i == 1) {
                VariableImpl* w = inputs()[1].get();
                const internal::LeafGradAccess access = internal::LeafGradAccessFor(w, gy.dtype(), gy.device());
                if (access == internal::LeafGradAccess::kInPlace) {
                    kernels::Gemm(gy, true, x, false, w->grad.array(), 1.0, 1.0);
                    internal::ForgetGradRows(w);
                    continue;
                }
                Array g = Array::Empty(W.shape(), gy.dtype(), gy.device());
                kernels::Gemm(gy, true, x, false, g);  // (out, N) @ (N, in)
                if (access == internal::LeafGradAccess::kFresh) w->grad = Variable(g, false);
                else gx[1] = Variable(g);
            } else {
                VariableImpl* b = inputs()[2].get();
                const internal::LeafGradAccess access = internal::LeafGradAccessFor(b, gy.dtype(), gy.device());
                const Array rows_sum = gy.shape()[0] == 1 ? gy.reshape(input_shape(2)) : np::sum(gy, 0);
                if (access == internal::LeafGradAccess::kInPlace) {
                    b->grad.impl()->array += rows_sum;
                    internal::ForgetGradRows(b);
                    continue;
                }
                const Array g = rows_sum.storage() == gy.storage() ? rows_sum.copy() : rows_sum;
                if (access == internal::LeafGradAccess::kFresh) b->grad = Variable(g, false);
                else gx[2] = Variable(g);
            }
        }
        return gx;
    }
};

// The values of ids from KernelIds on the host (int32 ones widened here: to_vector<int64_t> would make an int64
// array first, for one id per leaf of a recursive net).
std::vector<int64_t> HostIds(const Array& ids) {
    if (ids.dtype() != Dtype::kInt32) return ids.to_vector<int64_t>();
    const std::vector<int32_t> narrow = ids.to_vector<int32_t>();
    return std::vector<int64_t>(narrow.begin(), narrow.end());
}

// gW = scatter-add of gy rows into a (V, d) zero matrix at the ids in x (ignored ids skipped).
class EmbedIDGrad : public FunctionNode {
public:
    EmbedIDGrad(const Shape& w_shape, std::optional<int64_t> ignore_label)
        : w_shape_(w_shape), ignore_label_(ignore_label) {}
    const char* label() const override { return "EmbedIDGrad"; }
    ArrayList forward(const ArrayList& in) override {
        const Array ids = kernels::KernelIndexes(in[0]);
        const Array gy = in[1].as_contiguous();
        Array gW = Array::Zeros(w_shape_, gy.dtype(), gy.device());
        kernels::EmbedScatterAdd(ids, gy, ignore_label_, gW);
        return {gW};
    }
    VarList backward(const IndexList&, const VarList& ggW) override {
        return {Variable(), embed_id(Variable(input_array(0), false), ggW[0], ignore_label_)};
    }

private:
    Shape w_shape_;
    std::optional<int64_t> ignore_label_;
};

class EmbedIDFunction : public FunctionNode {
public:
    explicit EmbedIDFunction(std::optional<int64_t> ignore_label) : ignore_label_(ignore_label) {}
    const char* label() const override { return "EmbedIDFunction"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 2);
        type_check::ExpectKind(label(), in, 0, 'i');
        type_check::ExpectFloat(label(), in, 1);
        type_check::ExpectNdim(label(), in, 1, 2);
    }
    ArrayList forward(const ArrayList& in) override {
        const Array ids = kernels::KernelIndexes(in[0]);
        const Array W = in[1].as_contiguous();
        Shape out_shape = in[0].shape();
        out_shape.push_back(W.shape()[1]);
        Array y = Array::Empty(out_shape, W.dtype(), W.device());
        kernels::EmbedGather(ids, W, ignore_label_, y);
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        VarList gx(2);
        for (int i : targets) {
            if (i != 1 || AccumulateIntoLeaf(gy[0].array())) continue;
            gx[1] = Apply1<EmbedIDGrad>({Variable(input_array(0), false), gy[0]}, input_shape(1), ignore_label_);
        }
        return gx;
    }

private:
    // See Note [Row-sparse gradients]: adds gy's rows straight into the grad of a leaf W (returning true) when
    // backward is accumulating into leaves and W's grad is absent or exclusively owned.
    bool AccumulateIntoLeaf(const Array& gy) {
        VariableImpl* w = inputs()[1].get();
        const internal::LeafGradAccess access = internal::LeafGradAccessFor(w, gy.dtype(), gy.device());
        if (access == internal::LeafGradAccess::kEngine) return false;
        const bool fresh = access == internal::LeafGradAccess::kFresh;
        // (Only whether rows are noted: a held list would be copied by NoteGradRows below, on every leaf.)
        const bool sparse = !fresh && internal::GradRows(w) != nullptr;
        if (fresh) w->grad = Variable(internal::FreshZeroGrad(w), false);
        const Array ids = kernels::KernelIndexes(input_array(0));
        kernels::EmbedScatterAdd(ids, gy.as_contiguous(), ignore_label_, w->grad.impl()->array);
        // The grad stays row-sparse only if it was (fresh, or sparse before); rows of ignore_label add nothing.
        if (fresh || sparse) {
            std::vector<int64_t> rows = HostIds(ids);
            if (ignore_label_) rows.erase(std::remove(rows.begin(), rows.end(), *ignore_label_), rows.end());
            internal::NoteGradRows(w, rows.data(), rows.size());
        }
        return true;
    }

    std::optional<int64_t> ignore_label_;
};

}  // namespace

Variable linear(const Variable& x, const Variable& W, const Variable& b) {
    const Variable x2 = x.ndim() > 2 ? reshape(x, Shape{x.shape()[0], -1}) : x;
    if (b.defined()) return Apply1<LinearFunction>({x2, W, b});
    return Apply1<LinearFunction>({x2, W});
}

Variable embed_id(const Variable& x, const Variable& W, std::optional<int64_t> ignore_label) {
    return Apply1<EmbedIDFunction>({x, W}, ignore_label);
}

}  // namespace functions
}  // namespace cnet
