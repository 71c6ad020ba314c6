// tolist.cc — ndarray.tolist() of a 1-d integer array (see cnet/np/tolist.h).
#include "cnet/np/tolist.h"

#include "cnet/py/errors.h"

namespace cnet {
namespace np {

std::vector<int64_t> tolist(const Array& a) {
    if (!IsInteger(a.dtype()) || a.ndim() != 1) {
        throw py::TypeError(internal::StrCat(
            "ndarray.tolist(): cnet types the result as list[int], which needs a 1-d integer array; this array is ",
            DtypeName(a.dtype()), " of shape ", a.shape(),
            " (for floats write [float(v) for v in a], for a 2-d array [r.tolist() for r in a])"));
    }
    return a.to_vector<int64_t>();
}

}  // namespace np
}  // namespace cnet
