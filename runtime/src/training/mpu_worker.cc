// mpu_worker.cc — the processes' side of MultiprocessParallelUpdater (Note [Multiprocess transports] in
// multiprocess_parallel_updater.cc): the gradient computation every process runs, and the worker's loop.
#include "training/mpu_worker.h"

#include <omp.h>
#include <signal.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "chainermn/nccl.h"
#include "cnet/backends/cuda.h"
#include "cnet/core/device.h"
#include "cnet/core/error.h"
#include "cnet/core/threading.h"
#include "training/mpu_channel.h"
#include "training/mpu_pack.h"

namespace cnet {
namespace training {
namespace mpu {
namespace {

Message Expect(Channel& channel, Tag tag) {
    Message m = channel.Recv();
    CNET_CHECK(m.tag == tag, "the master sent '", TagName(m.tag), "' where '", TagName(tag), "' was expected");
    return m;
}

std::vector<Parameter> GradParams(Link& model) {
    std::vector<Parameter> params = Params(model);
    FillMissingGrads(params);
    return params;
}

// CPU devices: the parameters and gradients travel over the channel.
void ServeHost(const WorkerSpec& spec, Channel& channel, const std::string& who) {
    for (;;) {
        Message m = Expect(channel, Tag::kUpdate);
        std::vector<Parameter> params = Params(*spec.model);
        const std::string layout = Layout(params);
        CNET_CHECK(m.head == layout, "the master's parameters (", m.head, ") differ from this worker's (", layout, ")");
        // An array of the right size and dtype, overwritten by the message.
        Array packed = PackData(params, Device::Cpu());
        channel.ReadBody(m, packed);
        UnpackData(packed, params);

        ComputeGrads(*spec.model, *spec.iterator, spec.converter, spec.device, who.c_str());
        params = GradParams(*spec.model);
        const Array grads = PackGrads(params, Device::Cpu());
        channel.Send(Tag::kGrads, Layout(params), &grads);
    }
}

// CUDA devices: NCCL reduces the gradients to the master and broadcasts its parameters.
void ServeCuda(const WorkerSpec& spec, Channel& channel, const std::string& who) {
    const Device device = Device::Cuda(static_cast<int>(spec.device));
    RequireDevice(device);
    cuda::get_device_from_id(static_cast<int>(spec.device)).use();  // the worker's current device, as Chainer's
    spec.model->to_device(device);
    channel.Send(Tag::kReady, "");
    const Message id = Expect(channel, Tag::kNcclId);
    chainermn::nccl::CommPtr comm = chainermn::nccl::CreateFromId(id.head, spec.size, spec.rank, device.index());
    auto master_alive = [&channel] { return !channel.PeerClosed(); };
    for (;;) {
        Expect(channel, Tag::kUpdate);
        ComputeGrads(*spec.model, *spec.iterator, spec.converter, spec.device, who.c_str());
        const std::vector<Parameter> params = GradParams(*spec.model);
        Array grads = PackGrads(params, device);
        channel.Send(Tag::kReady, Layout(params));  // only now the collectives: every failure so far is a message
        chainermn::nccl::ReduceSum(*comm, grads, 0);
        chainermn::nccl::Wait(*comm, master_alive);
        spec.model->cleargrads();  // Chainer's worker frees them here
        Array data = PackData(params, device);
        chainermn::nccl::Bcast(*comm, data, 0);
        chainermn::nccl::Wait(*comm, master_alive);
        UnpackData(data, params);
    }
}

}  // namespace

void ComputeGrads(Link& model, iterators::Iterator& iterator, const ConverterArg& converter, int64_t device,
                  const char* who) {
    model.cleargrads();
    const iterators::Batch batch = iterator.next();
    CNET_CHECK(!batch.empty(), "StopIteration: the iterator of ", who,
               " of MultiprocessParallelUpdater is exhausted (use repeat=True)");
    std::vector<Variable> inputs;
    for (const Array& a : converter(batch, device >= 0 ? std::optional<int>(static_cast<int>(device)) : std::nullopt))
        inputs.push_back(as_variable(a));
    const Variable loss = model.call(inputs);
    model.cleargrads();
    loss.backward();
}

void RunWorker(const WorkerSpec& spec) {
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // the master's death ends this process even if it is busy
#endif
    if (getppid() != spec.master) _exit(1);  // the master died before prctl
    // One CPU thread: libgomp's pool threads stayed in the parent (Note [Multiprocess transports]).
    SetNumThreads(1);
    omp_set_num_threads(1);
    Channel channel(spec.fd);
    const std::string who = "worker " + std::to_string(spec.rank);
    int status = 0;
    try {
        if (spec.cuda)
            ServeCuda(spec, channel, who);
        else
            ServeHost(spec, channel, who);
    } catch (const PeerGone&) {
        // The master closed the channel: training ended (or failed there). Nothing to report.
    } catch (const std::exception& e) {
        status = 1;
        try {
            channel.Send(Tag::kError, e.what());
        } catch (...) {  // the master is gone too
        }
    } catch (...) {
        status = 1;
        try {
            channel.Send(Tag::kError, "an exception that is not a std::exception");
        } catch (...) {
        }
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    _exit(status);
}

}  // namespace mpu
}  // namespace training
}  // namespace cnet
