// float32_compute.h — float16 on the CPU: run a kernel's float32 code on float32 copies of its float16 arrays and
// store its outputs back rounded to float16 (Note [float16 on the CPU]).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace native {

// Note [float16 on the CPU]
// ~~~~~~~~~~~~~~~~~~~~~~~~~
// float16 is a storage dtype on the CPU: no kernel has float16 arithmetic (CNET_DISPATCH_FLOAT takes float32 and
// float64). A kernel given float16 arrays computes in float32 instead: each float16 array it reads becomes a
// float32 copy, each it writes a float32 copy that is stored back, rounded to float16, when the kernel returns.
// Arrays of other dtypes (int64 labels and indexes, float32 operands) are passed as they are. Results and
// gradients keep the dtype Chainer gives (float16 in, float16 out) and are the float32 results rounded once,
// which is at least as accurate as NumPy's float16 ufuncs (they round every intermediate).
// The CPU tables list such kernels as InFloat32<&Kernel, output argument indexes...>; a kernel whose arrays do
// not fit that form (the optimizer's state list) uses Float32Copies directly. The np layer does the same for
// its elementwise math (np/math.cc ComputeDtype), the losses for theirs (loss_internal ComputeArray), and kernels
// compiled from .cnet (fused expressions) for a placeholder bound to float16 (user_kernels/call.cc LoopDtype).

/// Whether `a` is a defined float16 array.
inline bool IsFloat16(const Array& a) { return a.defined() && a.dtype() == Dtype::kFloat16; }

/// The float32 working copies of one float16 kernel call.
class Float32Copies {
 public:
    /// `a` itself unless it is float16; then a float32 copy.
    static Array In(const Array& a) { return IsFloat16(a) ? a.astype(Dtype::kFloat32) : a; }
    /// In(a); a float32 copy is stored back into `a` by StoreBack.
    Array Out(const Array& a) {
        if (!IsFloat16(a)) return a;
        outputs_.emplace_back(a, a.astype(Dtype::kFloat32));
        return outputs_.back().second;
    }
    /// Writes each output copy back into its float16 array.
    void StoreBack() {
        for (auto& [half, single] : outputs_) Array(half).assign(single);
        outputs_.clear();
    }

 private:
    std::vector<std::pair<Array, Array>> outputs_;
};

namespace internal {

template <typename A>
bool IsFloat16(const A&) {
    return false;
}

// The argument as the float32 kernel sees it: Array arguments through `copies`, others unchanged.
using native::IsFloat16;

template <bool kOut>
Array Convert(Float32Copies& copies, const Array& a) {
    if constexpr (kOut) return copies.Out(a);
    return Float32Copies::In(a);
}
template <bool kOut, typename A, typename = std::enable_if_t<!std::is_same_v<std::decay_t<A>, Array>>>
A&& Convert(Float32Copies&, A&& a) {
    return std::forward<A>(a);
}

template <size_t I, size_t... kOutputs>
constexpr bool kIsOutput = ((I == kOutputs) || ...);

template <auto Kernel, typename Signature, size_t... kOutputs>
struct Float32Call;

template <auto Kernel, typename R, typename... Args, size_t... kOutputs>
struct Float32Call<Kernel, R (*)(Args...), kOutputs...> {
    static R Run(Args... args) {
        if (!(IsFloat16(args) || ...)) return Kernel(std::forward<Args>(args)...);
        return RunCopies(std::index_sequence_for<Args...>{}, std::forward<Args>(args)...);
    }

    template <size_t... I>
    static R RunCopies(std::index_sequence<I...>, Args... args) {
        Float32Copies copies;
        if constexpr (std::is_void_v<R>) {
            Kernel(Convert<kIsOutput<I, kOutputs...>>(copies, std::forward<Args>(args))...);
            copies.StoreBack();
        } else {
            R r = Kernel(Convert<kIsOutput<I, kOutputs...>>(copies, std::forward<Args>(args))...);
            copies.StoreBack();
            return r;
        }
    }
};

}  // namespace internal

/// Kernel with the same signature, computing float16 arrays in float32; `kOutputs` are the indexes of the
/// arguments it writes (See Note [float16 on the CPU]).
template <auto Kernel, size_t... kOutputs>
constexpr auto InFloat32 = &internal::Float32Call<Kernel, decltype(Kernel), kOutputs...>::Run;

}  // namespace native
}  // namespace cnet
