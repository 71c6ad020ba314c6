// sum.h — Python's builtin sum() over any sequence's items (a list's, a set's), shared by builtins.h and set.h.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace py {

/// sum(xs): Python's 0 + x0 + x1 + ..., from the int 0: bools add up to an int (`sum(p == t for ...)`), and
/// Variables to `0 + v0` (Chainer's AddConstant). No items give the int 0 (a constant Variable holding it).
template <typename It>
auto sum_range(It first, It last) {
    using T = std::decay_t<decltype(*first)>;
    using R = std::decay_t<decltype(int64_t{0} + std::declval<const T&>())>;
    if (first == last) {
        if constexpr (std::is_same<R, Variable>::value)
            return Variable(Array::FromScalar(int64_t{0}, Dtype::kInt64), false);
        else return R(0);
    }
    R total = int64_t{0} + *first;
    for (++first; first != last; ++first) total = total + *first;
    return total;
}

}  // namespace py
}  // namespace cnet
