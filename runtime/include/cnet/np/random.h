// random.h — numpy.random on the runtime's one generator (cnet::random::default_generator()), so
// np::random::seed(n) makes every draw (including F.dropout's masks and initializers) reproducible.
// Functions without a size return a Python number; with a size, a float64 (or int64) array.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace np {
namespace random {

/// numpy.random.seed(seed=None): seed() draws a new seed from the system's entropy, as NumPy does.
void seed(std::optional<uint64_t> seed = std::nullopt);

/// numpy.random.rand(d0, d1, ...): uniform [0, 1) floats; rand() is one number.
double rand();
Array rand(const Shape& shape);
template <typename... Ints>
Array rand(int64_t d0, Ints... dims) {
    return rand(Shape{d0, static_cast<int64_t>(dims)...});
}
/// numpy.random.randn(d0, d1, ...): standard normal floats.
double randn();
Array randn(const Shape& shape);
template <typename... Ints>
Array randn(int64_t d0, Ints... dims) {
    return randn(Shape{d0, static_cast<int64_t>(dims)...});
}
/// numpy.random.random_sample(size) / random(size).
Array random_sample(const Shape& size);

/// numpy.random.uniform(low=0.0, high=1.0, size=None).
double uniform(double low = 0.0, double high = 1.0);
Array uniform(double low, double high, const Shape& size);
/// numpy.random.normal(loc=0.0, scale=1.0, size=None).
double normal(double loc = 0.0, double scale = 1.0);
Array normal(double loc, double scale, const Shape& size);
/// numpy.random.randint(low, high=None, size=None, dtype=int64): [0, low) when high is None, else [low, high).
int64_t randint(int64_t low);
int64_t randint(int64_t low, int64_t high);
Array randint(int64_t low, std::optional<int64_t> high, const Shape& size, Dtype dtype = Dtype::kInt64);

/// numpy.random.permutation(n): a shuffled arange(n) (int64).
Array permutation(int64_t n);
/// numpy.random.permutation(x): a shuffled copy of x along axis 0.
Array permutation(const Array& x);
/// numpy.random.permutation(x) of a list of rows that are not numbers (text_classification's (tokens, label)
/// pairs): the rows in the order permutation(len(x)) draws, as NumPy orders an array's rows by a shuffled arange.
/// (NumPy itself makes an object array of such a list, and refuses ragged rows; a list is what the program goes on
/// using.)
template <typename T>
std::vector<T> permutation(const std::vector<T>& x) {
    std::vector<T> out;
    out.reserve(x.size());
    for (const int64_t i : permutation(static_cast<int64_t>(x.size())).to_vector<int64_t>()) {
        out.push_back(x[static_cast<std::size_t>(i)]);
    }
    return out;
}
/// numpy.random.shuffle(x): shuffles x in place along axis 0 (Fisher-Yates, like NumPy's legacy generator).
void shuffle(const Array& x);

/// numpy.random.choice(a, size=None, replace=True, p=None) with a an int (arange(a)), a 1-D array or a sequence of
/// ints (a list, range(n)). p (probabilities summing to 1) may be an undefined Array (None). With a size the draws
/// are an array of a's dtype (int64 for an int or a sequence); without one (std::nullopt, Python's None) one draw,
/// which the .cnet surface types as an int: a must then be an int, a sequence or an integer array.
Array choice(int64_t a, const Shape& size, bool replace = true, const Array& p = Array());
Array choice(const Array& a, const Shape& size, bool replace = true, const Array& p = Array());
int64_t choice(int64_t a, std::nullopt_t size = std::nullopt, bool replace = true, const Array& p = Array());
int64_t choice(const Array& a, std::nullopt_t size = std::nullopt, bool replace = true, const Array& p = Array());

namespace internal {
/// A sequence of ints (std::vector<int64_t>, py::Range) as a 1-D int64 array.
template <typename Seq>
Array IntSequence(const Seq& seq) {
    std::vector<int64_t> values;
    for (const auto& v : seq) {
        static_assert(std::is_integral<std::decay_t<decltype(v)>>::value,
                      "numpy.random.choice: a sequence argument must hold ints; pass an ndarray for other values");
        values.push_back(static_cast<int64_t>(v));
    }
    return Array::FromVector(values);
}
template <typename Seq>
using IfSequence = decltype(std::declval<const Seq&>().begin());
}  // namespace internal

template <typename Seq, typename = internal::IfSequence<Seq>>
Array choice(const Seq& a, const Shape& size, bool replace = true, const Array& p = Array()) {
    return choice(internal::IntSequence(a), size, replace, p);
}
template <typename Seq, typename = internal::IfSequence<Seq>>
int64_t choice(const Seq& a, std::nullopt_t size = std::nullopt, bool replace = true, const Array& p = Array()) {
    return choice(internal::IntSequence(a), size, replace, p);
}

}  // namespace random
}  // namespace np
}  // namespace cnet
