// multi_node_optimizer.h — chainermn.create_multi_node_optimizer: an optimizer whose update first makes every
// rank's gradients their mean, so that every rank applies the same step to the same parameters.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/chainermn/communicator.h"
#include "cnet/optimizers/optimizer.h"

namespace cnet {
namespace chainermn {

/// ChainerMN's _MultiNodeOptimizer. update(): when the set of initialized parameters differs from the last
/// update's (the first update, or a lazily initialized link), rank 0's parameters are broadcast and the step
/// is skipped, as in ChainerMN (the gradients were computed from the parameters before the broadcast);
/// otherwise the gradients are allreduced (mean) and the actual optimizer steps. After a snapshot is loaded
/// the parameters are broadcast and the step is taken (they were restored from the same snapshot), so a
/// resumed job repeats the uninterrupted one. setup, hyperparameters and serialization go to the actual
/// optimizer; hooks added here run after the allreduce, before the actual optimizer's own.
class MultiNodeOptimizer : public Optimizer {
public:
    MultiNodeOptimizer(std::shared_ptr<Optimizer> actual_optimizer, CommunicatorPtr communicator);

    Optimizer& setup(std::shared_ptr<Link> link) override;
    void update() override;
    using Optimizer::update;
    double get_hyperparam(const std::string& name) const override;
    void set_hyperparam(const std::string& name, double value) override;
    void serialize(Serializer& serializer) override;

    const std::shared_ptr<Optimizer>& actual_optimizer() const { return actual_optimizer_; }
    const CommunicatorPtr& communicator() const { return communicator_; }

private:
    bool is_changed();

    std::shared_ptr<Optimizer> actual_optimizer_;
    CommunicatorPtr communicator_;
    std::vector<std::pair<std::string, Shape>> previous_params_;
    bool has_previous_ = false;
    bool loaded_ = false;
};

/// chainermn.create_multi_node_optimizer(actual_optimizer, communicator).
std::shared_ptr<MultiNodeOptimizer> create_multi_node_optimizer(std::shared_ptr<Optimizer> actual_optimizer,
                                                                CommunicatorPtr communicator);

}  // namespace chainermn
}  // namespace cnet
