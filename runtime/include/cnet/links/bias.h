// bias.h — chainer.links.Bias: F.bias with a learnt `b` or a bias given at call time.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Bias(axis=1, shape=None): with a shape, parameter b (zeros) and forward(x) = F.bias(x, b, axis); without,
/// forward(x, y) = F.bias(x, y, axis).
class Bias : public Link {
public:
    explicit Bias(int axis = 1, std::optional<Shape> shape = std::nullopt);
    Variable forward(const Variable& x);
    Variable forward(const Variable& x, const Variable& y);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable operator()(const Variable& x, const Variable& y) { return forward(x, y); }
    Variable call(const std::vector<Variable>& args) override;

    int axis;
    /// None without a shape.
    Parameter b;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
