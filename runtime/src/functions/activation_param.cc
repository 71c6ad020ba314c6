// activation_param.cc — prelu and maxout, composed of differentiable functions (relu/broadcast, reshape/max),
// so both have double backward.
#include <string>

#include "cnet/core/error.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"

namespace cnet {
namespace functions {

Variable prelu(const Variable& x, const Variable& W) {
    const Shape& xs = x.shape();
    CNET_CHECK_AS(DtypeError, IsFloat(x.dtype()) && x.dtype() == W.dtype(), "PReLUFunction: x and W need one float ",
                  "dtype, got ", x.dtype(), " and ", W.dtype());
    CNET_CHECK_AS(ShapeError, x.ndim() >= W.ndim() + 1, "PReLUFunction: x.ndim must be at least W.ndim + 1, got x ", xs,
                  " and W ", W.shape());
    // (1, W.shape..., 1, ...) broadcast to x's shape.
    Shape ws{1};
    for (int i = 0; i < W.ndim(); ++i) {
        CNET_CHECK_AS(ShapeError, W.shape()[i] == xs[i + 1], "PReLUFunction: W's shape ", W.shape(),
                      " must match x.shape[1:", 1 + W.ndim(), "], x is ", xs);
        ws.push_back(W.shape()[i]);
    }
    while (ws.ndim() < x.ndim()) ws.push_back(1);
    const Variable wb = broadcast_to(reshape(W, ws), xs);
    return relu(x) - wb * relu(-x);
}

Variable maxout(const Variable& x, int64_t pool_size, int axis) {
    const int nd = x.ndim();
    const int ax = axis < 0 ? axis + nd : axis;
    CNET_CHECK_AS(ValueError, pool_size > 0, "maxout: pool_size must be positive, got ", pool_size);
    CNET_CHECK_AS(ValueError, ax >= 0 && ax < nd, "maxout: axis ", axis, " is out of range for ", nd, "-d input");
    CNET_CHECK_AS(ValueError, x.shape()[ax] % pool_size == 0, "maxout: x.shape[", ax, "] = ", x.shape()[ax],
                  " is not a multiple of pool_size ", pool_size);
    Shape s;
    for (int i = 0; i < nd; ++i) {
        if (i == ax) {
            s.push_back(x.shape()[i] / pool_size);
            s.push_back(pool_size);
        } else {
            s.push_back(x.shape()[i]);
        }
    }
    return max(reshape(x, s), ax + 1);
}

}  // namespace functions
}  // namespace cnet
