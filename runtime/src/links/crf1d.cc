// crf1d.cc — CRF1d link.
#include "cnet/links/crf1d.h"

#include <algorithm>
#include <numeric>

#include "cnet/functions/crf1d.h"
#include "cnet/functions/sequence.h"

namespace cnet {
namespace links {
namespace {

// The sequences' order by decreasing length (stable).
std::vector<size_t> ByLength(const VarList& xs) {
    std::vector<size_t> order(xs.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return xs[a].shape()[0] > xs[b].shape()[0]; });
    return order;
}

VarList TimeMajor(const VarList& seqs, const std::vector<size_t>& order) {
    VarList sorted;
    for (size_t i : order) sorted.push_back(seqs[i]);
    const std::vector<Variable> t = functions::transpose_sequence(sorted);
    return VarList(t.begin(), t.end());
}

}  // namespace

CRF1d::CRF1d(int64_t n_label, const initializers::InitializerArg& initial_cost) {
    auto scope = init_scope();
    const initializers::InitializerArg init = initial_cost.is_none() ? initializers::InitializerArg(0) : initial_cost;
    cost = add_param("cost", Parameter(init.get(), Shape{n_label, n_label}));
}

Variable CRF1d::forward(const VarList& xs, const VarList& ys, const std::string& reduce, bool transpose) {
    if (!transpose) return functions::crf1d(cost, xs, ys, reduce);
    const std::vector<size_t> order = ByLength(xs);
    return functions::crf1d(cost, TimeMajor(xs, order), TimeMajor(ys, order), reduce);
}

std::pair<Variable, std::vector<Array>> CRF1d::argmax(const VarList& xs, bool transpose) {
    if (!transpose) return functions::argmax_crf1d(cost, xs);
    const std::vector<size_t> order = ByLength(xs);
    auto [score, path] = functions::argmax_crf1d(cost, TimeMajor(xs, order));
    const std::vector<Variable> per_seq = functions::transpose_sequence(VarList(path.begin(), path.end()));
    std::vector<Array> out(xs.size());
    for (size_t k = 0; k < order.size(); ++k) out[order[k]] = per_seq[k].array();
    return {score, out};
}

std::shared_ptr<Link> CRF1d::clone(const std::string& mode) const {
    auto ret = std::make_shared<CRF1d>(*this);
    ret->copy_own_state(mode);
    ret->cost = ret->param("cost");
    return ret;
}

}  // namespace links
}  // namespace cnet
