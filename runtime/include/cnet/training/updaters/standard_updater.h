// standard_updater.h — chainer.training.updaters.StandardUpdater: one minibatch, one optimizer step per
// iteration.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/iterators/iterator.h"
#include "cnet/training/converter.h"
#include "cnet/training/named_objects.h"
#include "cnet/training/updater.h"

namespace cnet {
namespace training {
namespace updaters {

/// update() = update_core(), then iteration += 1. The default update_core: batch = the "main" iterator's
/// next(); arrays = converter(batch, device); the "main" optimizer's update(loss_func(arrays)), where
/// loss_func defaults to the optimizer's target (`target->call(arrays)`; the arrays are passed as constant
/// variables, as Chainer passes raw arrays). The epoch properties come from the "main" iterator; after each
/// update that starts a new epoch the "main" optimizer's new_epoch() is called (Chainer's auto_new_epoch=True).
///
/// serialize(): `iterator:<name>/...`, `optimizer:<name>/...`, `model:<name>/...` (the optimizer's target)
/// for each name, then `iteration`.
class StandardUpdater : public Updater {
public:
    using LossFunc = std::function<Variable(const std::vector<Variable>&)>;

    /// One iterator / optimizer, or several by name ("main" is the one update_core uses).
    StandardUpdater(NamedObjects<iterators::Iterator> iterator, NamedObjects<Optimizer> optimizer,
                    ConverterArg converter = {}, std::optional<int> device = std::nullopt,
                    LossFunc loss_func = nullptr, std::optional<double> loss_scale = std::nullopt);

    void update() override;
    /// One update without the iteration count; override it to customize (Chainer's BPTTUpdater does).
    virtual void update_core();
    void finalize() override;
    void serialize(Serializer& serializer) override;

    std::shared_ptr<Optimizer> get_optimizer(const std::string& name) override;
    std::map<std::string, std::shared_ptr<Optimizer>> get_all_optimizers() override { return optimizers_; }
    std::shared_ptr<iterators::Iterator> get_iterator(const std::string& name);
    std::map<std::string, std::shared_ptr<iterators::Iterator>> get_all_iterators() { return iterators_; }

    int64_t epoch() const override;
    double epoch_detail() const override;
    std::optional<double> previous_epoch_detail() const override;
    bool is_new_epoch() const override;

    ConverterArg converter;
    std::optional<int> device;
    LossFunc loss_func;
    std::optional<double> loss_scale;

protected:
    /// Chainer's `if self.auto_new_epoch and iterator.is_new_epoch: optimizer.new_epoch(auto=True)`, which ends
    /// every built-in update_core.
    void new_epoch_if_due();

    std::map<std::string, std::shared_ptr<iterators::Iterator>> iterators_;
    std::map<std::string, std::shared_ptr<Optimizer>> optimizers_;

private:
    const iterators::Iterator& main_iterator() const;
};

}  // namespace updaters

using updaters::StandardUpdater;  // chainer.training.StandardUpdater

}  // namespace training
}  // namespace cnet
