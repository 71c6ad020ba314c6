// lstm.cc — the LSTM cell entry points: dispatch to the arrays' backend.
#include "cnet/kernels/lstm.h"

#include "kernels/float32_compute.h"

namespace cnet {
namespace kernels {

void LstmForward(const Array& c_prev, const Array& x, const Array& c, const Array& h) {
    DispatchInFloat32<2, 3>(&LstmKernels::forward, "LstmForward", {&c_prev, &x, &c, &h}, c_prev, x, c, h);
}

void LstmBackward(const Array& c_prev, const Array& x, const Array& c, const Array& gc, const Array& gh,
                  const Array& gc_prev, const Array& gx) {
    DispatchInFloat32<5, 6>(&LstmKernels::backward, "LstmBackward", {&c_prev, &x, &c, &gc, &gh, &gc_prev, &gx}, c_prev,
                            x, c, gc, gh, gc_prev, gx);
}

}  // namespace kernels
}  // namespace cnet
