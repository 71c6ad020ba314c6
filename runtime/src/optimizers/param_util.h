// param_util.h — what the update rules and hooks need of a parameter before their fused kernel runs.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <vector>

#include "cnet/core/grad_rows.h"
#include "cnet/core/variable.h"
#include "cnet/kernels/optimizer.h"
#include "cnet/np/indexing.h"

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

/// See Note [Row-sparse gradients]: when the grad of a 2-D parameter is known to be zero outside some rows,
/// runs the update on each of those rows (views of p, g and the state arrays) and returns true; returns false,
/// doing nothing, otherwise. Only for rules that leave an entry with a zero gradient unchanged.
inline bool UpdateSparseRows(kernels::UpdateRule rule, const kernels::UpdateArgs& args, const Parameter& param,
                             const Array& p, const Array& g, std::initializer_list<Array> state) {
    const std::shared_ptr<const std::vector<int64_t>> recorded = cnet::internal::GradRows(param.impl());
    if (!recorded || p.ndim() != 2) return false;
    std::vector<int64_t> rows(*recorded);
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::vector<Array> state_rows(state.size());
    for (int64_t r : rows) {
        size_t k = 0;
        for (const Array& s : state) state_rows[k++] = s[r];
        kernels::Update(rule, args, p[r], g[r], state_rows.empty() ? nullptr : state_rows.data());
    }
    return true;
}

}  // namespace internal
}  // namespace optimizers
}  // namespace cnet
