// updater.h — chainer.training.Updater: the interface of the object that runs one update per iteration.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace cnet {

class Optimizer;
class Serializer;

namespace training {

class Trainer;

/// What a Trainer needs from its updater. `iteration` is the number of completed updates; the epoch
/// properties usually come from the main iterator.
class Updater {
public:
    virtual ~Updater() = default;

    /// Called by the Trainer's constructor.
    virtual void connect_trainer(Trainer& trainer) {}
    /// Called at the end of the training loop (also after an exception).
    virtual void finalize() {}
    /// The optimizer registered under `name` (KeyError-like ValueError when absent).
    virtual std::shared_ptr<Optimizer> get_optimizer(const std::string& name) = 0;
    /// All optimizers by name (the Trainer registers each target as a reporter observer).
    virtual std::map<std::string, std::shared_ptr<Optimizer>> get_all_optimizers() = 0;
    /// Runs one update (data loading, forward, backward, the update formula).
    virtual void update() = 0;
    virtual void serialize(Serializer& serializer) = 0;

    virtual int64_t epoch() const = 0;
    virtual double epoch_detail() const = 0;
    /// None before the first iteration.
    virtual std::optional<double> previous_epoch_detail() const = 0;
    virtual bool is_new_epoch() const = 0;

    /// Number of completed updates.
    int64_t iteration = 0;
};

}  // namespace training
}  // namespace cnet
