// multi_node_optimizer.cc — MultiNodeOptimizer: gradient allreduce before the actual optimizer's step, and
// the parameter broadcast that makes the ranks start (and resume) from the same parameters.
#include "cnet/chainermn/multi_node_optimizer.h"

#include "cnet/core/error.h"
#include "cnet/serializers/serializer.h"

namespace cnet {
namespace chainermn {

MultiNodeOptimizer::MultiNodeOptimizer(std::shared_ptr<Optimizer> actual_optimizer, CommunicatorPtr communicator)
    : actual_optimizer_(std::move(actual_optimizer)), communicator_(std::move(communicator)) {
    CNET_CHECK_AS(ValueError, actual_optimizer_ != nullptr, "create_multi_node_optimizer: actual_optimizer is None");
    CNET_CHECK_AS(ValueError, communicator_ != nullptr, "create_multi_node_optimizer: communicator is None");
    target = actual_optimizer_->target;
}

Optimizer& MultiNodeOptimizer::setup(std::shared_ptr<Link> link) {
    actual_optimizer_->setup(std::move(link));
    target = actual_optimizer_->target;
    t = actual_optimizer_->t;
    epoch = actual_optimizer_->epoch;
    has_previous_ = false;
    return *this;
}

bool MultiNodeOptimizer::is_changed() {
    std::vector<std::pair<std::string, Shape>> params;
    for (const auto& [path, param] : target->namedparams(/*include_uninit=*/false)) {
        params.emplace_back(path, param.shape());
    }
    const bool changed = !has_previous_ || params != previous_params_;
    previous_params_ = std::move(params);
    has_previous_ = true;
    return changed;
}

void MultiNodeOptimizer::update() {
    CNET_CHECK(target != nullptr, "update() called before setup()");
    actual_optimizer_->set_loss_scale(loss_scale());
    const bool changed = is_changed();
    if (changed) communicator_->bcast_data(*target);
    if (!changed || loaded_) {
        communicator_->allreduce_grad(*target);
        call_hooks("pre");
        actual_optimizer_->update();
        call_hooks("post");
    }
    loaded_ = false;
    t = actual_optimizer_->t;
}

double MultiNodeOptimizer::get_hyperparam(const std::string& name) const {
    return actual_optimizer_->get_hyperparam(name);
}

void MultiNodeOptimizer::set_hyperparam(const std::string& name, double value) {
    actual_optimizer_->set_hyperparam(name, value);
}

void MultiNodeOptimizer::serialize(Serializer& serializer) {
    actual_optimizer_->serialize(serializer);
    t = actual_optimizer_->t;
    epoch = actual_optimizer_->epoch;
    if (serializer.is_loading()) {
        loaded_ = true;
        has_previous_ = false;
    }
}

std::shared_ptr<MultiNodeOptimizer> create_multi_node_optimizer(std::shared_ptr<Optimizer> actual_optimizer,
                                                                CommunicatorPtr communicator) {
    return std::make_shared<MultiNodeOptimizer>(std::move(actual_optimizer), std::move(communicator));
}

}  // namespace chainermn
}  // namespace cnet
