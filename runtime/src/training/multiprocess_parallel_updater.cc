// multiprocess_parallel_updater.cc — MultiprocessParallelUpdater, the master's side: construction, starting
// the worker processes, the synchronous step, ending the workers. The workers' side is mpu_worker.cc.
//
// Note [Multiprocess transports]
// The workers are fork()ed by the first update, so each holds a copy of the master's model, iterators and
// converter without any serialization (Chainer's multiprocessing.Process does the same). Each worker talks to
// the master over its own Unix socketpair (mpu_channel.h); each end is held by one process only, so when a
// process exits its peer reads end of file: a dead worker is an error at the master's next receive, a dead
// master ends its workers (they also have PR_SET_PDEATHSIG). The gradients and parameters travel by device:
// - CPU devices (negative ids; Chainer refuses them): the transport is the channel itself. A step is: the
//   master sends every worker its packed parameters (kUpdate), all processes compute their gradients at the
//   same time, every worker sends its packed gradients back (kGrads), the master adds them to its own (in
//   worker order), updates, and the next step's kUpdate carries the new parameters. On the first update the
//   master computes its gradients before forking, so lazily initialized parameters exist in every copy.
//   A worker runs with one CPU thread: libgomp's thread pool does not survive fork (a forked child that asks
//   for more than one OpenMP thread waits for pool threads that only exist in the parent).
// - CUDA devices: NCCL, as in Chainer. The master forks before it touches CUDA (a child cannot use its
//   parent's CUDA context; the constructor refuses a process that already made one, as Chainer does), then
//   sends the workers an NCCL unique id over their channels. A step: kUpdate; every process computes its
//   gradients; every worker reports kReady (or its error) before entering the collectives, so a failure in
//   the forward or backward pass is an error message, not a collective waiting for a missing rank; ncclReduce
//   (sum) to the master, the master's update, ncclBroadcast of its parameters. While a collective runs, each
//   side polls its peers' channels and aborts the NCCL communicator when one closes.
#include "cnet/training/updaters/multiprocess_parallel_updater.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <set>
#include <thread>

#include "chainermn/nccl.h"
#include "cnet/backends/cuda.h"
#include "cnet/core/device.h"
#include "cnet/core/error.h"
#include "cnet/core/float_text.h"
#include "cnet/np/math.h"
#include "cnet/optimizers/ada_delta.h"
#include "cnet/optimizers/ada_grad.h"
#include "cnet/optimizers/adam.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/optimizers/rmsprop.h"
#include "cnet/optimizers/rmsprop_graves.h"
#include "core/cuda_started.h"
#include "training/mpu_channel.h"
#include "training/mpu_pack.h"
#include "training/mpu_worker.h"

namespace cnet {
namespace training {
namespace updaters {

using mpu::Tag;

struct MultiprocessParallelUpdater::Worker {
    int rank = 0;
    int64_t device = -1;
    pid_t pid = -1;
    mpu::Channel channel;
    bool reaped = false;
    int status = 0;  // waitpid's, once reaped
};

namespace {

std::string Describe(const MultiprocessParallelUpdater::Worker& w) {
    return "worker " + std::to_string(w.rank) + " (device " + std::to_string(w.device) + ", pid " +
           std::to_string(w.pid) + ")";
}

std::string ExitText(int status) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return "was killed by signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
    }
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    return "ended with wait status " + std::to_string(status);
}

// Waits for the worker to exit; after `grace` it is killed (a worker the master no longer needs has nothing
// to finish, and the master must not wait without end).
void Reap(MultiprocessParallelUpdater::Worker& w, std::chrono::milliseconds grace) noexcept {
    if (w.reaped || w.pid <= 0) return;
    const auto deadline = std::chrono::steady_clock::now() + grace;
    for (;;) {
        const pid_t r = waitpid(w.pid, &w.status, WNOHANG);
        if (r == w.pid || (r < 0 && errno != EINTR)) break;
        if (std::chrono::steady_clock::now() >= deadline) {
            kill(w.pid, SIGKILL);
            while (waitpid(w.pid, &w.status, 0) < 0 && errno == EINTR) {
            }
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    w.reaped = true;
}

// The channel is closed by the worker's exit: say how it ended.
[[noreturn]] void Died(MultiprocessParallelUpdater::Worker& w) {
    Reap(w, std::chrono::seconds(5));
    throw Error("MultiprocessParallelUpdater: " + Describe(w) + " " + ExitText(w.status) +
                " during the update");
}

void Send(MultiprocessParallelUpdater::Worker& w, Tag tag, const std::string& head, const Array* body = nullptr) {
    try {
        w.channel.Send(tag, head, body);
    } catch (const mpu::PeerGone&) {
        Died(w);
    }
}

mpu::Message Receive(MultiprocessParallelUpdater::Worker& w, Tag expected) {
    mpu::Message m;
    try {
        m = w.channel.Recv();
    } catch (const mpu::PeerGone&) {
        Died(w);
    }
    if (m.tag == Tag::kError) throw Error("MultiprocessParallelUpdater: " + Describe(w) + " failed: " + m.head);
    if (m.tag != expected) {
        throw Error(std::string("MultiprocessParallelUpdater: ") + Describe(w) + " sent '" + mpu::TagName(m.tag) +
                    "' where '" + mpu::TagName(expected) + "' was expected");
    }
    return m;
}

void CheckLayout(const MultiprocessParallelUpdater::Worker& w, const std::string& theirs, const std::string& mine) {
    if (theirs == mine) return;
    throw Error("MultiprocessParallelUpdater: the parameters of " + Describe(w) + " (" + theirs +
                ") differ from the master's (" + mine + ")");
}

std::shared_ptr<iterators::Iterator> MainIterator(const MultiprocessIterators& iterators,
                                                  const MultiprocessDevices& devices,
                                                  const std::shared_ptr<Optimizer>& optimizer) {
    CNET_CHECK_AS(ValueError, devices.ids.has_value(),
                  "devices argument should be either dict, list or tuple, but None was given.");
    CNET_CHECK_AS(ValueError, !devices.ids->empty(), "MultiprocessParallelUpdater: devices is empty");
    CNET_CHECK_AS(ValueError, iterators.items.size() == devices.ids->size(), "MultiprocessParallelUpdater: ",
                  iterators.items.size(), " iterators for ", devices.ids->size(),
                  " devices (one iterator per device)");
    for (size_t i = 0; i < iterators.items.size(); ++i)
        CNET_CHECK_AS(ValueError, iterators.items[i] != nullptr, "MultiprocessParallelUpdater: iterator ", i,
                      " is None");
    CNET_CHECK_AS(ValueError, optimizer != nullptr && optimizer->target != nullptr,
                  "MultiprocessParallelUpdater: the optimizer has no target (call setup)");
    return iterators.items.front();
}

void Warn(const std::string& attr, double value) {
    std::cerr << "UserWarning: optimizer." << attr << " is changed to " << ShortestFloatText(value)
              << " by MultiprocessParallelUpdater for new batch size.\n";
}

template <typename... T>
bool IsAny(const Optimizer& optimizer) {
    return ((dynamic_cast<const T*>(&optimizer) != nullptr) || ...);
}

// Chainer's correction for the n-times larger batch: the workers' gradients are summed, not averaged.
void ScaleForBatch(Optimizer& optimizer, size_t n) {
    const double k = static_cast<double>(n);
    using namespace optimizers;  // NOLINT(build/namespaces)
    if (IsAny<Adam, AdaGrad, RMSprop>(optimizer)) {
        optimizer.set_hyperparam("eps", optimizer.get_hyperparam("eps") * k);
        Warn("eps", optimizer.get_hyperparam("eps"));
    } else if (IsAny<RMSpropGraves, AdaDelta>(optimizer)) {
        optimizer.set_hyperparam("eps", optimizer.get_hyperparam("eps") * k * k);  // not quite right for AdaDelta
        Warn("eps", optimizer.get_hyperparam("eps"));
    } else if (optimizer.has_hyperparam("lr")) {
        optimizer.set_hyperparam("lr", optimizer.get_hyperparam("lr") / k);
        Warn("lr", optimizer.get_hyperparam("lr"));
    }
}

}  // namespace

MultiprocessDevices::MultiprocessDevices(const std::vector<std::pair<std::string, int64_t>>& dict) {
    auto main = std::find_if(dict.begin(), dict.end(), [](const auto& entry) { return entry.first == "main"; });
    CNET_CHECK_AS(ValueError, main != dict.end(), "KeyError: 'main' (devices must have a 'main' key)");
    ids.emplace(std::vector<int64_t>{main->second});
    for (const auto& [name, id] : dict)
        if (name != "main") ids->push_back(id);
}

bool MultiprocessParallelUpdater::available() { return chainermn::nccl::Available(); }

MultiprocessParallelUpdater::MultiprocessParallelUpdater(MultiprocessIterators iterators,
                                                         std::shared_ptr<Optimizer> optimizer,
                                                         ConverterArg converter_, MultiprocessDevices devices)
    : StandardUpdater(MainIterator(iterators, devices, optimizer), optimizer, std::move(converter_)),
      devices_(*devices.ids),
      iterators_list_(std::move(iterators.items)) {
    const bool any_cuda = std::any_of(devices_.begin(), devices_.end(), [](int64_t d) { return d >= 0; });
    const bool any_cpu = std::any_of(devices_.begin(), devices_.end(), [](int64_t d) { return d < 0; });
    CNET_CHECK_AS(ValueError, !(any_cuda && any_cpu),
                  "MultiprocessParallelUpdater: the devices must be all CPU (negative ids) or all CUDA devices");
    cuda_ = any_cuda;
    if (cuda_) {
        std::set<int64_t> unique(devices_.begin(), devices_.end());
        CNET_CHECK_AS(ValueError, unique.size() == devices_.size(),
                      "MultiprocessParallelUpdater: a CUDA device is listed twice (NCCL takes one process per device)");
        CNET_CHECK(available(),
                   "NCCL is not enabled. MultiprocessParallelUpdater requires NCCL for CUDA devices (cnet was built "
                   "without the CUDA backend or without NCCL); CPU devices (negative ids) work without it.");
        CNET_CHECK(!CudaStarted(),
                   "The CUDA context has been already initialized. MultiprocessParallelUpdater assumes the context "
                   "is uninitialized. Please do not call CUDA API before MultiprocessParallelUpdater creates "
                   "processes.");
    }
    ScaleForBatch(*optimizer, devices_.size());
}

MultiprocessParallelUpdater::~MultiprocessParallelUpdater() { StopWorkers(); }

std::vector<pid_t> MultiprocessParallelUpdater::worker_pids() const {
    std::vector<pid_t> pids;
    for (const auto& w : workers_) pids.push_back(w->pid);
    return pids;
}

void MultiprocessParallelUpdater::StartWorkers() {
    const int n = static_cast<int>(devices_.size());
    std::vector<std::array<int, 2>> pairs;
    auto close_pairs = [&pairs](size_t from) {
        for (size_t j = from; j < pairs.size(); ++j) {
            close(pairs[j][0]);
            close(pairs[j][1]);
        }
    };
    for (int i = 1; i < n; ++i) {
        int fds[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
            const int err = errno;
            close_pairs(0);
            throw Error(std::string("MultiprocessParallelUpdater: socketpair failed: ") + std::strerror(err));
        }
        pairs.push_back({fds[0], fds[1]});
    }
    // Nothing the master has buffered may be written again by a worker (they _exit without flushing, but a
    // worker that prints flushes its buffer at the end).
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t master = getpid();
    std::shared_ptr<Link> model = get_optimizer("main")->target;
    for (int i = 1; i < n; ++i) {
        const pid_t pid = fork();
        if (pid == 0) {
            for (size_t j = 0; j < pairs.size(); ++j) {
                close(pairs[j][0]);
                if (j != static_cast<size_t>(i - 1)) close(pairs[j][1]);
            }
            mpu::WorkerSpec spec;
            spec.rank = i;
            spec.size = n;
            spec.device = devices_[i];
            spec.cuda = cuda_;
            spec.model = model;
            spec.iterator = iterators_list_[i];
            spec.converter = converter;
            spec.fd = pairs[i - 1][1];
            spec.master = master;
            mpu::RunWorker(spec);
        }
        if (pid < 0) {
            const int err = errno;
            close_pairs(static_cast<size_t>(i - 1));
            for (size_t j = 0; j + 1 < static_cast<size_t>(i); ++j) close(pairs[j][1]);
            StopWorkers();
            throw Error(std::string("MultiprocessParallelUpdater: fork failed: ") + std::strerror(err));
        }
        auto w = std::make_unique<Worker>();
        w->rank = i;
        w->device = devices_[i];
        w->pid = pid;
        w->channel.Adopt(pairs[i - 1][0]);
        workers_.push_back(std::move(w));
    }
    for (const auto& pair : pairs) close(pair[1]);  // the workers' ends live in the workers only
    started_ = true;
}

void MultiprocessParallelUpdater::StopWorkers() noexcept {
    for (auto& w : workers_) w->channel.Close();  // a worker waiting for a message reads end of file and exits
    for (auto& w : workers_) Reap(*w, std::chrono::seconds(1));
    workers_.clear();
    nccl_.reset();
    started_ = false;
}

void MultiprocessParallelUpdater::finalize() {
    StopWorkers();
    StandardUpdater::finalize();
    for (size_t i = 1; i < iterators_list_.size(); ++i) iterators_list_[i]->finalize();
}

void MultiprocessParallelUpdater::update_core() {
    try {
        if (cuda_)
            UpdateCuda();
        else
            UpdateHost();
        new_epoch_if_due();
    } catch (...) {
        // The workers may be anywhere in the step: end them, so that a later update starts again from the
        // master's state instead of reading their stale messages.
        StopWorkers();
        throw;
    }
}

void MultiprocessParallelUpdater::UpdateHost() {
    std::shared_ptr<Optimizer> optimizer = get_optimizer("main");
    Link& model = *optimizer->target;
    auto send_params = [&] {
        const std::vector<Parameter> params = mpu::Params(model);
        const Array packed = mpu::PackData(params, Device::Cpu());
        const std::string layout = mpu::Layout(params);
        for (auto& w : workers_) Send(*w, Tag::kUpdate, layout, &packed);
    };
    const bool started = started_;
    if (started) send_params();  // the workers compute while the master does
    mpu::ComputeGrads(model, *get_iterator("main"), converter, devices_[0], "the master");
    if (!started) {
        StartWorkers();  // after the master's pass: lazily initialized parameters exist in every copy
        send_params();
    }
    const std::vector<Parameter> params = mpu::Params(model);
    mpu::FillMissingGrads(params);
    const std::string layout = mpu::Layout(params);
    Array sum = mpu::PackGrads(params, Device::Cpu());
    for (auto& w : workers_) {
        mpu::Message m = Receive(*w, Tag::kGrads);
        if (m.head != layout) w->channel.SkipBody(m);
        CheckLayout(*w, m.head, layout);
        Array part = Array::Empty(sum.shape(), sum.dtype());
        w->channel.ReadBody(m, part);
        sum += part;
    }
    mpu::UnpackGrads(sum, params);
    optimizer->update();
}

void MultiprocessParallelUpdater::UpdateCuda() {
    std::shared_ptr<Optimizer> optimizer = get_optimizer("main");
    Link& model = *optimizer->target;
    const Device device = Device::Cuda(static_cast<int>(devices_[0]));
    if (!started_) {
        // Workers stopped (finalize, an error) cannot be forked again: this process has a CUDA context now.
        CNET_CHECK(!CudaStarted() || devices_.size() <= 1,
                   "MultiprocessParallelUpdater: its worker processes cannot be started again once this process has "
                   "used CUDA (after finalize() or a failed update, make a new updater in a new process)");
        StartWorkers();  // before this process makes a CUDA context: a forked child could not use it
        RequireDevice(device);
        cuda::get_device_from_id(static_cast<int>(devices_[0])).use();  // the master's current device
        model.to_device(device);
        if (!workers_.empty()) {
            for (auto& w : workers_) Receive(*w, Tag::kReady);  // each has its device (or said why not)
            const std::string id = chainermn::nccl::UniqueId();
            for (auto& w : workers_) Send(*w, Tag::kNcclId, id);
            nccl_ = chainermn::nccl::CreateFromId(id, static_cast<int>(devices_.size()), 0, device.index());
        }
    }
    for (auto& w : workers_) Send(*w, Tag::kUpdate, "");
    mpu::ComputeGrads(model, *get_iterator("main"), converter, devices_[0], "the master");
    if (workers_.empty()) {
        optimizer->update();
        return;
    }
    const std::vector<Parameter> params = mpu::Params(model);
    mpu::FillMissingGrads(params);
    const std::string layout = mpu::Layout(params);
    for (auto& w : workers_) CheckLayout(*w, Receive(*w, Tag::kReady).head, layout);

    auto& comm = *std::static_pointer_cast<chainermn::nccl::Comm>(nccl_);
    Worker* gone = nullptr;
    auto wait = [&] {
        try {
            chainermn::nccl::Wait(comm, [&] {
                for (auto& w : workers_) {
                    if (w->channel.PeerClosed()) {
                        gone = w.get();
                        return false;
                    }
                }
                return true;
            });
        } catch (const CudaError&) {
            if (gone != nullptr) Died(*gone);
            throw;
        }
    };
    Array grads = mpu::PackGrads(params, device);
    chainermn::nccl::ReduceSum(comm, grads, 0);
    wait();
    mpu::UnpackGrads(grads, params);
    optimizer->update();
    Array data = mpu::PackData(params, device);
    chainermn::nccl::Bcast(comm, data, 0);
    wait();
}

}  // namespace updaters
}  // namespace training
}  // namespace cnet
