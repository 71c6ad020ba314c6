// lstm.cc — LSTM and StatelessLSTM links: parameter layout (per-gate-block initialization, forget bias 1),
// lazy input size, and the stateful shrinking-batch update.
#include "cnet/links/lstm.h"

#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/lstm.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace links {

LSTMBase::LSTMBase(std::optional<int64_t> in_size, std::optional<int64_t> out_size,
                   const initializers::InitializerArg& lateral_init, const initializers::InitializerArg& upward_init,
                   const initializers::InitializerArg& bias_init,
                   const initializers::InitializerArg& forget_bias_init)
    : lateral_init_(lateral_init),
      upward_init_(upward_init),
      bias_init_(bias_init.is_none() ? initializers::InitializerArg(0) : bias_init),
      forget_bias_init_(forget_bias_init.is_none() ? initializers::InitializerArg(1) : forget_bias_init) {
    if (!out_size) {
        out_size = in_size;
        in_size = std::nullopt;
    }
    CNET_CHECK_AS(ValueError, out_size.has_value() && *out_size > 0, "LSTM: out_size must be a positive integer");
    state_size = *out_size;
    auto scope = init_scope();
    upward = add_link("upward", std::make_shared<Linear>(in_size, 4 * state_size, false, 0));
    lateral = add_link("lateral", std::make_shared<Linear>(state_size, 4 * state_size, true, 0));
    if (in_size) initialize_params();
}

void LSTMBase::initialize_params() {
    // Each (state_size, in) block of rows gets its own initializer call, as Chainer does (fan-in per block).
    // Blocks are drawn on the host, as Parameter::initialize draws, so that one seed gives the same initial
    // values on every device (a lazy link may be on the GPU by the time its first input arrives).
    const int64_t n = state_size;
    for (auto [W, arg] : {std::make_pair(lateral->W, &lateral_init_), std::make_pair(upward->W, &upward_init_)}) {
        const std::shared_ptr<Initializer> init = arg->get();
        Array w = W.array();
        for (int64_t k = 0; k < 4; ++k) {
            Array block = Array::Empty(Shape{n, w.shape()[1]}, w.dtype());
            (*init)(block);
            w.setitem(Slice(k * n, (k + 1) * n), block.to_device(w.device()));
        }
    }
    // upward.b.reshape(n, 4): column k is gate k (a, i, f, o) of each unit.
    Array b = upward->b.array().reshape(Shape{n, 4});
    for (int64_t k = 0; k < 4; ++k) {
        const std::shared_ptr<Initializer> init = (k == 2 ? forget_bias_init_ : bias_init_).get();
        Array gate = Array::Empty(Shape{n}, b.dtype());
        (*init)(gate);
        b.setitem({Slice(), k}, gate.to_device(b.device()));
    }
}

void LSTMBase::initialize_lazily(const Variable& x) {
    if (upward->W.is_initialized()) return;
    CNET_CHECK_AS(ShapeError, x.ndim() >= 1 && x.shape()[0] > 0, "LSTM: cannot infer in_size from shape ", x.shape());
    upward->W.initialize(Shape{4 * state_size, x.size() / x.shape()[0]});
    initialize_params();
}

void LSTMBase::clone_children(const std::string& mode) {
    for (auto& [name, child] : children_) {
        child = child->copy(mode);
        child->set_name(name);
        if (name == "upward") upward = std::static_pointer_cast<Linear>(child);
        if (name == "lateral") lateral = std::static_pointer_cast<Linear>(child);
    }
}

// ---- LSTM

LSTM::LSTM(std::optional<int64_t> in_size, std::optional<int64_t> out_size,
           const initializers::InitializerArg& lateral_init, const initializers::InitializerArg& upward_init,
           const initializers::InitializerArg& bias_init, const initializers::InitializerArg& forget_bias_init)
    : LSTMBase(in_size, out_size, lateral_init, upward_init, bias_init, forget_bias_init) {}

void LSTM::reset_state() {
    c = Variable();
    h = Variable();
}

void LSTM::set_state(const Variable& c_new, const Variable& h_new) {
    c = c_new;
    h = h_new;
}

Variable LSTM::forward(const Variable& x) {
    initialize_lazily(x);
    const int64_t batch = x.shape()[0];
    Variable lstm_in = (*upward)(x);
    Variable h_rest;
    if (h.defined()) {
        const int64_t h_size = h.shape()[0];
        CNET_CHECK_AS(ShapeError, h_size >= batch,
                      "The batch size of x must be equal to or less than the size of the previous state h.");
        if (h_size > batch) {
            h_rest = h[Slice(batch, {})];
            lstm_in = lstm_in + (*lateral)(h[Slice(0, batch)]);
        } else {
            lstm_in = lstm_in + (*lateral)(h);
        }
    }
    if (!c.defined()) c = Variable(Array::Zeros(Shape{batch, state_size}, x.dtype(), x.device()), false);
    auto [c_new, y] = functions::lstm(c, lstm_in);
    c = c_new;
    h = h_rest.defined() ? functions::concat({y, h_rest}, 0) : y;
    return y;
}

Variable LSTM::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "LSTM takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> LSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<LSTM>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    ret->reset_state();
    return ret;
}

// ---- StatelessLSTM

StatelessLSTM::StatelessLSTM(std::optional<int64_t> in_size, std::optional<int64_t> out_size,
                             const initializers::InitializerArg& lateral_init,
                             const initializers::InitializerArg& upward_init,
                             const initializers::InitializerArg& bias_init,
                             const initializers::InitializerArg& forget_bias_init)
    : LSTMBase(in_size, out_size, lateral_init, upward_init, bias_init, forget_bias_init) {}

std::pair<Variable, Variable> StatelessLSTM::forward(const Variable& c, const Variable& h, const Variable& x) {
    initialize_lazily(x);
    Variable lstm_in = (*upward)(x);
    if (h.defined()) lstm_in = lstm_in + (*lateral)(h);
    const Variable c0 =
        c.defined() ? c : Variable(Array::Zeros(Shape{x.shape()[0], state_size}, x.dtype(), x.device()), false);
    return functions::lstm(c0, lstm_in);
}

std::shared_ptr<Link> StatelessLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatelessLSTM>(*this);
    ret->copy_own_state(mode);
    ret->clone_children(mode);
    return ret;
}

}  // namespace links
}  // namespace cnet
