// bleu_score_test.cc — corpus_bleu and sentence_bleu against NLTK. Every expected value was printed by NLTK 3.10.4's
// nltk.translate.bleu_score.corpus_bleu / sentence_bleu (repr of the float) on the same arguments; the string
// sentences are those of NLTK's own docstrings.
#include "cnet/nltk/bleu_score.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"

namespace cnet {
namespace nltk {
namespace bleu_score {
namespace {

using Ints = std::vector<int64_t>;
using Strs = std::vector<std::string>;

std::vector<int64_t> Range(int64_t n) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(i);
    return v;
}

const std::vector<std::vector<Ints>> kRefs = {
    {{1, 2, 3, 4, 5, 6, 7, 8}}, {{2, 3, 4, 5, 6}, {2, 3, 9, 5, 6, 7}}, {{10, 11, 12, 13, 14, 15}}};
const std::vector<Ints> kHyps = {{1, 2, 3, 4, 5, 6, 9, 8}, {2, 3, 4, 5, 6}, {10, 11, 12, 20, 14}};

TEST(BleuScoreTest, IntCorpus) {
    EXPECT_DOUBLE_EQ(corpus_bleu(kRefs, kHyps), 0.6630844046079322);
    EXPECT_DOUBLE_EQ(corpus_bleu(kRefs, kHyps, Weights(), SmoothingFunction().method1()), 0.6630844046079322);
    EXPECT_DOUBLE_EQ(corpus_bleu(kRefs, kHyps, std::make_tuple(0.5, 0.5)), 0.7637425389326515);
}

// No trigram or 4-gram matches: method0 gives sys.float_info.min's log (a score of ~1e-154), the others smooth.
TEST(BleuScoreTest, ZeroHigherOrderCountsPerMethod) {
    const std::vector<std::vector<Ints>> refs = {{{1, 2, 3, 4}}};
    const std::vector<Ints> hyps = {{1, 2, 9, 9}};
    const SmoothingFunction s;
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps), 9.53091075863908e-155);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), s.method0()), 9.53091075863908e-155);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), s.method1()), 0.16990442448471224);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), s.method2()), 0.4518010018049224);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), s.method3()), 0.31947155212313627);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), s.method4()), 0.16821895003341453);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, Weights(), SmoothingFunction(0.01).method1()), 0.053728496591177115);
    EXPECT_DOUBLE_EQ(corpus_bleu({{{1, 2, 3, 4, 5, 6}}}, {{1, 2, 9, 9, 8, 7}}, Weights(),
                                 SmoothingFunction(0.1, 5, 3).method4()),
                     0.1254551817044087);
}

TEST(BleuScoreTest, NoMatchingUnigramIsZero) {
    EXPECT_EQ(corpus_bleu({{{1, 2, 3, 4}}}, {{5, 6, 7, 8}}), 0.0);
    EXPECT_EQ(corpus_bleu({{{1, 2, 3, 4}}}, {{5, 6, 7, 8}}, Weights(), SmoothingFunction().method1()), 0.0);
    EXPECT_EQ(corpus_bleu(std::vector<std::vector<Ints>>{}, std::vector<Ints>{}), 0.0);
}

TEST(BleuScoreTest, BrevityPenalty) {
    // Hypothesis 7 against references 11 and 8: the closest is 8, exp(1 - 8/7).
    EXPECT_DOUBLE_EQ(sentence_bleu({Ints(11, 1), Ints(8, 1)}, Ints(7, 1)), 0.8668778997501817);
    // 12 against 13 and 11: as close, the shorter (11) is taken, so no penalty (13 would give 0.92).
    EXPECT_DOUBLE_EQ(sentence_bleu({Range(13), Range(11)}, Range(12)), 1.0);
    EXPECT_DOUBLE_EQ(sentence_bleu({Range(11), Range(13)}, Range(12)), 1.0);
    // An empty hypothesis counts in the corpus's lengths and denominators.
    EXPECT_DOUBLE_EQ(corpus_bleu({{{1, 2, 3, 4, 5}}, {{1, 2}}}, {{1, 2, 3, 4, 5}, {}}, Weights(),
                                 SmoothingFunction().method1()),
                     0.5093330917854971);
}

TEST(BleuScoreTest, AutoReweigh) {
    EXPECT_DOUBLE_EQ(sentence_bleu({{1, 2, 3}}, {1, 2, 4}, Weights(), std::nullopt, true), 1.9501786259064824e-103);
    EXPECT_DOUBLE_EQ(sentence_bleu({{1, 2, 3}}, {1, 2, 4}, Weights(), SmoothingFunction().method1()),
                     0.24028114141347542);
}

const Strs kHyp1 = {"It", "is", "a", "guide", "to", "action", "which", "ensures", "that", "the", "military",
                    "always", "obeys", "the", "commands", "of", "the", "party"};
const Strs kHyp2 = {"It",     "is",  "to",       "insure",    "the",  "troops", "forever",
                    "hearing", "the", "activity", "guidebook", "that", "party",  "direct"};
const Strs kRef1 = {"It", "is", "a", "guide", "to", "action", "that", "ensures", "that", "the", "military",
                    "will", "forever", "heed", "Party", "commands"};
const Strs kRef2 = {"It", "is", "the", "guiding", "principle", "which", "guarantees", "the", "military", "forces",
                    "always", "being", "under", "the", "command", "of", "the", "Party"};
const Strs kRef3 = {"It", "is", "the", "practical", "guide", "for", "the", "army", "always", "to", "heed", "the",
                    "directions", "of", "the", "party"};
const Strs kHyp3 = {"he", "read", "the", "book", "because", "he", "was", "interested", "in", "world", "history"};
const Strs kRef4 = {"he", "was", "interested", "in", "world", "history", "because", "he", "read", "the", "book"};

TEST(BleuScoreTest, StrSentences) {
    EXPECT_DOUBLE_EQ(sentence_bleu({kRef1, kRef2, kRef3}, kHyp1), 0.5045666840058485);
    EXPECT_DOUBLE_EQ(sentence_bleu({kRef1, kRef2, kRef3}, kHyp2), 5.92086005993801e-155);
    EXPECT_DOUBLE_EQ(sentence_bleu({kRef1, kRef2, kRef3}, kHyp2, Weights(), SmoothingFunction().method1()),
                     0.03703131191121491);
    const SmoothingFunction s;
    const double m[] = {0.41180376356915777, 0.41180376356915777, 0.4452945001507636, 0.41180376356915777,
                        0.41180376356915777};
    const Smoothing methods[] = {s.method0(), s.method1(), s.method2(), s.method3(), s.method4()};
    for (int i = 0; i < 5; ++i) {
        EXPECT_DOUBLE_EQ(sentence_bleu({kRef1}, kHyp1, Weights(), methods[i]), m[i]) << "method" << i;
    }
}

TEST(BleuScoreTest, StrCorpus) {
    const std::vector<std::vector<Strs>> refs = {{kRef1, kRef2, kRef3}, {kRef4}};
    const std::vector<Strs> hyps = {kHyp1, kHyp3};
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps), 0.5920778868801042);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, std::make_tuple(0.1, 0.3, 0.5, 0.1)), 0.5818765313748497);
    EXPECT_DOUBLE_EQ(corpus_bleu(refs, hyps, std::vector<double>{0.2, 0.2, 0.2, 0.2, 0.2}), 0.4719230742411042);
}

// method0's warning is NLTK's text, on stderr, once per n-gram order (as Python's default warning filter shows it).
TEST(BleuScoreTest, Method0WarnsOncePerOrder) {
    const std::vector<double> seven(7, 1.0 / 7);
    ::testing::internal::CaptureStderr();
    corpus_bleu({{{1, 2, 3, 4, 5, 6}}}, {{1, 2, 3, 4, 9, 9}}, seven);
    const std::string first = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(first.find("UserWarning: \nThe hypothesis contains 0 counts of 7-gram overlaps.\n"
                         "Therefore the BLEU score evaluates to 0, independently of\n"
                         "how many N-gram overlaps of lower order it contains.\n"
                         "Consider using lower n-gram order or use SmoothingFunction()\n"),
              std::string::npos)
        << first;
    ::testing::internal::CaptureStderr();
    corpus_bleu({{{1, 2, 3, 4, 5, 6}}}, {{1, 2, 3, 4, 9, 9}}, seven);
    EXPECT_EQ(::testing::internal::GetCapturedStderr().find("7-gram"), std::string::npos);
}

TEST(BleuScoreTest, Errors) {
    EXPECT_THROW(corpus_bleu({{{1, 2}}}, std::vector<Ints>{}), Error);  // NLTK's assert on the lengths
    EXPECT_THROW(sentence_bleu(std::vector<Ints>{}, {}), ValueError);   // min() of no reference lengths
    EXPECT_THROW(sentence_bleu(std::vector<Ints>{}, {1}), py::KeyError);
}

}  // namespace
}  // namespace bleu_score
}  // namespace nltk
}  // namespace cnet
