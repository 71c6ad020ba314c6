// inception.h — composite convolution links: MLPConvolution2D (network-in-network), Inception (GoogLeNet)
// and InceptionBN (GoogLeNet with batch normalization), built from Convolution2D and BatchNormalization
// children with Chainer's child names (their npz keys).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/functions/int_tuple.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/convolution.h"
#include "cnet/links/link.h"
#include "cnet/links/normalization.h"

namespace cnet {
namespace links {

/// MLPConvolution2D(in_channels, out_channels, ksize=None, stride=1, pad=0, activation=relu, conv_init=None,
/// bias_init=None): a ChainList of convolutions, the first (in, out[0], ksize, stride, pad), the rest 1x1
/// (out[i-1], out[i]); activation after every one but the last. MLPConvolution2D(out_channels, ksize)
/// infers in_channels.
class MLPConvolution2D : public ChainList {
 public:
    using Activation = std::function<Variable(const Variable&)>;
    MLPConvolution2D(std::optional<int64_t> in_channels, const std::vector<int64_t>& out_channels,
                     const IntTuple& ksize = {}, const IntTuple& stride = 1, const IntTuple& pad = 0,
                     Activation activation = nullptr, const initializers::InitializerArg& conv_init = {},
                     const initializers::InitializerArg& bias_init = {});
    /// The two-argument form MLPConvolution2D(out_channels, ksize).
    MLPConvolution2D(const std::vector<int64_t>& out_channels, const IntTuple& ksize)
        : MLPConvolution2D(std::nullopt, out_channels, ksize) {}
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    Activation activation;

 private:
    std::vector<std::shared_ptr<Convolution2D>> convs_;
};

/// Inception(in_channels, out1, proj3, out3, proj5, out5, proj_pool, conv_init=None, bias_init=None):
/// relu(concat(conv1(x), conv3(relu(proj3(x))), conv5(relu(proj5(x))), projp(max_pool(x, 3, 1, 1)))),
/// out1 + out3 + out5 + proj_pool channels. in_channels None: taken from the first input (GoogLeNet's
/// `L.Inception(None, 64, ...)`).
class Inception : public Chain {
 public:
    Inception(std::optional<int64_t> in_channels, int64_t out1, int64_t proj3, int64_t out3, int64_t proj5, int64_t out5,
              int64_t proj_pool, const initializers::InitializerArg& conv_init = {},
              const initializers::InitializerArg& bias_init = {});
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    std::shared_ptr<Convolution2D> conv1, proj3, conv3, proj5, conv5, projp;
};

/// InceptionBN(in_channels, out1, proj3, out3, proj33, out33, pooltype, proj_pool=None, stride=1,
/// conv_init=None, dtype=float32): the batch-normalized Inception of GoogLeNet-BN. Each convolution (no bias)
/// is followed by BatchNormalization and relu; the 1x1 branch exists when out1 > 0 (stride 1 only) and the
/// pooling branch ('max' or 'avg', 3x3, pad 1) is projected when proj_pool is given. in_channels None: taken
/// from the first input.
class InceptionBN : public Chain {
 public:
    InceptionBN(std::optional<int64_t> in_channels, int64_t out1, int64_t proj3, int64_t out3, int64_t proj33, int64_t out33,
                const std::string& pooltype, std::optional<int64_t> proj_pool = std::nullopt, int64_t stride = 1,
                const initializers::InitializerArg& conv_init = {}, Dtype dtype = Dtype::kFloat32);
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    int64_t out1, stride;
    std::optional<int64_t> proj_pool;
    std::string pooltype;
    std::shared_ptr<Convolution2D> proj3, conv3, proj33, conv33a, conv33b, conv1, poolp;
    std::shared_ptr<BatchNormalization> proj3n, conv3n, proj33n, conv33an, conv33bn, conv1n, poolpn;
};

}  // namespace links
}  // namespace cnet
