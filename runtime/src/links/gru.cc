// gru.cc — the GRU links.
#include "cnet/links/gru.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/basic_math.h"

namespace cnet {
namespace links {
namespace {

Variable Interpolate(const Variable& z, const Variable& a, const Variable& b) { return z * a + (1.0 - z) * b; }

}  // namespace

GRUBase::GRUBase(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init,
                 const initializers::InitializerArg& inner_init, const initializers::InitializerArg& bias_init)
    : state_size(out_size) {
    auto scope = init_scope();
    W_r = add_link("W_r", std::make_shared<Linear>(in_size, out_size, false, init, bias_init));
    U_r = add_link("U_r", std::make_shared<Linear>(out_size, out_size, false, inner_init, bias_init));
    W_z = add_link("W_z", std::make_shared<Linear>(in_size, out_size, false, init, bias_init));
    U_z = add_link("U_z", std::make_shared<Linear>(out_size, out_size, false, inner_init, bias_init));
    W = add_link("W", std::make_shared<Linear>(in_size, out_size, false, init, bias_init));
    U = add_link("U", std::make_shared<Linear>(out_size, out_size, false, inner_init, bias_init));
}

void GRUBase::clone_children(const std::string& mode) {
    for (auto& [name, child] : children_) {
        child = child->copy(mode);
        child->set_name(name);
        auto linear = std::static_pointer_cast<Linear>(child);
        if (name == "W_r") W_r = linear;
        if (name == "U_r") U_r = linear;
        if (name == "W_z") W_z = linear;
        if (name == "U_z") U_z = linear;
        if (name == "W") W = linear;
        if (name == "U") U = linear;
    }
}

StatelessGRU::StatelessGRU(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init,
                           const initializers::InitializerArg& inner_init,
                           const initializers::InitializerArg& bias_init)
    : GRUBase(in_size, out_size, init, inner_init, bias_init) {}

Variable StatelessGRU::forward(const Variable& h, const Variable& x) {
    const Variable r = functions::sigmoid((*W_r)(x) + (*U_r)(h));
    const Variable z = functions::sigmoid((*W_z)(x) + (*U_z)(h));
    const Variable h_bar = functions::tanh((*W)(x) + (*U)(r * h));
    return Interpolate(z, h_bar, h);
}

Variable StatelessGRU::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 2, "StatelessGRU takes 2 arguments (h, x), got ", args.size());
    return forward(args[0], args[1]);
}

std::shared_ptr<Link> StatelessGRU::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatelessGRU>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    return ret;
}

StatefulGRU::StatefulGRU(int64_t in_size, int64_t out_size, const initializers::InitializerArg& init,
                         const initializers::InitializerArg& inner_init, const initializers::InitializerArg& bias_init)
    : GRUBase(in_size, out_size, init, inner_init, bias_init) {}

Variable StatefulGRU::forward(const Variable& x) {
    Variable z = (*W_z)(x), h_bar = (*W)(x);
    if (h.defined()) {
        const Variable r = functions::sigmoid((*W_r)(x) + (*U_r)(h));
        z = z + (*U_z)(h);
        h_bar = h_bar + (*U)(r * h);
    }
    z = functions::sigmoid(z);
    h_bar = functions::tanh(h_bar);
    h = h.defined() ? Interpolate(z, h_bar, h) : z * h_bar;
    return h;
}

Variable StatefulGRU::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1,
                  "Invalid argument. The length of GRU.forward must be 1. But ", args.size(), " is given.");
    return forward(args[0]);
}

std::shared_ptr<Link> StatefulGRU::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatefulGRU>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    ret->reset_state();
    return ret;
}

std::shared_ptr<Link> GRU::clone(const std::string& mode) const {
    auto ret = std::make_shared<GRU>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    ret->reset_state();
    return ret;
}

}  // namespace links
}  // namespace cnet
