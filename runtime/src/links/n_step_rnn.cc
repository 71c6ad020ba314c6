// n_step_rnn.cc — the NStep* links: per-layer weight links, sorting and transposing the input sequences
// around the F.n_step_* functions, and restoring the caller's order.
#include "cnet/links/n_step_rnn.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "cnet/functions/array.h"
#include "cnet/functions/sequence.h"
#include "cnet/initializers/normal.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace links {
namespace {

// One layer and direction: parameters w0, b0, w1, b1, ... (Chainer registers them in this order).
class NStepWeights : public Link {
protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override {
        auto ret = std::make_shared<NStepWeights>(*this);
        ret->copy_own_state(mode);
        return ret;
    }
};

}  // namespace

NStepRNNBase::NStepRNNBase(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout, int n_weights,
                           bool bidirectional, const initializers::InitializerArg& initialW,
                           const initializers::InitializerArg& initial_bias)
    : n_layers(n_layers), out_size(out_size), dropout(dropout), direction(bidirectional ? 2 : 1), n_weights(n_weights) {
    CNET_CHECK_AS(ValueError, n_layers >= 1 && in_size >= 1 && out_size >= 1,
                  "NStepRNN: n_layers, in_size and out_size must be positive, got ", n_layers, ", ", in_size, ", ",
                  out_size);
    for (int64_t layer = 0; layer < n_layers; ++layer) {
        for (int64_t d = 0; d < direction; ++d) {
            auto weights = std::make_shared<NStepWeights>();
            auto scope = weights->init_scope();
            for (int j = 0; j < n_weights; ++j) {
                const bool input = j < n_weights / 2;
                const int64_t w_in = input ? (layer == 0 ? in_size : out_size * direction) : out_size;
                const auto w_init =
                    initialW.get(std::make_shared<initializers::Normal>(std::sqrt(1.0 / static_cast<double>(w_in))));
                const auto b_init = initial_bias.is_none() ? initializers::InitializerArg(0).get() : initial_bias.get();
                weights->add_param("w" + std::to_string(j), Parameter(w_init, Shape{out_size, w_in}));
                weights->add_param("b" + std::to_string(j), Parameter(b_init, Shape{out_size}));
            }
            add_link(weights);
        }
    }
}

void NStepRNNBase::clone_state(const std::string& mode) {
    copy_own_state(mode);
    for (auto& child : children_) {
        const std::string name = child->name();
        child = child->copy(mode);
        child->set_name(name);
    }
}

functions::WeightList NStepRNNBase::ws() const {
    functions::WeightList out;
    for (const auto& child : children_) {
        std::vector<Variable> w;
        for (int j = 0; j < n_weights; ++j) w.push_back(child->param("w" + std::to_string(j)));
        out.push_back(w);
    }
    return out;
}

functions::WeightList NStepRNNBase::bs() const {
    functions::WeightList out;
    for (const auto& child : children_) {
        std::vector<Variable> b;
        for (int j = 0; j < n_weights; ++j) b.push_back(child->param("b" + std::to_string(j)));
        out.push_back(b);
    }
    return out;
}

Variable NStepRNNBase::init_hx(const VarList& xs) const {
    const Dtype dtype = xs.empty() ? Dtype::kFloat32 : xs[0].dtype();
    const Device device = xs.empty() ? Device::Cpu() : xs[0].device();
    return Variable(
        Array::Zeros(Shape{n_layers * direction, static_cast<int64_t>(xs.size()), out_size}, dtype, device), false);
}

NStepRNNBase::Result NStepRNNBase::run(const Variable& hx, const Variable& cx, const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "NStepRNN: xs is empty");
    // indices: the sequences by decreasing length (stable, as numpy.argsort of -len for distinct lengths).
    std::vector<int64_t> indices(xs.size());
    std::iota(indices.begin(), indices.end(), 0);
    std::stable_sort(indices.begin(), indices.end(),
                     [&](int64_t a, int64_t b) { return xs[a].shape()[0] > xs[b].shape()[0]; });
    std::vector<int64_t> inverse(xs.size());
    for (size_t i = 0; i < indices.size(); ++i) inverse[indices[i]] = static_cast<int64_t>(i);
    VarList sorted;
    for (int64_t i : indices) sorted.push_back(xs[i]);
    const Array order = Array::FromVector(indices), restore = Array::FromVector(inverse);
    auto permute = [&](const Variable& h, const Array& idx) {
        return h.defined() ? functions::get_item(h, Indices{Slice(), idx}) : h;
    };
    const Variable h0 = hx.defined() ? permute(hx, order) : init_hx(sorted);
    const Variable c0 = n_weights == 8 ? (cx.defined() ? permute(cx, order) : init_hx(sorted)) : Variable();
    const std::vector<Variable> trans_x = functions::transpose_sequence(sorted);
    Result r = rnn(h0, c0, ws(), bs(), VarList(trans_x.begin(), trans_x.end()));
    const std::vector<Variable> ys_sorted = functions::transpose_sequence(VarList(r.ys.begin(), r.ys.end()));
    Result out;
    out.hy = permute(r.hy, restore);
    out.cy = permute(r.cy, restore);
    for (int64_t i : inverse) out.ys.push_back(ys_sorted[i]);
    return out;
}

std::tuple<Variable, Variable, std::vector<Variable>> NStepLSTMBase::forward(const Variable& hx, const Variable& cx,
                                                                             const VarList& xs) {
    Result r = run(hx, cx, xs);
    return {r.hy, r.cy, r.ys};
}

std::tuple<Variable, std::vector<Variable>> NStepHiddenBase::forward(const Variable& hx, const VarList& xs) {
    Result r = run(hx, Variable(), xs);
    return {r.hy, r.ys};
}

NStepLSTM::NStepLSTM(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                    const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepLSTMBase(n_layers, in_size, out_size, dropout, 8, false, initialW, initial_bias) {}

NStepRNNBase::Result NStepLSTM::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                    const functions::WeightList& bs, const VarList& xs) {
    auto [hy, cy, ys] = functions::n_step_lstm(n_layers, dropout, hx, cx, ws, bs, xs);
    return {hy, cy, ys};
}

std::shared_ptr<Link> NStepLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepLSTM>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepBiLSTM::NStepBiLSTM(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                        const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepLSTMBase(n_layers, in_size, out_size, dropout, 8, true, initialW, initial_bias) {}

NStepRNNBase::Result NStepBiLSTM::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                      const functions::WeightList& bs, const VarList& xs) {
    auto [hy, cy, ys] = functions::n_step_bilstm(n_layers, dropout, hx, cx, ws, bs, xs);
    return {hy, cy, ys};
}

std::shared_ptr<Link> NStepBiLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepBiLSTM>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepGRU::NStepGRU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                  const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 6, false, initialW, initial_bias) {}

NStepRNNBase::Result NStepGRU::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                   const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_gru(n_layers, dropout, hx, ws, bs, xs);
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepGRU::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepGRU>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepBiGRU::NStepBiGRU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                      const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 6, true, initialW, initial_bias) {}

NStepRNNBase::Result NStepBiGRU::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                     const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_bigru(n_layers, dropout, hx, ws, bs, xs);
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepBiGRU::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepBiGRU>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepRNNTanh::NStepRNNTanh(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                          const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 2, false, initialW, initial_bias) {}

NStepRNNBase::Result NStepRNNTanh::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                       const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_rnn(n_layers, dropout, hx, ws, bs, xs, "tanh");
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepRNNTanh::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepRNNTanh>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepRNNReLU::NStepRNNReLU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                          const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 2, false, initialW, initial_bias) {}

NStepRNNBase::Result NStepRNNReLU::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                       const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_rnn(n_layers, dropout, hx, ws, bs, xs, "relu");
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepRNNReLU::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepRNNReLU>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepBiRNNTanh::NStepBiRNNTanh(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                              const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 2, true, initialW, initial_bias) {}

NStepRNNBase::Result NStepBiRNNTanh::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                         const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_birnn(n_layers, dropout, hx, ws, bs, xs, "tanh");
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepBiRNNTanh::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepBiRNNTanh>(*this);
    ret->clone_state(mode);
    return ret;
}

NStepBiRNNReLU::NStepBiRNNReLU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
                              const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias)
    : NStepHiddenBase(n_layers, in_size, out_size, dropout, 2, true, initialW, initial_bias) {}

NStepRNNBase::Result NStepBiRNNReLU::rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                                         const functions::WeightList& bs, const VarList& xs) {
    auto [hy, ys] = functions::n_step_birnn(n_layers, dropout, hx, ws, bs, xs, "relu");
    return {hy, Variable(), ys};
}

std::shared_ptr<Link> NStepBiRNNReLU::clone(const std::string& mode) const {
    auto ret = std::make_shared<NStepBiRNNReLU>(*this);
    ret->clone_state(mode);
    return ret;
}

}  // namespace links
}  // namespace cnet
