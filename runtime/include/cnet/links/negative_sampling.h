// negative_sampling.h — chainer.links.NegativeSampling: W (V, in) (zeros) and a WalkerAlias sampler over the
// word counts raised to `power`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/link.h"
#include "cnet/utils/walker_alias.h"

namespace cnet {
namespace links {

/// NegativeSampling(in_size, counts, sample_size, power=0.75): forward(x, t, reduce='sum') =
/// F.negative_sampling(x, t, W, sampler.sample, sample_size, reduce).
class NegativeSampling : public Link {
public:
    NegativeSampling(int64_t in_size, const std::vector<double>& counts, int64_t sample_size, double power = 0.75);
    /// Integer counts (a .cnet list of ints).
    NegativeSampling(int64_t in_size, const std::vector<int64_t>& counts, int64_t sample_size, double power = 0.75)
        : NegativeSampling(in_size, std::vector<double>(counts.begin(), counts.end()), sample_size, power) {}
    Variable forward(const Variable& x, const Variable& t, const std::string& reduce = "sum");
    Variable operator()(const Variable& x, const Variable& t, const std::string& reduce = "sum") {
        return forward(x, t, reduce);
    }
    Variable call(const std::vector<Variable>& args) override;

    Parameter W;
    int64_t sample_size;
    std::shared_ptr<utils::WalkerAlias> sampler;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
