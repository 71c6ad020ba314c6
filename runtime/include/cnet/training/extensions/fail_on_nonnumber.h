// fail_on_nonnumber.h — chainer.training.extensions.FailOnNonNumber: stops training on NaN / Inf parameters.
#pragma once

#include <string>

#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// Throws cnet::Error "Kill the process since parameters in optimizer '<name>' diverge. R.I.P." when a
/// parameter of any optimizer's target contains NaN or Inf.
class FailOnNonNumber : public Extension {
public:
    void operator()(Trainer& trainer) override;
    std::string default_name() const override { return "FailOnNonNumber"; }
};

}  // namespace extensions
}  // namespace training
}  // namespace cnet
