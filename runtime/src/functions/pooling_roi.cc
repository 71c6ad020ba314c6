// pooling_roi.cc — ROIPooling2D: the forward records each bin's argmax; the gradient scatters to it.
// First order only, as in Chainer (its ROIPooling2D is not double-differentiable).
#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/pooling.h"
#include "cnet/kernels/pooling.h"

namespace cnet {
namespace functions {
namespace {

class RoiPooling2DGrad : public FunctionNode {
 public:
    RoiPooling2DGrad(const Array& rois, const Array& argmax, const Shape& x_shape)
        : rois_(rois), argmax_(argmax), x_shape_(x_shape) {}
    const char* label() const override { return "ROIPooling2DGrad"; }
    ArrayList forward(const ArrayList& in) override {
        Array gx = Array::Empty(x_shape_, in[0].dtype(), in[0].device());
        kernels::RoiPoolingBackward(in[0], rois_, argmax_, gx);
        return {gx};
    }
    VarList backward(const IndexList&, const VarList&) override {
        throw Error("roi_pooling_2d is differentiable only once (as Chainer's ROIPooling2D)");
    }

 private:
    Array rois_, argmax_;
    Shape x_shape_;
};

class RoiPooling2D : public FunctionNode {
 public:
    RoiPooling2D(int64_t outh, int64_t outw, double scale) : outh_(outh), outw_(outw), scale_(scale) {}
    const char* label() const override { return "ROIPooling2D"; }
    void check_type_forward(const ArrayList& in) const override {
        type_check::ExpectSize(label(), in, 2);
        type_check::ExpectFloat(label(), in, 0);
        type_check::ExpectNdim(label(), in, 0, 4);
        type_check::ExpectFloat(label(), in, 1);
        type_check::ExpectNdim(label(), in, 1, 2);
        type_check::ExpectEq(label(), in[1].shape()[1], 5, "in_types[1].shape[1]", "5");
    }
    ArrayList forward(const ArrayList& in) override {
        const Shape s{in[1].shape()[0], in[0].shape()[1], outh_, outw_};
        Array y = Array::Empty(s, in[0].dtype(), in[0].device());
        argmax_ = Array::Empty(s, Dtype::kInt64, in[0].device());
        rois_ = in[1];
        kernels::RoiPoolingForward(in[0], in[1], scale_, y, argmax_);
        return {y};
    }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        VarList g(2);
        for (int i : targets)
            if (i == 0) g[0] = Apply1<RoiPooling2DGrad>({gy[0]}, rois_, argmax_, input_shape(0));
        return g;
    }

 private:
    int64_t outh_, outw_;
    double scale_;
    Array rois_, argmax_;
};

}  // namespace

Variable roi_pooling_2d(const Variable& x, const Variable& rois, int64_t outh, int64_t outw, double spatial_scale) {
    CNET_CHECK_AS(ValueError, outh > 0 && outw > 0, "roi_pooling_2d: outh and outw must be positive, got ", outh,
                  " and ", outw);
    return Apply1<RoiPooling2D>({x, rois}, outh, outw, spatial_scale);
}

}  // namespace functions
}  // namespace cnet
