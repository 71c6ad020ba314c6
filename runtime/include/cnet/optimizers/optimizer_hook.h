// optimizer_hook.h — the base of chainer.optimizer_hooks: a callable run by the optimizer before (or
// after) each update, on the whole optimizer or on every parameter.
#pragma once

#include <string>

#include "cnet/core/variable.h"

namespace cnet {

class Optimizer;
class UpdateRule;

/// Chainer's duck-typed hook protocol. A hook with call_for_each_param = true is called as
/// `hook(rule, param)` for every parameter of the target, otherwise as `hook(optimizer)`.
class OptimizerHook {
public:
    OptimizerHook(std::string name, bool call_for_each_param, std::string timing = "pre")
        : name(std::move(name)), timing(std::move(timing)), call_for_each_param(call_for_each_param) {}
    virtual ~OptimizerHook() = default;

    /// The default registration name (the class name, as Chainer).
    std::string name;
    /// "pre" (before the update, the default) or "post".
    std::string timing;
    bool call_for_each_param;

    /// The optimizer-level call; the default calls the per-parameter one for every parameter.
    virtual void operator()(Optimizer& optimizer);
    /// The per-parameter call; the default throws.
    virtual void operator()(UpdateRule& rule, Parameter& param);
};

}  // namespace cnet
