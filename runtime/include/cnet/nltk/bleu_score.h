// bleu_score.h — nltk.translate.bleu_score (NLTK 3.x) for generated code: corpus_bleu and sentence_bleu as NLTK
// computes them (modified n-gram precision with clipped counts summed over the corpus, the closest reference
// length with ties to the shorter, the brevity penalty, a corpus with no matching unigram scoring 0, the weighted
// log precisions summed exactly as math.fsum does), over sentences of int tokens (seq2seq's `y.tolist()`) or of
// str tokens.
//
// smoothing_function is a Smoothing value: `SmoothingFunction().method1` is an attribute giving the method with
// the SmoothingFunction's epsilon/alpha/k. Methods 0 (no smoothing: NLTK's warning on stderr, once per n-gram
// order, and sys.float_info.min for a zero count) to 4 are provided; 5, 6 and 7 are not (NLTK computes them
// in exact fractions). A user function (a lambda) as smoothing_function is a compile-time type error.
//
// Differences from NLTK: weights is one list of weights (not a list of them, which would return a list), and
// the no-match result is the float 0.0 (NLTK's int 0). auto_reweigh compares the weights with (0.25,) * 4 by
// value, whether they came as a tuple or a list (NLTK reweighs a tuple only).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace cnet {
namespace nltk {
namespace bleu_score {

/// One of SmoothingFunction's methods, with the parameters of the SmoothingFunction it came from.
class Smoothing {
public:
    explicit Smoothing(int method = 0, double epsilon = 0.1, int64_t alpha = 5, double k = 5)
        : method_(method), epsilon_(epsilon), alpha_(alpha), k_(k) {}
    int method() const { return method_; }
    double epsilon() const { return epsilon_; }
    int64_t alpha() const { return alpha_; }
    double k() const { return k_; }

private:
    int method_;
    double epsilon_;
    int64_t alpha_;
    double k_;
};

/// SmoothingFunction(epsilon=0.1, alpha=5, k=5) (Chen and Cherry 2014): epsilon is method 1's count for a zero
/// count, k method 4's; alpha (method 6) is kept but unused here.
class SmoothingFunction {
public:
    explicit SmoothingFunction(double epsilon = 0.1, int64_t alpha = 5, double k = 5)
        : epsilon_(epsilon), alpha_(alpha), k_(k) {}
    Smoothing method0() const { return Method(0); }
    Smoothing method1() const { return Method(1); }
    Smoothing method2() const { return Method(2); }
    Smoothing method3() const { return Method(3); }
    Smoothing method4() const { return Method(4); }
    double epsilon() const { return epsilon_; }
    int64_t alpha() const { return alpha_; }
    double k() const { return k_; }

private:
    Smoothing Method(int m) const { return Smoothing(m, epsilon_, alpha_, k_); }
    double epsilon_;
    int64_t alpha_;
    double k_;
};

/// The weights of the n-gram orders: a list, or a tuple of any length (of ints or floats), as .cnet passes them.
class Weights {
public:
    Weights() : values_{0.25, 0.25, 0.25, 0.25} {}
    Weights(std::vector<double> values) : values_(std::move(values)) {}  // NOLINT(google-explicit-constructor)
    Weights(std::initializer_list<double> values) : values_(values) {}
    template <typename... T>
    Weights(const std::tuple<T...>& values) {  // NOLINT(google-explicit-constructor)
        std::apply([this](const auto&... v) { (values_.push_back(static_cast<double>(v)), ...); }, values);
    }
    const std::vector<double>& values() const { return values_; }

private:
    std::vector<double> values_;
};

using IntSentence = std::vector<int64_t>;
using StrSentence = std::vector<std::string>;

/// corpus_bleu(list_of_references, hypotheses, weights=(0.25, 0.25, 0.25, 0.25), smoothing_function=None,
/// auto_reweigh=False): each hypothesis against its list of references.
double corpus_bleu(const std::vector<std::vector<IntSentence>>& list_of_references,
                   const std::vector<IntSentence>& hypotheses, const Weights& weights = Weights(),
                   const std::optional<Smoothing>& smoothing_function = std::nullopt, bool auto_reweigh = false);
double corpus_bleu(const std::vector<std::vector<StrSentence>>& list_of_references,
                   const std::vector<StrSentence>& hypotheses, const Weights& weights = Weights(),
                   const std::optional<Smoothing>& smoothing_function = std::nullopt, bool auto_reweigh = false);

/// sentence_bleu(references, hypothesis, ...): corpus_bleu([references], [hypothesis], ...).
double sentence_bleu(const std::vector<IntSentence>& references, const IntSentence& hypothesis,
                     const Weights& weights = Weights(),
                     const std::optional<Smoothing>& smoothing_function = std::nullopt, bool auto_reweigh = false);
double sentence_bleu(const std::vector<StrSentence>& references, const StrSentence& hypothesis,
                     const Weights& weights = Weights(),
                     const std::optional<Smoothing>& smoothing_function = std::nullopt, bool auto_reweigh = false);

}  // namespace bleu_score
}  // namespace nltk
}  // namespace cnet
