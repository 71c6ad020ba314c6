// classifier.cc — Classifier link: label split, loss/accuracy, reporting.
#include "cnet/links/classifier.h"

#include "cnet/functions/evaluation.h"
#include "cnet/functions/loss.h"
#include "cnet/reporter/reporter.h"

namespace cnet {
namespace links {

Variable Classifier::DefaultLossFun(const Variable& y, const Variable& t) {
    return functions::softmax_cross_entropy(y, t);
}

Variable Classifier::DefaultAccFun(const Variable& y, const Variable& t) { return functions::accuracy(y, t); }

Classifier::Classifier(std::shared_ptr<Link> predictor, LossFun lossfun, LossFun accfun, int label_key)
    : lossfun(std::move(lossfun)), accfun(std::move(accfun)), label_key(label_key) {
    auto scope = init_scope();
    this->predictor = add_link("predictor", std::move(predictor));
}

Variable Classifier::operator()(const std::vector<Variable>& args) {
    const int n = static_cast<int>(args.size());
    CNET_CHECK_AS(ValueError, -n <= label_key && label_key < n, "Label key ", label_key, " is out of bounds");
    const int label_index = label_key < 0 ? label_key + n : label_key;
    const Variable t = args[static_cast<size_t>(label_index)];
    std::vector<Variable> inputs;
    inputs.reserve(args.size() - 1);
    for (int i = 0; i < n; ++i)
        if (i != label_index) inputs.push_back(args[static_cast<size_t>(i)]);
    y = Variable();
    loss = Variable();
    accuracy = Variable();
    y = predictor->call(inputs);
    loss = lossfun(y, t);
    const void* observer = static_cast<const Link*>(this);
    reporter::report({{"loss", loss}}, observer);
    if (compute_accuracy) {
        accuracy = accfun(y, t);
        reporter::report({{"accuracy", accuracy}}, observer);
    }
    return loss;
}

std::shared_ptr<Link> Classifier::clone(const std::string& mode) const {
    auto ret = std::make_shared<Classifier>(*this);
    ret->copy_own_state(mode);
    ret->predictor = predictor->copy(mode);
    ret->predictor->set_name("predictor");
    for (auto& [name, child] : ret->children_)
        if (name == "predictor") child = ret->predictor;
    ret->y = Variable();
    ret->loss = Variable();
    ret->accuracy = Variable();
    return ret;
}

}  // namespace links
}  // namespace cnet
