// sparse_rows_test.cc — the row-sparse EmbedID gradient (Note [Row-sparse gradients]): SGD and AdaGrad
// touching only the rows used give exactly the dense path's parameters and state; rows of ignore_label and
// repeated ids; the dense path whenever the grad is changed otherwise (another gradient, hooks, chainer.grad);
// a cleared grad zeroed and reused unless something else holds it.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cnet/core/function_node.h"
#include "cnet/core/grad_rows.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/embed_id.h"
#include "cnet/links/linear.h"
#include "cnet/optimizer_hooks/weight_decay.h"
#include "cnet/optimizers/ada_grad.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/optimizers/sgd.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;

class Net : public Chain {
public:
    Net() {
        auto scope = init_scope();
        embed = add_link("embed", std::make_shared<L::EmbedID>(50, 4, testing_util::Uniform(Shape{50, 4}, -1, 1, Dtype::kFloat32, 1), -1));
        out = add_link("out", std::make_shared<L::Linear>(4, 3, false, testing_util::Uniform(Shape{3, 4}, -1, 1, Dtype::kFloat32, 2)));
    }
    // Several lookups per step (like the leaves of a tree), with a repeated id and an ignored one.
    Variable Loss(int step, bool force_dense) {
        Variable loss;
        const std::vector<std::vector<int32_t>> ids = {{3, 7}, {7, -1}, {12 + step, 3}};
        for (size_t k = 0; k < ids.size(); ++k) {
            Variable y = (*out)((*embed)(Array::FromVector(ids[k])));
            Variable l = F::softmax_cross_entropy(y, Array::FromVector(std::vector<int32_t>{static_cast<int32_t>(k), 1}));
            loss = loss.defined() ? loss + l : l;
        }
        // 0 * sum(W) adds a dense (zero) gradient to W: the same values, computed on the dense path.
        if (force_dense) loss = loss + F::sum(embed->W) * 0.0;
        return loss;
    }
    std::shared_ptr<L::EmbedID> embed;
    std::shared_ptr<L::Linear> out;
};

using MakeOptimizer = std::function<std::shared_ptr<GradientMethod>()>;

void Train(Net& net, GradientMethod& opt, bool force_dense, bool* saw_sparse) {
    for (int step = 0; step < 3; ++step) {
        Variable loss = net.Loss(step, force_dense);
        net.cleargrads();
        loss.backward();
        if (internal::GradRows(net.embed->W.impl())) *saw_sparse = true;
        opt.update();
    }
}

// Trains two identical nets, one on the row-sparse path and one forced dense; the parameters must be equal.
void ExpectSparseEqualsDense(const MakeOptimizer& make) {
    Net a, b;
    std::shared_ptr<GradientMethod> oa = make(), ob = make();
    oa->setup(std::shared_ptr<Link>(&a, [](Link*) {}));
    ob->setup(std::shared_ptr<Link>(&b, [](Link*) {}));
    bool sparse_a = false, sparse_b = false;
    Train(a, *oa, false, &sparse_a);
    Train(b, *ob, true, &sparse_b);
    EXPECT_TRUE(sparse_a);   // the rows were recorded...
    EXPECT_FALSE(sparse_b);  // ...and forgotten when another gradient reached W
    EXPECT_ALLCLOSE(a.embed->W.array(), b.embed->W.array(), 0, 0);
    EXPECT_ALLCLOSE(a.out->W.array(), b.out->W.array(), 0, 0);
}

TEST(SparseRowsTest, GradientsMatchTheDensePathExactly) {
    Net a, b;
    Variable la = a.Loss(0, false), lb = b.Loss(0, true);
    la.backward();
    lb.backward();
    EXPECT_ALLCLOSE(a.embed->W.grad(), b.embed->W.grad(), 0, 0);
}

TEST(SparseRowsTest, SGDAndAdaGradMatchTheDensePathExactly) {
    {
        SCOPED_TRACE("SGD");
        ExpectSparseEqualsDense([] { return std::make_shared<optimizers::SGD>(0.5); });
    }
    SCOPED_TRACE("AdaGrad");
    ExpectSparseEqualsDense([] { return std::make_shared<optimizers::AdaGrad>(0.1, 1e-8); });
    // MomentumSGD moves rows with a zero gradient (velocity): it always takes the dense path.
    ExpectSparseEqualsDense([] { return std::make_shared<optimizers::MomentumSGD>(0.1, 0.9); });
}

TEST(SparseRowsTest, OnlyTheRowsUsedChangeAndTheGradientIsComplete) {
    Net net;
    const Array before = net.embed->W.array().copy();
    Variable loss = net.Loss(0, false);
    net.cleargrads();
    loss.backward();
    // The grad W.grad is the full dense gradient: compare with chainer.grad (which never writes leaves).
    Net ref;
    const std::vector<Variable> g = grad({ref.Loss(0, false)}, {ref.embed->W});
    EXPECT_ALLCLOSE(net.embed->W.grad(), g[0].array(), 1e-6, 1e-6);
    auto rows = internal::GradRows(net.embed->W.impl());
    ASSERT_TRUE(rows);
    std::vector<int64_t> sorted(*rows);
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<int64_t>{3, 3, 7, 7, 12}));  // id -1 (ignore_label) is not a row
    optimizers::AdaGrad opt(0.1, 1e-8);
    opt.setup(std::shared_ptr<Link>(&net, [](Link*) {}));
    opt.update();
    const std::vector<float> w0 = before.to_vector<float>(), w1 = net.embed->W.array().to_vector<float>();
    for (int64_t r = 0; r < 50; ++r) {
        const bool used = r == 3 || r == 7 || r == 12;
        for (int64_t j = 0; j < 4; ++j) {
            const size_t e = static_cast<size_t>(r * 4 + j);
            if (used) {
                EXPECT_NE(w0[e], w1[e]) << "row " << r;
            } else {
                EXPECT_EQ(w0[e], w1[e]) << "row " << r;
            }
        }
    }
}

TEST(SparseRowsTest, ClearedGradIsZeroedAndReusedForTheNextStep) {
    Net net, ref;
    Variable loss = net.Loss(0, false);  // rows 3, 7, 12
    net.cleargrads();
    loss.backward();
    const void* storage = net.embed->W.grad().raw_data();
    net.cleargrads();
    EXPECT_FALSE(net.embed->W.grad().defined());  // cleared, as Chainer's cleargrads leaves it
    Variable next = net.Loss(1, false);           // rows 3, 7, 13: row 12 must read zero
    next.backward();
    EXPECT_EQ(net.embed->W.grad().raw_data(), storage);  // the kept array, not a new dense fill
    const std::vector<Variable> g = grad({ref.Loss(1, false)}, {ref.embed->W});
    EXPECT_ALLCLOSE(net.embed->W.grad(), g[0].array(), 0, 0);
}

TEST(SparseRowsTest, ClearedGradHeldElsewhereIsNotTouched) {
    Net net;
    Variable loss = net.Loss(0, false);
    net.cleargrads();
    loss.backward();
    const Array held = net.embed->W.grad();  // the user keeps the gradient array
    const Array values = held.copy();
    net.cleargrads();
    Variable next = net.Loss(1, false);
    next.backward();
    EXPECT_ALLCLOSE(held, values, 0, 0);
    EXPECT_NE(net.embed->W.grad().raw_data(), held.raw_data());
}

TEST(SparseRowsTest, HooksTakeTheDensePath) {
    // WeightDecay changes every row's gradient in place: the recorded rows must be forgotten.
    Net a, b;
    optimizers::SGD oa(0.5), ob(0.5);
    oa.setup(std::shared_ptr<Link>(&a, [](Link*) {}));
    ob.setup(std::shared_ptr<Link>(&b, [](Link*) {}));
    oa.add_hook(optimizer_hooks::WeightDecay(0.01));
    ob.add_hook(optimizer_hooks::WeightDecay(0.01));
    bool sa = false, sb = false;
    Train(a, oa, false, &sa);
    Train(b, ob, true, &sb);
    EXPECT_ALLCLOSE(a.embed->W.array(), b.embed->W.array(), 0, 0);
}

}  // namespace
}  // namespace cnet
