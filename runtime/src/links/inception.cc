// inception.cc — MLPConvolution2D, Inception and InceptionBN: child setup with Chainer's names, forward.
#include "cnet/links/inception.h"

#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/pooling.h"

namespace cnet {
namespace links {

namespace F = functions;

MLPConvolution2D::MLPConvolution2D(std::optional<int64_t> in_channels, const std::vector<int64_t>& out_channels,
                                   const IntTuple& ksize, const IntTuple& stride, const IntTuple& pad, Activation act,
                                   const initializers::InitializerArg& conv_init,
                                   const initializers::InitializerArg& bias_init)
    : activation(act ? std::move(act) : Activation([](const Variable& v) { return F::relu(v); })) {
    CNET_CHECK_AS(ValueError, !out_channels.empty(), "MLPConvolution2D: out_channels must not be empty");
    CNET_CHECK_AS(ValueError, ksize.has_value(), "MLPConvolution2D: ksize is required");
    auto scope = init_scope();
    convs_.push_back(add_link(std::make_shared<Convolution2D>(in_channels, out_channels[0], ksize, stride, pad, false,
                                                              conv_init, bias_init)));
    for (size_t i = 1; i < out_channels.size(); ++i) {
        convs_.push_back(add_link(std::make_shared<Convolution2D>(out_channels[i - 1], out_channels[i], 1, 1, 0, false,
                                                                  conv_init, bias_init)));
    }
}

Variable MLPConvolution2D::forward(const Variable& x) {
    Variable h = x;
    for (size_t i = 0; i + 1 < convs_.size(); ++i) h = activation((*convs_[i])(h));
    return (*convs_.back())(h);
}

Variable MLPConvolution2D::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "MLPConvolution2D takes 1 argument, got ", args.size());
    return forward(args[0]);
}

Inception::Inception(std::optional<int64_t> in_channels, int64_t out1, int64_t proj3_, int64_t out3, int64_t proj5_, int64_t out5,
                     int64_t proj_pool, const initializers::InitializerArg& conv_init,
                     const initializers::InitializerArg& bias_init) {
    auto scope = init_scope();
    auto conv = [&](std::optional<int64_t> in, int64_t out, int64_t k, int64_t pad) {
        return std::make_shared<Convolution2D>(in, out, k, 1, pad, false, conv_init, bias_init);
    };
    conv1 = add_link("conv1", conv(in_channels, out1, 1, 0));
    proj3 = add_link("proj3", conv(in_channels, proj3_, 1, 0));
    conv3 = add_link("conv3", conv(proj3_, out3, 3, 1));
    proj5 = add_link("proj5", conv(in_channels, proj5_, 1, 0));
    conv5 = add_link("conv5", conv(proj5_, out5, 5, 2));
    projp = add_link("projp", conv(in_channels, proj_pool, 1, 0));
}

Variable Inception::forward(const Variable& x) {
    const Variable out1 = (*conv1)(x);
    const Variable out3 = (*conv3)(F::relu((*proj3)(x)));
    const Variable out5 = (*conv5)(F::relu((*proj5)(x)));
    const Variable pool = (*projp)(F::max_pooling_2d(x, 3, 1, 1));
    return F::relu(F::concat({out1, out3, out5, pool}, 1));
}

Variable Inception::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Inception takes 1 argument, got ", args.size());
    return forward(args[0]);
}

InceptionBN::InceptionBN(std::optional<int64_t> in_channels, int64_t out1_, int64_t proj3_, int64_t out3, int64_t proj33_,
                         int64_t out33, const std::string& pooltype_, std::optional<int64_t> proj_pool_,
                         int64_t stride_, const initializers::InitializerArg& conv_init, Dtype dtype)
    : out1(out1_), stride(stride_), proj_pool(proj_pool_), pooltype(pooltype_) {
    CNET_CHECK_AS(ValueError, pooltype == "max" || pooltype == "avg",
                  "InceptionBN: pooltype must be 'max' or 'avg', got '", pooltype, "'");
    auto scope = init_scope();
    auto conv = [&](std::optional<int64_t> in, int64_t out, int64_t k, int64_t s, int64_t pad) {
        return std::make_shared<Convolution2D>(in, out, k, s, pad, true, conv_init);
    };
    auto bn = [&](int64_t size) { return std::make_shared<BatchNormalization>(size, 0.9, 2e-5, dtype); };
    proj3 = add_link("proj3", conv(in_channels, proj3_, 1, 1, 0));
    conv3 = add_link("conv3", conv(proj3_, out3, 3, stride, 1));
    proj33 = add_link("proj33", conv(in_channels, proj33_, 1, 1, 0));
    conv33a = add_link("conv33a", conv(proj33_, out33, 3, 1, 1));
    conv33b = add_link("conv33b", conv(out33, out33, 3, stride, 1));
    proj3n = add_link("proj3n", bn(proj3_));
    conv3n = add_link("conv3n", bn(out3));
    proj33n = add_link("proj33n", bn(proj33_));
    conv33an = add_link("conv33an", bn(out33));
    conv33bn = add_link("conv33bn", bn(out33));
    if (out1 > 0) {
        CNET_CHECK_AS(ValueError, stride == 1 && proj_pool, "InceptionBN: out1 > 0 needs stride 1 and proj_pool");
        conv1 = add_link("conv1", conv(in_channels, out1, 1, stride, 0));
        conv1n = add_link("conv1n", bn(out1));
    }
    if (proj_pool) {
        poolp = add_link("poolp", conv(in_channels, *proj_pool, 1, 1, 0));
        poolpn = add_link("poolpn", bn(*proj_pool));
    }
}

Variable InceptionBN::forward(const Variable& x) {
    VarList outs;
    if (out1 > 0) outs.push_back(F::relu((*conv1n)((*conv1)(x))));
    Variable h3 = F::relu((*proj3n)((*proj3)(x)));
    outs.push_back(F::relu((*conv3n)((*conv3)(h3))));
    Variable h33 = F::relu((*proj33n)((*proj33)(x)));
    h33 = F::relu((*conv33an)((*conv33a)(h33)));
    outs.push_back(F::relu((*conv33bn)((*conv33b)(h33))));
    Variable p = pooltype == "max" ? F::max_pooling_2d(x, 3, stride, 1, false) : F::average_pooling_2d(x, 3, stride, 1);
    if (proj_pool) p = F::relu((*poolpn)((*poolp)(p)));
    outs.push_back(p);
    return F::concat(outs, 1);
}

Variable InceptionBN::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "InceptionBN takes 1 argument, got ", args.size());
    return forward(args[0]);
}

}  // namespace links
}  // namespace cnet
