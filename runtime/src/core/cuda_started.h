// cuda_started.h — whether this process has started the CUDA backend (internal; defined in device.cc).
#pragma once

namespace cnet {

/// Whether this process has started the CUDA backend on some device (made a CUDA context). A process forked
/// after that cannot use CUDA (MultiprocessParallelUpdater checks it, as Chainer does).
bool CudaStarted();

}  // namespace cnet
