// ext_snapshot.cc — snapshot / snapshot_object: save into a temporary directory under `out`, then rename.
#include "cnet/training/extensions/snapshot.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/training/trainer.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace extensions {
namespace internal {
namespace {

// Note [Snapshot temporaries]
// A snapshot is written into out/tmp<filename>.cnet-XXXXXX/ and renamed into place, so a kill leaves only
// complete snapshots under final names, but it leaves the temporary directory (up to the model's size) behind.
// The writer holds an flock on its temporary directory; the kernel drops the lock when the process dies, so
// every snapshot first removes the directories of that pattern nobody holds locked: litter of killed runs,
// never a snapshot another live process is writing. Chainer's prefix is tmp<filename>; the ".cnet-" marker
// keeps the pattern narrow enough to delete by.
constexpr char kTempMarker[] = ".cnet-";
constexpr size_t kTempMarkerLen = sizeof kTempMarker - 1;
constexpr size_t kMkdtempSuffixLen = 6;

bool IsSnapshotTempName(const std::string& name) {
    const size_t tail = kTempMarkerLen + kMkdtempSuffixLen;
    return name.size() > 3 + tail && name.compare(0, 3, "tmp") == 0 &&
           name.compare(name.size() - tail, kTempMarkerLen, kTempMarker) == 0;
}

// The temporary directory of one snapshot, created (tempfile.mkdtemp) and locked; removed with its contents
// when destroyed.
class LockedTempDir {
public:
    LockedTempDir(const std::string& dir, const std::string& prefix) {
        const std::string templ = training::internal::JoinPath(dir, prefix + kTempMarker + "XXXXXX");
        for (;;) {
            std::vector<char> buf(templ.begin(), templ.end());
            buf.push_back('\0');
            CNET_CHECK(::mkdtemp(buf.data()) != nullptr, "cannot create a temporary directory in '", dir,
                       "': ", std::strerror(errno));
            path_ = buf.data();
            fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            CNET_CHECK(fd_ >= 0, "cannot open the temporary directory '", path_, "': ", std::strerror(errno));
            ::flock(fd_, LOCK_EX);
            // Another process's cleanup may have taken the lock first and removed the fresh directory: retry.
            struct stat held, named;
            if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
                held.st_dev == named.st_dev)
                return;
            ::close(fd_);
        }
    }
    LockedTempDir(const LockedTempDir&) = delete;
    LockedTempDir& operator=(const LockedTempDir&) = delete;
    ~LockedTempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
        ::close(fd_);
    }
    const std::string& path() const { return path_; }

private:
    std::string path_;
    int fd_ = -1;
};

// See Note [Snapshot temporaries].
void RemoveStaleTempDirs(const std::string& dir) {
    std::error_code ec;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!IsSnapshotTempName(name)) continue;
        const int fd = ::open(it->path().c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;  // not a directory, or not ours to open
        std::error_code remove_ec;
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) std::filesystem::remove_all(it->path(), remove_ec);
        ::close(fd);
    }
}

}  // namespace

std::shared_ptr<LambdaExtension> MakeSnapshot(std::function<void(const std::string&, Trainer&)> save,
                                              const std::string& filename, const std::string& default_name) {
    auto fn = [save, filename](Trainer& trainer) {
        std::string fn = training::internal::FormatWithTrainer(filename, trainer);
        training::internal::MakeDirs(trainer.out);
        RemoveStaleTempDirs(trainer.out);
        const std::string base = std::filesystem::path(fn).filename().string();
        LockedTempDir tmpdir(trainer.out, "tmp" + base);
        const std::string tmppath = training::internal::JoinPath(tmpdir.path(), base);
        save(tmppath, trainer);
        const std::string dest = training::internal::JoinPath(trainer.out, fn);
        std::error_code ec;
        std::filesystem::rename(tmppath, dest, ec);
        CNET_CHECK(!ec, "cannot move the snapshot to '", dest, "': ", ec.message());
    };
    return make_extension(fn, {1, "epoch"}, default_name, -100);
}

}  // namespace internal

std::shared_ptr<LambdaExtension> snapshot(TrainerSaveFun savefun, const std::string& filename) {
    return internal::MakeSnapshot(
        [savefun](const std::string& path, Trainer& trainer) {
            if (savefun) savefun(path, trainer);
            else serializers::save_npz(path, trainer);
        },
        filename, "snapshot");
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
