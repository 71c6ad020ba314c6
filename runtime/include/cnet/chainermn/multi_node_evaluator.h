// multi_node_evaluator.h — chainermn.create_multi_node_evaluator: an Evaluator whose results are the means
// over the ranks of each rank's own evaluation (each rank evaluates its part of a scattered dataset).
#pragma once

#include <memory>

#include "cnet/chainermn/communicator.h"
#include "cnet/training/extensions/evaluator.h"

namespace cnet {
namespace chainermn {

/// The wrapped evaluator's iterators, targets, trigger and priority; evaluate() runs the actual evaluator's
/// evaluate() (its eval_hook, eval_func and any override) and returns, for each observed key, the mean of
/// the ranks' values (every rank must observe the same keys: ValueError otherwise, naming them).
class MultiNodeEvaluator : public training::extensions::Evaluator {
public:
    MultiNodeEvaluator(std::shared_ptr<training::extensions::Evaluator> actual_evaluator,
                       CommunicatorPtr communicator);
    reporter::Statistics evaluate() override;

    const std::shared_ptr<training::extensions::Evaluator>& actual_evaluator() const { return actual_; }

private:
    std::shared_ptr<training::extensions::Evaluator> actual_;
    CommunicatorPtr communicator_;
};

/// chainermn.create_multi_node_evaluator(actual_evaluator, communicator).
std::shared_ptr<MultiNodeEvaluator> create_multi_node_evaluator(
    std::shared_ptr<training::extensions::Evaluator> actual_evaluator, CommunicatorPtr communicator);

}  // namespace chainermn
}  // namespace cnet
