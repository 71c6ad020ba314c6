// order_sampler.h — chainer.iterators.OrderSampler / ShuffleOrderSampler: the order of an epoch's examples.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "cnet/core/random.h"

namespace cnet {
namespace iterators {

/// order_sampler(current_order, current_position) -> the next epoch's order (same length).
using OrderSampler = std::function<std::vector<int64_t>(const std::vector<int64_t>& current_order,
                                                        int64_t current_position)>;

/// ShuffleOrderSampler(random_state=None): a uniformly random permutation of the current order (Fisher-Yates
/// from the back, like numpy.random.permutation). Without a seed it draws from cnet::random's default
/// generator, so CNET_SEED (or np::random::seed) makes the epochs reproducible; with one it owns a generator.
class ShuffleOrderSampler {
public:
    explicit ShuffleOrderSampler(std::optional<uint64_t> seed = std::nullopt);
    std::vector<int64_t> operator()(const std::vector<int64_t>& current_order, int64_t current_position) const;
    /// The sampler's own generator (null when it draws from the default one); iterators snapshot its state.
    random::Generator* generator() const { return generator_.get(); }

private:
    std::shared_ptr<random::Generator> generator_;  // null: the default generator
};

}  // namespace iterators
}  // namespace cnet
