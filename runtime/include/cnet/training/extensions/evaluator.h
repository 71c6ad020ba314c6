// evaluator.h — chainer.training.extensions.Evaluator: runs the model over a validation set and reports the
// means of what it reported, prefixed by the extension's name ("validation/main/loss").
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/iterators/iterator.h"
#include "cnet/links/link.h"
#include "cnet/reporter/reporter.h"
#include "cnet/training/converter.h"
#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// Each call: a Reporter with every target registered as "<name>/<target name>" (and its descendants);
/// with config train=false, evaluate() rewinds the "main" iterator (reset()), and for each batch reports
/// into a fresh observation while calling eval_func (default: the "main" target's call()) on
/// converter(batch, device) under no_backprop_mode, averaging with a DictSummary. The means are returned
/// and reported to the current reporter (the trainer's). Trigger (1, 'epoch'), priority PRIORITY_WRITER,
/// default name "validation". `eval_hook(evaluator)` runs before each evaluation.
class Evaluator : public Extension {
public:
    using EvalHook = std::function<void(Evaluator&)>;
    using EvalFunc = std::function<void(const std::vector<Variable>&)>;

    Evaluator(std::shared_ptr<iterators::Iterator> iterator, std::shared_ptr<Link> target, ConverterArg converter = {},
              std::optional<int> device = std::nullopt, EvalHook eval_hook = nullptr, EvalFunc eval_func = nullptr);
    Evaluator(std::map<std::string, std::shared_ptr<iterators::Iterator>> iterators,
              std::map<std::string, std::shared_ptr<Link>> targets, ConverterArg converter = {},
              std::optional<int> device = std::nullopt, EvalHook eval_hook = nullptr, EvalFunc eval_func = nullptr);

    void operator()(Trainer& trainer) override;
    /// Standalone use (`evaluator()`): evaluates, reports to the current reporter if any, returns the means.
    reporter::Statistics operator()();
    /// The evaluation loop; override to customize.
    virtual reporter::Statistics evaluate();
    std::string default_name() const override { return "validation"; }

    std::shared_ptr<iterators::Iterator> get_iterator(const std::string& name) const;
    std::map<std::string, std::shared_ptr<iterators::Iterator>> get_all_iterators() const { return iterators_; }
    std::shared_ptr<Link> get_target(const std::string& name) const;
    std::map<std::string, std::shared_ptr<Link>> get_all_targets() const { return targets_; }

    ConverterArg converter;
    std::optional<int> device;
    EvalHook eval_hook;
    EvalFunc eval_func;

protected:
    std::map<std::string, std::shared_ptr<iterators::Iterator>> iterators_;
    std::map<std::string, std::shared_ptr<Link>> targets_;
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
