// mpu_channel.h — MultiprocessParallelUpdater's channel between the master and one worker process (internal):
// framed messages over one end of a Unix socketpair. Each end is held by one process only, so a peer that has
// exited (or closed its end) shows up as end of file or a broken pipe: PeerGone, never a wait.
#pragma once

#include <cstdint>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/error.h"

namespace cnet {
namespace training {
namespace mpu {

enum class Tag : uint32_t {
    kUpdate = 1,  // master -> worker: take these parameters (head: layout, body: packed), run one step
    kGrads,       // worker -> master: this step's gradients (head: layout, body: packed)
    kReady,       // worker -> master (CUDA): device set up / gradients ready for the NCCL reduce (head: layout)
    kNcclId,      // master -> worker (CUDA): the NCCL unique id (head)
    kError,       // worker -> master: the step failed (head: the message)
};
const char* TagName(Tag tag);

/// The other end is gone (end of file, EPIPE, ECONNRESET).
class PeerGone : public Error {
public:
    using Error::Error;
};

/// A received message: its tag and head; a body of `body_bytes` follows and must be read (ReadBody) or
/// dropped (SkipBody) before the next Recv.
struct Message {
    Tag tag = Tag::kError;
    std::string head;
    uint64_t body_bytes = 0;
};

class Channel {
public:
    Channel() = default;
    explicit Channel(int fd) : fd_(fd) {}
    ~Channel() { Close(); }
    Channel(const Channel&) = delete;
    Channel& operator=(const Channel&) = delete;

    int fd() const { return fd_; }
    bool open() const { return fd_ >= 0; }
    void Close() noexcept;
    /// Takes over `fd` (closing the one held before).
    void Adopt(int fd) noexcept {
        Close();
        fd_ = fd;
    }

    /// Sends tag, head and (when given) the bytes of a contiguous CPU array.
    void Send(Tag tag, const std::string& head, const Array* body = nullptr);
    Message Recv();
    /// Reads the pending body into `into` (a contiguous CPU array of exactly body_bytes bytes).
    void ReadBody(const Message& message, const Array& into);
    void SkipBody(const Message& message);
    /// Whether the other end has been closed (its process exited), without reading or waiting.
    bool PeerClosed() const;

private:
    void WriteAll(const void* data, size_t size);
    void ReadAll(void* data, size_t size);
    int fd_ = -1;
};

}  // namespace mpu
}  // namespace training
}  // namespace cnet
