// optimizer.h — chainer.Optimizer and chainer.GradientMethod: the training-loop side of an optimizer
// (target link, step counts, hooks, serialization, hyperparameters by name).
//
//   cnet::optimizers::Adam optimizer;          // or std::make_shared<cnet::optimizers::Adam>()
//   optimizer.setup(model);                    // model: std::shared_ptr<Link>
//   optimizer.add_hook(cnet::optimizer_hooks::WeightDecay(1e-4));
//   optimizer.update([&] { return model->call({x, t}); });   // cleargrads, backward, update
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/links/link.h"
#include "cnet/optimizers/optimizer_hook.h"
#include "cnet/optimizers/update_rule.h"
#include "cnet/serializers/serializer.h"

namespace cnet {

/// chainer.Optimizer. Optimizers are neither copyable nor movable (their update rules refer to them):
/// construct them in place (`optimizers::Adam opt;`, `auto opt = optimizers::Adam(0.01);`) or with
/// std::make_shared.
class Optimizer {
public:
    Optimizer() = default;
    virtual ~Optimizer() = default;
    Optimizer(const Optimizer&) = delete;
    Optimizer& operator=(const Optimizer&) = delete;

    /// The link being optimized (None before setup).
    std::shared_ptr<Link> target;
    /// Number of update() calls.
    int64_t t = 0;
    /// Number of new_epoch() calls.
    int64_t epoch = 0;

    /// Sets `target` (and, for gradient methods, gives every parameter an update rule); returns this.
    virtual Optimizer& setup(std::shared_ptr<Link> link);

    /// One step with the gradients already computed.
    virtual void update() = 0;
    /// Chainer's update(lossfun): loss = lossfun(); target.cleargrads(); loss.backward(); update().
    void update(const std::function<Variable()>& lossfun);
    /// update(lossfun, *args): loss = lossfun(args...).
    template <typename F, typename A0, typename... Args>
    void update(F&& lossfun, A0&& arg0, Args&&... args) {
        update(std::function<Variable()>([&]() -> Variable {
            return std::forward<F>(lossfun)(std::forward<A0>(arg0), std::forward<Args>(args)...);
        }));
    }
    /// Increments `epoch` (called by updaters at epoch boundaries).
    void new_epoch();

    // ---- hooks (called in registration order)
    /// Registers `hook` under `name` (its own name when empty); timing "auto" takes the hook's timing.
    /// ValueError when the name is taken.
    void add_hook(std::shared_ptr<OptimizerHook> hook, const std::string& name = "", const std::string& timing = "auto");
    template <typename H, std::enable_if_t<std::is_base_of<OptimizerHook, std::decay_t<H>>::value, int> = 0>
    void add_hook(H&& hook, const std::string& name = "", const std::string& timing = "auto") {
        add_hook(std::shared_ptr<OptimizerHook>(std::make_shared<std::decay_t<H>>(std::forward<H>(hook))), name,
                 timing);
    }
    /// A plain function hook(optimizer) (Chainer accepts any callable); `name` is required.
    void add_hook(std::function<void(Optimizer&)> hook, const std::string& name, const std::string& timing = "pre");
    void remove_hook(const std::string& name);
    /// Runs the hooks registered for `timing` ("pre" or "post").
    void call_hooks(const std::string& timing = "pre");

    // ---- hyperparameters (for extensions such as ExponentialShift and observe_lr)
    /// The hyperparameter `name` ("lr", "alpha", "momentum", ...; Adam's "lr" is its effective rate).
    /// ValueError for an unknown name.
    virtual double get_hyperparam(const std::string& name) const;
    /// Sets the hyperparameter on the optimizer; every rule that has not overridden it follows.
    virtual void set_hyperparam(const std::string& name, double value);
    /// True when get_hyperparam(name) would succeed.
    bool has_hyperparam(const std::string& name) const;

    /// Gradients are divided by the loss scale before the update (Chainer's set_loss_scale); None disables.
    void set_loss_scale(std::optional<double> loss_scale) { loss_scale_ = loss_scale; }
    std::optional<double> loss_scale() const { return loss_scale_; }

    /// Saves/loads "t", "epoch" and every parameter's rule state under its path ("l1/W/m"); the target's
    /// parameters themselves are not saved (Chainer's layout).
    virtual void serialize(Serializer& serializer);

protected:
    struct HookEntry {
        std::string name;
        std::string timing;
        std::shared_ptr<OptimizerHook> hook;
        std::function<void(Optimizer&)> function;
    };
    std::vector<HookEntry> hooks_;
    std::optional<double> loss_scale_;
};

/// chainer.GradientMethod: an optimizer that updates each parameter through its UpdateRule.
class GradientMethod : public Optimizer {
public:
    /// Detaches the rules it created (they keep the current hyperparameter values).
    ~GradientMethod() override;

    Optimizer& setup(std::shared_ptr<Link> link) override;
    /// None grads -> zeros, divide by the loss scale, "pre" hooks, t += 1, every parameter's update(),
    /// "post" hooks.
    void update() override;
    using Optimizer::update;
    /// Gives every initialized parameter whose grad is None a zero gradient.
    void reallocate_cleared_grads();
    /// A new rule for one parameter, reading this optimizer's hyperparameters.
    virtual std::shared_ptr<UpdateRule> create_update_rule() = 0;
    /// Deprecated in Chainer (cleargrads is always used here).
    void use_cleargrads(bool use = true) { (void)use; }

private:
    std::shared_ptr<UpdateRule> rule_for(Parameter& param);
    std::vector<std::weak_ptr<UpdateRule>> created_rules_;
};

/// `optimizer = optimizers.SGD().setup(model)`: Chainer's setup returns the optimizer; in a .cnet program that is
/// the caller's own shared_ptr, of its own optimizer type.
template <typename O, std::enable_if_t<std::is_base_of<Optimizer, O>::value, int> = 0>
std::shared_ptr<O> setup(const std::shared_ptr<O>& optimizer, std::shared_ptr<Link> link) {
    optimizer->setup(std::move(link));
    return optimizer;
}

namespace optimizers {
namespace internal {

/// The rule side of a typed hyperparameter struct `Hp` (with a static `double* Hp::Field(Hp&, name)`):
/// reads the optimizer's struct until detached (Chainer's Hyperparameter parent chain, per rule).
template <typename Hp>
class HyperparamRule : public UpdateRule {
public:
    explicit HyperparamRule(const Hp* parent) : parent_(parent) {
        if (!parent_) own_ = Hp();
    }
    /// The values in effect for this rule.
    const Hp& hyperparam() const { return parent_ ? *parent_ : own_; }
    /// This rule's own values (detached from the optimizer first).
    Hp& mutable_hyperparam() {
        detach_hyperparam();
        return own_;
    }
    double get_hyperparam(const std::string& name) const override {
        Hp copy = hyperparam();
        if (double* f = Hp::Field(copy, name)) return *f;
        return UpdateRule::get_hyperparam(name);
    }
    void set_hyperparam(const std::string& name, double value) override {
        if (double* f = Hp::Field(mutable_hyperparam(), name)) {
            *f = value;
            return;
        }
        UpdateRule::set_hyperparam(name, value);
    }
    void detach_hyperparam() override {
        if (parent_) {
            own_ = *parent_;
            parent_ = nullptr;
        }
    }

private:
    const Hp* parent_;
    Hp own_;
};

/// The optimizer side: the hyperparameter struct is a public base (so `opt.lr = 0.1` works) and names map
/// to its fields.
template <typename Hp>
class HyperparamOptimizer : public Hp, public GradientMethod {
public:
    double get_hyperparam(const std::string& name) const override {
        Hp copy = *this;
        if (double* f = Hp::Field(copy, name)) return *f;
        return GradientMethod::get_hyperparam(name);
    }
    void set_hyperparam(const std::string& name, double value) override {
        if (double* f = Hp::Field(*this, name)) {
            *f = value;
            return;
        }
        GradientMethod::set_hyperparam(name, value);
    }
    const Hp& hyperparam() const { return *this; }
    Hp& hyperparam() { return *this; }
};

}  // namespace internal
}  // namespace optimizers
}  // namespace cnet
