// header_cpu_test.cc — the header of `cnetc kernel header_kernels.cnet`, compiled standalone by the C++ compiler
// (no cnet include path, no runtime library): each kernel's CPU version against values computed by hand.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "kernels.h"

namespace {

int failures = 0;

void Expect(bool ok, const char* what, double got, double want) {
    if (!ok) {
        std::printf("FAIL %s: got %.9g, want %.9g\n", what, got, want);
        ++failures;
    }
}
void Near(const char* what, double got, double want) { Expect(std::fabs(got - want) <= 1e-5 * (1 + std::fabs(want)), what, got, want); }

}  // namespace

int main() {
    using namespace cnet_kernels;
    // squared_diff on (2, 5) x and a broadcast row y, float32: the CuPy docs' values.
    float x[10], y[5], z[10];
    for (int k = 0; k < 10; ++k) x[k] = static_cast<float>(k);
    for (int k = 0; k < 5; ++k) y[k] = static_cast<float>(k);
    float yb[10];
    for (int k = 0; k < 10; ++k) yb[k] = y[k % 5];
    squared_diff_cpu<float>(10, x, 1, yb, 1, z);
    for (int k = 0; k < 10; ++k) Near("squared_diff", z[k], k < 5 ? 0.0 : 25.0);
    const float five = 5;
    squared_diff_cpu<float>(10, x, 1, &five, 0, z);  // a scalar: step 0
    for (int k = 0; k < 10; ++k) Near("squared_diff scalar", z[k], (k - 5.0) * (k - 5.0));
    // add_reverse with a raw y: z = x + y[n - i - 1].
    double dx[4] = {1, 2, 3, 4}, dz[4];
    add_reverse_cpu<double>(4, dx, 1, dx, dz);
    for (int k = 0; k < 4; ++k) Near("add_reverse", dz[k], 5.0);
    // muladd_bwd: two outputs.
    double gw[4] = {1, 1, 2, 2}, gx[4], gy[4];
    muladd_bwd_cpu<double>(4, dx, 1, dx, 1, gw, 1, gx, gy);
    for (int k = 0; k < 4; ++k) Near("muladd_bwd gx", gx[k], dx[k] * gw[k]);
    // clipped_log: a fixed-type scalar input and an int32 output.
    double cx[3] = {0.5, 2.0, 50.0}, cy[3];
    int32_t cc[3];
    const double lo = 1.0;
    clipped_log_cpu<double>(3, cx, 1, &lo, 0, cy, cc);
    Near("clipped_log y0", cy[0], 0.0);
    Near("clipped_log y1", cy[1], std::log(2.0));
    Near("clipped_log c2", cc[2], 50);
    // l2norm of arange(10).reshape(2, 5) along axis 1: the CuPy docs' [5.47722578, 15.96871948].
    float l2[2];
    l2norm_cpu<float>(2, 5, x, 1, l2);
    Near("l2norm 0", l2[0], 5.47722578);
    Near("l2norm 1", l2[1], 15.96871948);
    // absmax over int32 input into float64 output.
    int32_t ix[4] = {3, -9, 4, 1};
    double am;
    absmax_cpu<int32_t>(1, 4, ix, 1, &am);
    Near("absmax", am, 9.0);
    if (failures == 0) std::printf("all header kernels correct on the CPU\n");
    return failures == 0 ? 0 : 1;
}
