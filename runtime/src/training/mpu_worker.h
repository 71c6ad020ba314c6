// mpu_worker.h — the two sides of one MultiprocessParallelUpdater step that run in every process (internal):
// the gradient computation, and a worker process's loop.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>

#include "cnet/iterators/iterator.h"
#include "cnet/links/link.h"
#include "cnet/training/converter.h"

namespace cnet {
namespace training {
namespace mpu {

/// Chainer's step: cleargrads, batch = iterator.next(), loss = model(*converter(batch, device)), cleargrads,
/// loss.backward(). `who` names the process in the StopIteration error.
void ComputeGrads(Link& model, iterators::Iterator& iterator, const ConverterArg& converter, int64_t device,
                  const char* who);

struct WorkerSpec {
    int rank = 0;  // 1 .. size-1 (the master is 0)
    int size = 1;
    int64_t device = -1;
    bool cuda = false;
    std::shared_ptr<Link> model;
    std::shared_ptr<iterators::Iterator> iterator;
    ConverterArg converter;
    int fd = -1;  // this worker's end of its channel
    pid_t master = 0;
};

/// The body of a forked worker: serves the master's messages until its channel closes, then exits the process
/// (_exit: the master's state copied by fork is never unwound or flushed twice). A failure is sent to the
/// master as an error message before exiting with status 1.
[[noreturn]] void RunWorker(const WorkerSpec& spec);

}  // namespace mpu
}  // namespace training
}  // namespace cnet
