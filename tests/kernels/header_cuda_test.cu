// header_cuda_test.cu — the header of `cnetc kernel header_kernels.cnet`, compiled standalone by nvcc: every
// kernel's CUDA launcher is instantiated (so nvcc compiles each kernel body for the device), and on a machine with
// a CUDA device the results are compared with the CPU versions of the same header. Without a device it prints
// why and exits 77 (ctest: skipped).
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "kernels.h"

namespace {

int failures = 0;

template <typename T>
T* Device(const std::vector<T>& host) {
    T* p = nullptr;
    cudaMalloc(&p, sizeof(T) * (host.empty() ? 1 : host.size()));
    cudaMemcpy(p, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice);
    return p;
}

template <typename T>
std::vector<T> Host(const T* p, std::size_t n) {
    std::vector<T> out(n);
    cudaMemcpy(out.data(), p, sizeof(T) * n, cudaMemcpyDeviceToHost);
    return out;
}

template <typename T>
void Same(const char* what, const std::vector<T>& gpu, const std::vector<T>& cpu) {
    for (std::size_t k = 0; k < cpu.size(); ++k) {
        const double g = static_cast<double>(gpu[k]), c = static_cast<double>(cpu[k]);
        if (std::fabs(g - c) > 1e-5 * (1 + std::fabs(c))) {
            std::printf("FAIL %s[%zu]: gpu %.9g, cpu %.9g\n", what, k, g, c);
            ++failures;
            return;
        }
    }
}

template <typename T>
void Run() {
    using namespace cnet_kernels;
    const int n = 1000;
    std::vector<T> x(n), y(n);
    for (int k = 0; k < n; ++k) {
        x[k] = static_cast<T>(k % 17) - static_cast<T>(3);
        y[k] = static_cast<T>(k % 5);
    }
    T *dx = Device(x), *dy = Device(y), *dz = Device(std::vector<T>(n)), *dz2 = Device(std::vector<T>(n));
    std::vector<T> z(n), z2(n);

    squared_diff_cuda<T>(n, dx, 1, dy, 1, dz);
    squared_diff_cpu<T>(n, x.data(), 1, y.data(), 1, z.data());
    Same("squared_diff", Host(dz, n), z);

    add_reverse_cuda<T>(n, dx, 1, dy, dz);
    add_reverse_cpu<T>(n, x.data(), 1, y.data(), z.data());
    Same("add_reverse", Host(dz, n), z);

    muladd_bwd_cuda<T>(n, dx, 1, dy, 1, dx, 1, dz, dz2);
    muladd_bwd_cpu<T>(n, x.data(), 1, y.data(), 1, x.data(), 1, z.data(), z2.data());
    Same("muladd_bwd gx", Host(dz, n), z);
    Same("muladd_bwd gy", Host(dz2, n), z2);

    const double lo = 0.5;
    double* dlo = Device(std::vector<double>{lo});
    int32_t* dc = Device(std::vector<int32_t>(n));
    std::vector<int32_t> c(n);
    clipped_log_cuda<T>(n, dx, 1, dlo, 0, dz, dc);
    clipped_log_cpu<T>(n, x.data(), 1, &lo, 0, z.data(), c.data());
    Same("clipped_log y", Host(dz, n), z);
    Same("clipped_log c", Host(dc, n), c);

    l2norm_cuda<T>(10, 100, dx, 1, dz);
    l2norm_cpu<T>(10, 100, x.data(), 1, z.data());
    Same("l2norm", Host(dz, 10), std::vector<T>(z.begin(), z.begin() + 10));

    double* dam = Device(std::vector<double>(4));
    std::vector<double> am(4);
    absmax_cuda<T>(4, 250, dx, 1, dam);
    absmax_cpu<T>(4, 250, x.data(), 1, am.data());
    Same("absmax", Host(dam, 4), am);

    const cudaError_t status = cudaDeviceSynchronize();
    if (status != cudaSuccess) {
        std::printf("FAIL: %s\n", cudaGetErrorString(status));
        ++failures;
    }
    for (void* p : {static_cast<void*>(dx), static_cast<void*>(dy), static_cast<void*>(dz), static_cast<void*>(dz2),
                    static_cast<void*>(dlo), static_cast<void*>(dc), static_cast<void*>(dam)}) {
        cudaFree(p);
    }
}

}  // namespace

int main() {
    int devices = 0;
    const cudaError_t status = cudaGetDeviceCount(&devices);
    if (status != cudaSuccess || devices == 0) {
        std::printf("skipped: no CUDA device (%s); the header compiled with nvcc\n",
                    status != cudaSuccess ? cudaGetErrorString(status) : "0 devices");
        return 77;
    }
    Run<float>();
    Run<double>();
    Run<int32_t>();
    if (failures == 0) std::printf("all header kernels agree on the GPU and the CPU\n");
    return failures == 0 ? 0 : 1;
}
