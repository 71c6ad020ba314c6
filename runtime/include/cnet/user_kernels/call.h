// call.h — calling kernels compiled from .cnet snippets with CuPy's rules: cuda.elementwise /
// cupy.ElementwiseKernel and cuda.reduce / cupy.ReductionKernel objects (what cnetc generates for them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/axis.h"
#include "cnet/kernels/user_kernel.h"

namespace cnet {
namespace user_kernels {

// Note [User kernels]
// ~~~~~~~~~~~~~~~~~~~
// cnetc parses and type-checks a kernel's strings at compile time (compiler/kernel/) and generates, per kernel,
// a CPU loop (and, under nvcc, a CUDA launcher) templated on its type placeholders, instantiated for int32,
// int64, float32 and float64, plus a `Spec` of its parameters. At a call, this layer applies CuPy's rules:
// placeholders are bound from the output arguments first, then the input arrays, then (still unbound) Python
// scalars (int -> int64, float -> float64); a placeholder bound twice differently is CuPy's "Type is
// mismatched"; fixed-type parameters cast their array; non-raw arrays broadcast together; outputs are allocated
// unless passed after the inputs; `raw` arrays are passed whole (indexed with i and _ind.size()); `size=` is
// required exactly when every argument is raw. Operands that are not contiguous in the broadcast shape are
// copied first so the generated loop is flat (vectorizable). The loop then runs on the arrays' device through
// the user_kernel family (kernels/user_kernel.h): element memory is touched only by the generated backend code.

/// One kernel parameter: `raw float32 x` -> {"x", "float32", true}; a one-letter type is a placeholder.
struct Param {
    const char* name;
    const char* type;
    bool raw = false;
};

struct Spec {
    const char* name;
    std::vector<Param> in;
    std::vector<Param> out;
};

/// An argument of a kernel call: an array or a Python scalar.
class Arg {
public:
    Arg(const Array& a) : array_(a) {}  // NOLINT(google-explicit-constructor)
    template <typename T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
    Arg(T v) : scalar_(v) {}  // NOLINT(google-explicit-constructor)
    bool is_array() const { return array_.defined(); }
    const Array& array() const { return array_; }
    /// A Python scalar; natural_dtype() is what it binds an unbound placeholder to.
    const Scalar& scalar() const { return scalar_; }

private:
    Array array_;
    Scalar scalar_;
};

/// Calls f(tag) with a value of the C++ type of `d` (generated code binds a type placeholder this way).
template <typename F>
void DispatchDtype(Dtype d, F&& f) {
    switch (d) {
        case Dtype::kInt32: return f(int32_t{});
        case Dtype::kInt64: return f(int64_t{});
        case Dtype::kFloat32: return f(float{});
        case Dtype::kFloat64: return f(double{});
        default: throw DtypeError(std::string("user kernels are compiled for int32, int64, float32 and float64, not ") + DtypeName(d));
    }
}

/// The output of a one-output kernel (a call may also be a statement: `kernel(x, y, out)`).
inline Array First(const std::vector<Array>& v) { return v[0]; }

/// The outputs of a kernel with N outputs as a tuple (`gx, gy = kernel(x, y, gw)`).
template <std::size_t... K>
auto AsTupleImpl(const std::vector<Array>& v, std::index_sequence<K...>) {
    return std::make_tuple(v[K]...);
}
template <std::size_t N>
auto AsTuple(const std::vector<Array>& v) {
    return AsTupleImpl(v, std::make_index_sequence<N>{});
}

/// kernel(*args, size=None): outputs in the order of spec.out.
std::vector<Array> Elementwise(const Spec& spec, const kernels::UserKernelCode& code, const std::vector<Arg>& args,
                               std::optional<int64_t> size = std::nullopt);

/// kernel(*args, axis=None, keepdims=False) of a ReductionKernel: inputs broadcast together, then the axes
/// (all when None) are reduced.
std::vector<Array> Reduction(const Spec& spec, const kernels::UserKernelCode& code, const std::vector<Arg>& args,
                             const OptionalAxis& axis = {}, bool keepdims = false);

}  // namespace user_kernels
}  // namespace cnet
