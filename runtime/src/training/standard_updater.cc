// standard_updater.cc — StandardUpdater: the default update routine and the updater's snapshot layout.
#include "cnet/training/updaters/standard_updater.h"

#include "cnet/core/error.h"
#include "cnet/links/link.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace training {
namespace updaters {

StandardUpdater::StandardUpdater(NamedObjects<iterators::Iterator> iterator, NamedObjects<Optimizer> optimizer,
                                 ConverterArg converter_, std::optional<int> device_, LossFunc loss_func_,
                                 std::optional<double> loss_scale_)
    : converter(std::move(converter_)),
      device(device_),
      loss_func(std::move(loss_func_)),
      loss_scale(loss_scale_),
      iterators_(std::move(iterator).release()),
      optimizers_(std::move(optimizer).release()) {
    for (const auto& [name, it] : iterators_) CNET_CHECK_AS(ValueError, it != nullptr, "iterator '", name, "' is None");
    for (const auto& [name, opt] : optimizers_) {
        CNET_CHECK_AS(ValueError, opt != nullptr, "optimizer '", name, "' is None");
        if (loss_scale) opt->set_loss_scale(loss_scale);
        // Chainer moves the optimizers' targets to the GPU the batches are sent to.
        if (device && *device >= 0 && opt->target) opt->target->to_gpu(*device);
    }
}

const iterators::Iterator& StandardUpdater::main_iterator() const {
    auto it = iterators_.find("main");
    CNET_CHECK_AS(ValueError, it != iterators_.end(), "KeyError: 'main' (the updater has no main iterator)");
    return *it->second;
}

int64_t StandardUpdater::epoch() const { return main_iterator().epoch(); }
double StandardUpdater::epoch_detail() const { return main_iterator().epoch_detail(); }
std::optional<double> StandardUpdater::previous_epoch_detail() const { return main_iterator().previous_epoch_detail(); }
bool StandardUpdater::is_new_epoch() const { return main_iterator().is_new_epoch(); }

std::shared_ptr<Optimizer> StandardUpdater::get_optimizer(const std::string& name) {
    auto it = optimizers_.find(name);
    CNET_CHECK_AS(ValueError, it != optimizers_.end(), "KeyError: '", name, "'");
    return it->second;
}

std::shared_ptr<iterators::Iterator> StandardUpdater::get_iterator(const std::string& name) {
    auto it = iterators_.find(name);
    CNET_CHECK_AS(ValueError, it != iterators_.end(), "KeyError: '", name, "'");
    return it->second;
}

void StandardUpdater::update() {
    update_core();
    ++iteration;
}

void StandardUpdater::update_core() {
    iterators::Batch batch = get_iterator("main")->next();
    CNET_CHECK(!batch.empty(), "StopIteration: the main iterator of StandardUpdater is exhausted (use repeat=True)");
    std::vector<Array> in_arrays = converter(batch, device);
    std::vector<Variable> inputs;
    inputs.reserve(in_arrays.size());
    for (const Array& a : in_arrays) inputs.push_back(as_variable(a));

    std::shared_ptr<Optimizer> optimizer = get_optimizer("main");
    if (loss_func) {
        optimizer->update([&] { return loss_func(inputs); });
    } else {
        CNET_CHECK(optimizer->target != nullptr, "StandardUpdater: the main optimizer has no target (call setup)");
        std::shared_ptr<Link> target = optimizer->target;
        optimizer->update([&] { return target->call(inputs); });
    }
    new_epoch_if_due();
}

void StandardUpdater::new_epoch_if_due() {
    if (get_iterator("main")->is_new_epoch()) get_optimizer("main")->new_epoch();
}

void StandardUpdater::finalize() {
    for (auto& [name, it] : iterators_) it->finalize();
}

void StandardUpdater::serialize(Serializer& serializer) {
    for (auto& [name, it] : iterators_) it->serialize(*serializer["iterator:" + name]);
    for (auto& [name, optimizer] : optimizers_) {
        optimizer->serialize(*serializer["optimizer:" + name]);
        if (optimizer->target) optimizer->target->serialize(*serializer["model:" + name]);
    }
    serializer.serialize("iteration", iteration);
    CNET_CHECK_AS(SerializationError, iteration >= 0, "StandardUpdater: the snapshot's iteration ", iteration,
                  " is negative");
}

}  // namespace updaters
}  // namespace training
}  // namespace cnet
