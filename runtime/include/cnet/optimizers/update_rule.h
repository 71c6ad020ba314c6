// update_rule.h — chainer.UpdateRule: the per-parameter half of an optimizer (state arrays, step count,
// per-parameter hooks); Parameter::update() applies it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/serializers/serializer.h"

namespace cnet {

/// Base of every optimizer's rule. Subclasses name their state arrays (state_keys) and implement
/// update_core; the state is created lazily at the first update (init_state), so parameters that are
/// initialized after setup() work.
class GradientMethod;

class UpdateRule {
public:
    /// A per-parameter hook, called as hook(rule, param) before update_core.
    using Hook = std::function<void(UpdateRule& rule, Parameter& param)>;

    UpdateRule() = default;
    virtual ~UpdateRule() = default;
    UpdateRule(const UpdateRule&) = delete;
    UpdateRule& operator=(const UpdateRule&) = delete;

    /// When false, update() does nothing (Link::disable_update).
    bool enabled = true;
    /// Number of updates applied through this rule.
    int64_t t = 0;

    /// Chainer's update(param): t += 1, lazy init_state, pre-update hooks, update_core. Parameters that are
    /// still uninitialized are skipped (t unchanged).
    void update(Parameter& param);
    /// One step on `param` with its current grad (no-op when the grad is None).
    virtual void update_core(Parameter& param) = 0;
    /// Names of the state arrays, in Chainer's order (e.g. {"m", "v"} for Adam).
    virtual std::vector<std::string> state_keys() const { return {}; }
    /// Creates the state arrays for `param` (initial_state for every key; loaded arrays that fit are kept).
    virtual void init_state(const Parameter& param);
    /// A fresh state array for `key` (zeros shaped like `param` by default).
    virtual Array initial_state(const std::string& key, const Parameter& param) const;

    /// Chainer's `state` dict: empty until the first update (or a load). Not for hot loops.
    bool has_state() const { return !state_.empty(); }
    Array& state(const std::string& key);
    const std::vector<std::pair<std::string, Array>>& states() const { return state_; }

    void add_hook(Hook hook, const std::string& name);
    void remove_hook(const std::string& name);

    /// Hyperparameters by name ("lr", "momentum", ...); reading falls through to the optimizer's value until
    /// set on this rule (Chainer's Hyperparameter parent chain). ValueError for an unknown name.
    virtual double get_hyperparam(const std::string& name) const;
    virtual void set_hyperparam(const std::string& name, double value);
    /// Freezes the hyperparameters at the optimizer's current values (the optimizer calls it when it dies).
    virtual void detach_hyperparam() {}

    /// Saves/loads `t` and the state arrays under the parameter's key (e.g. "l1/W/t", "l1/W/m"). Loading
    /// into a rule without state restores it with the stored arrays.
    virtual void serialize(Serializer& serializer);

protected:
    /// True when every state array is defined with `param`'s shape and dtype (else init_state runs).
    bool state_matches(const Parameter& param) const;
    /// The state array for state_keys()[i] (fast path for update_core).
    Array& state_at(size_t i) { return state_[i].second; }

    std::vector<std::pair<std::string, Array>> state_;

private:
    friend class GradientMethod;
    std::vector<std::pair<std::string, Hook>> hooks_;
    uint64_t update_mark_ = 0;  // the GradientMethod::update pass that last applied this rule
};

namespace internal {

/// The gradient of `param` as a C-contiguous array of the parameter's dtype (a copy only when needed);
/// undefined when the grad is None.
Array ContiguousGrad(const Parameter& param);
/// The grad of `param`, made safe to modify in place (contiguous, parameter dtype, not shared with another
/// variable or graph); stored back into the parameter when replaced. Undefined when the grad is None.
Array MutableGrad(Parameter& param);

}  // namespace internal
}  // namespace cnet
