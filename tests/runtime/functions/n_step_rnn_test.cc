// n_step_rnn_test.cc — n_step_{lstm,bilstm,gru,bigru,rnn,birnn}: documented shapes (acceptance 64, 65),
// values against a per-sequence reference written here from the cell formulas (cuDNN's weight order), the
// shrinking batch, and gradient checks.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "cnet/functions/n_step_rnn.h"
#include "cnet/testing/gradient_check.h"
#include "gradcheck_registry.h"
#include "test_util.h"

CNET_BACKWARD_CHECKED("n_step_lstm, n_step_bilstm, n_step_gru, n_step_bigru, n_step_rnn, n_step_birnn");
CNET_DOUBLE_BACKWARD_CHECKED("n_step_lstm, n_step_bilstm, n_step_gru, n_step_bigru, n_step_rnn, n_step_birnn");

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Uniform;
const Dtype kF64 = Dtype::kFloat64;
using Vec = std::vector<double>;

double Sig(double v) { return 1.0 / (1.0 + std::exp(-v)); }

// y = W v + b for W (n, m) given as an Array.
Vec Affine(const Array& W, const Array& b, const Vec& v) {
    const int64_t n = W.shape()[0], m = W.shape()[1];
    const Vec w = W.to_vector<double>(), bv = b.to_vector<double>();
    Vec y(static_cast<size_t>(n));
    for (int64_t r = 0; r < n; ++r) {
        double s = bv[static_cast<size_t>(r)];
        for (int64_t k = 0; k < m; ++k) s += w[static_cast<size_t>(r * m + k)] * v[static_cast<size_t>(k)];
        y[static_cast<size_t>(r)] = s;
    }
    return y;
}

Vec Row(const Array& a, int64_t r) { return a[r].copy().to_vector<double>(); }

// One cell step of one sequence: returns (h, c).
std::pair<Vec, Vec> RefStep(const std::string& cell, const std::vector<Array>& w, const std::vector<Array>& b,
                            const Vec& x, const Vec& h, const Vec& c) {
    const size_t n = h.size();
    Vec hn(n), cn(n);
    auto g = [&](int wx, int wh) {
        Vec p = Affine(w[wx], b[wx], x), q = Affine(w[wh], b[wh], h);
        for (size_t k = 0; k < n; ++k) p[k] += q[k];
        return p;
    };
    if (cell == "lstm") {
        const Vec i = g(0, 4), f = g(1, 5), a = g(2, 6), o = g(3, 7);
        for (size_t k = 0; k < n; ++k) {
            cn[k] = Sig(f[k]) * c[k] + Sig(i[k]) * std::tanh(a[k]);
            hn[k] = Sig(o[k]) * std::tanh(cn[k]);
        }
    } else if (cell == "gru") {
        const Vec r = g(0, 3), z = g(1, 4), wx = Affine(w[2], b[2], x), uh = Affine(w[5], b[5], h);
        for (size_t k = 0; k < n; ++k) {
            const double hb = std::tanh(wx[k] + Sig(r[k]) * uh[k]);
            hn[k] = (1 - Sig(z[k])) * hb + Sig(z[k]) * h[k];
        }
    } else {
        const Vec s = g(0, 1);
        for (size_t k = 0; k < n; ++k) hn[k] = cell == "tanh" ? std::tanh(s[k]) : std::max(0.0, s[k]);
    }
    return {hn, cn};
}

struct RnnSetup {
    int64_t layers, dirs, in, units;
    std::vector<int64_t> batches;  // B_t, non-increasing
    int n_w;
    std::vector<std::vector<Array>> ws, bs;
    std::vector<Array> xs;
    Array hx, cx;
};

RnnSetup MakeSetup(const std::string& cell, int64_t layers, int64_t dirs, uint64_t seed) {
    RnnSetup s{layers, dirs, 3, 2, {3, 2, 2, 1}, cell == "lstm" ? 8 : cell == "gru" ? 6 : 2, {}, {}, {}, {}, {}};
    for (int64_t l = 0; l < layers; ++l) {
        for (int64_t d = 0; d < dirs; ++d) {
            std::vector<Array> w, b;
            for (int j = 0; j < s.n_w; ++j) {
                const bool input = j < s.n_w / 2;
                const int64_t cols = input ? (l == 0 ? s.in : s.units * dirs) : s.units;
                w.push_back(Uniform(Shape{s.units, cols}, -1, 1, kF64, seed++));
                b.push_back(Uniform(Shape{s.units}, -1, 1, kF64, seed++));
            }
            s.ws.push_back(w);
            s.bs.push_back(b);
        }
    }
    for (int64_t bt : s.batches) s.xs.push_back(Uniform(Shape{bt, s.in}, -1, 1, kF64, seed++));
    s.hx = Uniform(Shape{layers * dirs, s.batches[0], s.units}, -1, 1, kF64, seed++);
    s.cx = Uniform(Shape{layers * dirs, s.batches[0], s.units}, -1, 1, kF64, seed++);
    return s;
}

// Reference: each sequence on its own (its length = number of steps whose batch includes it).
// Returns ys[t] rows and the final h per (layer*dirs + d, sequence).
void Reference(const std::string& cell, const RnnSetup& s, std::vector<Array>* ys, Array* hy, Array* cy) {
    const int64_t nseq = s.batches[0], steps = static_cast<int64_t>(s.batches.size());
    std::vector<std::vector<Vec>> seq_in(static_cast<size_t>(nseq));  // [seq][t] -> input vector
    for (int64_t q = 0; q < nseq; ++q) {
        for (int64_t t = 0; t < steps && s.batches[static_cast<size_t>(t)] > q; ++t)
            seq_in[static_cast<size_t>(q)].push_back(Row(s.xs[static_cast<size_t>(t)], q));
    }
    Vec hyv, cyv;
    std::vector<Vec> hy_rows(static_cast<size_t>(s.layers * s.dirs * nseq)), cy_rows = hy_rows;
    for (int64_t l = 0; l < s.layers; ++l) {
        std::vector<std::vector<Vec>> next(static_cast<size_t>(nseq));
        for (int64_t q = 0; q < nseq; ++q) {
            const std::vector<Vec>& in = seq_in[static_cast<size_t>(q)];
            std::vector<Vec> out(in.size());
            for (int64_t d = 0; d < s.dirs; ++d) {
                const size_t k = static_cast<size_t>(l * s.dirs + d);
                Vec h = Row(s.hx[static_cast<int64_t>(k)].copy(), q), c = Row(s.cx[static_cast<int64_t>(k)].copy(), q);
                for (size_t st = 0; st < in.size(); ++st) {
                    const size_t t = d == 1 ? in.size() - 1 - st : st;
                    std::tie(h, c) = RefStep(cell, s.ws[k], s.bs[k], in[t], h, c);
                    out[t].insert(out[t].end(), h.begin(), h.end());
                }
                hy_rows[k * static_cast<size_t>(nseq) + static_cast<size_t>(q)] = h;
                cy_rows[k * static_cast<size_t>(nseq) + static_cast<size_t>(q)] = c;
            }
            next[static_cast<size_t>(q)] = out;
        }
        seq_in = next;
    }
    ys->clear();
    for (int64_t t = 0; t < steps; ++t) {
        Vec v;
        for (int64_t q = 0; q < s.batches[static_cast<size_t>(t)]; ++q) {
            const Vec& row = seq_in[static_cast<size_t>(q)][static_cast<size_t>(t)];
            v.insert(v.end(), row.begin(), row.end());
        }
        ys->push_back(Array::FromVector(v, Shape{s.batches[static_cast<size_t>(t)], s.units * s.dirs}));
    }
    for (const Vec& r : hy_rows) hyv.insert(hyv.end(), r.begin(), r.end());
    for (const Vec& r : cy_rows) cyv.insert(cyv.end(), r.begin(), r.end());
    *hy = Array::FromVector(hyv, s.hx.shape());
    *cy = Array::FromVector(cyv, s.hx.shape());
}

F::WeightList AsVars(const std::vector<std::vector<Array>>& a) {
    F::WeightList out;
    for (const auto& l : a) out.push_back(std::vector<Variable>(l.begin(), l.end()));
    return out;
}

// Runs the cnet function for `cell` ("lstm", "gru", "tanh", "relu").
std::tuple<Variable, Variable, std::vector<Variable>> RunCell(const std::string& cell, bool bi, int64_t layers,
                                                          const Variable& hx, const Variable& cx,
                                                          const F::WeightList& ws, const F::WeightList& bs,
                                                          const VarList& xs) {
    if (cell == "lstm") return bi ? F::n_step_bilstm(layers, 0.0, hx, cx, ws, bs, xs) : F::n_step_lstm(layers, 0.0, hx, cx, ws, bs, xs);
    std::tuple<Variable, std::vector<Variable>> r;
    if (cell == "gru") {
        r = bi ? F::n_step_bigru(layers, 0.0, hx, ws, bs, xs) : F::n_step_gru(layers, 0.0, hx, ws, bs, xs);
    } else {
        r = bi ? F::n_step_birnn(layers, 0.0, hx, ws, bs, xs, cell) : F::n_step_rnn(layers, 0.0, hx, ws, bs, xs, cell);
    }
    return {std::get<0>(r), Variable(), std::get<1>(r)};
}

TEST(NStepRnnTest, ValuesMatchThePerSequenceReference) {
    for (const std::string cell : {"lstm", "gru", "tanh", "relu"}) {
        for (int64_t dirs : {1, 2}) {
            SCOPED_TRACE(cell + (dirs == 2 ? " bidirectional" : ""));
            const RnnSetup s = MakeSetup(cell, 2, dirs, 100);
            auto [hy, cy, ys] = RunCell(cell, dirs == 2, 2, s.hx, s.cx, AsVars(s.ws), AsVars(s.bs),
                                    VarList(s.xs.begin(), s.xs.end()));
            std::vector<Array> rys;
            Array rhy, rcy;
            Reference(cell, s, &rys, &rhy, &rcy);
            ASSERT_EQ(ys.size(), rys.size());
            for (size_t t = 0; t < ys.size(); ++t) {
                EXPECT_ALLCLOSE(ys[t].array(), rys[t], 1e-12, 1e-12);
            }
            EXPECT_ALLCLOSE(hy.array(), rhy, 1e-12, 1e-12);
            if (cell == "lstm") {
                EXPECT_ALLCLOSE(cy.array(), rcy, 1e-12, 1e-12);
            }
        }
    }
}

TEST(NStepRnnTest, DocumentedShapes) {
    // Acceptance 64: 2 layers, hx = cx = ones(2, 3, 2), xs (3,3), (2,3), (1,3).
    const float one = 1;
    auto ones = [&](const Shape& s) { return Array::Full(s, one, Dtype::kFloat32); };
    F::WeightList ws(2), bs(2);
    for (int l = 0; l < 2; ++l) {
        for (int j = 0; j < 8; ++j) {
            ws[l].push_back(ones(l == 0 && j < 4 ? Shape{2, 3} : Shape{2, 2}));
            bs[l].push_back(ones(Shape{2}));
        }
    }
    VarList xs{ones(Shape{3, 3}), ones(Shape{2, 3}), ones(Shape{1, 3})};
    auto [hy, cy, ys] = F::n_step_lstm(2, 0.0, ones(Shape{2, 3, 2}), ones(Shape{2, 3, 2}), ws, bs, xs);
    EXPECT_EQ(hy.shape(), (Shape{2, 3, 2}));
    EXPECT_EQ(cy.shape(), (Shape{2, 3, 2}));
    ASSERT_EQ(ys.size(), 3u);
    EXPECT_EQ(ys[0].shape(), (Shape{3, 2}));
    EXPECT_EQ(ys[2].shape(), (Shape{1, 2}));
    // Acceptance 65: bidirectional, upper layers take 2N inputs.
    F::WeightList bws(4), bbs(4);
    for (int k = 0; k < 4; ++k) {
        for (int j = 0; j < 8; ++j) {
            bws[k].push_back(ones(j >= 4 ? Shape{2, 2} : k < 2 ? Shape{2, 3} : Shape{2, 4}));
            bbs[k].push_back(ones(Shape{2}));
        }
    }
    auto [bhy, bcy, bys] = F::n_step_bilstm(2, 0.0, ones(Shape{4, 3, 2}), ones(Shape{4, 3, 2}), bws, bbs, xs);
    EXPECT_EQ(bhy.shape(), (Shape{4, 3, 2}));
    EXPECT_EQ(bcy.shape(), (Shape{4, 3, 2}));
    EXPECT_EQ(bys[0].shape(), (Shape{3, 4}));
    EXPECT_EQ(bys[2].shape(), (Shape{1, 4}));
    EXPECT_THROW(F::n_step_lstm(3, 0.0, ones(Shape{2, 3, 2}), ones(Shape{2, 3, 2}), ws, bs, xs), ValueError);
    EXPECT_THROW(F::n_step_rnn(1, 0.0, ones(Shape{1, 3, 2}), {{ws[0][0], ws[0][4]}}, {{bs[0][0], bs[0][1]}}, xs,
                               "sigmoid"),
                 ValueError);
}

TEST(NStepRnnTest, Gradients) {
    gradient_check::CheckOptions opt;
    opt.atol = 1e-4;
    opt.rtol = 1e-3;
    for (const std::string cell : {"lstm", "gru", "tanh"}) {
        for (int64_t dirs : {1, 2}) {
            SCOPED_TRACE(cell + (dirs == 2 ? " bidirectional" : ""));
            const int64_t layers = 1;
            RnnSetup s = MakeSetup(cell, layers, dirs, 300);
            s.batches = {2, 1};
            s.xs = {Uniform(Shape{2, s.in}, -1, 1, kF64, 1), Uniform(Shape{1, s.in}, -1, 1, kF64, 2)};
            s.hx = Uniform(Shape{dirs, 2, s.units}, -1, 1, kF64, 3);
            s.cx = Uniform(Shape{dirs, 2, s.units}, -1, 1, kF64, 4);
            // Inputs: hx, [cx], xs..., then the weights and biases.
            std::vector<Array> in{s.hx};
            if (cell == "lstm") in.push_back(s.cx);
            const size_t first_x = in.size();
            in.insert(in.end(), s.xs.begin(), s.xs.end());
            const size_t first_w = in.size();
            for (size_t k = 0; k < s.ws.size(); ++k) {
                for (int j = 0; j < s.n_w; ++j) {
                    in.push_back(s.ws[k][static_cast<size_t>(j)]);
                    in.push_back(s.bs[k][static_cast<size_t>(j)]);
                }
            }
            const int n_w = s.n_w;
            const size_t n_dirs = static_cast<size_t>(dirs);
            auto f = [=](const VarList& v) {
                F::WeightList ws(n_dirs), bs(n_dirs);
                size_t p = first_w;
                for (size_t k = 0; k < n_dirs; ++k) {
                    for (int j = 0; j < n_w; ++j) {
                        ws[k].push_back(v[p++]);
                        bs[k].push_back(v[p++]);
                    }
                }
                const Variable cx = cell == "lstm" ? v[1] : Variable();
                auto [hy, cy, ys] = RunCell(cell, n_dirs == 2, layers, v[0], cx, ws, bs,
                                        VarList(v.begin() + static_cast<long>(first_x), v.begin() + static_cast<long>(first_w)));
                VarList out{hy};
                if (cy.defined()) out.push_back(cy);
                for (const Variable& y : ys) out.push_back(y);
                return out;
            };
            std::vector<Array> gy, ggx;
            uint64_t seed = 500;
            const VarList probe = f(VarList(in.begin(), in.end()));
            for (const Variable& y : probe) gy.push_back(Uniform(y.shape(), -1, 1, kF64, seed++));
            for (const Array& a : in) ggx.push_back(Uniform(a.shape(), -1, 1, kF64, seed++));
            gradient_check::check_backward(f, in, gy, {}, opt);
            gradient_check::check_double_backward(f, in, gy, ggx, {}, opt);
        }
    }
}

}  // namespace
}  // namespace cnet
