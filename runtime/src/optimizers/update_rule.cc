// update_rule.cc — UpdateRule (state, hooks, serialization), Parameter::update, and grad access helpers.
#include "cnet/optimizers/update_rule.h"

#include <algorithm>

#include "cnet/core/function_node.h"
#include "cnet/core/grad_rows.h"

namespace cnet {

void Parameter::update() {
    if (std::shared_ptr<UpdateRule> rule = update_rule()) rule->update(*this);
}

namespace internal {

Array ContiguousGrad(const Parameter& param) {
    Array g = param.grad();
    if (!g.defined()) return g;
    const Dtype dtype = param.dtype();
    if (g.dtype() != dtype) return g.astype(dtype);
    return g.as_contiguous();
}

Array MutableGrad(Parameter& param) {
    VariableImpl* v = param.impl();
    ForgetGradRows(v);  // the caller changes the grad in place (Note [Row-sparse gradients])
    if (!v->grad.defined() || !v->grad.array().defined()) return Array();
    const Array& g = v->grad.array();
    // Exclusively owned: one reference to the grad variable (ours), one to its storage (the grad's array).
    const bool exclusive = v->grad.impl_ptr().use_count() == 1 && !v->grad.impl()->creator &&
                           g.storage().use_count() == 1 &&
                           g.is_contiguous() && g.dtype() == param.dtype() && g.offset() == 0 &&
                           g.nbytes() == g.storage()->nbytes();
    if (exclusive) return g;
    Array copy = g.astype(param.dtype(), /*copy=*/true).as_contiguous();
    param.set_grad(copy);
    return copy;
}

}  // namespace internal

void UpdateRule::update(Parameter& param) {
    if (!enabled || !param.is_initialized()) return;
    t += 1;
    if (!state_matches(param)) init_state(param);
    for (auto& [name, hook] : hooks_) hook(*this, param);
    update_core(param);
}

void UpdateRule::init_state(const Parameter& param) {
    const std::vector<std::string> keys = state_keys();
    std::vector<std::pair<std::string, Array>> fresh;
    fresh.reserve(keys.size());
    for (const std::string& key : keys) {
        // Keep a loaded state array when it fits (possibly after a dtype cast).
        Array a;
        auto it = std::find_if(state_.begin(), state_.end(), [&](const auto& e) { return e.first == key; });
        if (it != state_.end() && it->second.defined() && it->second.shape() == param.shape()) {
            // A snapshot loads host arrays: they follow the parameter to its device.
            a = it->second.to_device(param.device());
            a = a.dtype() == param.dtype() ? a.as_contiguous() : a.astype(param.dtype());
        } else {
            a = initial_state(key, param);
        }
        fresh.emplace_back(key, a);
    }
    state_ = std::move(fresh);
}

Array UpdateRule::initial_state(const std::string&, const Parameter& param) const {
    return Array::Zeros(param.shape(), param.dtype(), param.device());
}

bool UpdateRule::state_matches(const Parameter& param) const {
    const std::vector<std::string> keys = state_keys();
    if (state_.size() != keys.size()) return false;
    for (size_t i = 0; i < keys.size(); ++i) {
        const Array& a = state_[i].second;
        if (state_[i].first != keys[i] || !a.defined() || a.shape() != param.shape() || a.dtype() != param.dtype() ||
            a.device() != param.device() || !a.is_contiguous())
            return false;
    }
    return true;
}

Array& UpdateRule::state(const std::string& key) {
    auto it = std::find_if(state_.begin(), state_.end(), [&](const auto& e) { return e.first == key; });
    CNET_CHECK_AS(ValueError, it != state_.end(), "the update rule has no state '", key, "'");
    return it->second;
}

void UpdateRule::add_hook(Hook hook, const std::string& name) {
    CNET_CHECK_AS(ValueError, !name.empty(), "a name is required for an update-rule hook");
    for (const auto& entry : hooks_) CNET_CHECK_AS(ValueError, entry.first != name, "hook ", name, " already exists");
    hooks_.emplace_back(name, std::move(hook));
}

void UpdateRule::remove_hook(const std::string& name) {
    auto it = std::find_if(hooks_.begin(), hooks_.end(), [&](const auto& e) { return e.first == name; });
    CNET_CHECK_AS(ValueError, it != hooks_.end(), "no hook named '", name, "'");
    hooks_.erase(it);
}

double UpdateRule::get_hyperparam(const std::string& name) const {
    throw ValueError(internal::StrCat("the update rule has no hyperparameter '", name, "'"));
}

void UpdateRule::set_hyperparam(const std::string& name, double) {
    throw ValueError(internal::StrCat("the update rule has no hyperparameter '", name, "'"));
}

void UpdateRule::serialize(Serializer& serializer) {
    serializer.serialize("t", t);
    if (state_.empty()) {
        if (!serializer.is_loading()) return;  // Chainer saves only `t` before the first update
        for (const std::string& key : state_keys()) state_.emplace_back(key, Array());
    }
    for (auto& [key, value] : state_) serializer.serialize(key, value);
}

}  // namespace cnet
