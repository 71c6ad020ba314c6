// mpu_channel.cc — framed messages over a Unix socketpair (see mpu_channel.h). Frame: tag (u32), head length
// (u64), body length (u64), head bytes, body bytes. send(MSG_NOSIGNAL): a closed peer is EPIPE, not SIGPIPE.
#include "training/mpu_channel.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstring>
#include <vector>

namespace cnet {
namespace training {
namespace mpu {

const char* TagName(Tag tag) {
    switch (tag) {
        case Tag::kUpdate: return "update";
        case Tag::kGrads: return "grads";
        case Tag::kReady: return "ready";
        case Tag::kNcclId: return "nccl id";
        case Tag::kError: return "error";
    }
    return "unknown";
}

void Channel::Close() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

void Channel::WriteAll(const void* data, size_t size) {
    const char* p = static_cast<const char*>(data);
    while (size > 0) {
        const ssize_t n = ::send(fd_, p, size, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) throw PeerGone("the other process has exited");
        if (n < 0) throw Error(std::string("MultiprocessParallelUpdater: send failed: ") + std::strerror(errno));
        p += n;
        size -= static_cast<size_t>(n);
    }
}

void Channel::ReadAll(void* data, size_t size) {
    char* p = static_cast<char*>(data);
    while (size > 0) {
        const ssize_t n = ::recv(fd_, p, size, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n == 0 || (n < 0 && errno == ECONNRESET)) throw PeerGone("the other process has exited");
        if (n < 0) throw Error(std::string("MultiprocessParallelUpdater: recv failed: ") + std::strerror(errno));
        p += n;
        size -= static_cast<size_t>(n);
    }
}

void Channel::Send(Tag tag, const std::string& head, const Array* body) {
    CNET_CHECK(open(), "MultiprocessParallelUpdater: send on a closed channel");
    if (body != nullptr) {
        CNET_CHECK(body->device().is_cpu() && body->is_contiguous(),
                   "MultiprocessParallelUpdater: a message body must be a contiguous CPU array");
    }
    const uint32_t t = static_cast<uint32_t>(tag);
    const uint64_t sizes[2] = {head.size(), body != nullptr ? body->nbytes() : 0};
    char frame[sizeof t + sizeof sizes];
    std::memcpy(frame, &t, sizeof t);
    std::memcpy(frame + sizeof t, sizes, sizeof sizes);
    WriteAll(frame, sizeof frame);
    WriteAll(head.data(), head.size());
    if (body != nullptr) WriteAll(body->raw_data(), body->nbytes());
}

Message Channel::Recv() {
    CNET_CHECK(open(), "MultiprocessParallelUpdater: recv on a closed channel");
    uint32_t t = 0;
    uint64_t sizes[2] = {0, 0};
    char frame[sizeof t + sizeof sizes];
    ReadAll(frame, sizeof frame);
    std::memcpy(&t, frame, sizeof t);
    std::memcpy(sizes, frame + sizeof t, sizeof sizes);
    Message message;
    message.tag = static_cast<Tag>(t);
    message.head.resize(sizes[0]);
    ReadAll(message.head.data(), sizes[0]);
    message.body_bytes = sizes[1];
    return message;
}

void Channel::ReadBody(const Message& message, const Array& into) {
    CNET_CHECK(into.device().is_cpu() && into.is_contiguous() && into.nbytes() == message.body_bytes,
               "MultiprocessParallelUpdater: a ", message.body_bytes, "-byte message body for a ", into.nbytes(),
               "-byte array");
    ReadAll(into.raw_data(), into.nbytes());
}

void Channel::SkipBody(const Message& message) {
    std::vector<char> sink(1 << 16);
    for (uint64_t left = message.body_bytes; left > 0;) {
        const size_t n = static_cast<size_t>(std::min<uint64_t>(left, sink.size()));
        ReadAll(sink.data(), n);
        left -= n;
    }
}

bool Channel::PeerClosed() const {
    if (fd_ < 0) return true;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return false;
    if (p.revents & (POLLHUP | POLLERR)) return true;
    if (p.revents & POLLIN) {  // data, or end of file
        char c;
        return ::recv(fd_, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
    }
    return false;
}

}  // namespace mpu
}  // namespace training
}  // namespace cnet
