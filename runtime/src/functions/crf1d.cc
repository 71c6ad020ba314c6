// crf1d.cc — crf1d and argmax_crf1d composed of differentiable functions (logsumexp / max over the previous
// label, select_item, embed_id on the cost matrix), as Chainer writes them; shrinking batches split off the
// finished sequences and join them back at the end.
#include "cnet/functions/crf1d.h"

#include <algorithm>

#include "cnet/core/error.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/reduction.h"
#include "cnet/np/indexing.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

// alpha (B, K) and cost (K, K) -> alpha[:, :, None] + cost[None], (B, K, K).
Variable Transition(const Variable& alpha, const Variable& cost) {
    const int64_t b = alpha.shape()[0], k = cost.shape()[0];
    return broadcast_to(reshape(alpha, Shape{b, k, 1}), Shape{b, k, k}) +
           broadcast_to(reshape(cost, Shape{1, k, k}), Shape{b, k, k});
}

void CheckInputs(const Variable& cost, const VarList& xs) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "crf1d: xs is empty");
    CNET_CHECK_AS(ShapeError, cost.ndim() == 2 && cost.shape()[0] == cost.shape()[1] && xs[0].ndim() == 2 &&
                                  xs[0].shape()[1] == cost.shape()[0],
                  "crf1d: cost must be (K, K) and xs[t] (B_t, K), got ", cost.shape(), " and ", xs[0].shape());
}

}  // namespace

Variable crf1d(const Variable& cost, const VarList& xs, const VarList& ys, const std::string& reduce) {
    CNET_CHECK_AS(ValueError, reduce == "mean" || reduce == "no",
                  "only 'mean' and 'no' are valid for 'reduce', but '", reduce, "' is given");
    CheckInputs(cost, xs);
    CNET_CHECK_AS(ValueError, ys.size() == xs.size(), "crf1d: ", xs.size(), " score arrays but ", ys.size(),
                  " label arrays");
    const int64_t n_label = cost.shape()[0], n_batch = xs[0].shape()[0];
    // log Z by the forward algorithm.
    Variable alpha = xs[0];
    VarList rest;
    for (size_t t = 1; t < xs.size(); ++t) {
        const int64_t batch = xs[t].shape()[0];
        if (alpha.shape()[0] > batch) {
            rest.push_back(alpha[Slice(batch, {})]);
            alpha = alpha[Slice(0, batch)];
        }
        alpha = logsumexp(Transition(alpha, cost), 1) + xs[t];
    }
    if (!rest.empty()) {
        rest.push_back(alpha);
        std::reverse(rest.begin(), rest.end());
        alpha = concat(rest, 0);
    }
    const Variable logz = logsumexp(alpha, 1);
    // The score of the given path.
    const Variable flat_cost = reshape(cost, Shape{n_label * n_label, 1});
    Variable score = select_item(xs[0], ys[0]);
    VarList score_rest;
    for (size_t t = 1; t < xs.size(); ++t) {
        const int64_t batch = xs[t].shape()[0];
        Variable y_prev = ys[t - 1];
        if (score.shape()[0] > batch) {
            y_prev = y_prev[Slice(0, batch)];
            score_rest.push_back(score[Slice(batch, {})]);
            score = score[Slice(0, batch)];
        }
        const Array idx = np::add(np::multiply(y_prev.array().astype(Dtype::kInt64),
                                               Array::FromScalar(Scalar(n_label), Dtype::kInt64).to_device(cost.device())),
                                  ys[t].array().astype(Dtype::kInt64))
                              .astype(Dtype::kInt32);
        score = score + select_item(xs[t], ys[t]) + reshape(embed_id(idx, flat_cost), Shape{batch});
    }
    if (!score_rest.empty()) {
        score_rest.push_back(score);
        std::reverse(score_rest.begin(), score_rest.end());
        score = concat(score_rest, 0);
    }
    const Variable loss = logz - score;
    return reduce == "mean" ? sum(loss) / static_cast<double>(n_batch) : loss;
}

std::pair<Variable, std::vector<Array>> argmax_crf1d(const Variable& cost, const VarList& xs) {
    CheckInputs(cost, xs);
    Variable alpha = xs[0];
    std::vector<Variable> alphas;  // the finished rows split off at step t (undefined when none)
    std::vector<Array> max_inds;
    for (size_t t = 1; t < xs.size(); ++t) {
        const int64_t batch = xs[t].shape()[0];
        if (alpha.shape()[0] > batch) {
            alphas.push_back(alpha[Slice(batch, {})]);
            alpha = alpha[Slice(0, batch)];
        } else {
            alphas.push_back(Variable());
        }
        const Variable scores = Transition(alpha, cost);
        max_inds.push_back(np::argmax(scores.array(), 1));
        alpha = max(scores, 1) + xs[t];
    }
    Array inds = np::argmax(alpha.array(), 1);
    std::vector<Array> path{inds.astype(Dtype::kInt32)};
    for (size_t s = max_inds.size(); s-- > 0;) {
        // inds[i] = max_inds[s][i, inds[i]]
        const Array& m = max_inds[s];
        std::vector<int64_t> next(static_cast<size_t>(m.shape()[0]));
        const std::vector<int64_t> mv = m.astype(Dtype::kInt64).to_vector<int64_t>(), iv = inds.astype(Dtype::kInt64).to_vector<int64_t>();
        const int64_t k = m.shape()[1];
        for (size_t i = 0; i < iv.size(); ++i) next[i] = mv[static_cast<size_t>(static_cast<int64_t>(i) * k + iv[i])];
        if (alphas[s].defined()) {
            const std::vector<int64_t> extra = np::argmax(alphas[s].array(), 1).astype(Dtype::kInt64).to_vector<int64_t>();
            next.insert(next.end(), extra.begin(), extra.end());
        }
        inds = Array::FromVector(next).to_device(alpha.device());
        path.push_back(inds.astype(Dtype::kInt32));
    }
    std::reverse(path.begin(), path.end());
    Variable score = max(alpha, 1);
    for (size_t s = alphas.size(); s-- > 0;)
        if (alphas[s].defined()) score = concat({score, max(alphas[s], 1)}, 0);
    return {score, path};
}

}  // namespace functions
}  // namespace cnet
