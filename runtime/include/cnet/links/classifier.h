// classifier.h — chainer.links.Classifier: wraps a predictor with a loss (and accuracy) and reports them.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Classifier(predictor, lossfun=softmax_cross_entropy, accfun=accuracy, label_key=-1).
/// Called with (x..., t): y = predictor(x...), loss = lossfun(y, t) and, when compute_accuracy,
/// accuracy = accfun(y, t); reports {"loss"} and {"accuracy"} with itself as the observer; returns loss.
class Classifier : public Chain {
public:
    using LossFun = std::function<Variable(const Variable& y, const Variable& t)>;

    /// F.softmax_cross_entropy / F.accuracy with their defaults.
    static Variable DefaultLossFun(const Variable& y, const Variable& t);
    static Variable DefaultAccFun(const Variable& y, const Variable& t);

    explicit Classifier(std::shared_ptr<Link> predictor, LossFun lossfun = DefaultLossFun,
                        LossFun accfun = DefaultAccFun, int label_key = -1);

    /// args[label_key] is the label; the other arguments go to predictor->call.
    Variable operator()(const std::vector<Variable>& args);
    Variable operator()(const Variable& x, const Variable& t) { return (*this)(std::vector<Variable>{x, t}); }
    Variable forward(const std::vector<Variable>& args) { return (*this)(args); }
    Variable call(const std::vector<Variable>& args) override { return (*this)(args); }

    std::shared_ptr<Link> predictor;
    LossFun lossfun;
    LossFun accfun;
    int label_key;
    bool compute_accuracy = true;
    /// Results of the last call (None before the first call).
    Variable y;
    Variable loss;
    Variable accuracy;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
