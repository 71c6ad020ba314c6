// collections.cc — Counter of an ndarray: Python iterates a 1-d array as NumPy scalars, which count as ints.
#include "cnet/py/collections.h"

namespace cnet {
namespace py {

void CounterUpdateArray(Counter<int64_t>& counter, const Array& a) {
    if (a.ndim() != 1 || !IsInteger(a.dtype())) {
        throw ValueError(
            "collections.Counter of an ndarray counts the elements of a 1-d integer array in .cnet, got a " +
            std::to_string(a.ndim()) + "-d " + DtypeName(a.dtype()) + " array");
    }
    // to_vector brings the elements to the host (the device seam: no raw element reads outside the backends).
    for (const int64_t v : a.to_vector<int64_t>()) ++counter[v];
}

Counter<int64_t> CounterOfArray(const Array& a) {
    Counter<int64_t> counter;
    CounterUpdateArray(counter, a);
    return counter;
}

}  // namespace py
}  // namespace cnet
