// indexing.cu — the indexing family on CUDA: gather/scatter of strided sub-blocks at element offsets (behind
// advanced indexing, take, add.at) and nonzero. The offsets come from the host and are uploaded once per call.
//
// Scatter keeps the CPU's order semantics exactly: when the offsets are distinct the blocks are disjoint and
// every element is written by one thread; otherwise each thread owns one element position r of the block and
// walks b = 0..n-1 in order, so repeated offsets accumulate in order and, without accumulate, the last write
// wins.
#include <unordered_set>

#include "cuda/copy.cuh"
#include "cuda/indexing.cuh"
#include "cuda/loop.cuh"

namespace cnet {
namespace cuda {
namespace {

Array Upload(const std::vector<int64_t>& values, Device device) { return Array::FromVector(values).to_device(device); }

// Element-sized unsigned type for raw copies.
template <int kSize>
struct RawOf;
template <>
struct RawOf<1> {
    using type = uint8_t;
};
template <>
struct RawOf<2> {
    using type = uint16_t;
};
template <>
struct RawOf<4> {
    using type = uint32_t;
};
template <>
struct RawOf<8> {
    using type = unsigned long long;
};

#define CNET_CUDA_DISPATCH_ITEMSIZE(itemsize, U, ...) \
    switch (itemsize) {                               \
        case 1: {                                     \
            using U = RawOf<1>::type;                 \
            __VA_ARGS__;                              \
            break;                                    \
        }                                             \
        case 2: {                                     \
            using U = RawOf<2>::type;                 \
            __VA_ARGS__;                              \
            break;                                    \
        }                                             \
        case 4: {                                     \
            using U = RawOf<4>::type;                 \
            __VA_ARGS__;                              \
            break;                                    \
        }                                             \
        default: {                                    \
            using U = RawOf<8>::type;                 \
            __VA_ARGS__;                              \
            break;                                    \
        }                                             \
    }

// d = d + v with the CPU's rules (bool: or; float16 through float).
template <typename T>
__device__ inline void AddInto(T* d, T v) {
    if constexpr (std::is_same<T, bool>::value)
        *d = *d || v;
    else if constexpr (std::is_same<T, __half>::value)
        *d = __float2half_rn(__half2float(*d) + __half2float(v));
    else
        *d = static_cast<T>(*d + v);
}

bool Distinct(const int64_t* offsets, int64_t n) {
    std::unordered_set<int64_t> seen;
    seen.reserve(static_cast<size_t>(n));
    for (int64_t b = 0; b < n; ++b)
        if (!seen.insert(offsets[b]).second) return false;
    return true;
}

}  // namespace

void GatherBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& out) {
    const int64_t block_size = block.size();
    if (n == 0 || block_size == 0) return;
    const Array dev_offsets = Upload(std::vector<int64_t>(offsets, offsets + n), out.device());
    const int64_t* off = DevicePtr<const int64_t>(dev_offsets);
    const Indexer bi = IndexerOf(block.shape(), block.strides());
    CNET_CUDA_DISPATCH_ITEMSIZE(block.itemsize(), U, {
        const U* src = DevicePtr<const U>(block);
        U* dst = DevicePtr<U>(out);
        ForEachIndex(out.device().index(), n * block_size, [=] __device__(int64_t i) {
            const int64_t b = i / block_size, r = i % block_size;
            dst[i] = src[off[b] + bi(r)];
        });
    });
}

void ScatterBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& values, bool accumulate) {
    const int64_t block_size = block.size();
    if (n == 0 || block_size == 0) return;
    const Array dev_offsets = Upload(std::vector<int64_t>(offsets, offsets + n), block.device());
    const int64_t* off = DevicePtr<const int64_t>(dev_offsets);
    const Indexer bi = IndexerOf(block.shape(), block.strides());
    const int device = block.device().index();
    const bool distinct = Distinct(offsets, n);
    CNET_CUDA_DISPATCH_ALL(block.dtype(), T, {
        T* dst = DevicePtr<T>(block);
        const T* src = DevicePtr<const T>(values);
        if (distinct) {
            ForEachIndex(device, n * block_size, [=] __device__(int64_t i) {
                const int64_t b = i / block_size, r = i % block_size;
                T* d = dst + off[b] + bi(r);
                if (accumulate)
                    AddInto(d, src[i]);
                else
                    *d = src[i];
            });
        } else {
            ForEachIndex(device, block_size, [=] __device__(int64_t r) {
                const int64_t pos = bi(r);
                for (int64_t b = 0; b < n; ++b) {
                    T* d = dst + off[b] + pos;
                    if (accumulate)
                        AddInto(d, src[b * block_size + r]);
                    else
                        *d = src[b * block_size + r];
                }
            });
        }
    });
}

std::vector<int64_t> FlatNonzero(const Array& x) {
    Array flags = Array::Empty(x.shape(), Dtype::kBool, x.device());
    Copy(x, flags);  // nonzero -> true, in C order
    const Array host = flags.to_device(Device::Cpu());
    const bool* p = static_cast<const bool*>(host.raw_data());
    std::vector<int64_t> out;
    for (int64_t i = 0, n = host.size(); i < n; ++i)
        if (p[i]) out.push_back(i);
    return out;
}

}  // namespace cuda
}  // namespace cnet
