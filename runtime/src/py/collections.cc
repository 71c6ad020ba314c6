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
    const Array values = a.astype(Dtype::kInt64);
    const int64_t* p = values.data<int64_t>();
    for (int64_t i = 0; i < values.size(); ++i) ++counter[p[i]];
}

Counter<int64_t> CounterOfArray(const Array& a) {
    Counter<int64_t> counter;
    CounterUpdateArray(counter, a);
    return counter;
}

}  // namespace py
}  // namespace cnet
