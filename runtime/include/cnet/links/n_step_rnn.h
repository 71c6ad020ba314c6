// n_step_rnn.h — chainer.links.NStepLSTM, NStepBiLSTM, NStepGRU, NStepBiGRU, NStepRNNTanh, NStepRNNReLU,
// NStepBiRNNTanh, NStepBiRNNReLU: ChainLists of one weight link per layer and direction holding w0.. and b0..
// (npz keys "0/w0", "0/b0", ...), called on a list of variable-length sequences.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "cnet/functions/n_step_rnn.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// The shared part. NStepX(n_layers, in_size, out_size, dropout, initialW=None, initial_bias=None): w_j is
/// (out, in) with in = in_size for the input weights of layer 0, out * directions for those of upper layers
/// and out for the hidden ones; default Normal(sqrt(1 / in)) weights and zero biases.
class NStepRNNBase : public ChainList {
public:
    int64_t n_layers;
    int64_t out_size;
    double dropout;
    int64_t direction;  // 1, or 2 when bidirectional
    int n_weights;

    /// ws[k][j] / bs[k][j]: parameter w{j} / b{j} of child k.
    functions::WeightList ws() const;
    functions::WeightList bs() const;
    /// Zeros (n_layers * direction, len(xs), out_size), the default hx / cx.
    Variable init_hx(const VarList& xs) const;

protected:
    NStepRNNBase(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout, int n_weights, bool bidirectional,
                 const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias);

    struct Result {
        Variable hy, cy;
        std::vector<Variable> ys;
    };
    /// Sorts xs (L_i, in) by decreasing length, transposes them, runs the F.n_step_* function, and restores
    /// the order: ys[i] is (L_i, out * direction), hy/cy (n_layers * direction, B, out). hx/cx may be None.
    Result run(const Variable& hx, const Variable& cx, const VarList& xs);
    /// After a member-wise copy: own parameters and the per-layer weight links copied per `mode`.
    void clone_state(const std::string& mode);
    /// The F.n_step_* function on time-major inputs.
    virtual Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws,
                       const functions::WeightList& bs, const VarList& xs) = 0;
};

/// Links with a cell state: __call__(hx, cx, xs) -> (hy, cy, ys).
class NStepLSTMBase : public NStepRNNBase {
public:
    std::tuple<Variable, Variable, std::vector<Variable>> forward(const Variable& hx, const Variable& cx,
                                                                  const VarList& xs);
    std::tuple<Variable, Variable, std::vector<Variable>> operator()(const Variable& hx, const Variable& cx,
                                                                     const VarList& xs) {
        return forward(hx, cx, xs);
    }

protected:
    using NStepRNNBase::NStepRNNBase;
};

/// Links without one: __call__(hx, xs) -> (hy, ys).
class NStepHiddenBase : public NStepRNNBase {
public:
    std::tuple<Variable, std::vector<Variable>> forward(const Variable& hx, const VarList& xs);
    std::tuple<Variable, std::vector<Variable>> operator()(const Variable& hx, const VarList& xs) {
        return forward(hx, xs);
    }

protected:
    using NStepRNNBase::NStepRNNBase;
};

/// NStepLSTM(n_layers, in_size, out_size, dropout, initialW=None, initial_bias=None): F.n_step_lstm, 8 weights per layer.
class NStepLSTM : public NStepLSTMBase {
public:
    NStepLSTM(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepBiLSTM: F.n_step_bilstm.
class NStepBiLSTM : public NStepLSTMBase {
public:
    NStepBiLSTM(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepGRU: F.n_step_gru, 6 weights per layer.
class NStepGRU : public NStepHiddenBase {
public:
    NStepGRU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepBiGRU: F.n_step_bigru.
class NStepBiGRU : public NStepHiddenBase {
public:
    NStepBiGRU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepRNNTanh: F.n_step_rnn with activation 'tanh', 2 weights per layer.
class NStepRNNTanh : public NStepHiddenBase {
public:
    NStepRNNTanh(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepRNNReLU: F.n_step_rnn with activation 'relu'.
class NStepRNNReLU : public NStepHiddenBase {
public:
    NStepRNNReLU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepBiRNNTanh: F.n_step_birnn with activation 'tanh'.
class NStepBiRNNTanh : public NStepHiddenBase {
public:
    NStepBiRNNTanh(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NStepBiRNNReLU: F.n_step_birnn with activation 'relu'.
class NStepBiRNNReLU : public NStepHiddenBase {
public:
    NStepBiRNNReLU(int64_t n_layers, int64_t in_size, int64_t out_size, double dropout,
        const initializers::InitializerArg& initialW = {}, const initializers::InitializerArg& initial_bias = {});

protected:
    Result rnn(const Variable& hx, const Variable& cx, const functions::WeightList& ws, const functions::WeightList& bs,
               const VarList& xs) override;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
