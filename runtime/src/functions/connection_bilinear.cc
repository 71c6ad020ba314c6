// connection_bilinear.cc — F.bilinear composed of differentiable functions: the outer product of e1 and e2
// per example, flattened, times W reshaped to (J K, L), plus the linear terms.
#include <string>

#include "cnet/core/error.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"

namespace cnet {
namespace functions {

Variable bilinear(const Variable& e1_in, const Variable& e2_in, const Variable& W, const Variable& V1,
                  const Variable& V2, const Variable& b) {
    const Variable e1 = e1_in.ndim() > 2 ? reshape(e1_in, Shape{e1_in.shape()[0], -1}) : e1_in;
    const Variable e2 = e2_in.ndim() > 2 ? reshape(e2_in, Shape{e2_in.shape()[0], -1}) : e2_in;
    CNET_CHECK_AS(ShapeError, e1.ndim() == 2 && e2.ndim() == 2 && W.ndim() == 3, "BilinearFunction: expected 2-D ",
                  "e1 and e2 and a 3-D W, got ", e1.shape(), ", ", e2.shape(), " and ", W.shape());
    const int64_t batch = e1.shape()[0], J = e1.shape()[1], K = e2.shape()[1], L = W.shape()[2];
    CNET_CHECK_AS(ShapeError, e2.shape()[0] == batch && W.shape()[0] == J && W.shape()[1] == K,
                  "BilinearFunction: e1 ", e1.shape(), " and e2 ", e2.shape(), " do not fit W ", W.shape());
    const bool linear_terms = V1.defined() || V2.defined() || b.defined();
    CNET_CHECK_AS(ValueError, !linear_terms || (V1.defined() && V2.defined() && b.defined()),
                  "BilinearFunction: V1, V2 and b must be given together");
    // (B, J, 1) * (B, 1, K) -> (B, J K) @ (J K, L)
    const Variable outer = broadcast_to(reshape(e1, Shape{batch, J, 1}), Shape{batch, J, K}) *
                           broadcast_to(reshape(e2, Shape{batch, 1, K}), Shape{batch, J, K});
    Variable y = matmul(reshape(outer, Shape{batch, J * K}), reshape(W, Shape{J * K, L}), false, false);
    if (linear_terms) {
        CNET_CHECK_AS(ShapeError, V1.shape() == (Shape{J, L}) && V2.shape() == (Shape{K, L}) && b.shape() == Shape{L},
                      "BilinearFunction: V1 ", V1.shape(), ", V2 ", V2.shape(), " and b ", b.shape(),
                      " must be (", J, ", ", L, "), (", K, ", ", L, ") and (", L, ",)");
        y = y + matmul(e1, V1, false, false) + matmul(e2, V2, false, false) + broadcast_to(reshape(b, Shape{1, L}), Shape{batch, L});
    }
    return y;
}

}  // namespace functions
}  // namespace cnet
