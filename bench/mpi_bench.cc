// mpi_bench.cc — data-parallel scaling of workload A (MLP 784-1000-1000-10, ReLU, softmax cross entropy,
// Adam) with chainermn: run it under `mpirun -np N`; every rank trains on its own batches of --batch examples
// (weak scaling, as ChainerMN is used: the global batch is N x --batch), the multi-node optimizer averaging the
// gradients each step. Rank 0 prints one JSON line:
//   {"peer": "cnet-mpi", "workload": "A_mlp_large", "processes": N, "threads": T, "communicator": ...,
//    "metric": "samples/s", "value": ..., "best": ..., "worst": ..., "step_ms": ..., "allreduce_ms": ...,
//    "grad_bytes": ...}
// value = median over --repeats timed blocks of --iters steps (after a warm-up) of the global samples/s;
// step_ms = the median step; allreduce_ms = the median of allreduce_grad alone on the model's gradients.
// bench/mpi_scaling.sh runs N = 1 and 2 and prints the scaling efficiency.
//
// Usage: mpirun -np N bench_mpi_bench [--communicator naive|flat] [--batch 100] [--iters 20] [--repeats 5]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cnet/chainermn/chainermn.h"
#include "cnet/core/random.h"
#include "cnet/core/threading.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/loss.h"
#include "cnet/links/link.h"
#include "cnet/links/linear.h"
#include "cnet/np/random.h"
#include "cnet/optimizers/adam.h"

namespace {

namespace F = cnet::functions;
namespace L = cnet::links;
using cnet::Array;
using cnet::Shape;
using cnet::Variable;

class Mlp : public cnet::Chain {
public:
    Mlp() {
        l1 = add_link("l1", std::make_shared<L::Linear>(784, 1000));
        l2 = add_link("l2", std::make_shared<L::Linear>(1000, 1000));
        l3 = add_link("l3", std::make_shared<L::Linear>(1000, 10));
    }
    Variable loss(const Array& x, const Array& t) {
        return F::softmax_cross_entropy((*l3)(F::relu((*l2)(F::relu((*l1)(x))))), t);
    }
    std::shared_ptr<L::Linear> l1, l2, l3;
};

double Median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double Ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace

int main(int argc, char** argv) {
    std::string communicator = "naive";
    int64_t batch = 100;
    int iters = 20, repeats = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--communicator")) communicator = argv[i + 1];
        else if (!std::strcmp(argv[i], "--batch")) batch = std::atoll(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--iters")) iters = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--repeats")) repeats = std::atoi(argv[i + 1]);
        else {
            std::fprintf(stderr, "mpi_bench: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    auto comm = cnet::chainermn::create_communicator(communicator);
    cnet::random::seed(static_cast<uint64_t>(1 + comm->rank()));  // each rank its own data
    auto model = std::make_shared<Mlp>();
    auto optimizer = cnet::chainermn::create_multi_node_optimizer(std::make_shared<cnet::optimizers::Adam>(), comm);
    optimizer->setup(model);
    std::vector<Array> xs, ts;
    for (int b = 0; b < 16; ++b) {
        xs.push_back(cnet::np::random::rand(Shape{batch, 784}).astype(cnet::Dtype::kFloat32));
        ts.push_back(cnet::np::random::randint(0, 10, Shape{batch}).astype(cnet::Dtype::kInt32));
    }
    int step = 0;
    auto train_step = [&] {
        const Array& x = xs[step % xs.size()];
        const Array& t = ts[step % ts.size()];
        ++step;
        optimizer->update([&] { return model->loss(x, t); });
    };
    for (int i = 0; i < 5; ++i) train_step();  // warm-up (the first step is the parameter broadcast)

    std::vector<double> block_rates, step_ms;
    for (int r = 0; r < repeats; ++r) {
        comm->barrier();
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < iters; ++i) train_step();
        comm->barrier();
        const double ms = Ms(start, std::chrono::steady_clock::now());
        block_rates.push_back(static_cast<double>(batch) * comm->size() * iters / (ms / 1000.0));
        step_ms.push_back(ms / iters);
    }
    std::vector<double> allreduce_ms;
    for (int r = 0; r < iters; ++r) {
        comm->barrier();
        const auto start = std::chrono::steady_clock::now();
        comm->allreduce_grad(*model);
        allreduce_ms.push_back(Ms(start, std::chrono::steady_clock::now()));
    }
    int64_t grad_bytes = 0;
    for (const auto& p : model->params()) grad_bytes += static_cast<int64_t>(p.grad().nbytes());
    if (comm->rank() == 0) {
        std::printf(
            "{\"peer\": \"cnet-mpi\", \"workload\": \"A_mlp_large\", \"processes\": %d, \"threads\": %d, "
            "\"communicator\": \"%s\", \"batch_per_process\": %lld, \"metric\": \"samples/s\", \"value\": %.1f, "
            "\"best\": %.1f, \"worst\": %.1f, \"step_ms\": %.2f, \"allreduce_ms\": %.3f, \"grad_bytes\": %lld}\n",
            comm->size(), cnet::GetNumThreads(), communicator.c_str(), static_cast<long long>(batch),
            Median(block_rates), *std::max_element(block_rates.begin(), block_rates.end()),
            *std::min_element(block_rates.begin(), block_rates.end()), Median(step_ms), Median(allreduce_ms),
            static_cast<long long>(grad_bytes));
    }
    return 0;
}
