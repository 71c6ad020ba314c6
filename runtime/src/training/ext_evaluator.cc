// ext_evaluator.cc — Evaluator: the validation loop (train=false, no_backprop_mode) and its report.
#include "cnet/training/extensions/evaluator.h"

#include "cnet/core/config.h"
#include "cnet/core/error.h"
#include "cnet/reporter/reporter.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace extensions {

Evaluator::Evaluator(std::shared_ptr<iterators::Iterator> iterator, std::shared_ptr<Link> target,
                     ConverterArg converter_, std::optional<int> device_, EvalHook eval_hook_, EvalFunc eval_func_)
    : Evaluator(std::map<std::string, std::shared_ptr<iterators::Iterator>>{{"main", std::move(iterator)}},
                std::map<std::string, std::shared_ptr<Link>>{{"main", std::move(target)}}, std::move(converter_),
                device_, std::move(eval_hook_), std::move(eval_func_)) {}

Evaluator::Evaluator(std::map<std::string, std::shared_ptr<iterators::Iterator>> iterators,
                     std::map<std::string, std::shared_ptr<Link>> targets, ConverterArg converter_,
                     std::optional<int> device_, EvalHook eval_hook_, EvalFunc eval_func_)
    : converter(std::move(converter_)),
      device(device_),
      eval_hook(std::move(eval_hook_)),
      eval_func(std::move(eval_func_)),
      iterators_(std::move(iterators)),
      targets_(std::move(targets)) {
    trigger = TriggerArg(1, "epoch");
    priority = PRIORITY_WRITER;
    for (const auto& [name, it] : iterators_) CNET_CHECK_AS(ValueError, it != nullptr, "iterator '", name, "' is None");
    for (const auto& [name, t] : targets_) CNET_CHECK_AS(ValueError, t != nullptr, "target '", name, "' is None");
}

std::shared_ptr<iterators::Iterator> Evaluator::get_iterator(const std::string& name) const {
    auto it = iterators_.find(name);
    CNET_CHECK_AS(ValueError, it != iterators_.end(), "KeyError: '", name, "'");
    return it->second;
}

std::shared_ptr<Link> Evaluator::get_target(const std::string& name) const {
    auto it = targets_.find(name);
    CNET_CHECK_AS(ValueError, it != targets_.end(), "KeyError: '", name, "'");
    return it->second;
}

void Evaluator::operator()(Trainer& trainer) { (*this)(); }

reporter::Statistics Evaluator::operator()() {
    // set up a reporter
    reporter::Reporter reporter;
    std::string prefix = name ? *name + "/" : "";
    for (const auto& [target_name, target] : targets_) {
        reporter.add_observer(prefix + target_name, target.get());
        std::vector<std::pair<std::string, const void*>> links;
        for (const auto& [path, link] : target->namedlinks(/*skipself=*/true)) links.emplace_back(path, link);
        reporter.add_observers(prefix + target_name, links);
    }
    reporter::Statistics result;
    {
        reporter::Observation own;
        auto scope = reporter.scope(own);  // `with reporter:`
        using_config train("train", false);
        result = evaluate();
    }
    reporter::Observation values;
    for (const auto& [key, value] : result) values[key] = as_variable(Array::FromScalar(value, Dtype::kFloat64));
    reporter::report(values);
    return result;
}

reporter::Statistics Evaluator::evaluate() {
    std::shared_ptr<iterators::Iterator> iterator = get_iterator("main");
    if (eval_hook) eval_hook(*this);
    // Chainer: an iterator with reset() is rewound; another is copied (copy.copy), so each evaluation starts
    // from the state the iterator was given in (the ptb example's ParallelSequentialIterator).
    if (iterator->has_reset()) {
        iterator->reset();
    } else {
        iterator = iterator->copy();
    }
    std::shared_ptr<Link> target = eval_func ? nullptr : get_target("main");

    reporter::DictSummary summary;
    for (const iterators::Batch& batch : *iterator) {
        reporter::Observation observation;
        {
            auto scope = reporter::report_scope(observation);
            std::vector<Array> in_arrays = converter(batch, device);
            std::vector<Variable> inputs;
            inputs.reserve(in_arrays.size());
            for (const Array& a : in_arrays) inputs.push_back(as_variable(a));
            no_backprop_mode no_backprop;
            if (eval_func) eval_func(inputs);
            else target->call(inputs);
        }
        summary.add(observation);
    }
    return summary.compute_mean();
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
