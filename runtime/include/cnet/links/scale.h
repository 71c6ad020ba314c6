// scale.h — chainer.links.Scale: F.scale with a learnt `W` (or a scale given at call time) and an optional
// Bias child `bias`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/links/bias.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Scale(axis=1, W_shape=None, bias_term=False, bias_shape=None): with W_shape, parameter W (ones) and
/// forward(x) = F.scale(x, W, axis); without, forward(x, y). bias_term adds a Bias(axis, W_shape or bias_shape)
/// child applied after the scale (bias_shape is required when W is not learnt).
class Scale : public Chain {
public:
    explicit Scale(int axis = 1, std::optional<Shape> W_shape = std::nullopt, bool bias_term = false,
                   std::optional<Shape> bias_shape = std::nullopt);
    Variable forward(const Variable& x);
    Variable forward(const Variable& x, const Variable& y);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable operator()(const Variable& x, const Variable& y) { return forward(x, y); }
    Variable call(const std::vector<Variable>& args) override;

    int axis;
    Parameter W;                  // None without W_shape
    std::shared_ptr<Bias> bias;   // null without bias_term

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
