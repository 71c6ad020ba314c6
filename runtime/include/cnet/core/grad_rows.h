// grad_rows.h — row-sparse gradients of embedding matrices. See Note [Row-sparse gradients].
//
// Note [Row-sparse gradients]
// F.embed_id's gradient w.r.t. W (V, d) is zero outside the rows of the ids used. When backward writes
// into a leaf's grad (Variable::backward, not chainer.grad or double backprop), EmbedID scatter-adds its
// rows straight into W.grad instead of building a dense (V, d) gradient per call, and records the rows here.
// Update rules for which a zero-gradient row is left unchanged (SGD, AdaGrad with eps > 0) then touch only
// those rows: the result is identical to the dense update. Any other in-place change of the grad
// (internal::MutableGrad: optimizer hooks, loss scaling; the engine's accumulation of another gradient)
// forgets the rows, and a new grad array invalidates them, so the dense path runs whenever in doubt.
//
// Note [Leaf gradients]
// In the same passes, a function whose input is a leaf (a parameter) may write that input's gradient straight
// into its grad rather than return it: Linear's weight gradient is then one GEMM accumulating into W.grad,
// with no temporary (out, in) array and no separate addition. LeafGradAccessFor says when that is allowed:
// exactly when the engine would itself have added in place, or set a fresh grad.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/device.h"
#include "cnet/core/dtype.h"

namespace cnet {

class VariableImpl;

namespace internal {

/// Records that the current grad of `param` is zero outside `rows` (appending to rows already recorded for
/// the same grad).
void NoteGradRows(VariableImpl* param, const int64_t* rows, size_t n);
/// The recorded rows of param's current grad (unsorted, possibly repeated), or nullptr when unknown (dense).
std::shared_ptr<const std::vector<int64_t>> GradRows(const VariableImpl* param);
/// Forgets the rows of `param` (its grad was changed in place). Free when none were noted.
void ForgetGradRows(VariableImpl* param);
/// Called by cleargrad before the grad is dropped: forgets the rows and, when the grad is row-sparse, on the
/// CPU and held by nothing else, zeroes those rows and keeps the array for FreshZeroGrad.
void KeepClearedGrad(VariableImpl* param);
/// A zero array of param's shape, dtype and device for a fresh grad: the one KeepClearedGrad kept, or a new one.
Array FreshZeroGrad(VariableImpl* param);

/// True while a Variable::backward pass runs that adds gradients into the leaves' grads (not chainer.grad's
/// table mode, not recording for double backprop): functions may then accumulate into a leaf's grad directly.
bool AccumulatingIntoLeafGrads();

/// How a backward may give input `x` a gradient of `dtype` on `device` without the engine (Note [Leaf
/// gradients]).
enum class LeafGradAccess {
    kEngine,   // return it: not in AccumulatingIntoLeafGrads(), x is not a leaf, or its grad is shared or unusual
    kFresh,    // x has no grad: set one (x->grad = Variable(array, false))
    kInPlace,  // x's grad array is exclusively owned, contiguous, of x's shape and dtype: add into it, then
               // ForgetGradRows(x) unless the addition keeps the noted rows exact
};
LeafGradAccess LeafGradAccessFor(const VariableImpl* x, Dtype dtype, Device device);
/// Sets AccumulatingIntoLeafGrads() for the lifetime of the object (used by the backward engine).
class LeafGradScope {
public:
    explicit LeafGradScope(bool on);
    ~LeafGradScope();
    LeafGradScope(const LeafGradScope&) = delete;
    LeafGradScope& operator=(const LeafGradScope&) = delete;

private:
    bool previous_;
};

}  // namespace internal
}  // namespace cnet
