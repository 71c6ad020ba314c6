// mgu.h — chainer.links.StatelessMGU and StatefulMGU (minimal gated units): children W_f and W_h, both
// Linear(in + out, out); f = sigmoid(W_f [h, x]), h_bar = tanh(W_h [f h, x]), h_new = f h_bar + (1 - f) h.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// The two Linear children and the step both MGUs share.
class MGUBase : public Chain {
public:
    std::shared_ptr<Linear> W_f, W_h;
    int64_t state_size;

protected:
    MGUBase(int64_t n_inputs, int64_t n_units);
    Variable step(const Variable& h, const Variable& x);
    /// Re-points the typed children at the cloned ones (after a member-wise copy).
    void clone_children(const std::string& mode);
};

/// StatelessMGU(n_inputs, n_units): forward(h, x) -> h_new.
class StatelessMGU : public MGUBase {
public:
    StatelessMGU(int64_t n_inputs, int64_t n_units) : MGUBase(n_inputs, n_units) {}
    Variable forward(const Variable& h, const Variable& x) { return step(h, x); }
    Variable operator()(const Variable& h, const Variable& x) { return forward(h, x); }
    Variable call(const std::vector<Variable>& args) override;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// StatefulMGU(in_size, out_size): forward(x) updates and returns h; after reset_state() h starts as zeros
/// (batch, out_size), as in Chainer (unlike StatefulGRU, the first step keeps its recurrent term).
class StatefulMGU : public MGUBase {
public:
    StatefulMGU(int64_t in_size, int64_t out_size) : MGUBase(in_size, out_size) {}
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;
    void reset_state() { h = Variable(); }
    void set_state(const Variable& h_new) { h = h_new; }
    Variable h;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
