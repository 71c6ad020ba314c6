// convolution.h — chainer.links convolutions: Convolution2D, ConvolutionND, Deconvolution2D,
// DeconvolutionND, DepthwiseConvolution2D, DilatedConvolution2D. Parameters W and b (npz keys "W", "b").
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/functions/int_tuple.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

using functions::IntTuple;

/// What the convolution links share: W (created lazily when in_channels is None), b, and the geometry.
class ConvolutionLinkBase : public Link {
 public:
    /// One argument: forward(args[0]).
    Variable call(const std::vector<Variable>& args) override;
    virtual Variable forward(const Variable& x) = 0;
    Variable operator()(const Variable& x) { return forward(x); }

    Parameter W;
    /// None with nobias.
    Parameter b;
    int64_t out_channels = 0;
    IntTuple ksize, stride, pad, dilate;
    int64_t groups = 1;

 protected:
    /// Registers W (shape from w_shape when in_channels is known) and b (b_size, unless nobias).
    void Init(std::optional<int64_t> in_channels, int64_t b_size, bool nobias,
              const initializers::InitializerArg& initialW, const initializers::InitializerArg& initial_bias,
              std::shared_ptr<Initializer> default_W = nullptr);
    /// W's shape for in_channels input channels and `spatial` spatial axes.
    virtual Shape WShape(int64_t in_channels, int spatial) const = 0;
    /// Creates W from x's channel count on the first call when in_channels was None.
    void InitW(const Variable& x);
    std::shared_ptr<Link> clone(const std::string& mode) const override;
    virtual std::shared_ptr<ConvolutionLinkBase> copy_self() const = 0;
    int ndim_ = 2;
};

/// Convolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False, initialW=None,
/// initial_bias=None, *, dilate=1, groups=1). Convolution2D(out_channels, ksize) infers in_channels.
/// W (out, in/groups, kh, kw), LeCunNormal by default; b (out,), zeros.
class Convolution2D : public ConvolutionLinkBase {
 public:
    Convolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out_channels, const IntTuple& ksize = {},
                  const IntTuple& stride = 1, const IntTuple& pad = 0, bool nobias = false,
                  const initializers::InitializerArg& initialW = {},
                  const initializers::InitializerArg& initial_bias = {}, const IntTuple& dilate = 1,
                  int64_t groups = 1);
    Variable forward(const Variable& x) override;

 protected:
    Shape WShape(int64_t in_channels, int spatial) const override;
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override { return std::make_shared<Convolution2D>(*this); }
};

/// DilatedConvolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, dilate=1, nobias=False,
/// initialW=None, initial_bias=None).
class DilatedConvolution2D : public Convolution2D {
 public:
    DilatedConvolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out_channels,
                         const IntTuple& ksize = {}, const IntTuple& stride = 1, const IntTuple& pad = 0,
                         const IntTuple& dilate = 1, bool nobias = false,
                         const initializers::InitializerArg& initialW = {},
                         const initializers::InitializerArg& initial_bias = {});

 protected:
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override {
        return std::make_shared<DilatedConvolution2D>(*this);
    }
};

/// ConvolutionND(ndim, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False, initialW=None,
/// initial_bias=None, cover_all=False, dilate=1, groups=1).
class ConvolutionND : public ConvolutionLinkBase {
 public:
    ConvolutionND(int64_t ndim, int64_t in_channels, int64_t out_channels, const IntTuple& ksize,
                  const IntTuple& stride = 1, const IntTuple& pad = 0, bool nobias = false,
                  const initializers::InitializerArg& initialW = {},
                  const initializers::InitializerArg& initial_bias = {}, bool cover_all = false,
                  const IntTuple& dilate = 1, int64_t groups = 1);
    Variable forward(const Variable& x) override;
    bool cover_all = false;

 protected:
    Shape WShape(int64_t in_channels, int spatial) const override;
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override { return std::make_shared<ConvolutionND>(*this); }
};

/// Deconvolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False, outsize=None,
/// initialW=None, initial_bias=None, *, dilate=1, groups=1). W (in, out/groups, kh, kw).
class Deconvolution2D : public ConvolutionLinkBase {
 public:
    Deconvolution2D(std::optional<int64_t> in_channels, std::optional<int64_t> out_channels, const IntTuple& ksize = {},
                    const IntTuple& stride = 1, const IntTuple& pad = 0, bool nobias = false,
                    const IntTuple& outsize = {}, const initializers::InitializerArg& initialW = {},
                    const initializers::InitializerArg& initial_bias = {}, const IntTuple& dilate = 1,
                    int64_t groups = 1);
    Variable forward(const Variable& x) override;
    IntTuple outsize;

 protected:
    Shape WShape(int64_t in_channels, int spatial) const override;
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override { return std::make_shared<Deconvolution2D>(*this); }
};

/// DeconvolutionND(ndim, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False, outsize=None,
/// initialW=None, initial_bias=None, dilate=1, groups=1).
class DeconvolutionND : public ConvolutionLinkBase {
 public:
    DeconvolutionND(int64_t ndim, int64_t in_channels, int64_t out_channels, const IntTuple& ksize,
                    const IntTuple& stride = 1, const IntTuple& pad = 0, bool nobias = false,
                    const IntTuple& outsize = {}, const initializers::InitializerArg& initialW = {},
                    const initializers::InitializerArg& initial_bias = {}, const IntTuple& dilate = 1,
                    int64_t groups = 1);
    Variable forward(const Variable& x) override;
    IntTuple outsize;

 protected:
    Shape WShape(int64_t in_channels, int spatial) const override;
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override { return std::make_shared<DeconvolutionND>(*this); }
};

/// DepthwiseConvolution2D(in_channels, channel_multiplier, ksize, stride=1, pad=0, nobias=False,
/// initialW=None, initial_bias=None): W (multiplier, in, kh, kw), b (in * multiplier,).
class DepthwiseConvolution2D : public ConvolutionLinkBase {
 public:
    DepthwiseConvolution2D(int64_t in_channels, int64_t channel_multiplier, const IntTuple& ksize,
                           const IntTuple& stride = 1, const IntTuple& pad = 0, bool nobias = false,
                           const initializers::InitializerArg& initialW = {},
                           const initializers::InitializerArg& initial_bias = {});
    Variable forward(const Variable& x) override;

 protected:
    Shape WShape(int64_t in_channels, int spatial) const override;
    std::shared_ptr<ConvolutionLinkBase> copy_self() const override {
        return std::make_shared<DepthwiseConvolution2D>(*this);
    }
};

}  // namespace links
}  // namespace cnet
