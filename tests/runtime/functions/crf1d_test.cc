// crf1d_test.cc — crf1d and argmax_crf1d against brute-force enumeration of every label path, with a
// shrinking batch; gradient checks of crf1d.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "cnet/functions/crf1d.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("crf1d");
CNET_DOUBLE_BACKWARD_CHECKED("crf1d");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;

struct Problem {
    Array cost;
    std::vector<Array> xs, ys;
    std::vector<int64_t> lengths;  // per sequence
};

// 3 labels; batch sizes 3, 2, 1 (sequence lengths 3, 2, 1).
Problem Make() {
    Problem p;
    p.cost = Uniform(Shape{3, 3}, -1, 1, kF64, 1);
    const std::vector<int64_t> batches{3, 2, 1};
    const std::vector<std::vector<int32_t>> labels{{0, 2, 1}, {1, 1}, {2}};
    for (size_t t = 0; t < batches.size(); ++t) {
        p.xs.push_back(Uniform(Shape{batches[t], 3}, -1, 1, kF64, 10 + t));
        p.ys.push_back(Array::FromVector(labels[t]));
    }
    p.lengths = {3, 2, 1};
    return p;
}

double Score(const Problem& p, int64_t seq, const std::vector<int64_t>& path) {
    double s = 0;
    for (size_t t = 0; t < path.size(); ++t) {
        s += p.xs[t].at_flat(seq * 3 + path[t]);
        if (t > 0) s += p.cost.at_flat(path[t - 1] * 3 + path[t]);
    }
    return s;
}

// Every path of length n over 3 labels.
std::vector<std::vector<int64_t>> Paths(int64_t n) {
    std::vector<std::vector<int64_t>> out{{}};
    for (int64_t t = 0; t < n; ++t) {
        std::vector<std::vector<int64_t>> next;
        for (const auto& p : out)
            for (int64_t k = 0; k < 3; ++k) {
                auto q = p;
                q.push_back(k);
                next.push_back(q);
            }
        out = next;
    }
    return out;
}

TEST(Crf1dTest, MatchesBruteForce) {
    const Problem p = Make();
    const Variable loss = F::crf1d(p.cost, VarList(p.xs.begin(), p.xs.end()), VarList(p.ys.begin(), p.ys.end()), "no");
    auto [best, path] = F::argmax_crf1d(p.cost, VarList(p.xs.begin(), p.xs.end()));
    ASSERT_EQ(path.size(), 3u);
    for (int64_t seq = 0; seq < 3; ++seq) {
        double z = 0, top = -std::numeric_limits<double>::infinity();
        std::vector<int64_t> top_path;
        for (const auto& q : Paths(p.lengths[static_cast<size_t>(seq)])) {
            const double s = Score(p, seq, q);
            z += std::exp(s);
            if (s > top) {
                top = s;
                top_path = q;
            }
        }
        std::vector<int64_t> given;
        for (int64_t t = 0; t < p.lengths[static_cast<size_t>(seq)]; ++t)
            given.push_back(static_cast<int64_t>(p.ys[static_cast<size_t>(t)].at_flat(seq)));
        EXPECT_NEAR(loss.array().at_flat(seq), std::log(z) - Score(p, seq, given), 1e-10) << "sequence " << seq;
        EXPECT_NEAR(best.array().at_flat(seq), top, 1e-10);
        for (size_t t = 0; t < top_path.size(); ++t)
            EXPECT_EQ(static_cast<int64_t>(path[t].at_flat(seq)), top_path[t]) << "sequence " << seq << " step " << t;
    }
    const Variable mean = F::crf1d(p.cost, VarList(p.xs.begin(), p.xs.end()), VarList(p.ys.begin(), p.ys.end()));
    EXPECT_NEAR(mean.array().at_flat(0),
                (loss.array().at_flat(0) + loss.array().at_flat(1) + loss.array().at_flat(2)) / 3, 1e-12);
    EXPECT_THROW(F::crf1d(p.cost, VarList(p.xs.begin(), p.xs.end()), VarList(p.ys.begin(), p.ys.end()), "sum"),
                 ValueError);
}

TEST(Crf1dTest, Gradients) {
    const Problem p = Make();
    auto f = [&p](const VarList& v) {
        return VarList{F::crf1d(v[0], {v[1], v[2], v[3]}, VarList(p.ys.begin(), p.ys.end()), "no")};
    };
    const std::vector<Array> in{p.cost, p.xs[0], p.xs[1], p.xs[2]};
    const Array gy = Uniform(Shape{3}, -1, 1, kF64, 20);
    gradient_check::check_backward(f, in, {gy});
    std::vector<Array> gg;
    for (const Array& a : in) gg.push_back(Uniform(a.shape(), -1, 1, kF64, 30 + gg.size()));
    gradient_check::check_double_backward(f, in, {gy}, gg);
}

}  // namespace
}  // namespace cnet
