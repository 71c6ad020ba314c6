// multi_node_evaluator.cc — MultiNodeEvaluator: the actual evaluator's means, averaged over the ranks with one
// allreduce of all values (keys in sorted order, as ChainerMN reduces them).
#include "cnet/chainermn/multi_node_evaluator.h"

#include <algorithm>
#include <string>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace chainermn {
namespace {
const training::extensions::Evaluator& Checked(const std::shared_ptr<training::extensions::Evaluator>& e) {
    CNET_CHECK_AS(ValueError, e != nullptr, "create_multi_node_evaluator: actual_evaluator is None");
    return *e;
}
}  // namespace

MultiNodeEvaluator::MultiNodeEvaluator(std::shared_ptr<training::extensions::Evaluator> actual_evaluator,
                                       CommunicatorPtr communicator)
    : Evaluator(Checked(actual_evaluator).get_all_iterators(), actual_evaluator->get_all_targets(),
                actual_evaluator->converter, actual_evaluator->device),
      actual_(std::move(actual_evaluator)),
      communicator_(std::move(communicator)) {
    CNET_CHECK_AS(ValueError, communicator_ != nullptr, "create_multi_node_evaluator: communicator is None");
    trigger = actual_->trigger;
    priority = actual_->priority;
}

reporter::Statistics MultiNodeEvaluator::evaluate() {
    reporter::Statistics local = actual_->evaluate();
    std::vector<std::string> keys;
    for (const auto& [key, value] : local) keys.push_back(key);
    std::sort(keys.begin(), keys.end());
    std::string joined;
    for (const std::string& key : keys) joined += key + "\n";
    const std::string root_keys = communicator_->bcast_obj(joined, 0);
    // Every rank learns whether all agree, so none waits in an allreduce that another skipped.
    const int64_t mismatches = communicator_->allreduce_obj(static_cast<int64_t>(root_keys != joined));
    CNET_CHECK_AS(ValueError, mismatches == 0, "create_multi_node_evaluator: the ranks observed different keys (",
                  mismatches, " rank(s) differ from rank 0, whose keys are: ", root_keys, ")");
    std::vector<double> values;
    for (const std::string& key : keys) values.push_back(local.find(key)->second);
    const Array sums = communicator_->allreduce_obj(Array::FromVector(values));
    const std::vector<double> totals = sums.to_vector<double>();
    reporter::Statistics result;
    for (const auto& [key, value] : local) {
        const size_t i = static_cast<size_t>(std::lower_bound(keys.begin(), keys.end(), key) - keys.begin());
        result[key] = totals[i] / communicator_->size();
    }
    return result;
}

std::shared_ptr<MultiNodeEvaluator> create_multi_node_evaluator(
    std::shared_ptr<training::extensions::Evaluator> actual_evaluator, CommunicatorPtr communicator) {
    return std::make_shared<MultiNodeEvaluator>(std::move(actual_evaluator), std::move(communicator));
}

}  // namespace chainermn
}  // namespace cnet
