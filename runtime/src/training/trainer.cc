// trainer.cc — Trainer: extension registry, the training loop, elapsed time and snapshots.
#include "cnet/training/trainer.h"

#include <algorithm>
#include <cmath>
#include <iostream>

#include "cnet/core/error.h"
#include "cnet/core/source_location.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/training/output_rank.h"
#include "cnet/serializers/random_state.h"
#include "cnet/serializers/serializer.h"
#include "training/internal.h"

namespace cnet {
namespace training {

Trainer::Trainer(std::shared_ptr<Updater> updater_, TriggerArg stop_trigger_, std::string out_,
                 std::vector<std::shared_ptr<Extension>> extensions)
    : updater(std::move(updater_)), stop_trigger(get_trigger(stop_trigger_)), out(std::move(out_)) {
    CNET_CHECK_AS(ValueError, updater != nullptr, "Trainer: updater is None");
    for (const auto& [name, optimizer] : updater->get_all_optimizers()) {
        if (!optimizer || !optimizer->target) continue;
        reporter.add_observer(name, optimizer->target.get());
        std::vector<std::pair<std::string, const void*>> links;
        for (const auto& [path, link] : optimizer->target->namedlinks(/*skipself=*/true)) {
            links.emplace_back(path, link);
        }
        reporter.add_observers(name, links);
    }
    updater->connect_trainer(*this);
    for (auto& ext : extensions) extend(ext);
}

void Trainer::extend(std::shared_ptr<Extension> extension, std::optional<std::string> name, TriggerArg trigger,
                     std::optional<int> priority) {
    CNET_CHECK_AS(ValueError, extension != nullptr, "Trainer.extend: extension is None");
    // Only rank 0 of a data-parallel job prints and writes files (Note [Rank-0 output]).
    if (skips_output_extensions() && is_output_extension(extension->default_name())) return;
    std::string base = name ? *name : extension->name ? *extension->name : extension->default_name();
    CNET_CHECK_AS(ValueError, base != "training", "the name \"training\" is prohibited as an extension name");
    if (trigger.is_none()) trigger = extension->trigger;
    int prio = priority ? *priority : extension->priority;

    std::string modified = base;
    for (int ordinal = 1; find(modified) != nullptr; ++ordinal) modified = base + "_" + std::to_string(ordinal);
    extension->name = modified;
    extensions_.push_back(Entry{modified, std::move(extension), get_trigger(trigger), prio});
}

void Trainer::extend(std::function<void(Trainer&)> extension, std::optional<std::string> name, TriggerArg trigger,
                     std::optional<int> priority) {
    extend(std::make_shared<LambdaExtension>(std::move(extension), "<lambda>"), std::move(name), std::move(trigger),
           priority);
}

const Trainer::Entry* Trainer::find(const std::string& name) const {
    for (const auto& e : extensions_) {
        if (e.name == name) return &e;
    }
    return nullptr;
}

std::shared_ptr<Extension> Trainer::get_extension(const std::string& name) const {
    const Entry* e = find(name);
    CNET_CHECK_AS(ValueError, e != nullptr, "extension ", name, " not found");
    return e->extension;
}

std::vector<std::string> Trainer::extension_names() const {
    std::vector<std::string> names;
    for (const auto& e : extensions_) names.push_back(e.name);
    return names;
}

double Trainer::elapsed_time() const {
    if (done_) return final_elapsed_time_;
    CNET_CHECK(start_at_.has_value(), "training has not been started yet");
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - *start_at_).count() +
           snapshot_elapsed_time_;
}

void Trainer::run(bool show_loop_exception_msg) {
    CNET_CHECK(!done_, "cannot run training loop multiple times");
    internal::MakeDirs(out);

    // sort extensions by priorities (stable: ties keep the registration order)
    std::vector<const Entry*> order;
    for (const auto& e : extensions_) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(),
                     [](const Entry* a, const Entry* b) { return a->priority > b->priority; });

    start_at_ = std::chrono::steady_clock::now();
    for (const Entry* e : order) e->extension->initialize(*this);

    auto finalize_all = [&] {
        for (const Entry* e : order) e->extension->finalize();
        updater->finalize();
    };
    // An error raised by the loop itself names the .cnet line of trainer.run(), not the last model line that ran:
    // the location goes back to the caller's after each callback into user code (the model inside the update,
    // extensions) returns. A callback that throws keeps its own line.
    const SourceLocation caller = current_source_location();
    try {
        while (!(*stop_trigger)(*this)) {
            observation = reporter::Observation();
            auto scope = reporter.scope(observation);
            updater->update();
            current_source_location() = caller;
            for (const Entry* e : order) {
                if ((*e->trigger)(*this)) (*e->extension)(*this);
                current_source_location() = caller;
            }
        }
    } catch (...) {
        if (show_loop_exception_msg) {
            // shown here, as it would look like a hang if a finalize method below deadlocked (Chainer)
            std::string what = "unknown exception";
            try {
                throw;
            } catch (const std::exception& ex) {
                what = ex.what();
            } catch (...) {
            }
            std::cerr << "Exception in main training loop: " << what << "\n"
                      << "Will finalize trainer extensions and updater before reraising the exception.\n";
        }
        finalize_all();
        throw;
    }
    finalize_all();
    final_elapsed_time_ = elapsed_time();
    done_ = true;
}

void Trainer::serialize(Serializer& serializer) {
    updater->serialize(*serializer["updater"]);
    stop_trigger->serialize(*serializer["stop_trigger"]);
    auto s = serializer["extensions"];
    auto t = serializer["extension_triggers"];
    for (auto& e : extensions_) {
        e.extension->serialize(*(*s)[e.name]);
        e.trigger->serialize(*(*t)[e.name]);
    }
    if (serializer.is_loading()) {
        double value = 0.0;
        serializer.serialize("_snapshot_elapsed_time", value);
        CNET_CHECK_AS(SerializationError, std::isfinite(value) && value >= 0,
                      "Trainer: the snapshot's _snapshot_elapsed_time ", value, " is not a non-negative number");
        snapshot_elapsed_time_ = value;
    } else {
        double value = start_at_ || done_ ? elapsed_time() : snapshot_elapsed_time_;
        serializer.serialize("_snapshot_elapsed_time", value);
    }
    // The default generator (shuffling, dropout, initializers) continues where the snapshot left it, so a resumed
    // run with a fixed seed repeats the uninterrupted one exactly. Chainer never asks for this key.
    serializers::serialize_default_random_state(serializer, "_random_state");
}

}  // namespace training
}  // namespace cnet
