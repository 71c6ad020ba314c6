// snapshot.h — chainer.training.extensions.snapshot and snapshot_object: save the trainer (or any object)
// to `<out>/<filename>`, the filename being a Python format string over the trainer.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "cnet/serializers/npz.h"
#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {
namespace internal {

/// The snapshot extension: `save(path)` writes the object to `path`; the filename template is formatted
/// with the trainer (`{.updater.iteration}`, `{.updater.epoch}`, ...). Written into a temporary directory
/// under `out` and renamed into place, so an interrupted save never leaves a partial file.
std::shared_ptr<LambdaExtension> MakeSnapshot(std::function<void(const std::string& path, Trainer& trainer)> save,
                                              const std::string& filename, const std::string& default_name);

}  // namespace internal

/// A trainer's savefun: savefun(path, trainer) (Chainer's default: save_npz).
using TrainerSaveFun = std::function<void(const std::string&, Trainer&)>;

/// Serializes the whole trainer (updater, stop trigger, extensions) to
/// `<out>/<filename.format(trainer)>`. Trigger (1, 'epoch'), priority -100. Resume with
/// `serializers::load_npz(path, trainer)`.
std::shared_ptr<LambdaExtension> snapshot(TrainerSaveFun savefun = nullptr,
                                          const std::string& filename = "snapshot_iter_{.updater.iteration}");

/// Serializes `target` (e.g. the model) to `<out>/<filename.format(trainer)>`, e.g.
/// "model_epoch-{.updater.epoch}". Trigger (1, 'epoch'), priority -100. `savefun(path, *target)` defaults to
/// save_npz.
template <typename T>
std::shared_ptr<LambdaExtension> snapshot_object(std::shared_ptr<T> target, const std::string& filename,
                                                 std::function<void(const std::string&, T&)> savefun = nullptr) {
    return internal::MakeSnapshot(
        [target, savefun](const std::string& path, Trainer&) {
            if (savefun) savefun(path, *target);
            else serializers::save_npz(path, *target);
        },
        filename, "snapshot_object");
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
