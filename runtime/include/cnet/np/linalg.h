// linalg.h — NumPy matrix products: matmul (with stacking), dot, outer, tensordot.
#pragma once

#include "cnet/core/array.h"

namespace cnet {
namespace np {

/// numpy.matmul: 1-D operands are promoted to matrices and the added axis removed; >2-D operands are stacks
/// with broadcast batch dimensions. trans_a/trans_b transpose the last two axes first (Chainer's transa/transb).
Array matmul(const Array& a, const Array& b, bool trans_a = false, bool trans_b = false);
/// numpy.dot for 1-D and 2-D operands (scalar for two vectors).
Array dot(const Array& a, const Array& b);
Array outer(const Array& a, const Array& b);
/// numpy.tensordot with `axes` trailing axes of a contracted with the leading axes of b.
Array tensordot(const Array& a, const Array& b, int axes = 2);

}  // namespace np
}  // namespace cnet
