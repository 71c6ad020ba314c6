// axis.cc — normalization of axis arguments.
#include "cnet/core/axis.h"

#include <algorithm>

namespace cnet {

Dims OptionalAxis::Normalize(int ndim) const {
    Dims out;
    if (!has_value_) {
        for (int i = 0; i < ndim; ++i) out.push_back(i);
        return out;
    }
    for (int64_t a : axes_) out.push_back(NormalizeAxis(a, ndim));
    std::sort(out.begin(), out.end());
    for (int i = 1; i < out.ndim(); ++i)
        CNET_CHECK_AS(ValueError, out[i] != out[i - 1], "duplicate value in 'axis'");
    return out;
}

}  // namespace cnet
