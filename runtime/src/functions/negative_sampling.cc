// negative_sampling.cc — negative_sampling composed of differentiable functions: the rows of W for the target
// and the samples (embed_id), their dot products with x, a sign flip of the target's, softplus and a sum.
#include "cnet/functions/negative_sampling.h"

#include <vector>

#include "cnet/core/error.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/reduction.h"
#include "cnet/np/indexing.h"
#include "cnet/np/math.h"

namespace cnet {
namespace functions {

Variable negative_sampling(const Variable& x, const Variable& t, const Variable& W, const Sampler& sampler,
                           int64_t sample_size, const std::string& reduce) {
    CNET_CHECK_AS(ValueError, reduce == "sum" || reduce == "no",
                  "only 'sum' and 'no' are valid for 'reduce', but '", reduce, "' is given");
    CNET_CHECK_AS(ShapeError, x.ndim() == 2 && t.ndim() == 1 && W.ndim() == 2 && t.shape()[0] == x.shape()[0] &&
                                  W.shape()[1] == x.shape()[1],
                  "NegativeSampling: expected x (B, D), t (B,) and W (V, D), got ", x.shape(), ", ", t.shape(), " and ",
                  W.shape());
    const int64_t batch = x.shape()[0], dim = x.shape()[1];
    // samples (B, 1 + S): as in Chainer, the sampler is asked for (B, S + 1) ids and column 0 becomes the target
    // (a sampler that depends on the shape draws what it draws under Chainer). A copy on x's device: the sampler's
    // own array stays as it was, and WalkerAlias draws on the CPU.
    Array samples = sampler(Shape{batch, sample_size + 1}).astype(Dtype::kInt32).to_device(x.device()).copy();
    CNET_CHECK_AS(ShapeError, samples.shape() == Shape({batch, sample_size + 1}),
                  "negative_sampling: the sampler returned shape ", samples.shape(), " for (", batch, ", ",
                  sample_size + 1, ")");
    samples.setitem({Slice(), 0}, t.array().astype(Dtype::kInt32).to_device(samples.device()));
    // Rows with t == -1 are ignored: their ids (the -1 included) are replaced by 0 and their loss is masked.
    const Array keep = np::not_equal(t.array().astype(Dtype::kInt32), Array::FromScalar(-1, Dtype::kInt32).to_device(x.device()));
    const Array ids = np::where(keep.reshape(Shape{batch, 1}).broadcast_to(samples.shape()), samples,
                                Array::FromScalar(0, Dtype::kInt32).to_device(x.device()));
    const Variable w = embed_id(ids, W);  // (B, 1 + S, D)
    const Variable f = sum(w * broadcast_to(reshape(x, Shape{batch, 1, dim}), w.shape()), 2);  // (B, 1 + S)
    std::vector<double> sign(static_cast<size_t>(sample_size + 1), 1.0);
    sign[0] = -1.0;
    const Array signs = Array::FromVector(sign, Shape{1, sample_size + 1}).astype(x.dtype()).to_device(x.device());
    Variable loss = sum(softplus(f * broadcast_to(Variable(signs, false), f.shape())), 1);  // (B,)
    loss = loss * Variable(keep.astype(x.dtype()), false);
    return reduce == "sum" ? sum(loss) : loss;
}

}  // namespace functions
}  // namespace cnet
