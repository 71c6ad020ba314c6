// gru.h — chainer.links.StatelessGRU, StatefulGRU and GRU (an alias of StatefulGRU): children W_r, U_r, W_z,
// U_z, W, U (Linear), r = sigmoid(W_r x + U_r h), z = sigmoid(W_z x + U_z h), h_bar = tanh(W x + U (r h)),
// h_new = z h_bar + (1 - z) h.
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

/// The six Linear children; `init` for the W_*, `inner_init` for the U_*, `bias_init` for every bias.
class GRUBase : public Chain {
public:
    std::shared_ptr<Linear> W_r, U_r, W_z, U_z, W, U;
    int64_t state_size;

protected:
    GRUBase(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init,
            const initializers::InitializerArg& inner_init, const initializers::InitializerArg& bias_init);
    /// Re-points the typed children at the cloned ones (after a member-wise copy).
    void clone_children(const std::string& mode);
};

/// StatelessGRU(in_size, out_size, init=None, inner_init=None, bias_init=None): forward(h, x) -> h_new.
class StatelessGRU : public GRUBase {
public:
    StatelessGRU(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init = {},
                 const initializers::InitializerArg& inner_init = {}, const initializers::InitializerArg& bias_init = {});
    Variable forward(const Variable& h, const Variable& x);
    Variable operator()(const Variable& h, const Variable& x) { return forward(h, x); }
    Variable call(const std::vector<Variable>& args) override;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// StatefulGRU(in_size, out_size, init=None, inner_init=None, bias_init=0): forward(x) updates and returns h;
/// the first step after reset_state() has no recurrent term (h_new = z h_bar).
class StatefulGRU : public GRUBase {
public:
    StatefulGRU(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init = {},
                const initializers::InitializerArg& inner_init = {}, const initializers::InitializerArg& bias_init = 0);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;
    void reset_state() { h = Variable(); }
    void set_state(const Variable& h_new) { h = h_new; }

    Variable h;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// GRU: StatefulGRU under Chainer's v2+ name.
class GRU : public StatefulGRU {
public:
    using StatefulGRU::StatefulGRU;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
