// walker_alias.h — chainer.utils.WalkerAlias: O(1) sampling from a discrete distribution (Walker's alias
// method), the sampler behind L.NegativeSampling.
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace utils {

class WalkerAlias {
public:
    /// probs: unnormalized probabilities of the values 0..n-1 (normalized here).
    explicit WalkerAlias(const std::vector<double>& probs);
    /// probs as a 1-d array (Chainer's form: word2vec passes np.array(counts) ** power).
    explicit WalkerAlias(const Array& probs);
    /// int32 samples of the given shape, drawn with numpy.random's generator.
    Array sample(const Shape& shape) const;
    Array operator()(const Shape& shape) const { return sample(shape); }

    /// Chainer's tables: the threshold of each bucket and its two values (values[2 i], values[2 i + 1]).
    std::vector<float> threshold;
    std::vector<int32_t> values;
};

}  // namespace utils
}  // namespace cnet
