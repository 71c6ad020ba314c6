// evaluation.cc — accuracy, binary_accuracy, classification_summary (precision, recall, f1_score) and r2_score.
// They are not differentiable: each computes arrays and returns variables without a creator.
#include "cnet/functions/evaluation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/core/type_check.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {
namespace functions {
namespace {

Variable Result(const Array& a) { return Variable(a, false); }

// Chainer's Accuracy / ClassificationSummary check: y (N, C, d1..dk, 1, ...) against t (N, d1..dk).
void CheckClassification(const char* label, const ArrayList& in, bool int32_labels) {
    type_check::ExpectSize(label, in, 2);
    type_check::ExpectFloat(label, in, 0);
    if (int32_labels) type_check::ExpectDtype(label, in, 1, Dtype::kInt32);
    else type_check::ExpectKind(label, in, 1, 'i');
    const Array &y = in[0], &t = in[1];
    const int yn = y.ndim(), tn = t.ndim();
    type_check::Expect(label, yn >= tn, "in_types[0].ndim >= in_types[1].ndim",
                       std::to_string(yn) + " < " + std::to_string(tn));
    type_check::ExpectNdimAtLeast(label, in, 1, 1);
    type_check::ExpectNdimAtLeast(label, in, 0, 2);
    type_check::ExpectEq(label, y.shape()[0], t.shape()[0], "in_types[0].shape[0]", "in_types[1].shape[0]");
    const Shape ys(y.shape().begin() + 2, y.shape().begin() + std::min(yn, std::max(2, tn + 1)));
    const Shape ts(t.shape().begin() + 1, t.shape().end());
    type_check::Expect(label, ys == ts, "in_types[0].shape[2:" + std::to_string(tn + 1) + "] == in_types[1].shape[1:]",
                       ys.ToString() + " != " + ts.ToString());
    for (int i = tn + 1; i < yn; ++i)
        type_check::ExpectEq(label, y.shape()[i], 1, "in_types[0].shape[" + std::to_string(i) + "]", "1");
}

// argmax over axis 1 of y viewed as (N, C, U), as (N, U) int64 on y's device; the first maximum wins and NaN
// counts as the maximum, as in numpy.argmax.
Array ArgmaxAxis1(const Array& y) {
    const int64_t n = y.shape()[0], c = y.shape()[1], u = y.size() / std::max<int64_t>(n * c, 1);
    CNET_CHECK_AS(ValueError, c > 0 || n * u == 0, "attempt to get argmax of an empty sequence");
    if (n * u == 0) return Array::Zeros(Shape{n, u}, Dtype::kInt64, y.device());
    return np::argmax(y.reshape(Shape{n, c, u}), OptionalAxis(1));
}

// t as int64 (N, U) on its device.
Array LabelsLike(const Array& t, const Array& pred) { return t.astype(Dtype::kInt64, false).reshape(pred.shape()); }

// Per-class counts of one minibatch: support (true labels), relevant (predictions) and true positives.
struct ClassCounts {
    std::vector<int64_t> support, relevant, tp;
};

// Counted on the host: label_num may depend on the largest label, and the counts are small.
ClassCounts CountClasses(const Array& y, const Array& t, std::optional<int64_t> label_num, int64_t ignore_label) {
    const Array pred_array = ArgmaxAxis1(y);
    const std::vector<int64_t> lp = LabelsLike(t, pred_array).to_vector<int64_t>();
    const std::vector<int64_t> pred = pred_array.to_vector<int64_t>();
    const int64_t size = static_cast<int64_t>(lp.size());
    CNET_CHECK_AS(ValueError, label_num || size > 0,
                  "zero-size array to reduction operation maximum which has no identity");
    const int64_t num = label_num ? *label_num : *std::max_element(lp.begin(), lp.end()) + 1;
    ClassCounts counts{std::vector<int64_t>(num), std::vector<int64_t>(num), std::vector<int64_t>(num)};
    for (int64_t i = 0; i < size; ++i) {
        if (lp[i] == ignore_label) continue;
        CNET_CHECK_AS(ValueError, lp[i] >= 0, "'list' argument must have no negative elements");
        if (lp[i] < num) ++counts.support[lp[i]];
        if (pred[i] < num) ++counts.relevant[pred[i]];
        if (pred[i] == lp[i] && lp[i] < num) ++counts.tp[lp[i]];
    }
    return counts;
}

// a / b elementwise in float64 (0 / 0 is NaN, as NumPy gives).
Array Ratio(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    std::vector<double> r(a.size());
    for (size_t i = 0; i < a.size(); ++i)
        r[i] = b[i] == 0 ? (a[i] == 0 ? std::numeric_limits<double>::quiet_NaN()
                                      : std::numeric_limits<double>::infinity())
                         : static_cast<double>(a[i]) / static_cast<double>(b[i]);
    return Array::FromVector(r);
}

}  // namespace

Variable accuracy(const Variable& y, const Variable& t, std::optional<int64_t> ignore_label) {
    if (config().type_check()) CheckClassification("Accuracy", ArrayList{y.array(), t.array()}, false);
    const Array pred = ArgmaxAxis1(y.array());
    const Array hit = pred == LabelsLike(t.array(), pred);
    // Without ignore_label an empty batch gives NaN (NumPy's mean of nothing); with it, 0.
    if (!ignore_label) return Result(np::mean(hit).astype(y.dtype()));
    const Array counted = LabelsLike(t.array(), pred) != Scalar(*ignore_label);
    const Array correct = np::sum(hit & counted).astype(Dtype::kFloat64);
    const Array total = np::sum(counted).astype(Dtype::kFloat64);
    const Array zero = total == Scalar(0.0);
    return Result(np::where(zero, Scalar(0.0), correct / np::where(zero, Scalar(1.0), total)).astype(y.dtype()));
}

Variable binary_accuracy(const Variable& y, const Variable& t) {
    if (config().type_check()) {
        const char* label = "BinaryAccuracy";
        const ArrayList in{y.array(), t.array()};
        type_check::ExpectSize(label, in, 2);
        type_check::ExpectFloat(label, in, 0);
        type_check::ExpectKind(label, in, 1, 'i');
        type_check::Expect(label, in[1].shape() == in[0].shape(), "in_types[1].shape == in_types[0].shape",
                           in[1].shape().ToString() + " != " + in[0].shape().ToString());
    }
    // Chainer: count = max(1, (t != -1).sum()); (pred == t).sum() / count, with pred = (y >= 0) as t's dtype.
    const Array labels = t.array().astype(Dtype::kInt64, false);
    const Array pred = (y.array() >= Scalar(0)).astype(Dtype::kInt64);
    const Array correct = np::sum(pred == labels).astype(Dtype::kFloat64);
    const Array count = np::maximum(np::sum(labels != Scalar(-1)), Array::FromScalar(Scalar(1), Dtype::kInt64)
                                                                        .to_device(labels.device()));
    return Result((correct / count.astype(Dtype::kFloat64)).astype(y.dtype()));
}

std::tuple<Variable, Variable, Variable, Variable> classification_summary(const Variable& y, const Variable& t,
                                                                          std::optional<int64_t> label_num,
                                                                          double beta, int64_t ignore_label) {
    if (config().type_check()) CheckClassification("ClassificationSummary", ArrayList{y.array(), t.array()}, true);
    const ClassCounts counts = CountClasses(y.array(), t.array(), label_num, ignore_label);
    const Array precision = Ratio(counts.tp, counts.relevant), recall = Ratio(counts.tp, counts.support);
    const double b2 = beta * beta;
    const Array fbeta = (precision * recall * (1 + b2)) / (precision * b2 + recall);
    const Device device = y.array().device();
    return {Result(precision.to_device(device)), Result(recall.to_device(device)), Result(fbeta.to_device(device)),
            Result(Array::FromVector(counts.support).to_device(device))};
}

std::pair<Variable, Variable> precision(const Variable& y, const Variable& t, std::optional<int64_t> label_num,
                                        int64_t ignore_label) {
    const auto summary = classification_summary(y, t, label_num, 1.0, ignore_label);
    return {std::get<0>(summary), std::get<3>(summary)};
}

std::pair<Variable, Variable> recall(const Variable& y, const Variable& t, std::optional<int64_t> label_num,
                                     int64_t ignore_label) {
    const auto summary = classification_summary(y, t, label_num, 1.0, ignore_label);
    return {std::get<1>(summary), std::get<3>(summary)};
}

std::pair<Variable, Variable> f1_score(const Variable& y, const Variable& t, std::optional<int64_t> label_num,
                                       int64_t ignore_label) {
    const auto summary = classification_summary(y, t, label_num, 1.0, ignore_label);
    return {std::get<2>(summary), std::get<3>(summary)};
}

// 1 - SS_res / SS_tot per output column (0 where SS_tot == 0).
Variable r2_score(const Variable& pred, const Variable& true_, const Array& sample_weight,
                  const std::string& multioutput) {
    CNET_CHECK(!sample_weight.defined(), "F.r2_score: sample_weight is not supported (it must be None)");
    CNET_CHECK_AS(ValueError, multioutput == "uniform_average" || multioutput == "raw_values",
                  "invalid multioutput argument");
    if (config().type_check()) {
        const ArrayList in{pred.array(), true_.array()};
        type_check::ExpectSize("R2_score", in, 2);
        type_check::ExpectFloat("R2_score", in, 0);
        type_check::ExpectSameDtype("R2_score", in, 0, 1);
        type_check::ExpectSameShape("R2_score", in, 0, 1);
    }
    const Array p = pred.array().astype(Dtype::kFloat64), t = true_.array().astype(Dtype::kFloat64);
    const Array res = p - t, dev = t - np::mean(t, OptionalAxis(0));
    const Array ss_res = np::sum(res * res, OptionalAxis(0)), ss_tot = np::sum(dev * dev, OptionalAxis(0));
    const Array zero = ss_tot == Scalar(0.0);
    const Array r2 = np::where(zero, Scalar(0.0), 1.0 - ss_res / np::where(zero, Scalar(1.0), ss_tot));
    const Array out = multioutput == "raw_values" ? r2 : np::mean(r2);
    return Result(out.astype(pred.dtype()));
}

}  // namespace functions
}  // namespace cnet
