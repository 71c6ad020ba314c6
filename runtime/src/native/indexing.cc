// indexing.cc — CPU gather/scatter of strided sub-blocks at element offsets, and nonzero.
#include "cnet/kernels/indexing.h"

#include <cstring>

#include "cnet/core/dtype_dispatch.h"
#include "native/strided_loop.h"

namespace cnet {
namespace native {
namespace {

// Copies elements of `size` bytes; dst/src steps are in bytes.
template <typename U>
void CopyRun(char* dst, int64_t dst_step, const char* src, int64_t src_step, int64_t n) {
    for (int64_t i = 0; i < n; ++i)
        *reinterpret_cast<U*>(dst + i * dst_step) = *reinterpret_cast<const U*>(src + i * src_step);
}

template <typename T>
void AddRun(char* dst, int64_t dst_step, const char* src, int64_t src_step, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        T& d = *reinterpret_cast<T*>(dst + i * dst_step);
        d = static_cast<T>(d + *reinterpret_cast<const T*>(src + i * src_step));
    }
}

template <>
void AddRun<Half>(char* dst, int64_t dst_step, const char* src, int64_t src_step, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        Half& d = *reinterpret_cast<Half*>(dst + i * dst_step);
        d = Half(static_cast<float>(d) + static_cast<float>(*reinterpret_cast<const Half*>(src + i * src_step)));
    }
}

template <>
void AddRun<bool>(char* dst, int64_t dst_step, const char* src, int64_t src_step, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        bool& d = *reinterpret_cast<bool*>(dst + i * dst_step);
        d = d || *reinterpret_cast<const bool*>(src + i * src_step);
    }
}

using RunFn = void (*)(char*, int64_t, const char*, int64_t, int64_t);

RunFn CopyFor(size_t itemsize) {
    switch (itemsize) {
        case 1: return &CopyRun<uint8_t>;
        case 2: return &CopyRun<uint16_t>;
        case 4: return &CopyRun<uint32_t>;
        default: return &CopyRun<uint64_t>;
    }
}

RunFn AddFor(Dtype dtype) {
    RunFn fn = nullptr;
    CNET_DISPATCH_ALL(dtype, T, { fn = &AddRun<T>; });
    return fn;
}

// For each b: run(block + offsets[b], dense + b * block_size) over the block's shape. When `to_block`,
// data flows dense -> block, else block -> dense.
void ForEachBlock(const Array& block, const int64_t* offsets, int64_t n, const Array& dense, bool to_block,
                  RunFn run) {
    const int64_t isz = static_cast<int64_t>(block.itemsize());
    const int64_t block_size = block.size();
    char* base = static_cast<char*>(block.raw_data());
    char* dense_base = static_cast<char*>(dense.raw_data());
    if (block.ndim() == 0) {  // one element per offset: the common case of fully indexed arrays
        for (int64_t b = 0; b < n; ++b) {
            char* p = base + offsets[b] * isz;
            char* q = dense_base + b * isz;
            to_block ? run(p, isz, q, isz, 1) : run(q, isz, p, isz, 1);
        }
        return;
    }
    const Strides dense_strides = ContiguousStrides(block.shape());
    for (int64_t b = 0; b < n; ++b) {
        std::array<char*, 2> ptrs = {base + offsets[b] * isz, dense_base + b * block_size * isz};
        native::ForEachRun<2>(block.shape(), ptrs, {block.strides(), dense_strides}, {isz, isz},
                              [&](std::array<char*, 2> p, const std::array<int64_t, 2>& step, int64_t len) {
                                  to_block ? run(p[0], step[0], p[1], step[1], len)
                                           : run(p[1], step[1], p[0], step[0], len);
                              });
    }
}

}  // namespace

void GatherBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& out) {
    CNET_ASSERT(out.is_contiguous() && out.dtype() == block.dtype() && out.size() == n * block.size());
    ForEachBlock(block, offsets, n, out, false, CopyFor(block.itemsize()));
}

void ScatterBlocks(const Array& block, const int64_t* offsets, int64_t n, const Array& values, bool accumulate) {
    CNET_ASSERT(values.is_contiguous() && values.dtype() == block.dtype() && values.size() == n * block.size());
    ForEachBlock(block, offsets, n, values, true, accumulate ? AddFor(block.dtype()) : CopyFor(block.itemsize()));
}

std::vector<int64_t> FlatNonzero(const Array& x) {
    const Array c = x.astype(Dtype::kBool, false).as_contiguous();
    const bool* p = c.data<bool>();
    std::vector<int64_t> out;
    for (int64_t i = 0, n = c.size(); i < n; ++i)
        if (p[i]) out.push_back(i);
    return out;
}

}  // namespace native

template <>
const kernels::IndexingKernels& kernels::NativeKernels<kernels::IndexingKernels>() {
    static const IndexingKernels table{&native::GatherBlocks, &native::ScatterBlocks, &native::FlatNonzero};
    return table;
}

}  // namespace cnet
