// kernel_util.h — helpers for the fused update-rule kernels: blocked, optionally parallel loops over raw
// parameter buffers, and Eigen maps of one block.
//
// Note [Fused update kernels]
// Each rule makes one pass over memory: the buffers are walked in blocks of kBlock elements that stay in L1,
// and the rule's statements (Eigen array expressions, which allocate nothing and vectorize sqrt, unlike GCC
// loops under -fmath-errno) run on one block before the next is touched. Above kParallelThreshold elements
// the blocks are shared among OpenMP threads. Coefficients are computed in double and cast to the
// parameter's dtype, as NumPy does with a Python float and a float32 array.
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>

#include "cnet/core/dtype_dispatch.h"
#include "cnet/core/threading.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace optimizers {
namespace internal {

constexpr int64_t kParallelThreshold = 32768;
constexpr int64_t kBlock = 2048;

template <typename T>
using VecMap = Eigen::Map<Eigen::Array<T, Eigen::Dynamic, 1>>;
template <typename T>
using ConstVecMap = Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>;

/// Runs body(begin, end) over [0, n) block by block, on several threads when n > kParallelThreshold.
template <typename Body>
void ForEachBlock(int64_t n, const Body& body) {
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    const int threads = n > kParallelThreshold ? static_cast<int>(std::min<int64_t>(GetNumThreads(), blocks)) : 1;
    if (threads > 1) {
#pragma omp parallel for num_threads(threads) schedule(static)
        for (int64_t b = 0; b < blocks; ++b) body(b * kBlock, std::min(n, (b + 1) * kBlock));
    } else {
        for (int64_t b = 0; b < blocks; ++b) body(b * kBlock, std::min(n, (b + 1) * kBlock));
    }
}

/// The parameter's array, made C-contiguous in place when it is not (rare: a user-assigned view).
inline Array ContiguousParam(Parameter& param) {
    Array p = param.array();
    if (!p.is_contiguous()) {
        p = p.copy();
        param.set_array(p);
    }
    return p;
}

/// A mutable block [begin, end) of a contiguous array of T.
template <typename T>
VecMap<T> Block(const Array& a, int64_t begin, int64_t end) {
    return VecMap<T>(static_cast<T*>(a.raw_data()) + begin, end - begin);
}

template <typename T>
ConstVecMap<T> ConstBlock(const Array& a, int64_t begin, int64_t end) {
    return ConstVecMap<T>(static_cast<const T*>(a.raw_data()) + begin, end - begin);
}

}  // namespace internal
}  // namespace optimizers
}  // namespace cnet
