// crf1d.h — chainer.links.CRF1d: the transition cost matrix of a linear-chain CRF.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// CRF1d(n_label, initial_cost=None): parameter cost (n_label, n_label), zeros by default.
/// forward(xs, ys, reduce='mean', transpose=False) = F.crf1d(cost, xs, ys, reduce); argmax(xs, transpose=False) =
/// F.argmax_crf1d. With transpose, xs/ys are per-sequence lists (L_i, K) / (L_i,) in any order: they are sorted
/// by length and transposed to time-major first (and argmax's path is returned per sequence, in input order).
class CRF1d : public Link {
public:
    explicit CRF1d(int64_t n_label, const initializers::InitializerArg& initial_cost = {});
    Variable forward(const VarList& xs, const VarList& ys, const std::string& reduce = "mean", bool transpose = false);
    Variable operator()(const VarList& xs, const VarList& ys, const std::string& reduce = "mean",
                        bool transpose = false) {
        return forward(xs, ys, reduce, transpose);
    }
    std::pair<Variable, std::vector<Array>> argmax(const VarList& xs, bool transpose = false);

    Parameter cost;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
