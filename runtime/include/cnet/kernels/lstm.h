// lstm.h — fused LSTM cell kernels (chainer.functions.lstm): the gate activations, the cell update and
// the output in one pass, and the matching gradient in one pass.
#pragma once

#include "cnet/core/array.h"
#include "cnet/kernels/dispatch.h"

namespace cnet {
namespace kernels {

// Shapes (all contiguous, one float dtype; R = product of the trailing dims, 1 for 2-D inputs):
//   c_prev (Bc, C, R)   x (B, 4C, R) read as (B, C, 4, R) with gates (a, i, f, o) per unit (Chainer's
//   interleaved layout)   c (Bc, C, R)   h (B, C, R),   B <= Bc.
// Rows B.. of c are copies of c_prev (the shrinking-batch rule of F.lstm).

/// a = tanh(a_), i = sigmoid(i_), f = sigmoid(f_), o = sigmoid(o_); c = a i + f c_prev; h = o tanh(c).
void LstmForward(const Array& c_prev, const Array& x, const Array& c, const Array& h);

/// Gradients of LstmForward from gc (like c, or undefined for zero) and gh (like h, or undefined):
///   gc_total = gc + gh o (1 - tanh(c)^2)
///   ga = gc_total i (1 - a^2)   gi = gc_total a i (1 - i)   gf = gc_total c_prev f (1 - f)
///   go = gh tanh(c) o (1 - o)   gc_prev = gc_total f  (rows B.. of gc_prev are gc's)
/// gc_prev is (Bc, C, R), gx is (B, 4C, R).
void LstmBackward(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                  const Array& gc_prev, const Array& gx);

/// The backend table of this family (Note [Device seam] in cnet/kernels/dispatch.h).
struct LstmKernels {
    static constexpr const char* kFamily = "lstm";
    void (*forward)(const Array& c_prev, const Array& x, const Array& c, const Array& h) = nullptr;
    void (*backward)(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                     const Array& gc_prev, const Array& gx) = nullptr;
};

template <>
const LstmKernels& NativeKernels<LstmKernels>();

}  // namespace kernels
}  // namespace cnet
