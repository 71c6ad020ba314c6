// param_util.h — what the update rules and hooks need of a parameter before their fused kernel runs.
#pragma once

#include "cnet/core/variable.h"

namespace cnet {
namespace optimizers {
namespace internal {

/// The parameter's array, made C-contiguous in place when it is not (rare: a user-assigned view).
inline Array ContiguousParam(Parameter& param) {
    Array p = param.array();
    if (!p.is_contiguous()) {
        p = p.copy();
        param.set_array(p);
    }
    return p;
}

}  // namespace internal
}  // namespace optimizers
}  // namespace cnet
