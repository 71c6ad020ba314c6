// tree_lstm.cc — ChildSumTreeLSTM and NaryTreeLSTM links.
#include "cnet/links/tree_lstm.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/lstm.h"

namespace cnet {
namespace links {
namespace {

// The batch size and dtype of the first defined Variable among cs, hs (for a None x).
Variable ZeroInput(const std::vector<Variable>& cs, const std::vector<Variable>& hs, int64_t in_size) {
    for (const auto* list : {&cs, &hs})
        for (const Variable& v : *list)
            if (v.defined()) return Variable(Array::Zeros(Shape{v.shape()[0], in_size}, v.dtype(), v.device()), false);
    throw ValueError("All inputs (cs, hs, x) are None.");
}

// A None child's cell or output: zeros like x (its batch, dtype and device).
Variable OrZeros(const Variable& v, const Variable& x, int64_t units) {
    return v.defined() ? v : Variable(Array::Zeros(Shape{x.shape()[0], units}, x.dtype(), x.device()), false);
}

void CloneChildren(std::vector<std::pair<std::string, std::shared_ptr<Link>>>& children, const std::string& mode) {
    for (auto& [name, child] : children) {
        child = child->copy(mode);
        child->set_name(name);
    }
}

}  // namespace

ChildSumTreeLSTM::ChildSumTreeLSTM(int64_t in_size, int64_t out_size) : in_size(in_size), state_size(out_size) {
    auto scope = init_scope();
    W_x = add_link("W_x", std::make_shared<Linear>(in_size, 4 * out_size));
    W_h_aio = add_link("W_h_aio", std::make_shared<Linear>(out_size, 3 * out_size, true));
    W_h_f = add_link("W_h_f", std::make_shared<Linear>(out_size, out_size, true));
}

std::pair<Variable, Variable> ChildSumTreeLSTM::forward(const std::vector<Variable>& cs,
                                                        const std::vector<Variable>& hs, const Variable& x_in) {
    CNET_CHECK_AS(ValueError, cs.size() == hs.size(), "ChildSumTreeLSTM: ", cs.size(), " cells but ", hs.size(),
                  " outputs");
    const Variable x = x_in.defined() ? x_in : ZeroInput(cs, hs, in_size);
    const VarList wx = functions::split_axis((*W_x)(x), std::vector<int64_t>{3 * state_size}, 1);
    if (hs.empty()) {
        const VarList aio = functions::split_axis(wx[0], 3, 1);
        const Variable c = functions::sigmoid(aio[1]) * functions::tanh(aio[0]);
        return {c, functions::sigmoid(aio[2]) * functions::tanh(c)};
    }
    VarList h_pad, in;
    for (const Variable& h : hs) h_pad.push_back(OrZeros(h, x, state_size));
    Variable h_sum = h_pad[0];
    for (size_t k = 1; k < h_pad.size(); ++k) h_sum = h_sum + h_pad[k];
    for (const Variable& c : cs) in.push_back(OrZeros(c, x, state_size));
    VarList gates{(*W_h_aio)(h_sum) + wx[0]};
    for (const Variable& h : h_pad) gates.push_back((*W_h_f)(h) + wx[1]);
    in.push_back(functions::concat(gates, 1));
    return functions::tree_lstm(in);
}

std::pair<Variable, Variable> ChildSumTreeLSTM::forward_flat(const std::vector<Variable>& cshsx) {
    CNET_CHECK_AS(ValueError, cshsx.size() % 2 == 1, "ChildSumTreeLSTM: expected (c_1.., h_1.., x), got ",
                  cshsx.size(), " arguments");
    const size_t n = cshsx.size() / 2;
    return forward({cshsx.begin(), cshsx.begin() + n}, {cshsx.begin() + n, cshsx.end() - 1}, cshsx.back());
}

std::shared_ptr<Link> ChildSumTreeLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<ChildSumTreeLSTM>(*this);
    ret->copy_own_state(mode);
    CloneChildren(ret->children_, mode);
    ret->W_x = std::static_pointer_cast<Linear>((*ret)["W_x"]);
    ret->W_h_aio = std::static_pointer_cast<Linear>((*ret)["W_h_aio"]);
    ret->W_h_f = std::static_pointer_cast<Linear>((*ret)["W_h_f"]);
    return ret;
}

NaryTreeLSTM::NaryTreeLSTM(int64_t in_size, int64_t out_size, int64_t n_ary)
    : in_size(in_size), state_size(out_size), n_ary(n_ary) {
    CNET_CHECK_AS(ValueError, n_ary >= 1, "NaryTreeLSTM: n_ary must be at least 1, got ", n_ary);
    auto scope = init_scope();
    W_x = add_link("W_x", std::make_shared<Linear>(in_size, (3 + n_ary) * out_size));
    for (int64_t i = 1; i <= n_ary; ++i)
        W_h.push_back(add_link("W_h" + std::to_string(i), std::make_shared<Linear>(out_size, (3 + n_ary) * out_size, true)));
}

std::pair<Variable, Variable> NaryTreeLSTM::forward(const std::vector<Variable>& cs, const std::vector<Variable>& hs,
                                                    const Variable& x_in) {
    CNET_CHECK_AS(ValueError, static_cast<int64_t>(cs.size()) == n_ary && static_cast<int64_t>(hs.size()) == n_ary,
                  "NaryTreeLSTM: expected ", n_ary, " cells and outputs, got ", cs.size(), " and ", hs.size());
    const Variable x = x_in.defined() ? x_in : ZeroInput(cs, hs, in_size);
    Variable in = (*W_x)(x);
    for (size_t k = 0; k < hs.size(); ++k)
        if (hs[k].defined()) in = in + (*W_h[k])(hs[k]);
    VarList args;
    for (const Variable& c : cs) args.push_back(OrZeros(c, x, state_size));
    args.push_back(in);
    return functions::tree_lstm(args);
}

std::pair<Variable, Variable> NaryTreeLSTM::forward_flat(const std::vector<Variable>& cshsx) {
    CNET_CHECK_AS(ValueError, static_cast<int64_t>(cshsx.size()) == 2 * n_ary + 1, "NaryTreeLSTM: expected ",
                  2 * n_ary + 1, " arguments (c_1.., h_1.., x), got ", cshsx.size());
    const size_t n = static_cast<size_t>(n_ary);
    return forward({cshsx.begin(), cshsx.begin() + n}, {cshsx.begin() + n, cshsx.end() - 1}, cshsx.back());
}

std::shared_ptr<Link> NaryTreeLSTM::clone(const std::string& mode) const {
    auto ret = std::make_shared<NaryTreeLSTM>(*this);
    ret->copy_own_state(mode);
    CloneChildren(ret->children_, mode);
    ret->W_x = std::static_pointer_cast<Linear>((*ret)["W_x"]);
    for (int64_t i = 1; i <= n_ary; ++i)
        ret->W_h[static_cast<size_t>(i - 1)] = std::static_pointer_cast<Linear>((*ret)["W_h" + std::to_string(i)]);
    return ret;
}

}  // namespace links
}  // namespace cnet
