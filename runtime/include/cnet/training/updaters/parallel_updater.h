// parallel_updater.h — chainer.training.updaters.ParallelUpdater: data parallelism over several devices in
// one process (synchronous SGD: the batch is split between model copies, their gradients summed into the main
// model, which alone is updated and then copied back to the others).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cnet/links/link.h"
#include "cnet/training/updaters/standard_updater.h"

namespace cnet {
namespace training {
namespace updaters {

/// ParallelUpdater(iterator, optimizer, converter=concat_examples, models=None, devices=None, loss_func=None,
/// loss_scale=None). `devices` maps names to device ids and must have 'main'; without `models`, the main model
/// is the optimizer's target and each other name gets a deep copy (Link::copy("copy"), so the model's links
/// must support copy()) moved to its device. A negative id keeps a model on the CPU, as in Chainer, where
/// the copies then run one after the other (the arithmetic of data parallelism, not its speed).
///
/// update_core (Chainer v4's): batch = the main iterator's next(); model i (main first, then the other names
/// in sorted order) gets batch[i::n] converted for its device; every model computes its loss (loss_func or
/// the model itself) and backpropagates it (times loss_scale); the others' gradients are added to the main
/// model's (addgrads: the sum of the sub-batch gradients), the main optimizer updates, and the others copy
/// the main model's parameters.
class ParallelUpdater : public StandardUpdater {
public:
    ParallelUpdater(std::shared_ptr<iterators::Iterator> iterator, std::shared_ptr<Optimizer> optimizer,
                    ConverterArg converter = {},
                    std::optional<std::map<std::string, std::shared_ptr<Link>>> models = std::nullopt,
                    std::optional<std::map<std::string, int64_t>> devices = std::nullopt, LossFunc loss_func = nullptr,
                    std::optional<double> loss_scale = std::nullopt);

    void update_core() override;
    /// Registers the model copies as observers of the trainer's reporter under their names (what they
    /// report, such as a Classifier's loss, is observed as "second/loss").
    void connect_trainer(Trainer& trainer) override;

    /// The models in the order the batch is split between them (main first).
    const std::vector<std::pair<std::string, std::shared_ptr<Link>>>& models() const { return models_; }

private:
    std::vector<std::pair<std::string, std::shared_ptr<Link>>> models_;
    std::map<std::string, int64_t> devices_;
};

}  // namespace updaters

using updaters::ParallelUpdater;

}  // namespace training
}  // namespace cnet
