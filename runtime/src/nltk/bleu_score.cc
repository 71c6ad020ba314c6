// bleu_score.cc — NLTK's corpus BLEU: per-order clipped n-gram counts summed over the corpus, then the smoothing
// method, then exp of the weighted log precisions (summed as math.fsum does, so the result is NLTK's to the bit)
// times the brevity penalty.
#include "cnet/nltk/bleu_score.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace nltk {
namespace bleu_score {

namespace {

std::string TokenRepr(int64_t token) { return std::to_string(token); }
std::string TokenRepr(const std::string& token) { return py::repr(token); }

// NLTK's modified_precision as the numerator and denominator of its unnormalized Fraction: the hypothesis's
// n-grams, each counted at most as often as in the reference that has it most; the denominator at least 1.
template <typename T>
std::pair<int64_t, int64_t> ModifiedPrecision(const std::vector<std::vector<T>>& references,
                                              const std::vector<T>& hypothesis, std::size_t n) {
    using Ngram = std::vector<T>;
    auto count = [n](const std::vector<T>& sentence) {
        std::map<Ngram, int64_t> counts;
        for (std::size_t i = 0; i + n <= sentence.size(); ++i) {
            ++counts[Ngram(sentence.begin() + static_cast<std::ptrdiff_t>(i),
                           sentence.begin() + static_cast<std::ptrdiff_t>(i + n))];
        }
        return counts;
    };
    const std::map<Ngram, int64_t> counts = count(hypothesis);
    if (references.empty() && !counts.empty()) {  // NLTK's max_counts[ngram] of its first n-gram: a KeyError
        std::string key = "(";
        for (std::size_t i = 0; i < n; ++i) key += (i == 0 ? "" : ", ") + TokenRepr(hypothesis[i]);
        throw py::KeyError(key + (n == 1 ? ",)" : ")"));
    }
    std::map<Ngram, int64_t> max_counts;
    for (const auto& reference : references) {
        const std::map<Ngram, int64_t> reference_counts = count(reference);
        for (const auto& [ngram, c] : counts) {
            auto it = reference_counts.find(ngram);
            int64_t& m = max_counts[ngram];
            if (it != reference_counts.end() && it->second > m) m = it->second;
        }
    }
    int64_t numerator = 0, total = 0;
    for (const auto& [ngram, c] : counts) {
        numerator += std::min(c, max_counts[ngram]);
        total += c;
    }
    return {numerator, std::max<int64_t>(1, total)};
}

// The reference length closest to the hypothesis's, the shorter of two as close (min by (|r - h|, r)).
template <typename T>
int64_t ClosestRefLength(const std::vector<std::vector<T>>& references, int64_t hyp_len) {
    if (references.empty()) throw ValueError("min() arg is an empty sequence");
    int64_t best = static_cast<int64_t>(references[0].size());
    for (const auto& reference : references) {
        const int64_t r = static_cast<int64_t>(reference.size());
        const int64_t d = std::llabs(r - hyp_len), best_d = std::llabs(best - hyp_len);
        if (d < best_d || (d == best_d && r < best)) best = r;
    }
    return best;
}

double BrevityPenalty(int64_t closest_ref_len, int64_t hyp_len) {
    if (hyp_len > closest_ref_len) return 1.0;
    if (hyp_len == 0) return 0.0;
    return std::exp(1.0 - static_cast<double>(closest_ref_len) / static_cast<double>(hyp_len));
}

// Python's math.fsum: the exactly rounded sum of finite values, by Shewchuk's non-overlapping partial sums and a
// final correction for a half-way case.
double FSum(const std::vector<double>& values) {
    std::vector<double> partials;
    for (double x : values) {
        std::size_t i = 0;
        for (double y : partials) {
            if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
            const double hi = x + y;
            const double lo = y - (hi - x);
            if (lo != 0.0) partials[i++] = lo;
            x = hi;
        }
        partials.resize(i);
        partials.push_back(x);
    }
    std::size_t n = partials.size();
    if (n == 0) return 0.0;
    double hi = partials[--n], lo = 0.0;
    while (n > 0) {
        const double x = hi, y = partials[--n];
        hi = x + y;
        lo = y - (hi - x);
        if (lo != 0.0) break;
    }
    // hi + lo rounds to half-even; when the partials below agree in sign with lo, the true sum is past the
    // half-way point and hi must round away.
    if (n > 0 && ((lo < 0.0 && partials[n - 1] < 0.0) || (lo > 0.0 && partials[n - 1] > 0.0))) {
        const double y = lo * 2.0, x = hi + y;
        if (y == x - hi) hi = x;
    }
    return hi;
}

// method0's warning, printed as Python's warnings module does by default: once per message (per n-gram order).
void WarnZeroCounts(std::size_t order) {
    static std::mutex mutex;
    static std::set<std::size_t> warned;
    std::lock_guard<std::mutex> lock(mutex);
    if (!warned.insert(order).second) return;
    std::fprintf(stderr,
                 "nltk/translate/bleu_score.py: UserWarning: \n"
                 "The hypothesis contains 0 counts of %zu-gram overlaps.\n"
                 "Therefore the BLEU score evaluates to 0, independently of\n"
                 "how many N-gram overlaps of lower order it contains.\n"
                 "Consider using lower n-gram order or use SmoothingFunction()\n",
                 order);
    std::fflush(stderr);
}

// The smoothed precisions as the floats math.log receives, in NLTK's operation order so that each rounds as
// there. 0.0 stands for a precision NLTK leaves at 0 (skipped by `if p_i > 0`).
std::vector<double> Smooth(const std::vector<int64_t>& num, const std::vector<int64_t>& den, const Smoothing& smoothing,
                           int64_t hyp_len) {
    std::vector<double> p(num.size());
    int64_t incvnt = 1;  // methods 3 and 4: the k-th zero count gets 1 / 2^k
    for (std::size_t i = 0; i < num.size(); ++i) {
        const double n = static_cast<double>(num[i]), d = static_cast<double>(den[i]);
        p[i] = n / d;  // float(Fraction(n, d)): correctly rounded
        switch (smoothing.method()) {
            case 0:
                if (num[i] == 0) {
                    WarnZeroCounts(i + 1);
                    p[i] = DBL_MIN;  // sys.float_info.min: log() of it makes the score ~0
                }
                break;
            case 1:
                if (num[i] == 0) p[i] = (n + smoothing.epsilon()) / d;
                break;
            case 2:
                if (i != 0) p[i] = (n + 1.0) / (d + 1.0);
                break;
            case 3:
                if (num[i] == 0) {
                    p[i] = 1.0 / static_cast<double>((int64_t{1} << incvnt) * den[i]);
                    ++incvnt;
                }
                break;
            case 4:
                if (num[i] == 0 && hyp_len > 1) {
                    const double numerator = 1.0 / (static_cast<double>(int64_t{1} << incvnt) * smoothing.k() /
                                                    std::log(static_cast<double>(hyp_len)));
                    p[i] = numerator / d;
                    ++incvnt;
                }
                break;
            default:
                throw ValueError("SmoothingFunction method" + std::to_string(smoothing.method()) +
                                 " is not provided in .cnet (methods 0 to 4 are)");
        }
    }
    return p;
}

template <typename T>
double CorpusBleu(const std::vector<std::vector<std::vector<T>>>& list_of_references,
                  const std::vector<std::vector<T>>& hypotheses, const Weights& weights,
                  const std::optional<Smoothing>& smoothing_function, bool auto_reweigh) {
    if (list_of_references.size() != hypotheses.size()) {
        throw Error("AssertionError: The number of hypotheses and their reference(s) should be the same ");
    }
    const std::size_t orders = weights.values().size();
    std::vector<int64_t> num(orders, 0), den(orders, 0);
    int64_t hyp_lengths = 0, ref_lengths = 0;
    for (std::size_t s = 0; s < hypotheses.size(); ++s) {
        for (std::size_t i = 0; i < orders; ++i) {
            const auto [n, d] = ModifiedPrecision(list_of_references[s], hypotheses[s], i + 1);
            num[i] += n;
            den[i] += d;
        }
        const int64_t hyp_len = static_cast<int64_t>(hypotheses[s].size());
        hyp_lengths += hyp_len;
        ref_lengths += ClosestRefLength(list_of_references[s], hyp_len);
    }
    const double bp = BrevityPenalty(ref_lengths, hyp_lengths);
    // No matching unigram: no higher-order match either.
    if (orders == 0 || num[0] == 0) return 0.0;
    const std::vector<double> p = Smooth(num, den, smoothing_function.value_or(Smoothing()), hyp_lengths);

    std::vector<double> weight = weights.values();
    if (auto_reweigh && hyp_lengths < 4 && weight == std::vector<double>{0.25, 0.25, 0.25, 0.25}) {
        weight.assign(static_cast<std::size_t>(hyp_lengths), 1.0 / static_cast<double>(hyp_lengths));
    }
    std::vector<double> terms;
    for (std::size_t i = 0; i < weight.size() && i < p.size(); ++i) {
        if (p[i] > 0.0) terms.push_back(weight[i] * std::log(p[i]));
    }
    return bp * std::exp(FSum(terms));
}

}  // namespace

double corpus_bleu(const std::vector<std::vector<IntSentence>>& list_of_references,
                   const std::vector<IntSentence>& hypotheses, const Weights& weights,
                   const std::optional<Smoothing>& smoothing_function, bool auto_reweigh) {
    return CorpusBleu(list_of_references, hypotheses, weights, smoothing_function, auto_reweigh);
}

double corpus_bleu(const std::vector<std::vector<StrSentence>>& list_of_references,
                   const std::vector<StrSentence>& hypotheses, const Weights& weights,
                   const std::optional<Smoothing>& smoothing_function, bool auto_reweigh) {
    return CorpusBleu(list_of_references, hypotheses, weights, smoothing_function, auto_reweigh);
}

double sentence_bleu(const std::vector<IntSentence>& references, const IntSentence& hypothesis, const Weights& weights,
                     const std::optional<Smoothing>& smoothing_function, bool auto_reweigh) {
    return CorpusBleu(std::vector<std::vector<IntSentence>>{references}, std::vector<IntSentence>{hypothesis}, weights,
                      smoothing_function, auto_reweigh);
}

double sentence_bleu(const std::vector<StrSentence>& references, const StrSentence& hypothesis, const Weights& weights,
                     const std::optional<Smoothing>& smoothing_function, bool auto_reweigh) {
    return CorpusBleu(std::vector<std::vector<StrSentence>>{references}, std::vector<StrSentence>{hypothesis}, weights,
                      smoothing_function, auto_reweigh);
}

}  // namespace bleu_score
}  // namespace nltk
}  // namespace cnet
