// functions_test.cc — every function of ops.def, forward and backward, on the GPU against the CPU: one case
// table (below) gives each function's inputs and call; the runner evaluates it on both devices (inputs moved
// with their layout), backpropagates the same random output gradients and compares outputs and input
// gradients, in float32 and float64 (and float16 for the functions of the float-computing kernel families).
// Elementwise functions also run on non-contiguous, broadcast, 0-d and empty inputs. A coverage test fails when
// an ops.def entry has neither a case nor an entry in kNotOnGpu, so a new function must say how it runs on the GPU.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "cnet/core/variable.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/array.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/connection.h"
#include "cnet/functions/convolution.h"
#include "cnet/functions/crf1d.h"
#include "cnet/functions/evaluation.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/lstm.h"
#include "cnet/functions/math.h"
#include "cnet/functions/n_step_rnn.h"
#include "cnet/functions/negative_sampling.h"
#include "cnet/functions/noise.h"
#include "cnet/functions/normalization.h"
#include "cnet/functions/pooling.h"
#include "cnet/functions/reduction.h"
#include "cnet/functions/sequence.h"
#include "cnet/functions/spatial.h"
#include "cnet/functions/tensor_math.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

namespace F = functions;
using cuda_test::ExpectClose;
using cuda_test::Gpu;
using VarList = cnet::VarList;

enum Grad { kNone, kBackward, kDoubleBackward };
const std::map<std::string, Grad>& OpsTable() {
    static const std::map<std::string, Grad> ops = {
#define CNET_FUNCTION(name, family, signature, grad) {#name, grad},
#include "cnet/functions/ops.def"
#undef CNET_FUNCTION
    };
    return ops;
}

// Functions with no GPU case, and why (none today; the coverage test keeps the list honest).
const std::map<std::string, std::string> kNotOnGpu = {};

struct OpCase {
    std::string op;
    std::vector<Array> inputs;  // CPU arrays; float ones are differentiated when the function is
    std::function<VarList(const std::vector<Variable>&)> call;
    std::string variant = "";
};

// Moves a to `device` keeping its layout (the case table's non-contiguous inputs stay views there).
Array ToDevice(const Array& a, Device device) { return cuda_test::ToDeviceKeepingLayout(a, device); }

struct Result {
    std::vector<Array> outputs, grads;
};

Result Evaluate(const OpCase& c, Device device, bool differentiate) {
    std::vector<Variable> vars;
    for (const Array& a : c.inputs) {
        const Array d = ToDevice(a, device);
        vars.push_back(differentiate && IsFloat(a.dtype()) ? Variable(d) : as_variable(d));
    }
    const VarList outs = c.call(vars);
    Result r;
    Variable total;
    for (size_t k = 0; k < outs.size(); ++k) {
        r.outputs.push_back(outs[k].array());
        if (!differentiate || !IsFloat(outs[k].dtype()) || !outs[k].requires_grad()) continue;
        const Array gy = ToDevice(cuda_test::Uniform(outs[k].shape(), outs[k].dtype(), -1, 1, 100 + k), device);
        const Variable term = F::sum(F::mul(outs[k], as_variable(gy)));
        total = total.impl() ? F::add(total, term) : term;
    }
    if (total.impl()) total.backward();
    for (const Variable& v : vars) r.grads.push_back(v.requires_grad() ? v.grad() : Array());
    return r;
}

void RunCase(const OpCase& c) {
    const auto it = OpsTable().find(c.op);
    ASSERT_NE(it, OpsTable().end()) << c.op << " is not in ops.def";
    const bool differentiate = it->second != kNone;
    const std::string name = "F." + c.op + c.variant;
    const Result cpu = Evaluate(c, Device::Cpu(), differentiate);
    const Result gpu = Evaluate(c, Gpu(), differentiate);
    ASSERT_EQ(gpu.outputs.size(), cpu.outputs.size()) << name;
    for (size_t k = 0; k < cpu.outputs.size(); ++k) {
        EXPECT_EQ(gpu.outputs[k].device(), Gpu()) << name << " output " << k;
        ExpectClose(gpu.outputs[k], cpu.outputs[k], name + " output " + std::to_string(k));
    }
    for (size_t i = 0; i < cpu.grads.size(); ++i) {
        if (!cpu.grads[i].defined()) continue;
        ExpectClose(gpu.grads[i], cpu.grads[i], name + " gradient of input " + std::to_string(i));
    }
}

VarList One(const Variable& v) { return VarList{v}; }

Array U(const Shape& s, Dtype d, double lo, double hi, uint64_t seed) { return cuda_test::Uniform(s, d, lo, hi, seed); }
Array Labels(const Shape& s, int64_t classes, uint64_t seed) {
    return cuda_test::Uniform(s, Dtype::kFloat64, 0, static_cast<double>(classes), seed)
        .astype(Dtype::kInt32)
        .astype(Dtype::kInt64);
}

// Elementwise one-input functions: (name, call, lo, hi) of an input range inside the function's domain.
struct UnaryFn {
    const char* name;
    std::function<Variable(const Variable&)> f;
    double lo, hi;
};

std::vector<UnaryFn> UnaryFunctions() {
    return {
        {"clipped_relu", [](const Variable& x) { return F::clipped_relu(x, 0.6); }, -1, 1},
        {"elu", [](const Variable& x) { return F::elu(x, 0.8); }, -2, 2},
        {"hard_sigmoid", [](const Variable& x) { return F::hard_sigmoid(x); }, -3, 3},
        {"leaky_relu", [](const Variable& x) { return F::leaky_relu(x, 0.3); }, -2, 2},
        {"relu", [](const Variable& x) { return F::relu(x); }, -2, 2},
        {"selu", [](const Variable& x) { return F::selu(x); }, -2, 2},
        {"sigmoid", [](const Variable& x) { return F::sigmoid(x); }, -4, 4},
        {"softplus", [](const Variable& x) { return F::softplus(x, 1.5); }, -3, 3},
        {"tanh", [](const Variable& x) { return F::tanh(x); }, -2, 2},
        {"absolute", [](const Variable& x) { return F::absolute(x); }, -2, 2},
        {"arccos", [](const Variable& x) { return F::arccos(x); }, -0.9, 0.9},
        {"arcsin", [](const Variable& x) { return F::arcsin(x); }, -0.9, 0.9},
        {"arctan", [](const Variable& x) { return F::arctan(x); }, -2, 2},
        {"ceil", [](const Variable& x) { return F::ceil(x); }, -3, 3},
        {"clip", [](const Variable& x) { return F::clip(x, -0.5, 0.4); }, -1, 1},
        {"cos", [](const Variable& x) { return F::cos(x); }, -3, 3},
        {"cosh", [](const Variable& x) { return F::cosh(x); }, -2, 2},
        {"erf", [](const Variable& x) { return F::erf(x); }, -2, 2},
        {"erfc", [](const Variable& x) { return F::erfc(x); }, -2, 2},
        {"exp", [](const Variable& x) { return F::exp(x); }, -2, 2},
        {"expm1", [](const Variable& x) { return F::expm1(x); }, -2, 2},
        {"fix", [](const Variable& x) { return F::fix(x); }, -3, 3},
        {"floor", [](const Variable& x) { return F::floor(x); }, -3, 3},
        {"log", [](const Variable& x) { return F::log(x); }, 0.1, 3},
        {"log10", [](const Variable& x) { return F::log10(x); }, 0.1, 3},
        {"log1p", [](const Variable& x) { return F::log1p(x); }, -0.5, 2},
        {"log2", [](const Variable& x) { return F::log2(x); }, 0.1, 3},
        {"rsqrt", [](const Variable& x) { return F::rsqrt(x); }, 0.2, 3},
        {"sign", [](const Variable& x) { return F::sign(x); }, -2, 2},
        {"sin", [](const Variable& x) { return F::sin(x); }, -3, 3},
        {"sinh", [](const Variable& x) { return F::sinh(x); }, -2, 2},
        {"sqrt", [](const Variable& x) { return F::sqrt(x); }, 0.2, 3},
        {"square", [](const Variable& x) { return F::square(x); }, -2, 2},
        {"tan", [](const Variable& x) { return F::tan(x); }, -1, 1},
        {"identity", [](const Variable& x) { return F::identity(VarList{x})[0]; }, -2, 2},
        {"flatten", [](const Variable& x) { return F::flatten(x); }, -2, 2},
        {"sum", [](const Variable& x) { return F::sum(x); }, -2, 2},
        {"mean", [](const Variable& x) { return F::mean(x); }, -2, 2},
        {"average", [](const Variable& x) { return F::average(x); }, -2, 2},
        {"prod", [](const Variable& x) { return F::prod(x); }, 0.5, 1.5},
        {"cast",
         [](const Variable& x) { return F::cast(x, x.dtype() == Dtype::kFloat32 ? Dtype::kFloat64 : Dtype::kFloat32); },
         -2, 2},
        {"copy", [](const Variable& x) { return F::copy(x, x.device()); }, -2, 2},
    };
}

// Every unary function over the layouts: contiguous, transposed, a broadcast row, 0-d, empty.
std::vector<OpCase> UnaryCases(Dtype d) {
    std::vector<OpCase> cases;
    uint64_t seed = 1;
    for (const UnaryFn& fn : UnaryFunctions()) {
        auto call = [f = fn.f](const std::vector<Variable>& v) { return One(f(v[0])); };
        ++seed;
        cases.push_back({fn.name, {U(Shape{3, 4}, d, fn.lo, fn.hi, seed)}, call, " (3, 4)"});
        cases.push_back({fn.name, {U(Shape{4, 3}, d, fn.lo, fn.hi, seed).T()}, call, " (transposed)"});
        cases.push_back(
            {fn.name, {U(Shape{1, 4}, d, fn.lo, fn.hi, seed).broadcast_to(Shape{3, 4})}, call, " (broadcast view)"});
        cases.push_back({fn.name, {U(Shape{}, d, fn.lo, fn.hi, seed)}, call, " (0-d)"});
        if (std::string(fn.name) != "mean" && std::string(fn.name) != "average")  // the mean of nothing is NaN
            cases.push_back({fn.name, {Array::Zeros(Shape{0, 3}, d)}, call, " (empty)"});
    }
    return cases;
}

std::vector<OpCase> OtherCases(Dtype d) {
    auto x34 = [d](uint64_t s) { return U(Shape{3, 4}, d, -2, 2, s); };
    const Array x = x34(1), y = x34(2), row = U(Shape{4}, d, -2, 2, 3), pos = U(Shape{3, 4}, d, 0.5, 2, 4);
    const Array cube = U(Shape{2, 3, 4}, d, -2, 2, 5);
    const Array logits = U(Shape{5, 4}, d, -2, 2, 6), labels = Labels(Shape{5}, 4, 7);
    const Array labels32 = labels.astype(Dtype::kInt32);
    const Array bin_t = Labels(Shape{3, 4}, 2, 8);
    std::vector<OpCase> c = {
        {"crelu", {x}, [](auto v) { return One(F::crelu(v[0], 1)); }},
        {"log_softmax", {cube}, [](auto v) { return One(F::log_softmax(v[0], 1)); }},
        {"softmax", {cube}, [](auto v) { return One(F::softmax(v[0], 2)); }},
        {"swish", {x, row}, [](auto v) { return One(F::swish(v[0], v[1])); }},
        {"broadcast",
         {x, row},
         [](auto v) {
             return F::broadcast(VarList{v[0], v[1]});
         }},
        {"broadcast_to",
         {row},
         [](auto v) {
             return One(F::broadcast_to(v[0], Shape{3, 4}));
         }},
        {"concat",
         {x, y.T()},
         [](auto v) {
             return One(F::concat(VarList{v[0], v[1].T()}, 1));
         }},
        {"dstack",
         {x, y},
         [](auto v) {
             return One(F::dstack(VarList{v[0], v[1]}));
         }},
        {"expand_dims", {x}, [](auto v) { return One(F::expand_dims(v[0], 1)); }},
        {"flip", {cube}, [](auto v) { return One(F::flip(v[0], 1)); }},
        {"fliplr", {x}, [](auto v) { return One(F::fliplr(v[0])); }},
        {"flipud", {x}, [](auto v) { return One(F::flipud(v[0])); }},
        {"get_item",
         {cube},
         [](auto v) {
             return One(F::get_item(v[0], Indices{Slice(), 1, Slice(0, 4, 2)}));
         }},
        {"get_item",
         {cube},
         [](auto v) {
             return One(F::get_item(v[0], Indices{Slice(), Array::FromVector(std::vector<int64_t>{2, 0, 2})}));
         },
         " (advanced, repeated)"},
        {"hstack",
         {x, y},
         [](auto v) {
             return One(F::hstack(VarList{v[0], v[1]}));
         }},
        {"pad",
         {x},
         [](auto v) {
             return One(F::pad(v[0], F::PadWidth{{1, 0}, {2, 1}}, "constant", 0.5));
         }},
        {"repeat",
         {x},
         [](auto v) {
             return One(F::repeat(v[0], std::vector<int64_t>{1, 0, 2}, 0));
         }},
        {"reshape",
         {x},
         [](auto v) {
             return One(F::reshape(v[0], Shape{2, 6}));
         }},
        {"rollaxis", {cube}, [](auto v) { return One(F::rollaxis(v[0], 2, 0)); }},
        {"select_item", {logits, labels}, [](auto v) { return One(F::select_item(v[0], v[1])); }},
        {"separate", {cube}, [](auto v) { return F::separate(v[0], 1); }},
        {"split_axis",
         {cube},
         [](auto v) {
             return F::split_axis(v[0], std::vector<int64_t>{1, 3}, 2);
         }},
        {"squeeze", {U(Shape{3, 1, 4}, d, -1, 1, 9)}, [](auto v) { return One(F::squeeze(v[0])); }},
        {"stack",
         {x, y},
         [](auto v) {
             return One(F::stack(VarList{v[0], v[1]}, 1));
         }},
        {"sum_to",
         {cube},
         [](auto v) {
             return One(F::sum_to(v[0], Shape{3, 1}));
         }},
        {"swapaxes", {cube}, [](auto v) { return One(F::swapaxes(v[0], 0, 2)); }},
        {"tile",
         {x},
         [](auto v) {
             return One(F::tile(v[0], Dims{2, 1}));
         }},
        {"transpose",
         {cube},
         [](auto v) {
             return One(F::transpose(v[0], Dims{1, 2, 0}));
         }},
        {"vstack",
         {x, y},
         [](auto v) {
             return One(F::vstack(VarList{v[0], v[1]}));
         }},
        {"where", {bin_t.astype(Dtype::kBool), x, y}, [](auto v) { return One(F::where(v[0], v[1], v[2])); }},
        {"add",
         {x, y, row},
         [](auto v) {
             return One(F::add(VarList{v[0], v[1], v[2]}));
         }},
        {"matmul", {x, U(Shape{5, 4}, d, -1, 1, 10)}, [](auto v) { return One(F::matmul(v[0], v[1], false, true)); }},
        {"matmul",
         {U(Shape{2, 4, 3}, d, -1, 1, 11), U(Shape{2, 4, 5}, d, -1, 1, 12)},
         [](auto v) { return One(F::matmul(v[0], v[1], true, false)); },
         " (batched)"},
        {"embed_id",
         {Labels(Shape{6}, 5, 13), U(Shape{5, 3}, d, -1, 1, 14)},
         [](auto v) { return One(F::embed_id(v[0], v[1])); }},
        {"linear",
         {x, U(Shape{5, 4}, d, -1, 1, 15), U(Shape{5}, d, -1, 1, 16)},
         [](auto v) { return One(F::linear(v[0], v[1], v[2])); }},
        {"linear",
         {x.T(), U(Shape{5, 3}, d, -1, 1, 15)},
         [](auto v) { return One(F::linear(v[0], v[1])); },
         " (transposed input, no bias)"},
        {"accuracy", {logits, labels}, [](auto v) { return One(F::accuracy(v[0], v[1])); }},
        {"binary_accuracy", {x, bin_t}, [](auto v) { return One(F::binary_accuracy(v[0], v[1])); }},
        {"classification_summary",
         {logits, labels32},
         [](auto v) {
             auto [p, r, f, s] = F::classification_summary(v[0], v[1]);
             return VarList{p, r, f, s};
         }},
        {"f1_score",
         {logits, labels32},
         [](auto v) {
             auto [f, s] = F::f1_score(v[0], v[1]);
             return VarList{f, s};
         }},
        {"precision",
         {logits, labels32},
         [](auto v) {
             auto [p, s] = F::precision(v[0], v[1]);
             return VarList{p, s};
         }},
        {"recall",
         {logits, labels32},
         [](auto v) {
             auto [r, s] = F::recall(v[0], v[1]);
             return VarList{r, s};
         }},
        {"r2_score", {x, y}, [](auto v) { return One(F::r2_score(v[0], v[1])); }},
        {"absolute_error", {x, y}, [](auto v) { return One(F::absolute_error(v[0], v[1])); }},
        {"bernoulli_nll", {U(Shape{3, 4}, d, 0, 1, 17), y}, [](auto v) { return One(F::bernoulli_nll(v[0], v[1])); }},
        {"contrastive",
         {x, y, Labels(Shape{3}, 2, 18).astype(Dtype::kInt32)},
         [](auto v) { return One(F::contrastive(v[0], v[1], v[2], 3.0)); }},
        {"gaussian_kl_divergence", {x, y}, [](auto v) { return One(F::gaussian_kl_divergence(v[0], v[1])); }},
        {"gaussian_nll",
         {x, y, U(Shape{3, 4}, d, -1, 1, 19)},
         [](auto v) { return One(F::gaussian_nll(v[0], v[1], v[2])); }},
        {"hinge", {logits, labels.astype(Dtype::kInt32)}, [](auto v) { return One(F::hinge(v[0], v[1], "L2")); }},
        {"huber_loss", {x, y}, [](auto v) { return One(F::huber_loss(v[0], v[1], 1.0)); }},
        {"mean_absolute_error", {x, y}, [](auto v) { return One(F::mean_absolute_error(v[0], v[1])); }},
        {"mean_squared_error", {x, y}, [](auto v) { return One(F::mean_squared_error(v[0], v[1])); }},
        {"sigmoid_cross_entropy",
         {x, bin_t.astype(Dtype::kInt32)},
         [](auto v) { return One(F::sigmoid_cross_entropy(v[0], v[1])); }},
        {"sigmoid_cross_entropy",
         {x, bin_t.astype(Dtype::kInt32)},
         [](auto v) { return One(F::sigmoid_cross_entropy(v[0], v[1], true, "no")); },
         " (reduce='no')"},
        {"softmax_cross_entropy", {logits, labels}, [](auto v) { return One(F::softmax_cross_entropy(v[0], v[1])); }},
        {"softmax_cross_entropy",
         {cube, Labels(Shape{2, 4}, 3, 20)},
         [](auto v) { return One(F::softmax_cross_entropy(v[0], v[1], true, false, Array(), -1, "no")); },
         " (3-D, reduce='no', no cache)"},
        {"squared_error", {x, y}, [](auto v) { return One(F::squared_error(v[0], v[1])); }},
        {"triplet", {x, y, U(Shape{3, 4}, d, -2, 2, 21)}, [](auto v) { return One(F::triplet(v[0], v[1], v[2])); }},
        {"arctan2", {x, row}, [](auto v) { return One(F::arctan2(v[0], v[1])); }},
        {"fmod", {x, U(Shape{3, 4}, d, 0.5, 1.5, 22)}, [](auto v) { return One(F::fmod(v[0], v[1])); }},
        {"maximum", {x, y}, [](auto v) { return One(F::maximum(v[0], v[1])); }},
        {"minimum", {x, y}, [](auto v) { return One(F::minimum(v[0], v[1])); }},
        {"squared_difference", {x, row}, [](auto v) { return One(F::squared_difference(v[0], v[1])); }},
        {"dropout",
         {x, U(Shape{3, 4}, Dtype::kFloat64, -1, 1, 23).astype(Dtype::kBool).astype(d)},
         [](auto v) { return One(F::dropout(v[0], 0.5, v[1].array())); }},
        {"gaussian",
         {x, y, U(Shape{3, 4}, d, -1, 1, 24)},
         [](auto v) { return One(F::gaussian(v[0], v[1], v[2].array())); }},
        {"argmax", {cube}, [](auto v) { return One(F::argmax(v[0], 1)); }},
        {"argmin", {cube}, [](auto v) { return One(F::argmin(v[0], 2)); }},
        {"average",
         {cube, U(Shape{3}, d, 0.5, 1.5, 25)},
         [](auto v) { return One(F::average(v[0], 1, v[1], true)); },
         " (weights, keepdims)"},
        {"logsumexp", {cube}, [](auto v) { return One(F::logsumexp(v[0], 1)); }},
        {"max", {cube}, [](auto v) { return One(F::max(v[0], 2, true)); }},
        {"mean", {cube}, [](auto v) { return One(F::mean(v[0], Dims{0, 2})); }},
        {"min", {cube}, [](auto v) { return One(F::min(v[0], 0)); }},
        {"prod", {U(Shape{2, 3, 4}, d, 0.5, 1.5, 26)}, [](auto v) { return One(F::prod(v[0], 1)); }},
        {"sum", {cube}, [](auto v) { return One(F::sum(v[0], Dims{0, 2}, true)); }},
    };
    return c;
}

// Convolution, pooling, normalization and spatial functions (image-shaped inputs).
std::vector<OpCase> ImageCases(Dtype d) {
    const Array img = U(Shape{2, 3, 5, 5}, d, -1, 1, 30), vol = U(Shape{2, 2, 4, 4, 4}, d, -1, 1, 31);
    const Array bn_x = U(Shape{4, 3, 2, 2}, d, -2, 2, 32), g3 = U(Shape{3}, d, 0.5, 1.5, 33),
                b3 = U(Shape{3}, d, -1, 1, 34);
    std::vector<OpCase> c = {
        {"convolution_2d",
         {img, U(Shape{4, 3, 3, 3}, d, -1, 1, 35), U(Shape{4}, d, -1, 1, 36)},
         [](auto v) { return One(F::convolution_2d(v[0], v[1], v[2], 2, 1)); }},
        {"convolution_2d",
         {U(Shape{2, 4, 5, 5}, d, -1, 1, 37), U(Shape{6, 2, 3, 3}, d, -1, 1, 38)},
         [](auto v) { return One(F::convolution_2d(v[0], v[1], Variable(), 1, 1, false, 1, 2)); },
         " (groups=2)"},
        {"convolution_nd",
         {vol, U(Shape{3, 2, 2, 2, 2}, d, -1, 1, 39), U(Shape{3}, d, -1, 1, 40)},
         [](auto v) { return One(F::convolution_nd(v[0], v[1], v[2])); }},
        {"deconvolution_2d",
         {U(Shape{2, 3, 4, 4}, d, -1, 1, 41), U(Shape{3, 2, 3, 3}, d, -1, 1, 42), U(Shape{2}, d, -1, 1, 43)},
         [](auto v) { return One(F::deconvolution_2d(v[0], v[1], v[2], 2, 1)); }},
        {"deconvolution_nd",
         {U(Shape{2, 2, 3, 3, 3}, d, -1, 1, 44), U(Shape{2, 3, 2, 2, 2}, d, -1, 1, 45)},
         [](auto v) { return One(F::deconvolution_nd(v[0], v[1])); }},
        {"depthwise_convolution_2d",
         {img, U(Shape{2, 3, 3, 3}, d, -1, 1, 46), U(Shape{6}, d, -1, 1, 47)},
         [](auto v) { return One(F::depthwise_convolution_2d(v[0], v[1], v[2], 1, 1)); }},
        {"dilated_convolution_2d",
         {U(Shape{2, 3, 7, 7}, d, -1, 1, 48), U(Shape{4, 3, 3, 3}, d, -1, 1, 49)},
         [](auto v) { return One(F::dilated_convolution_2d(v[0], v[1], Variable(), 1, 2, 2)); }},
        {"im2col", {img}, [](auto v) { return One(F::im2col(v[0], 3, 2, 1)); }},
        {"average_pooling_2d", {img}, [](auto v) { return One(F::average_pooling_2d(v[0], 3, 2, 1)); }},
        {"average_pooling_nd", {vol}, [](auto v) { return One(F::average_pooling_nd(v[0], 2)); }},
        {"max_pooling_2d", {img}, [](auto v) { return One(F::max_pooling_2d(v[0], 3, 2, 1)); }},
        {"max_pooling_nd", {vol}, [](auto v) { return One(F::max_pooling_nd(v[0], 2)); }},
        {"roi_pooling_2d",  // ROIs of two images, one reaching past the border, one of a single pixel
         {U(Shape{2, 3, 6, 7}, d, -1, 1, 69),
          Array::FromVector(std::vector<double>{0, 1, 1, 5, 4, 1, 0, 2, 9, 7, 1, 3, 3, 3, 3}, Shape{3, 5}).astype(d)},
         [](auto v) { return One(F::roi_pooling_2d(v[0], v[1], 2, 3, 1.0)); }},
        {"spatial_pyramid_pooling_2d",
         {U(Shape{2, 3, 8, 8}, d, -1, 1, 50)},
         [](auto v) { return One(F::spatial_pyramid_pooling_2d(v[0], 2)); }},
        {"unpooling_2d", {U(Shape{2, 3, 3, 3}, d, -1, 1, 51)}, [](auto v) { return One(F::unpooling_2d(v[0], 2)); }},
        {"unpooling_nd", {U(Shape{2, 2, 2, 2, 2}, d, -1, 1, 52)}, [](auto v) { return One(F::unpooling_nd(v[0], 2)); }},
        {"upsampling_2d",
         {U(Shape{2, 3, 2, 2}, d, -1, 1, 53), Labels(Shape{2, 3, 2, 2}, 4, 54)},
         [](auto v) {
             return One(F::upsampling_2d(v[0], v[1].array(), 2, 2, 0, F::IntTuple{4, 4}));
         }},
        {"batch_normalization", {bn_x, g3, b3}, [](auto v) { return One(F::batch_normalization(v[0], v[1], v[2])); }},
        {"batch_renormalization",
         {bn_x, g3, b3, U(Shape{3}, d, -1, 1, 65), U(Shape{3}, d, 0.5, 2, 66)},
         [](auto v) {  // running statistics are updated in place: each run gets its own copies
             return One(
                 F::batch_renormalization(v[0], v[1], v[2], 3.0, 5.0, 2e-5, v[3].array().copy(), v[4].array().copy()));
         }},
        {"fixed_batch_normalization",
         {bn_x, g3, b3, U(Shape{3}, d, -1, 1, 55), U(Shape{3}, d, 0.5, 2, 56)},
         [](auto v) { return One(F::fixed_batch_normalization(v[0], v[1], v[2], v[3], v[4])); }},
        {"layer_normalization",
         {U(Shape{4, 6}, d, -2, 2, 57), U(Shape{6}, d, 0.5, 1.5, 58), U(Shape{6}, d, -1, 1, 59)},
         [](auto v) { return One(F::layer_normalization(v[0], v[1], v[2])); }},
        {"local_response_normalization",
         {U(Shape{2, 5, 3, 3}, d, -2, 2, 60)},
         [](auto v) { return One(F::local_response_normalization(v[0])); }},
        {"normalize", {U(Shape{3, 4}, d, -2, 2, 61)}, [](auto v) { return One(F::normalize(v[0])); }},
        {"depth2space", {U(Shape{2, 8, 2, 3}, d, -1, 1, 62)}, [](auto v) { return One(F::depth2space(v[0], 2)); }},
        {"space2depth", {U(Shape{2, 2, 4, 6}, d, -1, 1, 63)}, [](auto v) { return One(F::space2depth(v[0], 2)); }},
        {"lstm",
         {U(Shape{4, 3}, d, -1, 1, 67), U(Shape{3, 12}, d, -2, 2, 68)},  // the batch shrinks from 4 to 3
         [](auto v) {
             auto [c, h] = F::lstm(v[0], v[1]);
             return VarList{c, h};
         }},
        {"resize_images",
         {U(Shape{2, 3, 4, 5}, d, -1, 1, 64)},
         [](auto v) { return One(F::resize_images(v[0], F::IntTuple{6, 7})); }},
    };
    return c;
}

// The n_step_* functions: hx (and cx), then ws and bs flattened (layers x directions x n_w), then xs, all in
// one input list; `unpack` rebuilds the arguments. The first n_w / 2 weights of a layer take its input.
struct NStepArgs {
    Variable hx, cx;
    F::WeightList ws, bs;
    VarList xs;
};
struct NStepSpec {
    int64_t layers, dirs, n_w;
    bool cell;
};
constexpr int64_t kNStepIn = 3, kNStepHidden = 4;
const std::vector<int64_t> kNStepBatches = {3, 2, 2};  // B_t per time step, non-increasing

std::vector<Array> NStepInputs(const NStepSpec& s, Dtype d, uint64_t seed) {
    const int64_t n = kNStepHidden, b0 = kNStepBatches[0];
    std::vector<Array> in = {U(Shape{s.layers * s.dirs, b0, n}, d, -1, 1, seed++)};
    if (s.cell) in.push_back(U(Shape{s.layers * s.dirs, b0, n}, d, -1, 1, seed++));
    for (int64_t l = 0; l < s.layers; ++l)
        for (int64_t k = 0; k < s.dirs * s.n_w; ++k) {
            const int64_t in_size = k % s.n_w >= s.n_w / 2 ? n : (l == 0 ? kNStepIn : s.dirs * n);
            in.push_back(U(Shape{n, in_size}, d, -0.5, 0.5, seed++));
        }
    for (int64_t k = 0; k < s.layers * s.dirs * s.n_w; ++k) in.push_back(U(Shape{n}, d, -0.5, 0.5, seed++));
    for (int64_t b : kNStepBatches) in.push_back(U(Shape{b, kNStepIn}, d, -1, 1, seed++));
    return in;
}

NStepArgs NStepUnpack(const NStepSpec& s, const std::vector<Variable>& v) {
    NStepArgs a;
    size_t i = 0;
    a.hx = v[i++];
    if (s.cell) a.cx = v[i++];
    for (F::WeightList* list : {&a.ws, &a.bs})
        for (int64_t k = 0; k < s.layers * s.dirs; ++k) {
            list->emplace_back(v.begin() + static_cast<int64_t>(i), v.begin() + static_cast<int64_t>(i) + s.n_w);
            i += static_cast<size_t>(s.n_w);
        }
    for (; i < v.size(); ++i) a.xs.push_back(v[i]);
    return a;
}

VarList Join(std::initializer_list<Variable> head, const std::vector<Variable>& tail) {
    VarList out;
    for (const Variable& h : head) out.push_back(h);
    for (const Variable& t : tail) out.push_back(t);
    return out;
}

std::vector<OpCase> NStepCases(Dtype d) {
    std::vector<OpCase> c;
    const NStepSpec lstm{2, 1, 8, true}, bilstm{2, 2, 8, true}, gru{2, 1, 6, false}, bigru{2, 2, 6, false},
        rnn{2, 1, 2, false}, birnn{2, 2, 2, false};
    c.push_back({"n_step_lstm", NStepInputs(lstm, d, 70), [lstm](auto v) {
                     const NStepArgs a = NStepUnpack(lstm, v);
                     auto [hy, cy, ys] = F::n_step_lstm(2, 0.0, a.hx, a.cx, a.ws, a.bs, a.xs);
                     return Join({hy, cy}, ys);
                 }});
    c.push_back({"n_step_bilstm", NStepInputs(bilstm, d, 71), [bilstm](auto v) {
                     const NStepArgs a = NStepUnpack(bilstm, v);
                     auto [hy, cy, ys] = F::n_step_bilstm(2, 0.0, a.hx, a.cx, a.ws, a.bs, a.xs);
                     return Join({hy, cy}, ys);
                 }});
    c.push_back({"n_step_gru", NStepInputs(gru, d, 72), [gru](auto v) {
                     const NStepArgs a = NStepUnpack(gru, v);
                     auto [hy, ys] = F::n_step_gru(2, 0.0, a.hx, a.ws, a.bs, a.xs);
                     return Join({hy}, ys);
                 }});
    c.push_back({"n_step_bigru", NStepInputs(bigru, d, 73), [bigru](auto v) {
                     const NStepArgs a = NStepUnpack(bigru, v);
                     auto [hy, ys] = F::n_step_bigru(2, 0.0, a.hx, a.ws, a.bs, a.xs);
                     return Join({hy}, ys);
                 }});
    c.push_back({"n_step_rnn", NStepInputs(rnn, d, 74), [rnn](auto v) {
                     const NStepArgs a = NStepUnpack(rnn, v);
                     auto [hy, ys] = F::n_step_rnn(2, 0.0, a.hx, a.ws, a.bs, a.xs);
                     return Join({hy}, ys);
                 }});
    c.push_back({"n_step_rnn", NStepInputs(rnn, d, 75),
                 [rnn](auto v) {
                     const NStepArgs a = NStepUnpack(rnn, v);
                     auto [hy, ys] = F::n_step_rnn(2, 0.0, a.hx, a.ws, a.bs, a.xs, "relu");
                     return Join({hy}, ys);
                 },
                 " (relu)"});
    c.push_back({"n_step_birnn", NStepInputs(birnn, d, 76), [birnn](auto v) {
                     const NStepArgs a = NStepUnpack(birnn, v);
                     auto [hy, ys] = F::n_step_birnn(2, 0.0, a.hx, a.ws, a.bs, a.xs);
                     return Join({hy}, ys);
                 }});
    return c;
}

// Recurrent cells, sequences, the CRF, tensor and parameterised functions.
std::vector<OpCase> SequenceCases(Dtype d) {
    const Array x = U(Shape{3, 4}, d, -2, 2, 80), cube = U(Shape{2, 3, 4}, d, -2, 2, 81);
    // CRF: K = 3 labels over three steps with batches 3, 2, 1.
    const Array cost = U(Shape{3, 3}, d, -1, 1, 82);
    const std::vector<Array> crf_xs = {U(Shape{3, 3}, d, -2, 2, 83), U(Shape{2, 3}, d, -2, 2, 84),
                                       U(Shape{1, 3}, d, -2, 2, 85)};
    const std::vector<Array> crf_ys = {Labels(Shape{3}, 3, 86).astype(Dtype::kInt32),
                                       Labels(Shape{2}, 3, 87).astype(Dtype::kInt32),
                                       Labels(Shape{1}, 3, 88).astype(Dtype::kInt32)};
    std::vector<OpCase> c = {
        {"slstm",
         {x, U(Shape{3, 4}, d, -1, 1, 89), U(Shape{3, 16}, d, -2, 2, 90), U(Shape{3, 16}, d, -2, 2, 91)},
         [](auto v) {
             auto [cy, h] = F::slstm(v[0], v[1], v[2], v[3]);
             return VarList{cy, h};
         }},
        {"tree_lstm",
         {x, U(Shape{3, 4}, d, -1, 1, 92), U(Shape{3, 20}, d, -2, 2, 93)},
         [](auto v) {
             auto [cy, h] = F::tree_lstm(VarList{v[0], v[1], v[2]});
             return VarList{cy, h};
         }},
        {"transpose_sequence",
         {U(Shape{3, 2}, d, -1, 1, 94), U(Shape{2, 2}, d, -1, 1, 95), U(Shape{1, 2}, d, -1, 1, 96)},
         [](auto v) { return Join({}, F::transpose_sequence(VarList{v[0], v[1], v[2]})); }},
        {"pad_sequence",
         {U(Shape{2, 2}, d, -1, 1, 97), U(Shape{3, 2}, d, -1, 1, 98), U(Shape{1, 2}, d, -1, 1, 99)},
         [](auto v) { return One(F::pad_sequence(VarList{v[0], v[1], v[2]}, 4, 0.5)); }},
        {"crf1d",
         {cost, crf_xs[0], crf_xs[1], crf_xs[2], crf_ys[0], crf_ys[1], crf_ys[2]},
         [](auto v) { return One(F::crf1d(v[0], VarList{v[1], v[2], v[3]}, VarList{v[4], v[5], v[6]})); }},
        {"crf1d",
         {cost, crf_xs[0], crf_xs[1], crf_xs[2], crf_ys[0], crf_ys[1], crf_ys[2]},
         [](auto v) { return One(F::crf1d(v[0], VarList{v[1], v[2], v[3]}, VarList{v[4], v[5], v[6]}, "no")); },
         " (reduce='no')"},
        {"argmax_crf1d",
         {cost, crf_xs[0], crf_xs[1], crf_xs[2]},
         [](auto v) {
             auto [score, path] = F::argmax_crf1d(v[0], VarList{v[1], v[2], v[3]});
             VarList out = {score};
             for (const Array& p : path) out.push_back(as_variable(p));
             return out;
         }},
        {"bias", {cube, U(Shape{3}, d, -1, 1, 100)}, [](auto v) { return One(F::bias(v[0], v[1])); }},
        {"scale", {cube, U(Shape{3, 4}, d, -1, 1, 101)}, [](auto v) { return One(F::scale(v[0], v[1])); }},
        {"bilinear",
         {x, U(Shape{3, 2}, d, -1, 1, 102), U(Shape{4, 2, 5}, d, -1, 1, 103), U(Shape{4, 5}, d, -1, 1, 104),
          U(Shape{2, 5}, d, -1, 1, 105), U(Shape{5}, d, -1, 1, 106)},
         [](auto v) { return One(F::bilinear(v[0], v[1], v[2], v[3], v[4], v[5])); }},
        {"bilinear",
         {x, U(Shape{3, 2}, d, -1, 1, 107), U(Shape{4, 2, 5}, d, -1, 1, 108)},
         [](auto v) { return One(F::bilinear(v[0], v[1], v[2])); },
         " (no V1, V2, b)"},
        {"cumsum", {cube}, [](auto v) { return One(F::cumsum(v[0], 1)); }},
        {"cumsum", {cube}, [](auto v) { return One(F::cumsum(v[0])); }, " (flattened)"},
        {"maxout", {U(Shape{3, 6}, d, -2, 2, 109)}, [](auto v) { return One(F::maxout(v[0], 2)); }},
        {"negative_sampling",  // the sampler is fixed (and on the inputs' device) so both runs draw the same ids
         {U(Shape{4, 3}, d, -1, 1, 110), Array::FromVector(std::vector<int32_t>{2, -1, 0, 5}),
          U(Shape{6, 3}, d, -1, 1, 111)},
         [](auto v) {
             const Device device = v[0].device();
             auto sampler = [device](const Shape& s) { return Labels(s, 6, 112).to_device(device); };
             return One(F::negative_sampling(v[0], v[1], v[2], sampler, 2, "no"));
         }},
        {"prelu",
         {U(Shape{2, 3, 4}, d, -2, 2, 113), U(Shape{3}, d, 0.1, 0.5, 114)},
         [](auto v) { return One(F::prelu(v[0], v[1])); }},
        {"tensordot",
         {cube, U(Shape{3, 4, 5}, d, -1, 1, 115)},
         [](auto v) { return One(F::tensordot(v[0], v[1])); }},
        {"tensordot",
         {cube, U(Shape{4, 2, 5}, d, -1, 1, 116)},
         [](auto v) { return One(F::tensordot(v[0], v[1], {{0, 2}, {1, 0}})); },
         " (axes lists)"},
    };
    const std::vector<OpCase> n_step = NStepCases(d);
    c.insert(c.end(), n_step.begin(), n_step.end());
    return c;
}

std::vector<OpCase> AllCases(Dtype d) {
    std::vector<OpCase> cases = UnaryCases(d);
    for (const std::vector<OpCase>& more : {OtherCases(d), ImageCases(d), SequenceCases(d)})
        cases.insert(cases.end(), more.begin(), more.end());
    return cases;
}

// Runs every case, each failure reported on its own (one function's exception must not hide the others').
void EachCase(const std::vector<OpCase>& cases, void (*run)(const OpCase&)) {
    for (const OpCase& c : cases) {
        try {
            run(c);
        } catch (const std::exception& e) {
            ADD_FAILURE() << "F." << c.op << c.variant << ": " << e.what();
        }
    }
}

void RunOnTheCpu(const OpCase& c) { Evaluate(c, Device::Cpu(), OpsTable().at(c.op) != kNone); }

class CudaFunctionsTest : public ::testing::TestWithParam<Dtype> {};

// The case table itself is valid (runs without a GPU): a GPU failure is then the backend's.
TEST_P(CudaFunctionsTest, EveryCaseRunsOnTheCpu) {
    EachCase(AllCases(GetParam()), RunOnTheCpu);
}

TEST_P(CudaFunctionsTest, ForwardAndBackwardMatchTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    EachCase(AllCases(GetParam()), RunCase);
}

// float16 through every kernel family that computes it in float32 (Note [float16 in the kernels] in
// kernels/float32_compute.h): the cases of these functions with float16 inputs.
std::vector<OpCase> Float16Cases() {
    const std::set<std::string> ops = {"linear",         "embed_id",         "convolution_2d",     "deconvolution_2d",
                                       "max_pooling_2d", "average_pooling_2d", "roi_pooling_2d", "batch_normalization",
                                       "lstm",           "softmax",          "softmax_cross_entropy", "relu", "matmul"};
    std::vector<OpCase> cases;
    for (const OpCase& c : AllCases(Dtype::kFloat16))
        if (ops.count(c.op)) cases.push_back(c);
    return cases;
}

TEST(CudaFloat16FunctionsTest, EveryCaseRunsOnTheCpu) {
    const std::vector<OpCase> cases = Float16Cases();
    EXPECT_GE(cases.size(), 13u);
    EachCase(cases, RunOnTheCpu);
}

TEST(CudaFloat16FunctionsTest, ForwardAndBackwardMatchTheCpu) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    EachCase(Float16Cases(), RunCase);
}

INSTANTIATE_TEST_SUITE_P(Dtypes, CudaFunctionsTest, ::testing::Values(Dtype::kFloat32, Dtype::kFloat64),
                         [](const auto& info) { return std::string(DtypeName(info.param)); });

TEST(CudaFunctionsCoverageTest, EveryFunctionHasAGpuCaseOrASaysWhyNot) {
    std::set<std::string> covered;
    for (const OpCase& c : AllCases(Dtype::kFloat32)) covered.insert(c.op);
    for (const auto& [name, grad] : OpsTable()) {
        EXPECT_TRUE(covered.count(name) || kNotOnGpu.count(name))
            << "F." << name << " has no GPU case in tests/runtime/cuda/functions_test.cc (add one, or an entry "
            << "in kNotOnGpu saying why)";
        EXPECT_FALSE(covered.count(name) && kNotOnGpu.count(name)) << "F." << name << " is both covered and excluded";
    }
    for (const std::string& name : covered) EXPECT_TRUE(OpsTable().count(name)) << name << " is not in ops.def";
}

}  // namespace
}  // namespace cnet
