// swish.h — chainer.links.Swish: a learnable beta for F.swish.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Swish(beta_shape, beta_init=1.0): parameter beta of `beta_shape`, filled with beta_init; beta_shape None
/// defers beta to the first call (x.shape[1:]). forward(x) = F.swish(x, beta).
class Swish : public Link {
public:
    explicit Swish(const std::optional<Shape>& beta_shape, double beta_init = 1.0);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    Parameter beta;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
