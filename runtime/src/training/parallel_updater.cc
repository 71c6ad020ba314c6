// parallel_updater.cc — ParallelUpdater: one batch split over model copies on several devices, gradients
// summed into the main model, one update, parameters copied back.
#include "cnet/training/updaters/parallel_updater.h"

#include "cnet/backends/device_scope.h"
#include "cnet/core/config.h"
#include "cnet/core/error.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace updaters {
namespace {
Device DeviceOf(int64_t id) { return id >= 0 ? Device::Cuda(static_cast<int>(id)) : Device::Cpu(); }
}  // namespace

ParallelUpdater::ParallelUpdater(std::shared_ptr<iterators::Iterator> iterator, std::shared_ptr<Optimizer> optimizer,
                                 ConverterArg converter_, std::optional<std::map<std::string, std::shared_ptr<Link>>> models,
                                 std::optional<std::map<std::string, int64_t>> devices, LossFunc loss_func_,
                                 std::optional<double> loss_scale_)
    : StandardUpdater(std::move(iterator), optimizer, std::move(converter_), std::nullopt, std::move(loss_func_),
                      loss_scale_) {
    if (!models) {
        CNET_CHECK_AS(ValueError, devices.has_value(), "either models or devices must be specified");
        CNET_CHECK_AS(ValueError, devices->count("main") == 1, "KeyError: 'devices' must contain a 'main' key.");
        CNET_CHECK_AS(ValueError, optimizer->target != nullptr, "ParallelUpdater: the optimizer has no target");
        models.emplace();
        (*models)["main"] = optimizer->target;
        for (const auto& [name, id] : *devices) {
            if (name == "main") continue;
            std::shared_ptr<Link> copy = optimizer->target->copy("copy");
            if (id >= 0) copy->to_device(DeviceOf(id));
            (*models)[name] = copy;
        }
        if (devices->at("main") >= 0) optimizer->target->to_device(DeviceOf(devices->at("main")));
    }
    CNET_CHECK_AS(ValueError, models->count("main") == 1, "KeyError: 'models' must contain a 'main' key.");
    devices_ = devices.value_or(std::map<std::string, int64_t>{});
    models_.emplace_back("main", models->at("main"));
    for (const auto& [name, model] : *models) {
        CNET_CHECK_AS(ValueError, model != nullptr, "ParallelUpdater: model '", name, "' is None");
        CNET_CHECK_AS(ValueError, devices_.count(name) == 1, "KeyError: '", name, "' (no device for this model)");
        if (name != "main") models_.emplace_back(name, model);
    }
}

void ParallelUpdater::connect_trainer(Trainer& trainer) {
    for (size_t i = 1; i < models_.size(); ++i) {
        trainer.reporter.add_observer(models_[i].first, models_[i].second.get());
        std::vector<std::pair<std::string, const void*>> links;
        for (const auto& [path, link] : models_[i].second->namedlinks(/*skipself=*/true)) links.emplace_back(path, link);
        trainer.reporter.add_observers(models_[i].first, links);
    }
}

void ParallelUpdater::update_core() {
    std::shared_ptr<Optimizer> optimizer = get_optimizer("main");
    std::shared_ptr<Link> model_main = optimizer->target;
    iterators::Batch batch = get_iterator("main")->next();
    CNET_CHECK(!batch.empty(), "StopIteration: the main iterator of ParallelUpdater is exhausted (use repeat=True)");

    // Split the batch: model i gets batch[i::n].
    const size_t n = models_.size();
    std::vector<std::vector<Variable>> inputs(n);
    for (size_t i = 0; i < n; ++i) {
        iterators::Batch part;
        for (size_t k = i; k < batch.size(); k += n) part.push_back(batch[k]);
        const int64_t id = devices_.at(models_[i].first);
        for (const Array& a : converter(part, id >= 0 ? std::optional<int>(static_cast<int>(id)) : std::nullopt)) {
            inputs[i].push_back(as_variable(a));
        }
    }
    for (auto& [name, model] : models_) model->cleargrads();
    std::vector<Variable> losses;
    {
        force_backprop_mode backprop;
        for (size_t i = 0; i < n; ++i) {
            // Chainer runs each forward under `with cuda.get_device_from_id(id)`: cuda.to_gpu(x), cupy.zeros(...)
            // and to_gpu() without an id inside the model mean that model's device.
            cuda::DeviceScope scope(static_cast<int>(devices_.at(models_[i].first)));
            losses.push_back(loss_func ? loss_func(inputs[i]) : models_[i].second->call(inputs[i]));
        }
    }
    for (auto& [name, model] : models_) model->cleargrads();  // parameters initialized by the forward pass
    for (Variable& loss : losses) loss.backward(/*retain_grad=*/false, /*enable_double_backprop=*/false, loss_scale);
    for (size_t i = 1; i < n; ++i) model_main->addgrads(*models_[i].second);
    optimizer->update();
    for (size_t i = 1; i < n; ++i) models_[i].second->copyparams(*model_main);
    new_epoch_if_due();
}

}  // namespace updaters
}  // namespace training
}  // namespace cnet
