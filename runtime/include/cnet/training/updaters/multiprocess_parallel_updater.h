// multiprocess_parallel_updater.h — chainer.training.updaters.MultiprocessParallelUpdater: synchronous data
// parallelism with one process per device. The master (the first device) forks one worker per other device;
// every process draws a batch from its own iterator and computes gradients on its own copy of the model; the
// gradients are summed into the master's, the master alone updates, and its parameters go back to the workers.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/py/dict.h"
#include "cnet/training/updaters/standard_updater.h"

namespace cnet {
namespace training {
namespace updaters {

/// The `iterators` argument: one iterator per device, the master's first. Takes a list of any iterator class.
struct MultiprocessIterators {
    template <typename T, std::enable_if_t<std::is_base_of<iterators::Iterator, T>::value, int> = 0>
    MultiprocessIterators(const std::vector<std::shared_ptr<T>>& list)  // NOLINT(runtime/explicit)
        : items(list.begin(), list.end()) {}
    std::vector<std::shared_ptr<iterators::Iterator>> items;
};

/// The `devices` argument: a list of device ids (the master first), a dict with a 'main' key (the master; the
/// other entries follow in the dict's order: a .cnet dict's insertion order, as in Python, or a std::map's key
/// order), or None (rejected as Chainer rejects it). A negative id is the CPU.
struct MultiprocessDevices {
    MultiprocessDevices() = default;
    MultiprocessDevices(std::nullopt_t) {}  // NOLINT(runtime/explicit)
    template <typename I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
    MultiprocessDevices(const std::vector<I>& list)  // NOLINT(runtime/explicit)
        : ids(std::vector<int64_t>(list.begin(), list.end())) {}
    MultiprocessDevices(const std::map<std::string, int64_t>& dict)  // NOLINT(runtime/explicit)
        : MultiprocessDevices(std::vector<std::pair<std::string, int64_t>>(dict.begin(), dict.end())) {}
    MultiprocessDevices(const py::Dict<std::string, int64_t>& dict)  // NOLINT(runtime/explicit)
        : MultiprocessDevices(std::vector<std::pair<std::string, int64_t>>(dict.begin(), dict.end())) {}
    /// A dict's entries in its order.
    explicit MultiprocessDevices(const std::vector<std::pair<std::string, int64_t>>& dict);
    template <typename I>
    MultiprocessDevices(const std::optional<I>& devices) {  // NOLINT(runtime/explicit)
        if (devices) *this = MultiprocessDevices(*devices);
    }
    std::optional<std::vector<int64_t>> ids;
};

/// MultiprocessParallelUpdater(iterators, optimizer, converter=concat_examples, devices=None), Chainer v4's.
///
/// Construction (Chainer's): len(iterators) == len(devices); the optimizer's step is scaled for the n-times
/// larger batch, with Chainer's warning: Adam, AdaGrad and RMSprop get eps *= n, RMSpropGraves and AdaDelta
/// eps *= n**2, any other optimizer with an lr gets lr /= n (so the update from the summed gradients is the one
/// from their mean). The devices are all CPU (negative ids; Chainer refuses them, cnet runs them) or all CUDA
/// devices, each CUDA device once.
///
/// The first update starts the workers (fork) and every update after that is one synchronous step: every
/// process computes `optimizer.target(*converter(iterator.next(), device))` and backpropagates it; the
/// gradients are summed into the master's (a missing gradient counts as zeros), the master's optimizer
/// updates, and the workers take the master's parameters. Only the master's reports reach the trainer (as in
/// Chainer). finalize() (the Trainer calls it, also after an error) ends the workers; a later update starts
/// new ones from the master's state. The transports (Note [Multiprocess transports] in
/// src/training/multiprocess_parallel_updater.cc): CPU devices, the workers' gradients and the master's
/// parameters as messages over Unix socketpairs; CUDA devices, NCCL reduce and broadcast (as Chainer).
/// A worker that fails or dies makes the master's update raise an Error naming it; it never waits forever.
class MultiprocessParallelUpdater : public StandardUpdater {
public:
    MultiprocessParallelUpdater(MultiprocessIterators iterators, std::shared_ptr<Optimizer> optimizer,
                                ConverterArg converter = {}, MultiprocessDevices devices = {});
    ~MultiprocessParallelUpdater() override;
    MultiprocessParallelUpdater(const MultiprocessParallelUpdater&) = delete;
    MultiprocessParallelUpdater& operator=(const MultiprocessParallelUpdater&) = delete;

    /// Chainer's available(): whether NCCL (the CUDA transport) is in this build. CPU devices work without it.
    static bool available();

    void update_core() override;
    /// Ends the workers (they exit when their channel closes) and waits for them, then finalizes the iterators.
    void finalize() override;

    /// The device ids, the master's first.
    const std::vector<int64_t>& devices() const { return devices_; }
    /// The worker processes' ids (empty before the first update and after finalize); a cnet addition.
    std::vector<pid_t> worker_pids() const;

    struct Worker;

private:
    void StartWorkers();
    void UpdateHost();
    void UpdateCuda();
    void StopWorkers() noexcept;

    std::vector<int64_t> devices_;
    std::vector<std::shared_ptr<iterators::Iterator>> iterators_list_;
    bool cuda_ = false;
    bool started_ = false;
    std::vector<std::unique_ptr<Worker>> workers_;
    std::shared_ptr<void> nccl_;  // the master's NCCL communicator (CUDA devices)
};

}  // namespace updaters

using updaters::MultiprocessParallelUpdater;

}  // namespace training
}  // namespace cnet
