// convolution.cc — ConvolutionND, DeconvolutionND and ConvolutionNDGradW nodes (any number of spatial
// axes; the 2-d functions are the k = 2 case) and Im2Col/Col2Im. Each backward is written with the other
// two nodes, so every order of derivative is available, as in Chainer.
#include "cnet/functions/convolution.h"

#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/functions/reduction.h"
#include "cnet/kernels/convolution.h"
#include "cnet/np/math.h"
#include "functions/convolution_internal.h"

namespace cnet {
namespace functions {
namespace {

using kernels::ConvParams;

Shape Spatial(const Shape& s) { return Shape(s.begin() + 2, s.end()); }

// (N, C, out...) for a batch/channel pair and a spatial size.
Shape WithSpatial(int64_t n, int64_t c, const Shape& spatial) {
    Shape s{n, c};
    for (int64_t d : spatial) s.push_back(d);
    return s;
}

Dims SpatialAxes(int ndim, bool with_batch) {
    Dims axes;
    if (with_batch) axes.push_back(0);
    for (int i = 2; i < ndim; ++i) axes.push_back(i);
    return axes;
}

// Inputs (x, W[, b]) of a convolution-like node: float, one dtype, W with x's ndim, b 1-d of `b_size`.
void CheckConvInputs(const char* label, const ArrayList& in, int64_t x_channels, int64_t b_size, int64_t groups) {
    if (in.size() != 2 && in.size() != 3)
        type_check::Expect(label, false, "2 <= in_types.size <= 3", std::to_string(in.size()));
    type_check::ExpectFloat(label, in, 0);
    type_check::ExpectFloat(label, in, 1);
    type_check::ExpectSameDtype(label, in, 0, 1);
    type_check::ExpectNdimAtLeast(label, in, 0, 3);
    type_check::ExpectNdim(label, in, 1, in[0].ndim());
    type_check::ExpectEq(label, in[0].shape()[1], x_channels, "in_types[0].shape[1]", "expected channels");
    type_check::ExpectEq(label, in[1].shape()[0] % groups, 0, "in_types[1].shape[0] % groups", "0");
    if (in.size() == 3) {
        type_check::ExpectSameDtype(label, in, 0, 2);
        type_check::ExpectNdim(label, in, 2, 1);
        type_check::ExpectEq(label, in[2].shape()[0], b_size, "in_types[2].shape[0]", "output channels");
    }
}

Variable Convolve(const Variable& x, const Variable& W, const Variable& b, const ConvParams& p,
                  const Shape& out_spatial);
Variable Deconvolve(const Variable& x, const Variable& W, const Variable& b, const ConvParams& p,
                    const Shape& out_spatial);

// gW of a convolution from its input x and output gradient gy.
class ConvolutionNDGradW : public FunctionNode {
 public:
    ConvolutionNDGradW(const ConvParams& p, const Shape& w_shape) : p_(p), w_shape_(w_shape) {}
    const char* label() const override { return "ConvolutionNDGradW"; }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        Array gW = Array::Empty(w_shape_, in[0].dtype(), in[0].device());
        kernels::ConvolutionBackwardWeights(in[0], in[1], p_, gW);
        return {gW};
    }
    VarList backward(const IndexList& targets, const VarList& ggW) override {
        const VarList in = get_retained_inputs();
        VarList g(2);
        for (int i : targets) {
            if (i == 0)
                g[0] = Deconvolve(in[1], ggW[0], Variable(), p_, Spatial(in[0].shape()));
            else
                g[1] = Convolve(in[0], ggW[0], Variable(), p_, Spatial(in[1].shape()));
        }
        return g;
    }

 private:
    ConvParams p_;
    Shape w_shape_;
};

class ConvolutionND : public FunctionNode {
 public:
    ConvolutionND(const ConvParams& p, const Shape& out_spatial, const char* label)
        : p_(p), out_spatial_(out_spatial), label_(label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override {
        const bool w = in.size() > 1;
        CheckConvInputs(label_, in, w ? in[1].shape()[1] * p_.groups : 0, w ? in[1].shape()[0] : 0, p_.groups);
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array &x = in[0], &W = in[1];
        Array y = Array::Empty(WithSpatial(x.shape()[0], W.shape()[0], out_spatial_), x.dtype(), x.device());
        kernels::ConvolutionForward(x, W, in.size() == 3 ? in[2] : Array(), p_, y);
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList in = get_retained_inputs();
        VarList g(num_inputs());
        for (int i : targets) {
            if (i == 0)
                g[0] = Deconvolve(gy[0], in[1], Variable(), p_, Spatial(in[0].shape()));
            else if (i == 1)
                g[1] = Apply1<ConvolutionNDGradW>({in[0], gy[0]}, p_, in[1].shape());
            else
                g[2] = sum(gy[0], SpatialAxes(gy[0].ndim(), true));
        }
        return g;
    }

 private:
    ConvParams p_;
    Shape out_spatial_;
    const char* label_;
};

// The transpose of ConvolutionND: x (N, Ci, i...), W (Ci, Co/groups, k...) -> (N, Co, out...).
class DeconvolutionND : public FunctionNode {
 public:
    DeconvolutionND(const ConvParams& p, const Shape& out_spatial, const char* label)
        : p_(p), out_spatial_(out_spatial), label_(label) {}
    const char* label() const override { return label_; }
    void check_type_forward(const ArrayList& in) const override {
        const bool w = in.size() > 1;
        CheckConvInputs(label_, in, w ? in[1].shape()[0] : 0, w ? in[1].shape()[1] * p_.groups : 0, p_.groups);
    }
    ArrayList forward(const ArrayList& in) override {
        retain_inputs({0, 1});
        const Array &x = in[0], &W = in[1];
        Array y =
            Array::Empty(WithSpatial(x.shape()[0], W.shape()[1] * p_.groups, out_spatial_), x.dtype(), x.device());
        kernels::ConvolutionBackwardData(x, W, p_, y);
        if (in.size() == 3) {
            Shape bs;
            bs.resize(y.ndim(), 1);
            bs[1] = y.shape()[1];
            y += in[2].reshape(bs);
        }
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        const VarList in = get_retained_inputs();
        VarList g(num_inputs());
        for (int i : targets) {
            if (i == 0)
                g[0] = Convolve(gy[0], in[1], Variable(), p_, Spatial(in[0].shape()));
            else if (i == 1)
                g[1] = Apply1<ConvolutionNDGradW>({gy[0], in[0]}, p_, in[1].shape());
            else
                g[2] = sum(gy[0], SpatialAxes(gy[0].ndim(), true));
        }
        return g;
    }

 private:
    ConvParams p_;
    Shape out_spatial_;
    const char* label_;
};

Variable Convolve(const Variable& x, const Variable& W, const Variable& b, const ConvParams& p,
                  const Shape& out_spatial) {
    const char* label = p.ksize.ndim() == 2 ? "Convolution2DFunction" : "ConvolutionND";
    if (b.defined()) return Apply1<ConvolutionND>({x, W, b}, p, out_spatial, label);
    return Apply1<ConvolutionND>({x, W}, p, out_spatial, label);
}

Variable Deconvolve(const Variable& x, const Variable& W, const Variable& b, const ConvParams& p,
                    const Shape& out_spatial) {
    const char* label = p.ksize.ndim() == 2 ? "Deconvolution2DFunction" : "DeconvolutionND";
    if (b.defined()) return Apply1<DeconvolutionND>({x, W, b}, p, out_spatial, label);
    return Apply1<DeconvolutionND>({x, W}, p, out_spatial, label);
}

// The window geometry for k spatial axes of x, checked: positive stride and dilation, non-negative pad.
ConvParams MakeParams(const char* op, const Shape& ksize, const IntTuple& stride, const IntTuple& pad,
                      const IntTuple& dilate, int64_t groups) {
    const int k = ksize.ndim();
    ConvParams p{ksize, stride.Expand(k, "stride"), pad.Expand(k, "pad"), dilate.Expand(k, "dilate"), groups};
    for (int i = 0; i < k; ++i) {
        CNET_CHECK_AS(ValueError, p.stride[i] > 0 && p.dilate[i] > 0 && p.pad[i] >= 0, op, ": stride ",
                      p.stride.ToString(), " and dilate ", p.dilate.ToString(), " must be positive and pad ",
                      p.pad.ToString(), " non-negative");
    }
    CNET_CHECK_AS(ValueError, groups > 0, op, ": groups must be positive, got ", groups);
    return p;
}

void CheckRank(const char* op, const Variable& x, const Variable& W, int k) {
    CNET_CHECK_AS(ShapeError, (k < 0 || x.ndim() == k + 2) && x.ndim() >= 3 && W.ndim() == x.ndim(), op,
                  ": expected x and W of ", k < 0 ? std::string("equal ndim >= 3") : std::to_string(k + 2) + " dims",
                  ", got x ", x.shape().ToString(), " and W ", W.shape().ToString());
}

// A convolution's output size; its kernels need the (dilated) window inside the padded input.
int64_t ConvOutsize(const char* op, int64_t size, int64_t k, int64_t s, int64_t p, bool cover_all, int64_t d) {
    CNET_CHECK_AS(ValueError, size + p * 2 - (k + (k - 1) * (d - 1)) >= 0, op, ": the window (ksize ", k,
                  ", dilate ", d, ") is larger than the padded input (size ", size, ", pad ", p, ")");
    return get_conv_outsize(size, k, s, p, cover_all, d);
}

Variable ConvolutionImpl(const char* op, int k, const Variable& x, const Variable& W, const Variable& b,
                         const IntTuple& stride, const IntTuple& pad, bool cover_all, const IntTuple& dilate,
                         int64_t groups) {
    CheckRank(op, x, W, k);
    const ConvParams p = MakeParams(op, Spatial(W.shape()), stride, pad, dilate, groups);
    Shape out;
    for (int i = 0; i < p.ksize.ndim(); ++i)
        out.push_back(ConvOutsize(op, x.shape()[i + 2], p.ksize[i], p.stride[i], p.pad[i], cover_all, p.dilate[i]));
    return Convolve(x, W, b, p, out);
}

Variable DeconvolutionImpl(const char* op, int k, const Variable& x, const Variable& W, const Variable& b,
                           const IntTuple& stride, const IntTuple& pad, const IntTuple& outsize, const IntTuple& dilate,
                           int64_t groups) {
    CheckRank(op, x, W, k);
    const ConvParams p = MakeParams(op, Spatial(W.shape()), stride, pad, dilate, groups);
    const int nd = p.ksize.ndim();
    Shape out;
    if (outsize.has_value()) {
        out = outsize.Expand(nd, "outsize");
        for (int i = 0; i < nd; ++i) {
            const int64_t back = get_conv_outsize(out[i], p.ksize[i], p.stride[i], p.pad[i], false, p.dilate[i]);
            CNET_CHECK_AS(ValueError, back == x.shape()[i + 2], op, ": outsize ", out.ToString(),
                          " is inconsistent with the input ", x.shape().ToString(), " (a convolution of outsize ",
                          "gives ", back, " instead of ", x.shape()[i + 2], " along spatial axis ", i, ")");
        }
    } else {
        for (int i = 0; i < nd; ++i)
            out.push_back(get_deconv_outsize(x.shape()[i + 2], p.ksize[i], p.stride[i], p.pad[i], false, p.dilate[i]));
    }
    return Deconvolve(x, W, b, p, out);
}

class Col2ImFunction;

// col (N, C, k..., o...) from x; the public F.im2col reshapes it to (N, C*K, o...).
class Im2ColFunction : public FunctionNode {
 public:
    Im2ColFunction(const ConvParams& p, const Shape& out_spatial) : p_(p), out_spatial_(out_spatial) {}
    const char* label() const override { return "Im2Col"; }
    ArrayList forward(const ArrayList& in) override {
        Shape s{in[0].shape()[0], in[0].shape()[1]};
        for (int64_t k : p_.ksize) s.push_back(k);
        for (int64_t o : out_spatial_) s.push_back(o);
        Array col = Array::Empty(s, in[0].dtype(), in[0].device());
        kernels::Im2Col(in[0], p_, col);
        return {col};
    }
    VarList backward(const IndexList&, const VarList& gy) override;

 private:
    ConvParams p_;
    Shape out_spatial_;
};

class Col2ImFunction : public FunctionNode {
 public:
    Col2ImFunction(const ConvParams& p, const Shape& x_shape) : p_(p), x_shape_(x_shape) {}
    const char* label() const override { return "Col2Im"; }
    ArrayList forward(const ArrayList& in) override {
        Array x = Array::Empty(x_shape_, in[0].dtype(), in[0].device());
        kernels::Col2Im(in[0], p_, x);
        return {x};
    }
    VarList backward(const IndexList&, const VarList& gx) override {
        const Shape& s = input_shape(0);
        return {Apply1<Im2ColFunction>({gx[0]}, p_, Shape(s.end() - p_.ksize.ndim(), s.end()))};
    }

 private:
    ConvParams p_;
    Shape x_shape_;
};

VarList Im2ColFunction::backward(const IndexList&, const VarList& gy) {
    return {Apply1<Col2ImFunction>({gy[0]}, p_, input_shape(0))};
}

}  // namespace

// Chainer's formula with Python's floor division; like Chainer's it raises nothing (pooling with cover_all takes a
// window larger than the input), so each caller checks the sizes it cannot compute.
int64_t get_conv_outsize(int64_t size, int64_t k, int64_t s, int64_t p, bool cover_all, int64_t d) {
    const int64_t dk = k + (k - 1) * (d - 1);
    const int64_t num = size + p * 2 - dk + (cover_all ? s - 1 : 0);
    return (num >= 0 ? num / s : -((-num + s - 1) / s)) + 1;
}

int64_t get_deconv_outsize(int64_t size, int64_t k, int64_t s, int64_t p, bool cover_all, int64_t d) {
    const int64_t dk = k + (k - 1) * (d - 1);
    const int64_t out = cover_all ? s * (size - 1) + dk - s + 1 - 2 * p : s * (size - 1) + dk - 2 * p;
    CNET_CHECK_AS(ValueError, out > 0, "deconvolution output size ", out, " is not positive (size ", size, ", ksize ",
                  k, ", stride ", s, ", pad ", p, ")");
    return out;
}

Variable convolution_2d(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                        const IntTuple& pad, bool cover_all, const IntTuple& dilate, int64_t groups) {
    return ConvolutionImpl("convolution_2d", 2, x, W, b, stride, pad, cover_all, dilate, groups);
}

Variable convolution_nd(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                        const IntTuple& pad, bool cover_all, const IntTuple& dilate, int64_t groups) {
    return ConvolutionImpl("convolution_nd", -1, x, W, b, stride, pad, cover_all, dilate, groups);
}

Variable deconvolution_2d(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                          const IntTuple& pad, const IntTuple& outsize, const IntTuple& dilate, int64_t groups) {
    return DeconvolutionImpl("deconvolution_2d", 2, x, W, b, stride, pad, outsize, dilate, groups);
}

Variable deconvolution_nd(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                          const IntTuple& pad, const IntTuple& outsize, const IntTuple& dilate, int64_t groups) {
    return DeconvolutionImpl("deconvolution_nd", -1, x, W, b, stride, pad, outsize, dilate, groups);
}

Variable depthwise_convolution_2d(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                                  const IntTuple& pad) {
    CheckRank("depthwise_convolution_2d", x, W, 2);
    const Shape& s = W.shape();  // (cM, Ci, kH, kW) -> (Ci*cM, 1, kH, kW), output channel c*cM + m
    const Variable w = reshape(transpose(W, Dims{1, 0, 2, 3}), Shape{s[0] * s[1], 1, s[2], s[3]});
    return ConvolutionImpl("depthwise_convolution_2d", 2, x, w, b, stride, pad, false, 1, s[1]);
}

Variable dilated_convolution_2d(const Variable& x, const Variable& W, const Variable& b, const IntTuple& stride,
                                const IntTuple& pad, const IntTuple& dilate, bool cover_all) {
    return ConvolutionImpl("dilated_convolution_2d", 2, x, W, b, stride, pad, cover_all, dilate, 1);
}

Variable im2col(const Variable& x, const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad, bool cover_all,
                const IntTuple& dilate) {
    CNET_CHECK_AS(ShapeError, x.ndim() == 4, "im2col: expected a 4-d x, got ", x.shape().ToString());
    const ConvParams p = MakeParams("im2col", ksize.Expand(2, "ksize"), stride, pad, dilate, 1);
    Shape out;
    for (int i = 0; i < 2; ++i)
        out.push_back(ConvOutsize("im2col", x.shape()[i + 2], p.ksize[i], p.stride[i], p.pad[i], cover_all,
                                  p.dilate[i]));
    const Variable col = Apply1<Im2ColFunction>({x}, p, out);
    return reshape(col, Shape{x.shape()[0], x.shape()[1] * p.ksize.prod(), out[0], out[1]});
}

Variable internal::Col2Im(const Variable& col, const ConvParams& p, const Shape& x_shape) {
    return Apply1<Col2ImFunction>({col}, p, x_shape);
}

Dims IntTuple::Expand(int ndim, const char* what) const {
    CNET_CHECK_AS(ValueError, has_value_, what, " must be an int or a tuple of ", ndim, " ints, got None");
    if (scalar_) return Dims(std::vector<int64_t>(ndim, values_[0]));
    CNET_CHECK_AS(ValueError, values_.ndim() == ndim, what, " must have ", ndim,
                  " entries (one per spatial axis), got ", values_.ToString());
    return values_;
}

}  // namespace functions
}  // namespace cnet
