// ext_snapshot.cc — snapshot / snapshot_object: save into a temporary directory under `out`, then rename.
#include "cnet/training/extensions/snapshot.h"

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

// tempfile.mkdtemp(prefix=prefix, dir=dir)
std::string MakeTempDir(const std::string& dir, const std::string& prefix) {
    std::string templ = training::internal::JoinPath(dir, prefix + "XXXXXX");
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    CNET_CHECK(::mkdtemp(buf.data()) != nullptr, "cannot create a temporary directory in '", dir,
               "': ", std::strerror(errno));
    return std::string(buf.data());
}

}  // namespace

std::shared_ptr<LambdaExtension> MakeSnapshot(std::function<void(const std::string&, Trainer&)> save,
                                              const std::string& filename, const std::string& default_name) {
    auto fn = [save, filename](Trainer& trainer) {
        std::string fn = training::internal::FormatWithTrainer(filename, trainer);
        training::internal::MakeDirs(trainer.out);
        std::string tmpdir = MakeTempDir(trainer.out, "tmp" + std::filesystem::path(fn).filename().string());
        std::error_code ec;
        try {
            std::string tmppath = training::internal::JoinPath(tmpdir, std::filesystem::path(fn).filename().string());
            save(tmppath, trainer);
            std::string dest = training::internal::JoinPath(trainer.out, fn);
            std::filesystem::rename(tmppath, dest, ec);
            CNET_CHECK(!ec, "cannot move the snapshot to '", dest, "': ", ec.message());
        } catch (...) {
            std::filesystem::remove_all(tmpdir, ec);
            throw;
        }
        std::filesystem::remove_all(tmpdir, ec);
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
