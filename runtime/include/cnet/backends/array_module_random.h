// array_module_random.h — `xp.random` of an array module (xp = cuda.get_array_module(x)): numpy.random's routines on
// the runtime's one generator (np.random.seed makes them reproducible), with array results put on the module's
// device as xp's creation routines do; a draw without a size stays a Python number.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "cnet/backends/cuda.h"
#include "cnet/np/random.h"

namespace cnet {
namespace cuda {

/// The value of `xp.random`; its methods take numpy.random's arguments (cnet/np/random.h).
class ArrayModuleRandom {
public:
    explicit ArrayModuleRandom(ArrayModule xp) : xp_(xp) {}

    void seed(std::optional<uint64_t> seed = std::nullopt) const { np::random::seed(seed); }
    template <typename... A>
    auto rand(A&&... a) const {
        return Place(np::random::rand(std::forward<A>(a)...));
    }
    template <typename... A>
    auto randn(A&&... a) const {
        return Place(np::random::randn(std::forward<A>(a)...));
    }
    template <typename... A>
    auto uniform(A&&... a) const {
        return Place(np::random::uniform(std::forward<A>(a)...));
    }
    template <typename... A>
    auto normal(A&&... a) const {
        return Place(np::random::normal(std::forward<A>(a)...));
    }
    template <typename... A>
    auto randint(A&&... a) const {
        return Place(np::random::randint(std::forward<A>(a)...));
    }
    template <typename... A>
    auto choice(A&&... a) const {
        return Place(np::random::choice(std::forward<A>(a)...));
    }
    template <typename A>
    Array permutation(const A& x) const {
        return Place(np::random::permutation(x));
    }
    /// In place, where x is.
    void shuffle(const Array& x) const { np::random::shuffle(x); }

private:
    Array Place(const Array& a) const { return xp_.on_device(a); }
    template <typename T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
    static T Place(T v) {
        return v;
    }

    ArrayModule xp_;
};

}  // namespace cuda
}  // namespace cnet
