// convolution.cc — the convolution links: parameter setup (the two-argument forms infer in_channels from
// the first input), lazy W initialization, forward through functions/convolution.
#include "cnet/links/convolution.h"

#include "cnet/functions/convolution.h"

namespace cnet {
namespace links {

// ---- base

Variable ConvolutionLinkBase::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "a convolution link takes 1 argument, got ", args.size());
    return forward(args[0]);
}

void ConvolutionLinkBase::Init(std::optional<int64_t> in_channels, int64_t b_size, bool nobias,
                               const initializers::InitializerArg& initialW,
                               const initializers::InitializerArg& initial_bias,
                               std::shared_ptr<Initializer> default_W) {
    CNET_CHECK_AS(ValueError, ksize.has_value(), "a convolution link needs ksize");
    auto scope = init_scope();
    W = add_param("W", Parameter(initialW.get(default_W)));
    if (in_channels) W.initialize(WShape(*in_channels, ndim_));
    if (!nobias) {
        const initializers::InitializerArg bias =
            initial_bias.is_none() ? initializers::InitializerArg(0) : initial_bias;
        b = add_param("b", Parameter(initializers::get_initializer(bias), Shape{b_size}));
    }
}

void ConvolutionLinkBase::InitW(const Variable& x) {
    if (W.is_initialized()) return;
    CNET_CHECK_AS(ShapeError, x.ndim() == ndim_ + 2, "expected an input of ", ndim_ + 2, " dims (N, C, ...), got ",
                  x.shape().ToString());
    W.initialize(WShape(x.shape()[1], ndim_));
}

std::shared_ptr<Link> ConvolutionLinkBase::clone(const std::string& mode) const {
    std::shared_ptr<ConvolutionLinkBase> ret = copy_self();
    ret->copy_own_state(mode);
    ret->W = ret->param("W");
    if (ret->has_param("b")) ret->b = ret->param("b");
    return ret;
}

namespace {

// Chainer's two-argument form: (out_channels, ksize) given as (in_channels, out_channels) with ksize None.
void ShiftArguments(std::optional<int64_t>& in, std::optional<int64_t>& out, IntTuple& ksize) {
    if (ksize.has_value()) {
        CNET_CHECK_AS(ValueError, out.has_value(), "out_channels is required");
        return;
    }
    CNET_CHECK_AS(ValueError, in.has_value() && out.has_value(),
                  "give (in_channels, out_channels, ksize) or (out_channels, ksize)");
    ksize = *out;
    out = in;
    in = std::nullopt;
}

Dims Spatial(const IntTuple& t, int ndim) { return t.Expand(ndim, "ksize"); }

// A filter shape: (lead, second, k_1, ..., k_spatial).
Shape KernelShape(int64_t lead, int64_t second, const IntTuple& ksize, int spatial) {
    Shape s{lead, second};
    for (int64_t k : Spatial(ksize, spatial)) s.push_back(k);
    return s;
}

void CheckGroups(int64_t in_channels, int64_t out_channels, int64_t groups) {
    CNET_CHECK_AS(ValueError, in_channels % groups == 0 && out_channels % groups == 0, "in_channels ", in_channels,
                  " and out_channels ", out_channels, " must be multiples of groups ", groups);
}

}  // namespace

// ---- Convolution2D / DilatedConvolution2D

Convolution2D::Convolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out, const IntTuple& ksize_,
                             const IntTuple& stride_, const IntTuple& pad_, bool nobias,
                             const initializers::InitializerArg& initialW,
                             const initializers::InitializerArg& initial_bias, const IntTuple& dilate_,
                             int64_t groups_) {
    IntTuple k = ksize_;
    ShiftArguments(in_channels, out, k);
    out_channels = *out;
    ksize = k;
    stride = stride_;
    pad = pad_;
    dilate = dilate_;
    groups = groups_;
    Init(in_channels, out_channels, nobias, initialW, initial_bias);
}

Shape Convolution2D::WShape(int64_t in_channels, int spatial) const {
    CheckGroups(in_channels, out_channels, groups);
    return KernelShape(out_channels, in_channels / groups, ksize, spatial);
}

Variable Convolution2D::forward(const Variable& x) {
    InitW(x);
    return functions::convolution_2d(x, W, b, stride, pad, false, dilate, groups);
}

DilatedConvolution2D::DilatedConvolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out,
                                           const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad,
                                           const IntTuple& dilate, bool nobias,
                                           const initializers::InitializerArg& initialW,
                                           const initializers::InitializerArg& initial_bias)
    : Convolution2D(in_channels, out, ksize, stride, pad, nobias, initialW, initial_bias, dilate, 1) {}

// ---- ConvolutionND

ConvolutionND::ConvolutionND(int64_t ndim, int64_t in_channels, int64_t out, const IntTuple& ksize_,
                             const IntTuple& stride_, const IntTuple& pad_, bool nobias,
                             const initializers::InitializerArg& initialW,
                             const initializers::InitializerArg& initial_bias, bool cover_all_, const IntTuple& dilate_,
                             int64_t groups_)
    : cover_all(cover_all_) {
    ndim_ = static_cast<int>(ndim);
    out_channels = out;
    ksize = ksize_;
    stride = stride_;
    pad = pad_;
    dilate = dilate_;
    groups = groups_;
    Init(in_channels, out_channels, nobias, initialW, initial_bias);
}

Shape ConvolutionND::WShape(int64_t in_channels, int spatial) const {
    return KernelShape(out_channels, in_channels / groups, ksize, spatial);
}

Variable ConvolutionND::forward(const Variable& x) {
    InitW(x);
    return functions::convolution_nd(x, W, b, stride, pad, cover_all, dilate, groups);
}

// ---- Deconvolution2D / DeconvolutionND

Deconvolution2D::Deconvolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out, const IntTuple& ksize_,
                                 const IntTuple& stride_, const IntTuple& pad_, bool nobias, const IntTuple& outsize_,
                                 const initializers::InitializerArg& initialW,
                                 const initializers::InitializerArg& initial_bias, const IntTuple& dilate_,
                                 int64_t groups_)
    : outsize(outsize_) {
    IntTuple k = ksize_;
    ShiftArguments(in_channels, out, k);
    out_channels = *out;
    ksize = k;
    stride = stride_;
    pad = pad_;
    dilate = dilate_;
    groups = groups_;
    Init(in_channels, out_channels, nobias, initialW, initial_bias);
}

Shape Deconvolution2D::WShape(int64_t in_channels, int spatial) const {
    CheckGroups(in_channels, out_channels, groups);
    return KernelShape(in_channels, out_channels / groups, ksize, spatial);
}

Variable Deconvolution2D::forward(const Variable& x) {
    InitW(x);
    return functions::deconvolution_2d(x, W, b, stride, pad, outsize, dilate, groups);
}

DeconvolutionND::DeconvolutionND(int64_t ndim, int64_t in_channels, int64_t out, const IntTuple& ksize,
                                 const IntTuple& stride, const IntTuple& pad, bool nobias, const IntTuple& outsize,
                                 const initializers::InitializerArg& initialW,
                                 const initializers::InitializerArg& initial_bias, const IntTuple& dilate,
                                 int64_t groups)
    : outsize(outsize) {
    ndim_ = static_cast<int>(ndim);
    out_channels = out;
    this->ksize = ksize;
    this->stride = stride;
    this->pad = pad;
    this->dilate = dilate;
    this->groups = groups;
    Init(in_channels, out_channels, nobias, initialW, initial_bias);
}

Shape DeconvolutionND::WShape(int64_t in_channels, int spatial) const {
    return KernelShape(in_channels, out_channels / groups, ksize, spatial);
}

Variable DeconvolutionND::forward(const Variable& x) {
    InitW(x);
    return functions::deconvolution_nd(x, W, b, stride, pad, outsize, dilate, groups);
}

// ---- DepthwiseConvolution2D

DepthwiseConvolution2D::DepthwiseConvolution2D(int64_t in_channels, int64_t channel_multiplier, const IntTuple& ksize_,
                                               const IntTuple& stride_, const IntTuple& pad_, bool nobias,
                                               const initializers::InitializerArg& initialW,
                                               const initializers::InitializerArg& initial_bias) {
    out_channels = channel_multiplier;
    ksize = ksize_;
    stride = stride_;
    pad = pad_;
    dilate = 1;
    Init(in_channels, in_channels * channel_multiplier, nobias, initialW, initial_bias);
}

Shape DepthwiseConvolution2D::WShape(int64_t in_channels, int spatial) const {
    return KernelShape(out_channels, in_channels, ksize, spatial);
}

Variable DepthwiseConvolution2D::forward(const Variable& x) {
    InitW(x);
    return functions::depthwise_convolution_2d(x, W, b, stride, pad);
}

}  // namespace links
}  // namespace cnet
