// tree_lstm.h — chainer.links.ChildSumTreeLSTM and NaryTreeLSTM: stateless tree-LSTM cells over F.tree_lstm,
// called with the children's cells, their outputs and the node's input: (c_1.., h_1.., x) -> (c, h).
// None entries (undefined Variables) are zeros; x None is a zero input.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// ChildSumTreeLSTM(in_size, out_size): children W_x Linear(in, 4 out), W_h_aio Linear(out, 3 out, nobias),
/// W_h_f Linear(out, out, nobias). The a, i, o gates see the sum of the children's h (so the order of the
/// children does not matter); each child has its own forget gate W_h_f(h_k) + W_x_f(x).
class ChildSumTreeLSTM : public Chain {
public:
    ChildSumTreeLSTM(int64_t in_size, int64_t out_size);
    /// cs and hs have one entry per child (possibly none).
    std::pair<Variable, Variable> forward(const std::vector<Variable>& cs, const std::vector<Variable>& hs,
                                          const Variable& x);
    /// Chainer's call form (c_1, ..., c_n, h_1, ..., h_n, x).
    std::pair<Variable, Variable> forward_flat(const std::vector<Variable>& cshsx);
    template <typename... V>
    std::pair<Variable, Variable> operator()(const V&... cshsx) {
        return forward_flat(std::vector<Variable>{static_cast<Variable>(cshsx)...});
    }
    /// link(*cshsx) of a list (of Variables or arrays).
    template <typename V>
    std::pair<Variable, Variable> operator()(const std::vector<V>& cshsx) {
        std::vector<Variable> all;
        for (const V& v : cshsx) all.push_back(as_variable(v));
        return forward_flat(all);
    }

    std::shared_ptr<Linear> W_x, W_h_aio, W_h_f;
    int64_t in_size, state_size;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// NaryTreeLSTM(in_size, out_size, n_ary=2): children W_x Linear(in, (3 + n) out) and W_h1..W_hn
/// Linear(out, (3 + n) out, nobias), one per child position (order matters).
class NaryTreeLSTM : public Chain {
public:
    NaryTreeLSTM(int64_t in_size, int64_t out_size, int64_t n_ary = 2);
    /// cs and hs have n_ary entries each.
    std::pair<Variable, Variable> forward(const std::vector<Variable>& cs, const std::vector<Variable>& hs,
                                          const Variable& x);
    /// Chainer's call form (c_1, ..., c_n, h_1, ..., h_n, x).
    std::pair<Variable, Variable> forward_flat(const std::vector<Variable>& cshsx);
    template <typename... V>
    std::pair<Variable, Variable> operator()(const V&... cshsx) {
        return forward_flat(std::vector<Variable>{static_cast<Variable>(cshsx)...});
    }
    /// link(*cshsx) of a list (of Variables or arrays).
    template <typename V>
    std::pair<Variable, Variable> operator()(const std::vector<V>& cshsx) {
        std::vector<Variable> all;
        for (const V& v : cshsx) all.push_back(as_variable(v));
        return forward_flat(all);
    }

    std::shared_ptr<Linear> W_x;
    std::vector<std::shared_ptr<Linear>> W_h;  // W_h1 .. W_hn
    int64_t in_size, state_size, n_ary;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
