// lstm.h — chainer.links.LSTM (stateful) and StatelessLSTM: an `upward` Linear(in, 4 out) and a `lateral`
// Linear(out, 4 out, nobias) feeding F.lstm, with Chainer's child names (npz keys upward/W, upward/b,
// lateral/W) and its interleaved gate layout.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// The parameters shared by LSTM and StatelessLSTM. LSTMBase(in_size, out_size=None, lateral_init=None,
/// upward_init=None, bias_init=None, forget_bias_init=None): with out_size None, in_size is the output size
/// and the input size is inferred from the first input. Each of the four (out, in) row blocks of the W
/// matrices is filled by its initializer (LeCunNormal by default); the bias is bias_init (0) for a, i, o and
/// forget_bias_init (1) for f, interleaved per unit as F.lstm reads it.
class LSTMBase : public Chain {
public:
    std::shared_ptr<Linear> upward;
    std::shared_ptr<Linear> lateral;
    int64_t state_size;

protected:
    LSTMBase(std::optional<int64_t> in_size, std::optional<int64_t> out_size,
             const initializers::InitializerArg& lateral_init, const initializers::InitializerArg& upward_init,
             const initializers::InitializerArg& bias_init, const initializers::InitializerArg& forget_bias_init);
    /// Creates upward.W from x's size on the first call (lazy in_size).
    void initialize_lazily(const Variable& x);
    /// Re-points upward/lateral at the cloned children (after a member-wise copy).
    void clone_children(const std::string& mode);

private:
    void initialize_params();
    initializers::InitializerArg lateral_init_, upward_init_, bias_init_, forget_bias_init_;
};

/// L.LSTM: keeps the cell state `c` and the output `h` between calls. With a smaller batch than the state's,
/// only the first rows are updated; the first call after reset_state() has no lateral term.
class LSTM : public LSTMBase {
public:
    LSTM(std::optional<int64_t> in_size, std::optional<int64_t> out_size = std::nullopt,
         const initializers::InitializerArg& lateral_init = {}, const initializers::InitializerArg& upward_init = {},
         const initializers::InitializerArg& bias_init = {}, const initializers::InitializerArg& forget_bias_init = {});

    /// x: (B, in) -> h: (B, out); updates c and h.
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;
    /// Sets c and h to None.
    void reset_state();
    void set_state(const Variable& c, const Variable& h);

    Variable c, h;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// L.StatelessLSTM: forward(c, h, x) -> (c_new, h_new); c and h may be None (zeros / no lateral term).
class StatelessLSTM : public LSTMBase {
public:
    StatelessLSTM(std::optional<int64_t> in_size, std::optional<int64_t> out_size = std::nullopt,
                  const initializers::InitializerArg& lateral_init = {},
                  const initializers::InitializerArg& upward_init = {},
                  const initializers::InitializerArg& bias_init = {},
                  const initializers::InitializerArg& forget_bias_init = {});

    std::pair<Variable, Variable> forward(const Variable& c, const Variable& h, const Variable& x);
    std::pair<Variable, Variable> operator()(const Variable& c, const Variable& h, const Variable& x) {
        return forward(c, h, x);
    }

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
