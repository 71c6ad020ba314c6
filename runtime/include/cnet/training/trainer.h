// trainer.h — chainer.training.Trainer: the standard training loop (updates, extensions, snapshots).
//
//   auto updater = std::make_shared<training::updaters::StandardUpdater>(train_iter, optimizer);
//   training::Trainer trainer(updater, {20, "epoch"}, "result");
//   trainer.extend(std::make_shared<extensions::Evaluator>(test_iter, model));
//   trainer.extend(extensions::snapshot(), std::nullopt, {frequency, "epoch"});
//   trainer.extend(std::make_shared<extensions::LogReport>());
//   trainer.run();
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/reporter/reporter.h"
#include "cnet/training/extension.h"
#include "cnet/training/trigger.h"
#include "cnet/training/updater.h"

namespace cnet {

class Serializer;

namespace training {

/// Each iteration: a fresh `observation`; inside `reporter.scope(observation)`, `updater->update()` and then
/// every extension whose trigger fires, by descending priority (ties in registration order). The loop runs
/// while `stop_trigger` does not fire. Extensions' initialize() runs before the loop, finalize() and the
/// updater's finalize() after it, also when it ends by an exception (which is then rethrown).
///
/// The reporter's observers are each optimizer's target under the optimizer's name ("main") and the
/// target's descendants ("main/predictor", "main/predictor/l1", ...).
///
/// serialize() saves `updater/...`, `stop_trigger/...`, `extensions/<name>/...`,
/// `extension_triggers/<name>/...` and `_snapshot_elapsed_time` (Chainer's snapshot layout).
class Trainer {
public:
    /// `stop_trigger`: (period, unit), a trigger, or None (the training never stops).
    explicit Trainer(std::shared_ptr<Updater> updater, TriggerArg stop_trigger = {}, std::string out = "result",
                     std::vector<std::shared_ptr<Extension>> extensions = {});
    Trainer(const Trainer&) = delete;
    Trainer& operator=(const Trainer&) = delete;

    /// Registers an extension. `name` defaults to `extension->name`, then `extension->default_name()`; a
    /// taken name gets the suffix `_1`, `_2`, ... (the name "training" is refused). `trigger` defaults to the
    /// extension's `trigger`, `priority` to its `priority`.
    void extend(std::shared_ptr<Extension> extension, std::optional<std::string> name = std::nullopt,
                TriggerArg trigger = {}, std::optional<int> priority = std::nullopt);
    /// A function extension `f(trainer)` (Chainer accepts any callable); its default name is "<lambda>".
    void extend(std::function<void(Trainer&)> extension, std::optional<std::string> name = std::nullopt,
                TriggerArg trigger = {}, std::optional<int> priority = std::nullopt);

    /// The extension registered as `name` (ValueError "extension <name> not found").
    std::shared_ptr<Extension> get_extension(const std::string& name) const;
    template <typename T>
    std::shared_ptr<T> get_extension(const std::string& name) const {
        return std::dynamic_pointer_cast<T>(get_extension(name));
    }
    /// Names in registration order.
    std::vector<std::string> extension_names() const;

    /// Runs the training loop (once per trainer). With `show_loop_exception_msg` an exception in the loop is
    /// announced on stderr before the extensions are finalized.
    void run(bool show_loop_exception_msg = true);

    /// Seconds of training so far, including the time before a resume (RuntimeError before run()).
    double elapsed_time() const;

    void serialize(Serializer& serializer);

    std::shared_ptr<Updater> updater;
    std::shared_ptr<Trigger> stop_trigger;
    /// The observation of the current (or last) iteration.
    reporter::Observation observation;
    /// Output directory (created by run()).
    std::string out;
    reporter::Reporter reporter;

private:
    struct Entry {
        std::string name;
        std::shared_ptr<Extension> extension;
        std::shared_ptr<Trigger> trigger;
        int priority;
    };
    const Entry* find(const std::string& name) const;

    std::vector<Entry> extensions_;  // registration order
    bool done_ = false;
    std::optional<std::chrono::steady_clock::time_point> start_at_;
    double snapshot_elapsed_time_ = 0.0;
    double final_elapsed_time_ = 0.0;
};

}  // namespace training
}  // namespace cnet
