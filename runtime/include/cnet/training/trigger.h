// trigger.h — chainer.training triggers: the Trigger interface, TriggerArg (Chainer's "a tuple or a
// trigger" argument) and get_trigger.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace cnet {

class Serializer;

namespace training {

class Trainer;

/// A trigger decides at each iteration whether an extension runs (or whether training stops).
class Trigger {
public:
    virtual ~Trigger() = default;
    /// True when the associated extension should be invoked in this iteration.
    virtual bool operator()(Trainer& trainer) = 0;
    /// Saves or loads the trigger's state (Chainer's optional `serialize`; the default has no state).
    virtual void serialize(Serializer& serializer) {}
    /// `(length, unit)` of a training stopped by this trigger (ProgressBar reads it); None when unknown.
    virtual class TriggerArg get_training_length() const;
};

/// A trigger from any callable `bool(Trainer&)` (Chainer accepts any callable as a trigger).
class LambdaTrigger : public Trigger {
public:
    explicit LambdaTrigger(std::function<bool(Trainer&)> fn) : fn_(std::move(fn)) {}
    bool operator()(Trainer& trainer) override { return fn_(trainer); }

private:
    std::function<bool(Trainer&)> fn_;
};

/// The `trigger` argument of Chainer's APIs: None, an interval spec `(period, unit)` or a trigger object.
///
///   trainer.extend(ext);                                     // None: the extension's default trigger
///   trainer.extend(ext, std::nullopt, {frequency, "epoch"}); // (frequency, 'epoch') -> IntervalTrigger
///   trainer.extend(ext, std::nullopt, std::make_shared<triggers::MinValueTrigger>("validation/main/loss"));
///
/// An interval spec is turned into a fresh IntervalTrigger by every get_trigger call, as Chainer does for
/// tuples, so one extension object extended twice does not share trigger state.
class TriggerArg {
public:
    /// None.
    TriggerArg() = default;
    TriggerArg(std::nullopt_t) {}  // NOLINT(runtime/explicit)
    /// (period, unit); unit is 'epoch' or 'iteration'. An integral period prints as an int ("20 epochs").
    template <typename Period, std::enable_if_t<std::is_arithmetic<Period>::value, int> = 0>
    TriggerArg(Period period, std::string unit)
        : is_interval_(true),
          period_(static_cast<double>(period)),
          period_is_integral_(std::is_integral<Period>::value),
          unit_(std::move(unit)) {}
    template <typename Period, std::enable_if_t<std::is_arithmetic<Period>::value, int> = 0>
    TriggerArg(const std::pair<Period, std::string>& spec)  // NOLINT(runtime/explicit)
        : TriggerArg(spec.first, spec.second) {}
    template <typename Period, std::enable_if_t<std::is_arithmetic<Period>::value, int> = 0>
    TriggerArg(const std::pair<Period, const char*>& spec)  // NOLINT(runtime/explicit)
        : TriggerArg(spec.first, std::string(spec.second)) {}
    /// A .cnet tuple `(period, unit)` held in a variable (Note [Trigger arguments] in compiler/sema/types.cc).
    template <typename Period, std::enable_if_t<std::is_arithmetic<Period>::value, int> = 0>
    TriggerArg(const std::tuple<Period, std::string>& spec)  // NOLINT(runtime/explicit)
        : TriggerArg(std::get<0>(spec), std::get<1>(spec)) {}
    /// A trigger object (shared: its state is the object's).
    template <typename T, std::enable_if_t<std::is_base_of<Trigger, T>::value, int> = 0>
    TriggerArg(std::shared_ptr<T> trigger)  // NOLINT(runtime/explicit)
        : trigger_(std::move(trigger)) {}
    /// Any callable `bool(Trainer&)`.
    template <typename F,
              std::enable_if_t<std::is_invocable_r<bool, F&, Trainer&>::value &&
                                   !std::is_same<std::decay_t<F>, TriggerArg>::value,
                               int> = 0>
    TriggerArg(F fn)  // NOLINT(runtime/explicit)
        : trigger_(std::make_shared<LambdaTrigger>(std::function<bool(Trainer&)>(std::move(fn)))) {}

    bool is_none() const { return !is_interval_ && !trigger_; }
    bool is_interval() const { return is_interval_; }
    double period() const { return period_; }
    bool period_is_integral() const { return period_is_integral_; }
    const std::string& unit() const { return unit_; }
    const std::shared_ptr<Trigger>& trigger() const { return trigger_; }
    /// Python's repr of the argument: "(1, 'epoch')", "None" or "<trigger>".
    std::string repr() const;

private:
    bool is_interval_ = false;
    double period_ = 0;
    bool period_is_integral_ = true;
    std::string unit_;
    std::shared_ptr<Trigger> trigger_;
};

/// print() / str() of a .cnet name holding a trigger argument: the tuple as Python prints it, a trigger object
/// as other library objects print (`<object at 0x...>`), or None.
std::string str(const TriggerArg& trigger);

/// chainer.training.get_trigger: a trigger object is returned as is, (period, unit) becomes a new
/// IntervalTrigger, and None becomes a trigger that never fires.
std::shared_ptr<Trigger> get_trigger(const TriggerArg& trigger);

}  // namespace training
}  // namespace cnet
