// mgu.cc — the MGU links.
#include "cnet/links/mgu.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"

namespace cnet {
namespace links {

MGUBase::MGUBase(int64_t n_inputs, int64_t n_units) : state_size(n_units) {
    auto scope = init_scope();
    W_f = add_link("W_f", std::make_shared<Linear>(n_inputs + n_units, n_units));
    W_h = add_link("W_h", std::make_shared<Linear>(n_inputs + n_units, n_units));
}

Variable MGUBase::step(const Variable& h, const Variable& x) {
    const Variable f = functions::sigmoid((*W_f)(functions::concat({h, x})));
    const Variable h_bar = functions::tanh((*W_h)(functions::concat({f * h, x})));
    return f * h_bar + (1.0 - f) * h;  // F.linear_interpolate(f, h_bar, h)
}

void MGUBase::clone_children(const std::string& mode) {
    for (auto& [name, child] : children_) {
        child = child->copy(mode);
        child->set_name(name);
        (name == "W_f" ? W_f : W_h) = std::static_pointer_cast<Linear>(child);
    }
}

Variable StatelessMGU::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 2, "StatelessMGU takes 2 arguments (h, x), got ", args.size());
    return forward(args[0], args[1]);
}

std::shared_ptr<Link> StatelessMGU::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatelessMGU>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    return ret;
}

Variable StatefulMGU::forward(const Variable& x) {
    const Variable h0 =
        h.defined() ? h : Variable(Array::Zeros(Shape{x.shape()[0], state_size}, x.dtype(), x.device()));
    h = step(h0, x);
    return h;
}

Variable StatefulMGU::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "StatefulMGU takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> StatefulMGU::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatefulMGU>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    ret->reset_state();
    return ret;
}

}  // namespace links
}  // namespace cnet
