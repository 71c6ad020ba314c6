// evaluation_test.cc — accuracy, binary_accuracy, classification_summary (precision, recall, F-score,
// support) and r2_score: values computed by hand; none of them is differentiable.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cnet/functions/evaluation.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
using testing_util::Arr;

const Dtype kF64 = Dtype::kFloat64;
const Dtype kI32 = Dtype::kInt32;

TEST(EvaluationTest, Accuracy) {
    // argmax rows: 1, 0, 2, 2
    const Variable y(Arr({0.1, 0.8, 0.1, 0.9, 0.05, 0.05, 0.2, 0.3, 0.5, 0, 0, 1}, Shape{4, 3}));
    const Variable acc = F::accuracy(y, Variable(Arr({1, 0, 1, 2}, kI32)));
    EXPECT_EQ(acc.shape(), Shape{});
    EXPECT_EQ(acc.dtype(), Dtype::kFloat32);
    EXPECT_FALSE(acc.requires_grad());
    EXPECT_NEAR(acc.array().item<double>(), 0.75, 1e-7);
    // Ignored samples leave the denominator: 2 of the 3 kept are right.
    EXPECT_NEAR(F::accuracy(y, Variable(Arr({1, 0, -1, 0}, kI32)), -1).array().item<double>(), 2.0 / 3, 1e-6);
    EXPECT_NEAR(F::accuracy(y, Variable(Arr({-1, -1, -1, -1}, kI32)), -1).array().item<double>(), 0.0, 1e-7);
    // Trailing axes: y (N, C, L) against t (N, L).
    const Variable y3(Arr({1, 0, 0, 1}, Shape{1, 2, 2}));  // argmax over C for each l: 0, 1
    EXPECT_NEAR(F::accuracy(y3, Variable(Arr({0, 0}, Shape{1, 2}, kI32))).array().item<double>(), 0.5, 1e-7);
}

TEST(EvaluationTest, BinaryAccuracy) {
    const Variable y(Arr({1.5, -0.5, 0, -2}));
    EXPECT_NEAR(F::binary_accuracy(y, Variable(Arr({1, 0, 0, 0}, kI32))).array().item<double>(), 0.75, 1e-7);
    EXPECT_NEAR(F::binary_accuracy(y, Variable(Arr({1, -1, 1, -1}, kI32))).array().item<double>(), 1.0, 1e-7);
    EXPECT_NEAR(F::binary_accuracy(y, Variable(Arr({-1, -1, -1, -1}, kI32))).array().item<double>(), 0.0, 1e-7);
}

TEST(EvaluationTest, ClassificationSummary) {
    // Predictions (argmax): 0, 1, 1, 2, 0; targets: 0, 1, 0, 2, 2.
    const Variable y(Arr({1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0}, Shape{5, 3}));
    const Variable t(Arr({0, 1, 0, 2, 2}, kI32));
    const auto summary = F::classification_summary(y, t);
    // class 0: tp 1, predicted 2, actual 2; class 1: tp 1, predicted 2, actual 1; class 2: tp 1, predicted 1, actual 2
    EXPECT_ALLCLOSE(std::get<0>(summary).array(), Arr({0.5, 0.5, 1.0}, kF64));
    EXPECT_ALLCLOSE(std::get<1>(summary).array(), Arr({0.5, 1.0, 0.5}, kF64));
    EXPECT_ALLCLOSE(std::get<2>(summary).array(), Arr({0.5, 2.0 / 3, 2.0 / 3}, kF64));
    EXPECT_ALLCLOSE(std::get<3>(summary).array(), Arr({2, 1, 2}, Dtype::kInt64));
    EXPECT_ALLCLOSE(F::precision(y, t).first.array(), Arr({0.5, 0.5, 1.0}, kF64));
    EXPECT_ALLCLOSE(F::recall(y, t).first.array(), Arr({0.5, 1.0, 0.5}, kF64));
    EXPECT_ALLCLOSE(F::f1_score(y, t).first.array(), Arr({0.5, 2.0 / 3, 2.0 / 3}, kF64));
    // beta = 2 weighs recall: (1 + 4) p r / (4 p + r).
    const auto f2 = std::get<2>(F::classification_summary(y, t, std::nullopt, 2.0));
    EXPECT_ALLCLOSE(f2.array(), Arr({0.5, 5 * 0.5 / 3.0, 5 * 0.5 / 4.5}, kF64));
    // label_num beyond the data: an unseen class has NaN precision and recall and support 0.
    const auto four = F::classification_summary(y, t, 4);
    EXPECT_TRUE(std::isnan(std::get<0>(four).array().to_vector<double>()[3]));
    EXPECT_EQ(std::get<3>(four).array().to_vector<int64_t>()[3], 0);
}

TEST(EvaluationTest, R2Score) {
    const Variable pred(Arr({2.5, 0.0, 2, 8}, kF64)), truth(Arr({3, -0.5, 2, 7}, kF64));
    // 1 - SS_res / SS_tot = 1 - 1.5 / 29.1875 (sklearn's documented 0.9486...).
    EXPECT_NEAR(F::r2_score(pred, truth).array().item<double>(), 1 - 1.5 / 29.1875, 1e-12);
    const Variable p2(Arr({0.5, 1, -1, 1, 7, -6}, Shape{3, 2}, kF64)), t2(Arr({0.5, 1, 2, 1, 7, -6}, Shape{3, 2}, kF64));
    // column 0: res 9, tot var of (0.5, 2, 7): mean 3.1667, tot = 23.1667; column 1 perfect.
    const double r0 = 1 - 9 / (std::pow(0.5 - 19.0 / 6, 2) + std::pow(2 - 19.0 / 6, 2) + std::pow(7 - 19.0 / 6, 2));
    EXPECT_ALLCLOSE(F::r2_score(p2, t2, Array(), "raw_values").array(), Arr({r0, 1.0}, kF64), 1e-12, 1e-12);
    EXPECT_NEAR(F::r2_score(p2, t2).array().item<double>(), (r0 + 1) / 2, 1e-12);
}

// Chainer's accuracy has y's dtype: float16 for a float16 model.
TEST(EvaluationTest, Float16Accuracy) {
    const Variable y(Arr({0.1, 0.8, 0.1, 0.9, 0.05, 0.05, 0.2, 0.3, 0.5, 0, 0, 1}, Shape{4, 3}, Dtype::kFloat16));
    const Variable acc = F::accuracy(y, Variable(Arr({1, 0, 1, 2}, kI32)));
    EXPECT_EQ(acc.dtype(), Dtype::kFloat16);
    EXPECT_EQ(acc.array().item<double>(), 0.75);
}

}  // namespace
}  // namespace cnet
