// evaluation.h — evaluation metrics (chainer.functions.evaluation): accuracy, binary_accuracy,
// classification_summary with precision/recall/f1_score, and r2_score. None is differentiable: each returns
// variables without a creator.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace functions {

/// F.accuracy(y, t, ignore_label=None): the fraction of samples whose argmax over axis 1 of y (N, C, ...)
/// equals t (N, ...); samples with t == ignore_label are left out (0 when all are). A 0-d result of y's dtype.
Variable accuracy(const Variable& y, const Variable& t, std::optional<int64_t> ignore_label = std::nullopt);

/// F.binary_accuracy(y, t): y >= 0 predicts 1; t (same shape, 0/1) entries equal to -1 are ignored. 0 when
/// every entry is ignored.
Variable binary_accuracy(const Variable& y, const Variable& t);

/// F.classification_summary(y, t, label_num=None, beta=1.0, ignore_label=-1): per-class (precision, recall,
/// F-beta score, support), each of shape (label_num,). label_num defaults to max(t) + 1; precision, recall and
/// the F-score are float64 (NaN where undefined) and support is int64, as NumPy computes them.
std::tuple<Variable, Variable, Variable, Variable> classification_summary(
    const Variable& y, const Variable& t, std::optional<int64_t> label_num = std::nullopt, double beta = 1.0,
    int64_t ignore_label = -1);
/// F.precision(y, t, label_num=None, ignore_label=-1): (precision, support).
std::pair<Variable, Variable> precision(const Variable& y, const Variable& t,
                                        std::optional<int64_t> label_num = std::nullopt, int64_t ignore_label = -1);
/// F.recall(y, t, label_num=None, ignore_label=-1): (recall, support).
std::pair<Variable, Variable> recall(const Variable& y, const Variable& t,
                                     std::optional<int64_t> label_num = std::nullopt, int64_t ignore_label = -1);
/// F.f1_score(y, t, label_num=None, ignore_label=-1): (F1 score, support).
std::pair<Variable, Variable> f1_score(const Variable& y, const Variable& t,
                                       std::optional<int64_t> label_num = std::nullopt, int64_t ignore_label = -1);

/// F.r2_score(pred, true, sample_weight=None, multioutput='uniform_average'): the coefficient of
/// determination over axis 0 (0 where the target has no variance). 'raw_values' gives one score per output,
/// 'uniform_average' their mean. sample_weight must be None (as in Chainer); `true_` is Python's `true`.
Variable r2_score(const Variable& pred, const Variable& true_, const Array& sample_weight = Array(),
                  const std::string& multioutput = "uniform_average");

}  // namespace functions
}  // namespace cnet
