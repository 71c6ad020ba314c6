// window.h — walking the windows of a convolution or pooling over channels-first arrays (N, C, d1..dk):
// per-axis tables of the input offset each (tap, output position) reads, shared by native/convolution.cc
// and native/pooling.cc.
#pragma once

#include <cstdint>
#include <vector>

#include "cnet/core/threading.h"
#include "cnet/kernels/convolution.h"

namespace cnet {
namespace native {

using kernels::ConvParams;

// The elements of one (n, c) plane of a channels-first array: the product of its spatial axes.
inline int64_t PlaneSize(const Array& a) { return Shape(a.shape().begin() + 2, a.shape().end()).prod(); }

// Per spatial axis, the input offset read by kernel tap k at output position o (-1 when it falls in the
// padding): table[k * out + o].
struct AxisTable {
    int64_t out = 0, taps = 0;
    std::vector<int64_t> offset;
};

inline std::vector<AxisTable> MakeTables(const Shape& in_spatial, const Shape& out_spatial, const ConvParams& p) {
    const int nd = in_spatial.ndim();
    std::vector<AxisTable> tables(nd);
    int64_t stride = 1;
    for (int i = nd - 1; i >= 0; --i) {
        AxisTable& t = tables[i];
        t.out = out_spatial[i];
        t.taps = p.ksize[i];
        t.offset.resize(t.taps * t.out);
        for (int64_t k = 0; k < t.taps; ++k) {
            for (int64_t o = 0; o < t.out; ++o) {
                const int64_t pos = o * p.stride[i] - p.pad[i] + k * p.dilate[i];
                t.offset[k * t.out + o] = pos >= 0 && pos < in_spatial[i] ? pos * stride : -1;
            }
        }
        stride *= in_spatial[i];
    }
    return tables;
}

// Visits, for one kernel tap (k per axis), every output position in C order with the input offset it
// reads (-1 in the padding): f(col_index_within_tap, offset).
template <typename F>
void WalkOutputs(const std::vector<AxisTable>& t, const int64_t* k, int axis, int64_t base, int64_t& o, F& f) {
    const AxisTable& a = t[axis];
    const int64_t* row = a.offset.data() + k[axis] * a.out;
    const bool last = axis + 1 == static_cast<int>(t.size());
    for (int64_t i = 0; i < a.out; ++i) {
        const int64_t off = base < 0 || row[i] < 0 ? -1 : base + row[i];
        if (last)
            f(o++, off);
        else
            WalkOutputs(t, k, axis + 1, off, o, f);
    }
}

// Runs body(plane, tap, tables, k) over every (n, c) plane and window tap (k: the tap per axis), the taps
// of a plane in order on one thread; planes are independent, so they are split across threads.
template <typename F>
void ForEachPlaneTap(const Shape& x_shape, const Shape& out_spatial, const ConvParams& p, F body) {
    const int nd = x_shape.ndim() - 2;
    const Shape in_spatial(x_shape.begin() + 2, x_shape.end());
    const std::vector<AxisTable> tables = MakeTables(in_spatial, out_spatial, p);
    const int64_t planes = x_shape[0] * x_shape[1], out_size = out_spatial.prod();
    const int64_t taps = p.ksize.prod();
    const int threads = ThreadsFor(planes * taps * out_size, int64_t{1} << 16);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
    for (int64_t plane = 0; plane < planes; ++plane) {
        int64_t k[kMaxNdim] = {};
        for (int64_t tap = 0; tap < taps; ++tap) {
            int64_t rest = tap;
            for (int i = nd - 1; i >= 0; --i) {
                k[i] = rest % p.ksize[i];
                rest /= p.ksize[i];
            }
            body(plane, tap, tables, k);
        }
    }
}

}  // namespace native
}  // namespace cnet
