// peephole_lstm.h — chainer.links.StatefulPeepholeLSTM: an LSTM whose gates also see the cell state through
// peep_i, peep_f (on the previous c) and peep_o (on the new c).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/links/link.h"
#include "cnet/links/linear.h"

namespace cnet {
namespace links {

/// StatefulPeepholeLSTM(in_size, out_size): children upward Linear(in, 4 out), lateral Linear(out, 4 out,
/// nobias), peep_i/peep_f/peep_o Linear(out, out, nobias). Gates interleaved (a, i, f, o) as F.lstm:
/// a = tanh, i = sigmoid(. + peep_i c), f = sigmoid(. + peep_f c), c' = a i + f c, o = sigmoid(. + peep_o c'),
/// h = o tanh(c').
class StatefulPeepholeLSTM : public Chain {
public:
    StatefulPeepholeLSTM(int64_t in_size, int64_t out_size);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;
    void reset_state() { c = h = Variable(); }

    std::shared_ptr<Linear> upward, lateral, peep_i, peep_f, peep_o;
    int64_t state_size;
    Variable c, h;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
