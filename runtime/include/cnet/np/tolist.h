// tolist.h — ndarray.tolist() for generated code. NumPy gives nested Python lists of Python scalars whose type
// follows the array's dtype; a .cnet expression has one static type and cnetc does not track dtypes, so
// `a.tolist()` is typed list[int], the form Chainer programs use it in (token ids: seq2seq's BLEU references).
// Any other array (a float or bool dtype, not 1-d) is a TypeError that says what to write instead, never a
// silently converted value.
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace np {

/// a.tolist() of a 1-d integer array: its elements as ints. TypeError for any other dtype or shape.
std::vector<int64_t> tolist(const Array& a);

}  // namespace np
}  // namespace cnet
