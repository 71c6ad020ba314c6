// transfer.cu — the transfer family on CUDA: copies between the host and a device, or two devices, behind
// Array::to_device (kernels/transfer.h). Ordering (Note [One stream per device] in memory.cu):
//  - host -> device is staged through a pinned block that stays "in flight" (not reusable) until an event
//    recorded after the copy has passed, so an upload does not synchronise;
//  - device -> host synchronises the stream before the host reads;
//  - device -> device synchronises the source stream before and the destination stream after the copy;
//  - a copy larger than kMaxStagedBytes (a whole dataset) is not staged: it copies from or to the pageable
//    memory directly and synchronises, so the pinned pool (which keeps what it allocates) stays small.
#include <cstring>
#include <deque>
#include <mutex>

#include "cnet/cuda/memory_pool.h"
#include "cuda/check.cuh"
#include "cuda/context.cuh"
#include "cuda/copy.cuh"

namespace cnet {
namespace cuda {
namespace {

constexpr int kPinnedHost = -1;  // the pinned pool's "device"

// Pinned staging blocks of host->device copies whose copy may still be running.
struct InFlight {
    void* block;
    size_t nbytes;
    cudaEvent_t done;
    int device;
};

struct Staging {
    std::mutex mutex;
    std::deque<InFlight> in_flight;
    std::deque<std::pair<int, cudaEvent_t>> spare_events;  // (device, event) for reuse
};

Staging& GetStaging() {
    static Staging* s = new Staging;
    return *s;
}

constexpr size_t kMaxInFlight = 16;
constexpr size_t kMaxStagedBytes = size_t{64} << 20;

// An unstaged copy between pageable host memory and `device`, complete when this returns.
void PageableCopy(void* dst, const void* src, size_t nbytes, cudaMemcpyKind kind, int device) {
    DeviceGuard guard(device);
    const cudaStream_t stream = Stream(device);
    CNET_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, kind, stream));
    CountLaunch();
    CNET_CUDA_CHECK(cudaStreamSynchronize(stream));
}

// Whether the copy that recorded `done` has finished (without waiting for it).
bool Finished(cudaEvent_t done) {
    const cudaError_t status = cudaEventQuery(done);
    if (status == cudaErrorNotReady) {
        cudaGetLastError();  // not an error: clear it, or the next launch check would report it
        return false;
    }
    CNET_CUDA_CHECK(status);
    return true;
}

// Returns in-flight blocks to the pinned pool: for `device`'s synchronised stream (`synced`), those whose copies
// have finished (another thread may have queued an upload after the synchronisation: its block stays), else the
// oldest only while more than kMaxInFlight are waiting (waiting on that copy, which was queued long ago). Caller
// holds the staging mutex.
void ReclaimLocked(Staging& s, int device, bool synced) {
    for (auto it = s.in_flight.begin(); it != s.in_flight.end();) {
        const bool must = synced ? it->device == device && Finished(it->done)
                                 : s.in_flight.size() > kMaxInFlight && it == s.in_flight.begin();
        if (!must) {
            ++it;
            continue;
        }
        if (!synced) {
            DeviceGuard guard(it->device);
            CNET_CUDA_CHECK(cudaEventSynchronize(it->done));
        }
        get_default_pinned_memory_pool().free(it->block, it->nbytes, kPinnedHost);
        s.spare_events.emplace_back(it->device, it->done);
        it = s.in_flight.erase(it);
    }
}

cudaEvent_t TakeEventLocked(Staging& s, int device) {
    for (auto it = s.spare_events.begin(); it != s.spare_events.end(); ++it) {
        if (it->first == device) {
            cudaEvent_t e = it->second;
            s.spare_events.erase(it);
            return e;
        }
    }
    cudaEvent_t e = nullptr;
    CNET_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    return e;
}

void HostToDevice(void* dst, int device, const void* src, size_t nbytes) {
    if (nbytes > kMaxStagedBytes) return PageableCopy(dst, src, nbytes, cudaMemcpyHostToDevice, device);
    Staging& s = GetStaging();
    std::lock_guard<std::mutex> lock(s.mutex);
    ReclaimLocked(s, device, false);
    void* block = get_default_pinned_memory_pool().malloc(nbytes, kPinnedHost);
    std::memcpy(block, src, nbytes);
    DeviceGuard guard(device);
    const cudaStream_t stream = Stream(device);
    CNET_CUDA_CHECK(cudaMemcpyAsync(dst, block, nbytes, cudaMemcpyHostToDevice, stream));
    const cudaEvent_t done = TakeEventLocked(s, device);
    CNET_CUDA_CHECK(cudaEventRecord(done, stream));
    s.in_flight.push_back({block, nbytes, done, device});
    CountLaunch();
}

void DeviceToHost(void* dst, const void* src, int device, size_t nbytes) {
    if (nbytes > kMaxStagedBytes) return PageableCopy(dst, src, nbytes, cudaMemcpyDeviceToHost, device);
    void* block = get_default_pinned_memory_pool().malloc(nbytes, kPinnedHost);
    {
        DeviceGuard guard(device);
        const cudaStream_t stream = Stream(device);
        CNET_CUDA_CHECK(cudaMemcpyAsync(block, src, nbytes, cudaMemcpyDeviceToHost, stream));
        CountLaunch();
        CNET_CUDA_CHECK(cudaStreamSynchronize(stream));  // the host reads below
    }
    std::memcpy(dst, block, nbytes);
    get_default_pinned_memory_pool().free(block, nbytes, kPinnedHost);
    Staging& s = GetStaging();
    std::lock_guard<std::mutex> lock(s.mutex);
    ReclaimLocked(s, device, true);  // the stream was synchronised: its earlier uploads are done
}

void DeviceToDevice(void* dst, int dst_device, const void* src, int src_device, size_t nbytes) {
    if (dst_device == src_device) {
        DeviceGuard guard(dst_device);
        CNET_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDeviceToDevice, Stream(dst_device)));
        CountLaunch();
        return;
    }
    Synchronize(src_device);  // src's producers are done
    DeviceGuard guard(dst_device);
    CNET_CUDA_CHECK(cudaMemcpyPeerAsync(dst, dst_device, src, src_device, nbytes, Stream(dst_device)));
    CountLaunch();
    // src may return to its pool (and be rewritten on its own stream) as soon as this returns.
    CNET_CUDA_CHECK(cudaStreamSynchronize(Stream(dst_device)));
}

void CopyBetweenDevices(void* dst, Device dst_device, const void* src, Device src_device, size_t nbytes) {
    if (nbytes == 0) return;
    if (src_device.is_cpu() && dst_device.is_cpu()) {
        std::memcpy(dst, src, nbytes);
    } else if (src_device.is_cpu()) {
        HostToDevice(dst, dst_device.index(), src, nbytes);
    } else if (dst_device.is_cpu()) {
        DeviceToHost(dst, src, src_device.index(), nbytes);
    } else {
        DeviceToDevice(dst, dst_device.index(), src, src_device.index(), nbytes);
    }
}

}  // namespace

void Transfer(const Array& src, const Array& dst) {
    CopyBetweenDevices(dst.raw_data(), dst.device(), src.raw_data(), src.device(), src.nbytes());
}

}  // namespace cuda
}  // namespace cnet
