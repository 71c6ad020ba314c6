// cnet_bench.cc — the cnet peer of the side-by-side training benchmarks (see docs/performance.md).
//
// Each workload is written the way code generated from a `.cnet` model uses the runtime: a Chain of
// cnet::links (Linear, EmbedID), cnet::functions (relu, tanh, concat, softmax_cross_entropy), and a
// cnet::optimizers GradientMethod (Adam, MomentumSGD, AdaGrad); one training step is
//     loss = model(x, t); model->cleargrads(); loss.backward(); optimizer.update();
// exactly as in the Chainer peer. Parameters and data come from the peers' shared deterministic generator
// (splitmix64 of stream << 32 | index, computed in float64 and rounded to float32), so every peer starts
// from bit-identical weights and inputs; --check prints the first five losses for comparison.
//
// Usage: bench_cnet_bench [--threads N] [--workloads A,B,D] [--check] [--scale F] [--repeats R] [--label NAME]
//                         [--breakdown]   (also prints the median ms of forward/cleargrads/backward/update)
//                         [--gpu N]       (A and B on CUDA device N: model, data and updates on the GPU; the
//                                          line adds "device", "launches_per_step" (kernels, cuBLAS calls and
//                                          copies) and "cuda_mallocs"/"cuda_frees" made during the timed steps)
//                         [--cudnn-workspace-mib N] [--autotune]   (cuda.set_max_workspace_size(N MiB) and
//                                          chainer.config.autotune for R's cuDNN convolutions)
// Prints one JSON line per workload:
//   {"peer": "cnet", "workload": "A_mlp_large", "threads": 2, "metric": "samples/s", "value": ..., "best": ...,
//    "worst": ...}
// (value = median of R timed blocks of a fixed iteration count after a warm-up; best/worst = fastest/slowest).
// Workload R (ResNet-18 on 32x32 images, BatchNormalization, batch 128) runs only when named (--workloads R), on
// the GPU with --gpu N: the GPU's convnet workload, whose time cuDNN decides (the CPU takes seconds per step).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cnet/backends/cuda.h"
#include "cnet/core/array.h"
#include "cnet/core/config.h"
#include "cnet/core/threading.h"
#include "cnet/core/variable.h"
#include "cnet/cuda/counters.h"
#include "cnet/cuda/memory_pool.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/pooling.h"
#include "cnet/links/convolution.h"
#include "cnet/links/embed_id.h"
#include "cnet/links/link.h"
#include "cnet/links/linear.h"
#include "cnet/links/lstm.h"
#include "cnet/links/normalization.h"
#include "cnet/optimizers/ada_grad.h"
#include "cnet/optimizers/adam.h"
#include "cnet/optimizers/momentum_sgd.h"
#include "cnet/optimizers/sgd.h"

namespace {

namespace F = cnet::functions;
namespace L = cnet::links;
using cnet::Array;
using cnet::Shape;
using cnet::Variable;

constexpr int kNumBatches = 16;  // fixed set of random batches, iterated cyclically (as the peers)

// ------------------------------------------------------------------------------ deterministic data
// splitmix64 of (stream << 32) + index; the peers' counter-based generator.
uint64_t HashU64(uint64_t stream, uint64_t index) {
    uint64_t z = (stream << 32) + index + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// float64 in [0, 1) with 24 random bits.
double Uniform01(uint64_t stream, uint64_t index) {
    return static_cast<double>(HashU64(stream, index) >> 40) * (1.0 / 16777216.0);
}

// Integer in [0, k).
int32_t IntAt(uint64_t stream, uint64_t index, uint64_t k) {
    return static_cast<int32_t>((HashU64(stream, index) >> 32) % k);
}

// A (rows, cols) float32 weight: U(-1, 1) * sqrt(3 / fan_in), computed in float64.
Array Param(uint64_t stream, int64_t rows, int64_t cols, double fan_in) {
    std::vector<float> w(static_cast<size_t>(rows * cols));
    const double s = std::sqrt(3.0 / fan_in);
    for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<float>((Uniform01(stream, i) * 2.0 - 1.0) * s);
    return Array::FromVector(w, Shape{rows, cols});
}

// ------------------------------------------------------------------------------ harness
struct Args {
    int threads = 1;
    int repeats = 5;
    double scale = 1.0;
    bool check = false;
    bool breakdown = false;
    int gpu = -1;  // CUDA device of workloads A and B (-1: CPU)
    int64_t cudnn_workspace = -1;  // cuda.set_max_workspace_size (bytes; -1: Chainer's default, 8 MiB)
    bool autotune = false;         // chainer.config.autotune: cuDNN's algorithms timed once per geometry
    std::string workloads = "A,B,C,D,E";
    std::string label = "cnet";

    bool Want(const std::string& key, const std::string& name) const {
        const std::string list = "," + workloads + ",";
        return list.find("," + key + ",") != std::string::npos || list.find("," + name + ",") != std::string::npos;
    }
};

[[noreturn]] void Usage(const char* argv0) {
    std::fprintf(stderr,
                 "usage: %s [--threads N] [--workloads A,B,C,D,E] [--check] [--scale F] [--repeats R] "
                 "[--label NAME] [--breakdown] [--gpu N] [--cudnn-workspace-mib N] [--autotune]\n",
                 argv0);
    std::exit(2);
}

Args ParseArgs(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
        const std::string s = argv[i];
        const bool has_value = i + 1 < argc;
        if (s == "--check") {
            a.check = true;
        } else if (s == "--breakdown") {
            a.breakdown = true;
        } else if (s == "--threads" && has_value) {
            a.threads = std::max(1, std::atoi(argv[++i]));
        } else if (s == "--workloads" && has_value) {
            a.workloads = argv[++i];
        } else if (s == "--scale" && has_value) {
            a.scale = std::atof(argv[++i]);
        } else if (s == "--repeats" && has_value) {
            a.repeats = std::max(1, std::atoi(argv[++i]));
        } else if (s == "--gpu" && has_value) {
            a.gpu = std::atoi(argv[++i]);
        } else if (s == "--cudnn-workspace-mib" && has_value) {
            a.cudnn_workspace = std::atoll(argv[++i]) << 20;
        } else if (s == "--autotune") {
            a.autotune = true;
        } else if (s == "--label" && has_value) {
            a.label = argv[++i];
        } else {
            Usage(argv[0]);
        }
    }
    return a;
}

double Now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// One training workload: the model, its optimizer, and the forward pass that returns the loss of the next
// batch (or tree). A step is Chainer's loop body: loss = forward(); cleargrads(); loss.backward(); update().
struct Workload {
    std::shared_ptr<cnet::Link> model;
    std::shared_ptr<cnet::GradientMethod> optimizer;
    std::function<Variable()> forward;
    int gpu = -1;  // CUDA device the workload runs on (-1: CPU)

    float Step() const {
        Variable loss = forward();
        model->cleargrads();
        loss.backward();
        optimizer->update();
        return loss.array().item<float>();
    }
};

// Warm-up, then `repeats` blocks of `iters` steps; prints the median/best/worst block as one JSON line.
// With --check prints the losses of the first five steps instead; with --breakdown, one more line with the
// median milliseconds of each phase of a step (forward, cleargrads, backward, update), timed step by step.
void Run(const Args& a, const std::string& name, const Workload& w, int warmup, int iters, int samples_per_iter) {
    if (a.check) {
        std::printf("{\"peer\": \"%s\", \"workload\": \"%s\", \"check\": [", a.label.c_str(), name.c_str());
        for (int i = 0; i < 5; ++i) std::printf("%s%.9g", i ? ", " : "", static_cast<double>(w.Step()));
        std::printf("]}\n");
        std::fflush(stdout);
        return;
    }
    iters = std::max(1, static_cast<int>(iters * a.scale));
    for (int i = 0; i < warmup; ++i) w.Step();
    // GPU counters over the timed steps: launches per step, and the pool's cudaMalloc/cudaFree calls (the
    // steady state should make none).
    const cnet::cuda::MemoryPool& pool = cnet::cuda::get_default_memory_pool();
    const int64_t launches0 = cnet::cuda::launch_count(), mallocs0 = pool.raw_malloc_count(),
                  frees0 = pool.raw_free_count();
    std::vector<double> per_iter;
    for (int r = 0; r < a.repeats; ++r) {
        const double t0 = Now();
        for (int i = 0; i < iters; ++i) w.Step();  // Step reads the loss: the device is idle when it returns
        per_iter.push_back((Now() - t0) / iters);
    }
    std::string gpu_fields;
    if (w.gpu >= 0) {
        char buffer[256];
        std::snprintf(buffer, sizeof buffer,
                      ", \"device\": \"cuda:%d\", \"launches_per_step\": %.1f, \"cuda_mallocs\": %lld, "
                      "\"cuda_frees\": %lld",
                      w.gpu, static_cast<double>(cnet::cuda::launch_count() - launches0) / (iters * a.repeats),
                      static_cast<long long>(pool.raw_malloc_count() - mallocs0),
                      static_cast<long long>(pool.raw_free_count() - frees0));
        gpu_fields = buffer;
    }
    std::sort(per_iter.begin(), per_iter.end());
    const double med = per_iter[per_iter.size() / 2];
    if (samples_per_iter > 0) {
        std::printf("{\"peer\": \"%s\", \"workload\": \"%s\", \"threads\": %d, \"metric\": \"samples/s\", "
                    "\"value\": %.1f, \"best\": %.1f, \"worst\": %.1f, \"iters\": %d%s}\n",
                    a.label.c_str(), name.c_str(), a.threads, samples_per_iter / med,
                    samples_per_iter / per_iter.front(), samples_per_iter / per_iter.back(), iters,
                    gpu_fields.c_str());
    } else {
        std::printf("{\"peer\": \"%s\", \"workload\": \"%s\", \"threads\": %d, \"metric\": \"ms/iter\", "
                    "\"value\": %.4f, \"best\": %.4f, \"worst\": %.4f, \"iters\": %d}\n",
                    a.label.c_str(), name.c_str(), a.threads, med * 1e3, per_iter.front() * 1e3,
                    per_iter.back() * 1e3, iters);
    }
    std::fflush(stdout);
    if (!a.breakdown) return;

    const char* phases[] = {"forward", "cleargrads", "backward", "update"};
    std::vector<double> ms[4];
    for (int i = 0; i < iters * a.repeats; ++i) {
        const double t0 = Now();
        Variable loss = w.forward();
        const double t1 = Now();
        w.model->cleargrads();
        const double t2 = Now();
        loss.backward();
        const double t3 = Now();
        w.optimizer->update();
        const double t4 = Now();
        ms[0].push_back((t1 - t0) * 1e3);
        ms[1].push_back((t2 - t1) * 1e3);
        ms[2].push_back((t3 - t2) * 1e3);
        ms[3].push_back((t4 - t3) * 1e3);
    }
    std::printf("{\"peer\": \"%s\", \"workload\": \"%s\", \"threads\": %d, \"breakdown_ms\": {", a.label.c_str(),
                name.c_str(), a.threads);
    for (int p = 0; p < 4; ++p) {
        std::sort(ms[p].begin(), ms[p].end());
        std::printf("%s\"%s\": %.4f", p ? ", " : "", phases[p], ms[p][ms[p].size() / 2]);
    }
    std::printf("}}\n");
    std::fflush(stdout);
}

// A classifier's workload: kNumBatches batches of `batch` samples of shape `sample` on device `gpu` (-1: the CPU),
// inputs U[0, 1) from stream x_stream and labels in [0, classes) from stream x_stream + 1 (the peers' data), the
// loss softmax cross entropy of model->forward(x).
template <typename Model>
Workload ClassifierWorkload(std::shared_ptr<Model> model, std::shared_ptr<cnet::GradientMethod> opt,
                            uint64_t x_stream, int64_t batch, const Shape& sample, int64_t classes, int gpu) {
    const cnet::Device device = cnet::Device::FromId(gpu);
    Shape x_shape{batch};
    for (int64_t d : sample) x_shape.push_back(d);
    const int64_t n = x_shape.prod();
    std::vector<Array> xs, ts;
    for (int b = 0; b < kNumBatches; ++b) {
        std::vector<float> x(static_cast<size_t>(n));
        for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(Uniform01(x_stream, b * n + i));
        std::vector<int32_t> t(static_cast<size_t>(batch));
        for (size_t i = 0; i < t.size(); ++i) t[i] = IntAt(x_stream + 1, b * batch + i, static_cast<uint64_t>(classes));
        xs.push_back(Array::FromVector(x, x_shape).to_device(device));
        ts.push_back(Array::FromVector(t, Shape{batch}).to_device(device));
    }
    auto it = std::make_shared<int64_t>(0);
    Workload w;
    w.model = model;
    w.optimizer = opt;
    w.gpu = gpu;
    w.forward = [model, xs, ts, it]() {
        const size_t i = static_cast<size_t>((*it)++ % kNumBatches);
        return F::softmax_cross_entropy(model->forward(xs[i]), ts[i]);
    };
    return w;
}

// ------------------------------------------------------------------------------ A, B: MLP
struct MlpConfig {
    const char* name;
    std::vector<int64_t> units;
    int64_t batch;
    bool adam;  // else MomentumSGD(0.01, 0.9)
};

// Linear layers with ReLU between them (the peers' MLP; Chainer's MNIST example for B).
class MLP : public cnet::Chain {
public:
    explicit MLP(const std::vector<int64_t>& units) {
        auto scope = init_scope();
        for (size_t l = 0; l + 1 < units.size(); ++l) {
            // Stream 10 + l, fan-in units[l]; bias zeros (Linear's default initial_bias).
            const Array W = Param(10 + l, units[l + 1], units[l], static_cast<double>(units[l]));
            layers.push_back(add_link("l" + std::to_string(l + 1),
                                      std::make_shared<L::Linear>(units[l], units[l + 1], false, W)));
        }
    }
    Variable forward(const Variable& x) {
        Variable h = x;
        for (size_t i = 0; i < layers.size(); ++i) {
            h = (*layers[i])(h);
            if (i + 1 < layers.size()) h = F::relu(h);
        }
        return h;
    }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }

    std::vector<std::shared_ptr<L::Linear>> layers;
};

Workload MlpWorkload(const MlpConfig& cfg, int gpu) {
    auto model = std::make_shared<MLP>(cfg.units);
    if (gpu >= 0) model->to_gpu(gpu);  // before setup, as in Chainer's examples
    std::shared_ptr<cnet::GradientMethod> opt;
    if (cfg.adam) {
        opt = std::make_shared<cnet::optimizers::Adam>(1e-3, 0.9, 0.999, 1e-8);
    } else {
        opt = std::make_shared<cnet::optimizers::MomentumSGD>(0.01, 0.9);
    }
    opt->setup(model);
    return ClassifierWorkload(model, opt, 100, cfg.batch, Shape{cfg.units.front()}, cfg.units.back(), gpu);
}

// ------------------------------------------------------------------------------ C: LSTM LM
constexpr int64_t kLmVocab = 1000, kLmEmbed = 64, kLmHidden = 64, kLmBatch = 8, kLmBptt = 35;

// EmbedID -> LSTM -> Linear (Chainer's RNNLM at the peers' sizes); weights in Chainer's layout (streams 20-23).
class RNNLM : public cnet::Chain {
public:
    RNNLM() {
        auto scope = init_scope();
        embed = add_link("embed", std::make_shared<L::EmbedID>(kLmVocab, kLmEmbed, Param(20, kLmVocab, kLmEmbed, 1.0)));
        lstm = add_link("lstm", std::make_shared<L::LSTM>(kLmEmbed, kLmHidden));
        lstm->upward->W.set_array(Param(21, 4 * kLmHidden, kLmEmbed, 1.0 * kLmEmbed));
        // The peers' upward bias is zero (Chainer's default forget bias is 1).
        lstm->upward->b.set_array(Array::Zeros(Shape{4 * kLmHidden}));
        lstm->lateral->W.set_array(Param(22, 4 * kLmHidden, kLmHidden, 1.0 * kLmHidden));
        out = add_link("out", std::make_shared<L::Linear>(kLmHidden, kLmVocab, false,
                                                          Param(23, kLmVocab, kLmHidden, 1.0 * kLmHidden)));
    }
    Variable forward(const Variable& x) { return (*out)((*lstm)((*embed)(x))); }

    std::shared_ptr<L::EmbedID> embed;
    std::shared_ptr<L::LSTM> lstm;
    std::shared_ptr<L::Linear> out;
};

Workload LstmWorkload() {
    auto model = std::make_shared<RNNLM>();
    auto opt = std::make_shared<cnet::optimizers::SGD>(0.1);
    opt->setup(model);
    // tok (NB, batch, bptt + 1) from stream 200; steps[b][k] = tok[b][:, k].
    auto steps = std::make_shared<std::vector<std::vector<Array>>>(kNumBatches);
    for (int64_t b = 0; b < kNumBatches; ++b) {
        for (int64_t k = 0; k <= kLmBptt; ++k) {
            std::vector<int32_t> col(static_cast<size_t>(kLmBatch));
            for (int64_t r = 0; r < kLmBatch; ++r)
                col[static_cast<size_t>(r)] = IntAt(200, static_cast<uint64_t>((b * kLmBatch + r) * (kLmBptt + 1) + k),
                                                    static_cast<uint64_t>(kLmVocab));
            (*steps)[static_cast<size_t>(b)].push_back(Array::FromVector(col));
        }
    }
    auto it = std::make_shared<int64_t>(0);
    Workload w;
    w.model = model;
    w.optimizer = opt;
    w.forward = [model, steps, it]() {
        const std::vector<Array>& xs = (*steps)[static_cast<size_t>((*it)++ % kNumBatches)];
        model->lstm->reset_state();
        Variable loss = F::softmax_cross_entropy(model->forward(xs[0]), xs[1]);
        for (int64_t k = 1; k < kLmBptt; ++k) loss = loss + F::softmax_cross_entropy(model->forward(xs[k]), xs[k + 1]);
        return loss;
    };
    return w;
}

// ------------------------------------------------------------------------------ D: tree RNN
constexpr int64_t kTreeVocab = 1000, kTreeUnits = 32, kTreeLabels = 5, kTreeLeaves = 20, kNumTrees = 16;

struct Node {
    Array word;   // (1,) int32, leaves only
    Array label;  // (1,) int32
    std::unique_ptr<Node> left, right;
};

int32_t TreeIntAt(uint64_t stream, uint64_t index, uint64_t k) { return IntAt(stream, index, k); }

// Random binary tree over leaves [lo, hi) with keyed (order-independent) draws, as the peers build it.
std::unique_ptr<Node> MakeTree(int64_t t, int64_t lo, int64_t hi) {
    auto node = std::make_unique<Node>();
    const uint64_t key = static_cast<uint64_t>(t * 1000000 + lo * 1000 + hi);
    node->label = Array::FromVector(std::vector<int32_t>{TreeIntAt(402, key, kTreeLabels)});
    if (hi - lo == 1) {
        const uint64_t wkey = static_cast<uint64_t>(t * 1000 + lo);
        node->word = Array::FromVector(std::vector<int32_t>{TreeIntAt(401, wkey, kTreeVocab)});
        return node;
    }
    const int64_t split = lo + 1 + TreeIntAt(400, key, static_cast<uint64_t>(hi - lo - 1));
    node->left = MakeTree(t, lo, split);
    node->right = MakeTree(t, split, hi);
    return node;
}

// Chainer's examples/sentiment RecursiveNet.
class RecursiveNet : public cnet::Chain {
public:
    RecursiveNet() {
        auto scope = init_scope();
        embed = add_link("embed", std::make_shared<L::EmbedID>(kTreeVocab, kTreeUnits,
                                                               Param(30, kTreeVocab, kTreeUnits, 1.0)));
        l = add_link("l", std::make_shared<L::Linear>(2 * kTreeUnits, kTreeUnits, false,
                                                      Param(31, kTreeUnits, 2 * kTreeUnits, 2.0 * kTreeUnits)));
        w = add_link("w", std::make_shared<L::Linear>(kTreeUnits, kTreeLabels, false,
                                                      Param(32, kTreeLabels, kTreeUnits, 1.0 * kTreeUnits)));
    }
    // Returns (v, loss) of the subtree.
    std::pair<Variable, Variable> traverse(const Node& node) {
        if (!node.left) {
            Variable v = (*embed)(node.word);
            Variable loss = F::softmax_cross_entropy((*w)(v), node.label);
            return {v, loss};
        }
        auto [lv, ll] = traverse(*node.left);
        auto [rv, rl] = traverse(*node.right);
        Variable v = F::tanh((*l)(F::concat({lv, rv})));
        Variable loss = ll + rl + F::softmax_cross_entropy((*w)(v), node.label);
        return {v, loss};
    }

    std::shared_ptr<L::EmbedID> embed;
    std::shared_ptr<L::Linear> l, w;
};

Workload TreeWorkload() {
    auto model = std::make_shared<RecursiveNet>();
    auto opt = std::make_shared<cnet::optimizers::AdaGrad>(0.1, 1e-8);
    opt->setup(model);
    auto trees = std::make_shared<std::vector<std::unique_ptr<Node>>>();
    for (int64_t t = 0; t < kNumTrees; ++t) trees->push_back(MakeTree(t, 0, kTreeLeaves));
    auto it = std::make_shared<int64_t>(0);
    Workload w;
    w.model = model;
    w.optimizer = opt;
    w.forward = [model, trees, it]() {
        const Node& tree = *(*trees)[static_cast<size_t>((*it)++ % kNumTrees)];
        return model->traverse(tree).second;
    };
    return w;
}

}  // namespace

// ------------------------------------------------------------------------------ E: LeNet
constexpr int64_t kLeNetBatch = 64;

// conv(1->20, 5) -> max_pool 2 -> conv(20->50, 5) -> max_pool 2 -> Linear(800, 500) -> relu -> Linear(500, 10):
// the peers' LeNet (no activation after the convolutions), weights from streams 40-43, biases zero.
class LeNet : public cnet::Chain {
public:
    LeNet() {
        auto scope = init_scope();
        c1 = add_link("c1", std::make_shared<L::Convolution2D>(1, 20, 5, 1, 0, false,
                                                               Param(40, 20, 25, 25.0).reshape(Shape{20, 1, 5, 5})));
        c2 = add_link("c2", std::make_shared<L::Convolution2D>(
                                20, 50, 5, 1, 0, false, Param(41, 50, 500, 500.0).reshape(Shape{50, 20, 5, 5})));
        f1 = add_link("f1", std::make_shared<L::Linear>(800, 500, false, Param(42, 500, 800, 800.0)));
        f2 = add_link("f2", std::make_shared<L::Linear>(500, 10, false, Param(43, 10, 500, 500.0)));
    }
    Variable forward(const Variable& x) {
        Variable h = F::max_pooling_2d((*c1)(x), 2);
        h = F::max_pooling_2d((*c2)(h), 2);
        return (*f2)(F::relu((*f1)(h)));
    }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }

    std::shared_ptr<L::Convolution2D> c1, c2;
    std::shared_ptr<L::Linear> f1, f2;
};

Workload LeNetWorkload() {
    auto model = std::make_shared<LeNet>();
    auto opt = std::make_shared<cnet::optimizers::SGD>(0.01);
    opt->setup(model);
    return ClassifierWorkload(model, opt, 300, kLeNetBatch, Shape{1, 28, 28}, 10, -1);
}

// ------------------------------------------------------------------------------ R: ResNet-18
// ResNet-18 in its CIFAR form (a 3x3 stem and no max pooling; stages of 64, 128, 256 and 512 channels, two basic
// blocks each, the first of a stage striding by 2 from the second stage on, a 1x1 projection where the shape
// changes; global average pooling; Linear(512, 10)), BatchNormalization after every convolution, MomentumSGD(0.01,
// 0.9), batch 128 of 3x32x32 images. Convolution weights from streams 500, 501, ... in construction order (fan-in
// Ci*k*k), no convolution biases; the Linear's from the stream after them.
constexpr int64_t kResNetBatch = 128;

std::shared_ptr<L::Convolution2D> Conv(int64_t in, int64_t out, int64_t k, int64_t stride, uint64_t& stream) {
    const Array W = Param(stream++, out, in * k * k, static_cast<double>(in * k * k)).reshape(Shape{out, in, k, k});
    return std::make_shared<L::Convolution2D>(in, out, k, stride, k / 2, true, W);
}

class BasicBlock : public cnet::Chain {
public:
    BasicBlock(int64_t in, int64_t out, int64_t stride, uint64_t& stream) {
        auto scope = init_scope();
        c1 = add_link("c1", Conv(in, out, 3, stride, stream));
        b1 = add_link("b1", std::make_shared<L::BatchNormalization>(out));
        c2 = add_link("c2", Conv(out, out, 3, 1, stream));
        b2 = add_link("b2", std::make_shared<L::BatchNormalization>(out));
        if (stride != 1 || in != out) {
            cs = add_link("cs", Conv(in, out, 1, stride, stream));
            bs = add_link("bs", std::make_shared<L::BatchNormalization>(out));
        }
    }
    Variable forward(const Variable& x) {
        const Variable h = (*b2)((*c2)(F::relu((*b1)((*c1)(x)))));
        return F::relu(h + (cs ? (*bs)((*cs)(x)) : x));
    }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }

    std::shared_ptr<L::Convolution2D> c1, c2, cs;
    std::shared_ptr<L::BatchNormalization> b1, b2, bs;
};

class ResNet18 : public cnet::Chain {
public:
    ResNet18() {
        auto scope = init_scope();
        uint64_t stream = 500;
        conv = add_link("conv", Conv(3, 64, 3, 1, stream));
        bn = add_link("bn", std::make_shared<L::BatchNormalization>(64));
        int64_t in = 64;
        for (int64_t stage = 0; stage < 4; ++stage) {
            const int64_t out = 64 << stage;
            for (int64_t b = 0; b < 2; ++b) {
                const int64_t stride = stage > 0 && b == 0 ? 2 : 1;
                blocks.push_back(add_link("s" + std::to_string(stage) + "b" + std::to_string(b),
                                          std::make_shared<BasicBlock>(in, out, stride, stream)));
                in = out;
            }
        }
        fc = add_link("fc", std::make_shared<L::Linear>(512, 10, false, Param(stream, 10, 512, 512.0)));
    }
    Variable forward(const Variable& x) {
        Variable h = F::relu((*bn)((*conv)(x)));
        for (const auto& block : blocks) h = block->forward(h);
        return (*fc)(F::average_pooling_2d(h, 4));
    }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }

    std::shared_ptr<L::Convolution2D> conv;
    std::shared_ptr<L::BatchNormalization> bn;
    std::vector<std::shared_ptr<BasicBlock>> blocks;
    std::shared_ptr<L::Linear> fc;
};

Workload ResNetWorkload(int gpu) {
    auto model = std::make_shared<ResNet18>();
    if (gpu >= 0) model->to_gpu(gpu);
    auto opt = std::make_shared<cnet::optimizers::MomentumSGD>(0.01, 0.9);
    opt->setup(model);
    return ClassifierWorkload(model, opt, 600, kResNetBatch, Shape{3, 32, 32}, 10, gpu);
}

int Main(int argc, char** argv) {
    const Args a = ParseArgs(argc, argv);
    if (a.cudnn_workspace >= 0) cnet::cuda::set_max_workspace_size(a.cudnn_workspace);
    if (a.autotune) cnet::global_config().Set("autotune", true);
    cnet::SetNumThreads(a.threads);

    // Warm-up and iteration counts as in the torch peer (the fastest Python peer).
    if (a.Want("A", "A_mlp_large")) {
        // On a GPU a step takes microseconds: ten times the iterations.
        Run(a, "A_mlp_large", MlpWorkload({"A_mlp_large", {784, 1000, 1000, 10}, 100, true}, a.gpu),
            a.gpu >= 0 ? 30 : 3, a.gpu >= 0 ? 100 : 10, 100);
    }
    if (a.Want("B", "B_mlp_small")) {
        Run(a, "B_mlp_small", MlpWorkload({"B_mlp_small", {784, 100, 100, 10}, 128, false}, a.gpu),
            a.gpu >= 0 ? 200 : 20, a.gpu >= 0 ? 1000 : 100, 128);
    }
    if (a.Want("C", "C_lstm_lm")) {
        if (a.gpu >= 0) std::fprintf(stderr, "cnet_bench: workload C skipped (--gpu runs A and B only)\n");
        else Run(a, "C_lstm_lm", LstmWorkload(), 3, 10, 0);
    }
    if (a.Want("D", "D_tree_rnn")) {
        if (a.gpu >= 0) std::fprintf(stderr, "cnet_bench: workload D skipped (--gpu runs A and B only)\n");
        else Run(a, "D_tree_rnn", TreeWorkload(), 10, 40, 0);
    }
    if (a.Want("E", "E_lenet")) {
        if (a.gpu >= 0) std::fprintf(stderr, "cnet_bench: workload E skipped (--gpu runs A and B only)\n");
        else Run(a, "E_lenet", LeNetWorkload(), 3, 10, kLeNetBatch);
    }
    if (a.Want("R", "R_resnet"))  // not in the default list: seconds per step on a CPU
        Run(a, "R_resnet", ResNetWorkload(a.gpu), a.gpu >= 0 ? 5 : 1, a.gpu >= 0 ? 20 : 2, kResNetBatch);
    return 0;
}

int main(int argc, char** argv) {
    try {
        return Main(argc, argv);
    } catch (const std::exception& e) {  // e.g. --gpu on a machine without that device
        std::fprintf(stderr, "cnet_bench: error: %s\n", e.what());
        return 1;
    }
}
