// peephole_lstm.cc — StatefulPeepholeLSTM link.
#include "cnet/links/peephole_lstm.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace links {

StatefulPeepholeLSTM::StatefulPeepholeLSTM(int64_t in_size, int64_t out_size) : state_size(out_size) {
    auto scope = init_scope();
    upward = add_link("upward", std::make_shared<Linear>(in_size, 4 * out_size));
    lateral = add_link("lateral", std::make_shared<Linear>(out_size, 4 * out_size, true));
    peep_i = add_link("peep_i", std::make_shared<Linear>(out_size, out_size, true));
    peep_f = add_link("peep_f", std::make_shared<Linear>(out_size, out_size, true));
    peep_o = add_link("peep_o", std::make_shared<Linear>(out_size, out_size, true));
}

Variable StatefulPeepholeLSTM::forward(const Variable& x) {
    Variable lstm_in = (*upward)(x);
    if (h.defined()) lstm_in = lstm_in + (*lateral)(h);
    if (!c.defined()) c = Variable(Array::Zeros(Shape{x.shape()[0], state_size}, x.dtype(), x.device()), false);
    const Variable g = functions::reshape(lstm_in, Shape{lstm_in.shape()[0], state_size, 4});
    const Variable a = functions::tanh(g[{Slice(), Slice(), 0}]);
    const Variable i = functions::sigmoid(g[{Slice(), Slice(), 1}] + (*peep_i)(c));
    const Variable f = functions::sigmoid(g[{Slice(), Slice(), 2}] + (*peep_f)(c));
    c = a * i + f * c;
    const Variable o = functions::sigmoid(g[{Slice(), Slice(), 3}] + (*peep_o)(c));
    h = o * functions::tanh(c);
    return h;
}

Variable StatefulPeepholeLSTM::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "StatefulPeepholeLSTM takes 1 argument, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Link> StatefulPeepholeLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<StatefulPeepholeLSTM>(*this);
    ret->copy_own_state(mode);
    for (auto& [name, child] : ret->children_) {
        child = child->copy(mode);
        child->set_name(name);
        auto l = std::static_pointer_cast<Linear>(child);
        if (name == "upward") ret->upward = l;
        if (name == "lateral") ret->lateral = l;
        if (name == "peep_i") ret->peep_i = l;
        if (name == "peep_f") ret->peep_f = l;
        if (name == "peep_o") ret->peep_o = l;
    }
    ret->reset_state();
    return ret;
}

}  // namespace links
}  // namespace cnet
