// sequence.cc — TransposeSequence and PadSequence nodes; both move whole rows with array assignments, and
// their gradients are again a transposition / a list of slices (so they are differentiable to any order).
#include "cnet/functions/sequence.h"

#include <algorithm>
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/indexing.h"

namespace cnet {
namespace functions {
namespace {

class TransposeSequence : public FunctionNode {
public:
    const char* label() const override { return "TransposeSequence"; }
    void check_type_forward(const ArrayList& in) const override {
        for (size_t i = 0; i < in.size(); ++i) {
            type_check::Expect(label(), in[i].ndim() >= 1, type_check::In(i) + ".ndim >= 1", "0 < 1");
            if (i == 0) continue;
            const Shape &p = in[i - 1].shape(), &n = in[i].shape();
            type_check::Expect(label(), p[0] >= n[0],
                               type_check::In(i - 1) + ".shape[0] >= " + type_check::In(i) + ".shape[0]",
                               std::to_string(p[0]) + " < " + std::to_string(n[0]));
            type_check::Expect(label(), Shape(p.begin() + 1, p.end()) == Shape(n.begin() + 1, n.end()),
                               type_check::In(i - 1) + ".shape[1:] == " + type_check::In(i) + ".shape[1:]",
                               internal::StrCat(p, " != ", n));
        }
    }
    ArrayList forward(const ArrayList& xs) override { return Transpose(xs); }
    VarList backward(const IndexList&, const VarList& gy) override {
        // Missing output gradients are zeros of that output's shape, on the given gradients' device.
        Device device = Device::Cpu();
        for (const Variable& g : gy)
            if (g.defined()) device = g.device();
        VarList g;
        for (size_t t = 0; t < gy.size(); ++t) {
            g.push_back(gy[t].defined() ? gy[t]
                                        : Variable(Array::Zeros(output_shape(t), output_dtype(t), device), false));
        }
        return ApplyN<TransposeSequence>(g);
    }

    static ArrayList Transpose(const ArrayList& xs) {
        ArrayList outs;
        if (xs.empty()) return outs;
        const int64_t length = xs[0].shape()[0];
        Shape unit(xs[0].shape().begin() + 1, xs[0].shape().end());
        for (int64_t t = 0; t < length; ++t) {
            int64_t rows = 0;
            while (rows < static_cast<int64_t>(xs.size()) && xs[rows].shape()[0] > t) ++rows;
            Shape s{rows};
            for (int64_t d : unit) s.push_back(d);
            Array y = Array::Empty(s, xs[0].dtype(), xs[0].device());
            for (int64_t i = 0; i < rows; ++i) y.setitem(i, xs[i][t]);
            outs.push_back(y);
        }
        return outs;
    }
};

class PadSequence : public FunctionNode {
public:
    PadSequence(int64_t length, Scalar padding) : length_(length), padding_(padding) {}
    const char* label() const override { return "PadSequence"; }
    void check_type_forward(const ArrayList& in) const override {
        for (size_t i = 0; i < in.size(); ++i) {
            type_check::Expect(label(), in[i].ndim() >= 1, type_check::In(i) + ".ndim >= 1", "0 < 1");
            if (i > 0) type_check::ExpectSameDtype(label(), in, 0, i);
            const Shape &p = in[0].shape(), &n = in[i].shape();
            type_check::Expect(label(), Shape(p.begin() + 1, p.end()) == Shape(n.begin() + 1, n.end()),
                               type_check::In(0) + ".shape[1:] == " + type_check::In(i) + ".shape[1:]",
                               internal::StrCat(p, " != ", n));
        }
    }
    ArrayList forward(const ArrayList& xs) override {
        Shape s{static_cast<int64_t>(xs.size()), length_};
        for (int d = 1; d < xs[0].ndim(); ++d) s.push_back(xs[0].shape()[d]);
        Array y = Array::Full(s, padding_, xs[0].dtype(), xs[0].device());
        for (size_t i = 0; i < xs.size(); ++i) {
            const int64_t n = std::min(length_, xs[i].shape()[0]);
            if (n > 0) y.setitem({static_cast<int64_t>(i), Slice(0, n)}, xs[i][Slice(0, n)]);
        }
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        VarList gx(num_inputs());
        for (int i : targets) {
            const int64_t len = input_shape(i)[0];
            CNET_CHECK_AS(ValueError, len <= length_, "PadSequence: xs[", i, "] is longer (", len,
                          ") than length ", length_, "; its gradient is undefined");
            gx[i] = gy[0][{static_cast<int64_t>(i), Slice(0, len)}];
        }
        return gx;
    }

private:
    int64_t length_;
    Scalar padding_;
};

}  // namespace

std::vector<Variable> transpose_sequence(const VarList& xs) {
    if (xs.empty()) return {};
    const VarList ys = ApplyN<TransposeSequence>(xs);
    return std::vector<Variable>(ys.begin(), ys.end());
}

Variable pad_sequence(const VarList& xs, std::optional<int64_t> length, Scalar padding) {
    CNET_CHECK_AS(ValueError, !xs.empty(), "pad_sequence: xs is empty");
    int64_t longest = 0;
    for (const Variable& x : xs) {
        CNET_CHECK_AS(ShapeError, x.ndim() >= 1, "pad_sequence: each sequence needs a length axis, got a 0-d one");
        longest = std::max(longest, x.shape()[0]);
    }
    return Apply1<PadSequence>(xs, length.value_or(longest), padding);
}

}  // namespace functions
}  // namespace cnet
