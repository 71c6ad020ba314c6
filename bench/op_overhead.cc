// op_overhead.cc — host overhead of the autograd machinery: nanoseconds per tiny op (1-element arrays),
// forward plus backward, so kernel time is negligible. Prints one JSON line per measurement.
#include <chrono>
#include <cstdio>
#include <vector>

#include "cnet/functions/basic_math.h"

namespace {

double NsPerOp(int chain_length, int reps, bool backward) {
    using cnet::Variable;
    const cnet::Array one = cnet::Array::Ones(cnet::Shape{1});
    double best = 1e30;
    for (int round = 0; round < 5; ++round) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < reps; ++r) {
            Variable x(one);
            Variable h = x;
            for (int i = 0; i < chain_length; ++i) h = h * 1.0001;
            if (backward) h.backward();
        }
        const auto t1 = std::chrono::steady_clock::now();
        const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / (double(reps) * chain_length);
        best = std::min(best, ns);
    }
    return best;
}

}  // namespace

int main() {
    const int chain = 100, reps = 2000;
    std::printf("{\"peer\": \"cnet\", \"workload\": \"op_overhead_forward\", \"metric\": \"ns/op\", \"value\": %.1f}\n",
                NsPerOp(chain, reps, false));
    std::printf("{\"peer\": \"cnet\", \"workload\": \"op_overhead_forward_backward\", \"metric\": \"ns/op\", \"value\": %.1f}\n",
                NsPerOp(chain, reps, true));
    return 0;
}
