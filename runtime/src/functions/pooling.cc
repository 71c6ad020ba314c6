// pooling.cc — MaxPoolingND (with its gradient and gather nodes, which are each other's adjoints) and
// AveragePoolingND (linear: its gradient node's gradient is itself); unpooling and upsampling are col2im
// of a tiled or masked input, so their gradients come from convolution.cc's Im2Col/Col2Im nodes.
#include "cnet/functions/pooling.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/convolution.h"
#include "cnet/kernels/pooling.h"
#include "functions/convolution_internal.h"

namespace cnet {
namespace functions {
namespace {

using kernels::ConvParams;

Shape WithSpatial(const Shape& x, const Shape& spatial) {
    Shape s{x[0], x[1]};
    for (int64_t d : spatial) s.push_back(d);
    return s;
}

void CheckPoolInput(const char* label, const ArrayList& in, int nd) {
    type_check::ExpectSize(label, in, 1);
    type_check::ExpectFloat(label, in, 0);
    type_check::ExpectNdim(label, in, 0, nd + 2);
}

class MaxPoolingNDGrad;

// y = x at each window's recorded tap: the gradient of MaxPoolingNDGrad (and so MaxPooling's second order).
class MaxPoolingNDGather : public FunctionNode {
 public:
    MaxPoolingNDGather(const ConvParams& p, const Array& indexes) : p_(p), indexes_(indexes) {}
    const char* label() const override { return "MaxPoolingNDWithIndexes"; }
    ArrayList forward(const ArrayList& in) override {
        Array y = Array::Empty(indexes_.shape(), in[0].dtype(), in[0].device());
        kernels::MaxPoolingGather(in[0], indexes_, p_, y);
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override;

 private:
    ConvParams p_;
    Array indexes_;
};

// gx = gy scattered to the recorded taps (linear in gy).
class MaxPoolingNDGrad : public FunctionNode {
 public:
    MaxPoolingNDGrad(const ConvParams& p, const Array& indexes, const Shape& x_shape)
        : p_(p), indexes_(indexes), x_shape_(x_shape) {}
    const char* label() const override { return "MaxPoolingNDGrad"; }
    ArrayList forward(const ArrayList& in) override {
        Array gx = Array::Empty(x_shape_, in[0].dtype(), in[0].device());
        kernels::MaxPoolingBackward(in[0], indexes_, p_, gx);
        return {gx};
    }
    VarList backward(const IndexList&, const VarList& ggx) override {
        return {Apply1<MaxPoolingNDGather>({ggx[0]}, p_, indexes_)};
    }

 private:
    ConvParams p_;
    Array indexes_;
    Shape x_shape_;
};

VarList MaxPoolingNDGather::backward(const IndexList&, const VarList& gy) {
    return {Apply1<MaxPoolingNDGrad>({gy[0]}, p_, indexes_, input_shape(0))};
}

class MaxPoolingND : public FunctionNode {
 public:
    MaxPoolingND(const ConvParams& p, const Shape& out, const char* label) : p_(p), out_(out), label_(label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override { CheckPoolInput(label_, in, p_.ksize.ndim()); }
    ArrayList forward(const ArrayList& in) override {
        const Shape s = WithSpatial(in[0].shape(), out_);
        Array y = Array::Empty(s, in[0].dtype(), in[0].device());
        indexes_ = Array::Empty(s, Dtype::kInt64, in[0].device());
        kernels::MaxPoolingForward(in[0], p_, y, indexes_);
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override {
        return {Apply1<MaxPoolingNDGrad>({gy[0]}, p_, indexes_, input_shape(0))};
    }
    const Array& indexes() const { return indexes_; }

 private:
    ConvParams p_;
    Shape out_;
    const char* label_;
    Array indexes_;
};

class AveragePoolingND : public FunctionNode {
 public:
    AveragePoolingND(const ConvParams& p, const Shape& out, bool exclude_pad, const char* label)
        : p_(p), out_(out), exclude_pad_(exclude_pad), label_(label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override { CheckPoolInput(label_, in, p_.ksize.ndim()); }
    ArrayList forward(const ArrayList& in) override {
        Array y = Array::Empty(WithSpatial(in[0].shape(), out_), in[0].dtype(), in[0].device());
        kernels::AveragePoolingForward(in[0], p_, exclude_pad_, y);
        return {y};
    }
    VarList backward(const IndexList&, const VarList& gy) override;

 private:
    ConvParams p_;
    Shape out_;
    bool exclude_pad_;
    const char* label_;
};

class AveragePoolingNDGrad : public FunctionNode {
 public:
    AveragePoolingNDGrad(const ConvParams& p, const Shape& x_shape, bool exclude_pad)
        : p_(p), x_shape_(x_shape), exclude_pad_(exclude_pad) {}
    const char* label() const override { return "AveragePoolingNDGrad"; }
    ArrayList forward(const ArrayList& in) override {
        Array gx = Array::Empty(x_shape_, in[0].dtype(), in[0].device());
        kernels::AveragePoolingBackward(in[0], p_, exclude_pad_, gx);
        return {gx};
    }
    VarList backward(const IndexList&, const VarList& ggx) override {
        const Shape& s = input_shape(0);
        return {
            Apply1<AveragePoolingND>({ggx[0]}, p_, Shape(s.begin() + 2, s.end()), exclude_pad_, "AveragePoolingND")};
    }

 private:
    ConvParams p_;
    Shape x_shape_;
    bool exclude_pad_;
};

VarList AveragePoolingND::backward(const IndexList&, const VarList& gy) {
    return {Apply1<AveragePoolingNDGrad>({gy[0]}, p_, input_shape(0), exclude_pad_)};
}

// Geometry of a k-d pooling of x (k = -1: x.ndim - 2) and its output size.
struct Pooling {
    ConvParams p;
    Shape out;
};

Pooling MakePooling(const char* op, int k, const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                    const IntTuple& pad, bool cover_all) {
    CNET_CHECK_AS(ShapeError, x.ndim() >= 3 && (k < 0 || x.ndim() == k + 2), op, ": expected x of ",
                  k < 0 ? std::string("at least 3") : std::to_string(k + 2), " dims, got ", x.shape().ToString());
    const int nd = x.ndim() - 2;
    Pooling r;
    r.p.ksize = ksize.Expand(nd, "ksize");
    r.p.stride = stride.has_value() ? stride.Expand(nd, "stride") : r.p.ksize;
    r.p.pad = pad.Expand(nd, "pad");
    r.p.dilate = Dims(std::vector<int64_t>(nd, 1));
    for (int i = 0; i < nd; ++i) {
        CNET_CHECK_AS(ValueError, r.p.ksize[i] > 0 && r.p.stride[i] > 0 && r.p.pad[i] >= 0, op, ": ksize ",
                      r.p.ksize.ToString(), " and stride ", r.p.stride.ToString(), " must be positive and pad ",
                      r.p.pad.ToString(), " non-negative");
        r.out.push_back(get_conv_outsize(x.shape()[i + 2], r.p.ksize[i], r.p.stride[i], r.p.pad[i], cover_all));
    }
    // Chainer's assertion (a window larger than the input is fine where cover_all still gives one output).
    CNET_CHECK_AS(ValueError, std::all_of(r.out.begin(), r.out.end(), [](int64_t o) { return o > 0; }), op,
                  ": Output sizes should be positive (output ", r.out.ToString(), " for x ", x.shape().ToString(),
                  ", ksize ", r.p.ksize.ToString(), ", stride ", r.p.stride.ToString(), ", pad ", r.p.pad.ToString(),
                  ")");
    return r;
}

std::tuple<Variable, Array> MaxPool(const char* op, int k, const Variable& x, const IntTuple& ksize,
                                    const IntTuple& stride, const IntTuple& pad, bool cover_all) {
    const Pooling g = MakePooling(op, k, x, ksize, stride, pad, cover_all);
    auto node = cnet::internal::MakeShared<MaxPoolingND>(g.p, g.out, k == 2 ? "MaxPooling2D" : "MaxPoolingND");
    Variable y = node->apply({x})[0];
    return {y, node->indexes()};
}

Variable AveragePool(const char* op, int k, const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                     const IntTuple& pad, bool exclude_pad) {
    const Pooling g = MakePooling(op, k, x, ksize, stride, pad, false);
    return Apply1<AveragePoolingND>({x}, g.p, g.out, exclude_pad, k == 2 ? "AveragePooling2D" : "AveragePoolingND");
}

// Chainer's check_type_forward of an unpooling given its outsize: pooling that size gives x's spatial shape.
void CheckOutsize(int k, bool upsampling, const Shape& x_shape, const ConvParams& p, const Shape& out, bool cover_all) {
    const char* label = k < 0 ? "UnpoolingND" : upsampling ? "Upsampling2D" : "Unpooling2D";
    Shape expected;
    for (int i = 0; i < out.ndim(); ++i)
        expected.push_back(get_conv_outsize(out[i], p.ksize[i], p.stride[i], p.pad[i], cover_all));
    if (k < 0) {
        const Shape spatial(x_shape.begin() + 2, x_shape.end());
        type_check::Expect(label, spatial == expected, type_check::In(0) + ".shape[2:] == " + expected.ToString(),
                           spatial.ToString() + " != " + expected.ToString());
        return;
    }
    for (int i = 0; i < out.ndim(); ++i) {
        const std::string axis = type_check::In(0) + ".shape[" + std::to_string(i + 2) + "]";
        type_check::ExpectEq(label, x_shape[i + 2], expected[i], axis, std::to_string(expected[i]));
    }
}

// col (N, C, k..., h...) = x tiled over the window taps (times mask when given), then col2im.
Variable Unpool(const char* op, int k, const Variable& x, const Array* indexes, const IntTuple& ksize,
                const IntTuple& stride, const IntTuple& pad, const IntTuple& outsize, bool cover_all) {
    CNET_CHECK_AS(ShapeError, x.ndim() >= 3 && (k < 0 || x.ndim() == k + 2), op, ": expected x of ",
                  k < 0 ? std::string("at least 3") : std::to_string(k + 2), " dims, got ", x.shape().ToString());
    const int nd = x.ndim() - 2;
    ConvParams p;
    p.ksize = ksize.Expand(nd, "ksize");
    p.stride = stride.has_value() ? stride.Expand(nd, "stride") : p.ksize;
    p.pad = pad.Expand(nd, "pad");
    p.dilate = Dims(std::vector<int64_t>(nd, 1));
    Shape out = outsize.has_value() ? outsize.Expand(nd, "outsize") : Shape();
    for (int i = 0; i < nd && !outsize.has_value(); ++i)
        out.push_back(get_deconv_outsize(x.shape()[i + 2], p.ksize[i], p.stride[i], p.pad[i], cover_all));
    if (outsize.has_value()) CheckOutsize(k, indexes != nullptr, x.shape(), p, out, cover_all);
    Shape expanded{x.shape()[0], x.shape()[1]}, col_shape = expanded;
    for (int i = 0; i < nd; ++i) {
        expanded.push_back(1);
        col_shape.push_back(p.ksize[i]);
    }
    for (int i = 0; i < nd; ++i) {
        expanded.push_back(x.shape()[i + 2]);
        col_shape.push_back(x.shape()[i + 2]);
    }
    Variable col = broadcast_to(reshape(x, expanded), col_shape);
    if (indexes != nullptr) {
        CNET_CHECK_AS(ShapeError, indexes->shape() == x.shape(), op, ": indexes ", indexes->shape().ToString(),
                      " must have the shape of x ", x.shape().ToString());
        Array mask = Array::Empty(col_shape, x.dtype(), x.array().device());
        kernels::PoolingIndexMask(indexes->astype(Dtype::kInt64, false), p, mask);
        col = col * Variable(mask, false);
    }
    return internal::Col2Im(col, p, WithSpatial(x.shape(), out));
}

}  // namespace

Variable max_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                        bool cover_all) {
    return std::get<0>(MaxPool("max_pooling_2d", 2, x, ksize, stride, pad, cover_all));
}

std::tuple<Variable, Array> max_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                                           const IntTuple& pad, bool cover_all, bool) {
    return MaxPool("max_pooling_2d", 2, x, ksize, stride, pad, cover_all);
}

Variable max_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                        bool cover_all) {
    return std::get<0>(MaxPool("max_pooling_nd", -1, x, ksize, stride, pad, cover_all));
}

std::tuple<Variable, Array> max_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride,
                                           const IntTuple& pad, bool cover_all, bool) {
    return MaxPool("max_pooling_nd", -1, x, ksize, stride, pad, cover_all);
}

Variable average_pooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad) {
    return AveragePool("average_pooling_2d", 2, x, ksize, stride, pad, false);
}

Variable average_pooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                            std::optional<double> pad_value) {
    CNET_CHECK_AS(ValueError, !pad_value || *pad_value == 0.0, "average_pooling_nd: pad_value must be 0 or None, got ",
                  *pad_value);
    return AveragePool("average_pooling_nd", -1, x, ksize, stride, pad, !pad_value);
}

Variable unpooling_2d(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                      const IntTuple& outsize, bool cover_all) {
    return Unpool("unpooling_2d", 2, x, nullptr, ksize, stride, pad, outsize, cover_all);
}

Variable unpooling_nd(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                      const IntTuple& outsize, bool cover_all) {
    return Unpool("unpooling_nd", -1, x, nullptr, ksize, stride, pad, outsize, cover_all);
}

Variable upsampling_2d(const Variable& x, const Array& indexes, const IntTuple& ksize, const IntTuple& stride,
                       const IntTuple& pad, const IntTuple& outsize, bool cover_all) {
    return Unpool("upsampling_2d", 2, x, &indexes, ksize, stride, pad, outsize, cover_all);
}

Variable spatial_pyramid_pooling_2d(const Variable& x, int64_t pyramid_height, const std::string& pooling) {
    const std::string mode = pooling.empty() ? "max" : pooling;
    CNET_CHECK_AS(ValueError, mode == "max" || mode == "average",
                  "spatial_pyramid_pooling_2d: pooling must be 'max' or 'average', got '", mode, "'");
    CNET_CHECK_AS(ShapeError, x.ndim() == 4, "spatial_pyramid_pooling_2d: expected a 4-d x, got ",
                  x.shape().ToString());
    const int64_t h = x.shape()[2], w = x.shape()[3];
    VarList levels;
    for (int64_t i = 0; i < pyramid_height; ++i) {
        const int64_t bins = int64_t{1} << i;
        const int64_t kh = (h + bins - 1) / bins, kw = (w + bins - 1) / bins;
        // Chainer's windows: half the remainder (rounded down) as padding, and cover_all for max pooling.
        const IntTuple k{kh, kw}, pad{(bins * kh - h) / 2, (bins * kw - w) / 2};
        const Variable y = mode == "max" ? max_pooling_2d(x, k, k, pad, true) : average_pooling_2d(x, k, k, pad);
        levels.push_back(reshape(y, Shape{x.shape()[0], -1}));
    }
    const Variable flat = concat(levels, 1);
    return reshape(flat, Shape{flat.shape()[0], flat.shape()[1], 1, 1});
}

}  // namespace functions
}  // namespace cnet
