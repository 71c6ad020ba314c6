// float32_compute.h — float16 in the kernels: run a kernel's float32 code on float32 copies of its float16 arrays
// and store its outputs back rounded to float16 (Note [float16 in the kernels]).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

// Note [float16 in the kernels]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// float16 is a storage dtype for the kernel families: no backend has float16 arithmetic in its activation,
// convolution, pooling, normalization, LSTM, loss, GEMM, embedding, dropout or optimizer kernels (they take float32
// and float64). An entry point given float16 arrays computes in float32 instead, on every device: each float16
// array the kernel reads becomes a float32 copy, each it writes a float32 copy that is stored back, rounded to
// float16, when the kernel returns. Arrays of other dtypes (int64 labels and indexes, float32 operands) are passed
// as they are. Results and gradients keep the dtype Chainer gives (float16 in, float16 out) and are the float32
// results rounded once, which is at least as accurate as NumPy's float16 ufuncs (they round every intermediate).
// The entry points call such kernels through DispatchInFloat32<output argument indexes...>; Update, whose state
// list does not fit that form, uses Float32Copies directly. The np layer does the same for its elementwise math
// (np/math.cc ComputeDtype), the losses for theirs (loss_internal ComputeArray), and kernels compiled from .cnet
// (fused expressions) for a placeholder bound to float16 (user_kernels/call.cc LoopDtype).

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
using kernels::IsFloat16;

// The argument as the float32 kernel sees it: Array arguments through `copies`, others unchanged.
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

template <size_t... kOutputs, typename Call, size_t... I, typename... Args>
decltype(auto) CallOnCopies(const Call& call, std::index_sequence<I...>, Args&&... args) {
    Float32Copies copies;
    if constexpr (std::is_void_v<decltype(call(std::forward<Args>(args)...))>) {
        call(Convert<kIsOutput<I, kOutputs...>>(copies, std::forward<Args>(args))...);
        copies.StoreBack();
    } else {
        auto r = call(Convert<kIsOutput<I, kOutputs...>>(copies, std::forward<Args>(args))...);
        copies.StoreBack();
        return r;
    }
}

}  // namespace internal

/// Dispatch (dispatch.h) computing float16 arrays in float32; `kOutputs` are the indexes of the arguments the
/// kernel writes (Note [float16 in the kernels]).
template <size_t... kOutputs, typename Table, typename Fn, typename... Args>
decltype(auto) DispatchInFloat32(Fn Table::*entry, const char* kernel, std::initializer_list<const Array*> arrays,
                                 Args&&... args) {
    const Device device = CommonDevice<Table>(kernel, arrays);
    const auto call = [&](auto&&... a) -> decltype(auto) {
        return CallKernel(entry, kernel, device, std::forward<decltype(a)>(a)...);
    };
    if (!(internal::IsFloat16(args) || ...)) return call(std::forward<Args>(args)...);
    return internal::CallOnCopies<kOutputs...>(call, std::index_sequence_for<Args...>{}, std::forward<Args>(args)...);
}

}  // namespace kernels
}  // namespace cnet
