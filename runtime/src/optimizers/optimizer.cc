// optimizer.cc — Optimizer (hooks, update with a loss function, serialization) and GradientMethod.
#include "cnet/optimizers/optimizer.h"

#include <algorithm>
#include <atomic>

#include "cnet/np/math.h"

namespace cnet {

void OptimizerHook::operator()(Optimizer& optimizer) {
    CNET_CHECK(optimizer.target != nullptr, "optimizer hook ", name, " called before setup()");
    for (Parameter& param : optimizer.target->params(/*include_uninit=*/false)) {
        std::shared_ptr<UpdateRule> rule = param.update_rule();
        if (!rule) continue;
        (*this)(*rule, param);
    }
}

void OptimizerHook::operator()(UpdateRule&, Parameter&) {
    throw Error(internal::StrCat("optimizer hook ", name, " cannot be called for each parameter"));
}

// ---- Optimizer

Optimizer& Optimizer::setup(std::shared_ptr<Link> link) {
    CNET_CHECK_AS(ValueError, link != nullptr, "setup() needs a link, got None");
    target = std::move(link);
    t = 0;
    epoch = 0;
    return *this;
}

void Optimizer::update(const std::function<Variable()>& lossfun) {
    CNET_CHECK(target != nullptr, "update() called before setup()");
    Variable loss = lossfun();
    target->cleargrads();
    loss.backward(/*retain_grad=*/false, /*enable_double_backprop=*/false, loss_scale_);
    loss = Variable();
    update();
}

void Optimizer::new_epoch() { ++epoch; }

void Optimizer::add_hook(std::shared_ptr<OptimizerHook> hook, const std::string& name, const std::string& timing) {
    CNET_CHECK_AS(ValueError, hook != nullptr, "cannot add None as an optimizer hook");
    const std::string key = name.empty() ? hook->name : name;
    const std::string when = timing == "auto" ? hook->timing : timing;
    CNET_CHECK_AS(ValueError, when == "pre" || when == "post", "timing must be 'pre', 'post' or 'auto', got '",
                  timing, "'");
    for (const HookEntry& e : hooks_) CNET_CHECK_AS(ValueError, e.name != key, "hook ", key, " already exists");
    hooks_.push_back(HookEntry{key, when, std::move(hook), nullptr});
}

void Optimizer::add_hook(std::function<void(Optimizer&)> hook, const std::string& name, const std::string& timing) {
    CNET_CHECK_AS(ValueError, hook != nullptr, "cannot add None as an optimizer hook");
    CNET_CHECK_AS(ValueError, !name.empty(), "a name is required for a function hook");
    const std::string when = timing == "auto" ? "pre" : timing;
    CNET_CHECK_AS(ValueError, when == "pre" || when == "post", "timing must be 'pre', 'post' or 'auto', got '",
                  timing, "'");
    for (const HookEntry& e : hooks_) CNET_CHECK_AS(ValueError, e.name != name, "hook ", name, " already exists");
    hooks_.push_back(HookEntry{name, when, nullptr, std::move(hook)});
}

void Optimizer::remove_hook(const std::string& name) {
    auto it = std::find_if(hooks_.begin(), hooks_.end(), [&](const HookEntry& e) { return e.name == name; });
    CNET_CHECK_AS(ValueError, it != hooks_.end(), "no hook named '", name, "'");
    hooks_.erase(it);
}

void Optimizer::call_hooks(const std::string& timing) {
    for (HookEntry& e : hooks_) {
        if (e.timing != timing) continue;
        if (e.function) e.function(*this);
        else (*e.hook)(*this);
    }
}

double Optimizer::get_hyperparam(const std::string& name) const {
    throw ValueError(internal::StrCat("the optimizer has no hyperparameter '", name, "'"));
}

void Optimizer::set_hyperparam(const std::string& name, double) {
    throw ValueError(internal::StrCat("the optimizer has no hyperparameter '", name, "'"));
}

bool Optimizer::has_hyperparam(const std::string& name) const {
    try {
        get_hyperparam(name);
        return true;
    } catch (const ValueError&) {
        return false;
    } catch (const Error&) {
        return true;  // exists but not readable yet (e.g. Adam's lr before the first update)
    }
}

void Optimizer::serialize(Serializer& serializer) {
    serializer.serialize("t", t);
    serializer.serialize("epoch", epoch);
    if (!target) return;
    for (auto& [path, param] : target->namedparams()) {
        if (std::shared_ptr<UpdateRule> rule = param.update_rule()) rule->serialize(*serializer[path]);
    }
}

// ---- GradientMethod

GradientMethod::~GradientMethod() {
    for (auto& weak : created_rules_)
        if (std::shared_ptr<UpdateRule> rule = weak.lock()) rule->detach_hyperparam();
}

std::shared_ptr<UpdateRule> GradientMethod::rule_for(Parameter& param) {
    std::shared_ptr<UpdateRule> rule = create_update_rule();
    created_rules_.push_back(rule);
    param.set_update_rule(rule);
    return rule;
}

Optimizer& GradientMethod::setup(std::shared_ptr<Link> link) {
    Optimizer::setup(std::move(link));
    for (Parameter& param : target->params()) rule_for(param);
    return *this;
}

namespace {

void ReallocateClearedGrads(std::vector<Parameter>& params) {
    for (Parameter& param : params) {
        if (param.is_initialized() && !param.grad().defined())
            param.set_grad(Array::Zeros(param.shape(), param.dtype(), param.device()));
    }
}

std::atomic<uint64_t> g_update_mark{0};

}  // namespace

void GradientMethod::reallocate_cleared_grads() {
    CNET_CHECK(target != nullptr, "reallocate_cleared_grads() called before setup()");
    std::vector<Parameter> params = target->params(/*include_uninit=*/false);
    ReallocateClearedGrads(params);
}

void GradientMethod::update() {
    CNET_CHECK(target != nullptr, "update() called before setup()");
    std::vector<Parameter> params = target->params();
    ReallocateClearedGrads(params);
    if (loss_scale_ && *loss_scale_ != 1.0) {
        for (Parameter& param : params) {
            Array g = param.is_initialized() ? internal::MutableGrad(param) : Array();
            if (g.defined()) g *= Scalar(1.0 / *loss_scale_);
        }
    }
    call_hooks("pre");
    t += 1;
    // A parameter reachable through several paths (a shared child link) is updated once.
    const uint64_t mark = ++g_update_mark;
    for (Parameter& param : params) {
        std::shared_ptr<UpdateRule> rule = param.update_rule();
        if (!rule) rule = rule_for(param);  // registered after setup()
        if (rule->update_mark_ == mark) continue;
        rule->update_mark_ = mark;
        rule->update(param);
    }
    ReallocateClearedGrads(params);
    call_hooks("post");
}

}  // namespace cnet
