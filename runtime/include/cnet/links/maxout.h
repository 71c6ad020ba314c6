// maxout.h — chainer.links.Maxout: a Linear(in, out * pool) child `linear` followed by F.maxout.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// Maxout(in_size, out_size, pool_size, initialW=None, initial_bias=0): linear.W is (out * pool, in) (an array
/// initialW may be given as (out, pool, in), an array initial_bias as (out, pool)); initial_bias None means
/// no bias. forward(x) = maxout(linear(x), pool_size).
class Maxout : public Chain {
public:
    Maxout(int64_t in_size, int64_t out_size, int64_t pool_size, const initializers::InitializerArg& initialW = {},
           const initializers::InitializerArg& initial_bias = 0);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    std::shared_ptr<Linear> linear;
    int64_t out_size, pool_size;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
