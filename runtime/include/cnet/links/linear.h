// linear.h — chainer.links.Linear: a fully-connected layer y = x W^T + b with lazily inferred input size.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Linear(in_size, out_size=None, nobias=False, initialW=None, initial_bias=None).
/// W is (out_size, in_size), LeCunNormal by default; b is (out_size,), zeros by default (None with nobias).
/// With in_size None, W is created at the first call with in_size = prod(x.shape[1:]).
class Linear : public Link {
public:
    Linear(std::optional<int64_t> in_size, int64_t out_size, bool nobias = false,
           const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});
    /// Chainer's Linear(out_size): in_size is inferred from the first input.
    explicit Linear(int64_t out_size) : Linear(std::nullopt, out_size) {}

    /// x: (N, ...) flattened to (N, in_size); returns (N, out_size).
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    /// One argument: forward(args[0]).
    Variable call(const std::vector<Variable>& args) override;

    Parameter W;
    /// None when nobias.
    Parameter b;
    int64_t out_size;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
