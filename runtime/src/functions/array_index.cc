// array_index.cc — GetItem (NumPy indexing) and its gradient, a scatter-add into zeros; the two are adjoint
// linear maps, so each is the other's backward at every order. select_item is advanced indexing with Chainer's
// checks; where selects between two variables with a constant mask. Also defines Variable::operator[].
#include <string>

#include "cnet/core/function_node.h"
#include "cnet/core/type_check.h"
#include "cnet/functions/array.h"
#include "cnet/np/creation.h"
#include "cnet/np/math.h"
#include "functions/math_internal.h"

namespace cnet {
namespace functions {
namespace {

class GetItemGrad;

class GetItem : public FunctionNode {
public:
    explicit GetItem(Indices slices) : slices_(std::move(slices)) {}
    const char* label() const override { return "GetItem"; }
    ArrayList forward(const ArrayList& in) override { return {np::getitem(in[0], slices_)}; }
    VarList backward(const IndexList&, const VarList& gy) override;

private:
    Indices slices_;
};

// gx = zeros(shape); numpy.add.at(gx, slices, gy)
class GetItemGrad : public FunctionNode {
public:
    GetItemGrad(Indices slices, const Shape& shape) : slices_(std::move(slices)), shape_(shape) {}
    const char* label() const override { return "GetItemGrad"; }
    ArrayList forward(const ArrayList& in) override {
        Array gx = Array::Zeros(shape_, in[0].dtype(), in[0].device());
        np::add_at(gx, slices_, in[0]);
        return {gx};
    }
    VarList backward(const IndexList&, const VarList& ggx) override { return {Apply1<GetItem>({ggx[0]}, slices_)}; }

private:
    Indices slices_;
    Shape shape_;
};

VarList GetItem::backward(const IndexList&, const VarList& gy) {
    return {Apply1<GetItemGrad>({gy[0]}, slices_, input_shape(0))};
}

class Where : public FunctionNode {
public:
    explicit Where(Array condition) : condition_(std::move(condition)) {}
    const char* label() const override { return "Where"; }
    void check_type_forward(const ArrayList& in) const override {
        const ArrayList all{condition_, in[0], in[1]};
        type_check::ExpectDtype(label(), all, 0, Dtype::kBool);
        type_check::ExpectSameDtype(label(), all, 1, 2);
        type_check::ExpectSameShape(label(), all, 0, 1);
        type_check::ExpectSameShape(label(), all, 0, 2);
    }
    ArrayList forward(const ArrayList& in) override { return {np::where(condition_, in[0], in[1])}; }
    VarList backward(const IndexList& targets, const VarList& gy) override {
        VarList gx(2);
        for (int i : targets) gx[i] = internal::MaskMultiply(gy[0], i == 0 ? condition_ : ~condition_);
        return gx;
    }

private:
    Array condition_;
};

}  // namespace

Variable get_item(const Variable& x, const Indices& slices) { return Apply1<GetItem>({x}, slices); }

Variable get_item(const Variable& x, const Index& slices) { return get_item(x, Indices{slices}); }

Variable select_item(const Variable& x, const Variable& t) {
    const char* label = "SelectItem";
    const ArrayList in{x.array(), t.array()};
    type_check::ExpectSize(label, in, 2);
    type_check::ExpectKind(label, in, 1, 'i');
    type_check::ExpectNdim(label, in, 0, 2);
    type_check::ExpectNdim(label, in, 1, 1);
    type_check::ExpectEq(label, x.shape()[0], t.shape()[0], "in_types[0].shape[0]", "in_types[1].shape[0]");
    const Array rows = np::arange(Scalar(x.shape()[0]), Dtype::kInt64);
    return get_item(x, Indices{rows, t.array()});
}

Variable where(const Variable& condition, const Variable& x, const Variable& y) {
    return Apply1<Where>({x, y}, condition.array());
}

}  // namespace functions

Variable Variable::operator[](const Index& index) const { return functions::get_item(*this, index); }

Variable Variable::operator[](std::initializer_list<Index> indices) const {
    return functions::get_item(*this, Indices(indices));
}

}  // namespace cnet
