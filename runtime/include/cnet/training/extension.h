// extension.h — chainer.training.Extension, the priorities and make_extension.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "cnet/training/trigger.h"

namespace cnet {

class Serializer;

namespace training {

class Trainer;

/// Extensions that write records to the observation (e.g. Evaluator).
constexpr int PRIORITY_WRITER = 300;
/// Extensions that edit already reported values (e.g. MicroAverage).
constexpr int PRIORITY_EDITOR = 200;
/// Extensions that only read the observation (the default).
constexpr int PRIORITY_READER = 100;

/// A trainer extension: called after each update whose trigger fires. The attributes `trigger`, `priority`
/// and `name` are Chainer's class attributes; `Trainer::extend` reads them when its arguments are omitted.
class Extension {
public:
    virtual ~Extension() = default;

    /// Invokes the extension.
    virtual void operator()(Trainer& trainer) = 0;
    /// Called before the training loop (also responsible for restoring state after a resume).
    virtual void initialize(Trainer& trainer) {}
    /// Called after the training loop (also when it is left by an exception).
    virtual void finalize() {}
    virtual void serialize(Serializer& serializer) {}
    /// The name used when extend() is given none: the class name in Chainer.
    virtual std::string default_name() const = 0;

    /// Default trigger: (1, 'iteration').
    TriggerArg trigger{1, "iteration"};
    /// Default priority: PRIORITY_READER.
    int priority = PRIORITY_READER;
    /// Set by Trainer::extend (the registered name, with an ordinal suffix for duplicates).
    std::optional<std::string> name;
};

/// An extension made of functions (Chainer's `@make_extension` on a function `f(trainer)`).
class LambdaExtension : public Extension {
public:
    LambdaExtension(std::function<void(Trainer&)> fn, std::string default_name);
    void operator()(Trainer& trainer) override { fn_(trainer); }
    void initialize(Trainer& trainer) override {
        if (initializer) initializer(trainer);
    }
    void finalize() override {
        if (finalizer) finalizer();
    }
    std::string default_name() const override { return default_name_; }

    std::function<void(Trainer&)> initializer;
    std::function<void()> finalizer;

private:
    std::function<void(Trainer&)> fn_;
    std::string default_name_;
};

/// chainer.training.make_extension(trigger=None, default_name=None, priority=None, finalizer=None,
/// initializer=None) applied to `fn`. A None trigger keeps (1, 'iteration'), a None priority
/// PRIORITY_READER; the default name defaults to "extension" (Python would use the function's __name__).
std::shared_ptr<LambdaExtension> make_extension(std::function<void(Trainer&)> fn, TriggerArg trigger = {},
                                                std::optional<std::string> default_name = std::nullopt,
                                                std::optional<int> priority = std::nullopt,
                                                std::function<void()> finalizer = nullptr,
                                                std::function<void(Trainer&)> initializer = nullptr);

}  // namespace training
}  // namespace cnet
