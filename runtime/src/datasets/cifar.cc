// cifar.cc — CIFAR-10/100 from Chainer's cached npz files (see cifar.h).
#include "cnet/datasets/cifar.h"

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/np/math.h"
#include "cnet/serializers/npz_file.h"

namespace cnet {
namespace datasets {
namespace {

std::string Env(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr ? std::string(v) : std::string();
}

std::vector<std::string> Candidates(const std::string& file) {
    std::vector<std::string> paths;
    if (const std::string root = Env("CNET_DATASET_ROOT"); !root.empty()) {
        paths.push_back(root + "/cifar/" + file);
        paths.push_back(root + "/" + file);
    }
    if (const std::string root = Env("CHAINER_DATASET_ROOT"); !root.empty()) {
        paths.push_back(root + "/pfnet/chainer/cifar/" + file);
    } else if (const std::string home = Env("HOME"); !home.empty()) {
        paths.push_back(home + "/.chainer/dataset/pfnet/chainer/cifar/" + file);
    }
    return paths;
}

// (N, 3072) uint8 images -> (N, 3, 32, 32) or (N, 3072) of dtype, times scale / 255.
Array Images(const serializers::NpzFile& npz, const std::string& key, const std::string& path, int ndim, double scale,
             Dtype dtype) {
    const Array& x = npz.at(key);
    CNET_CHECK_AS(SerializationError, x.dtype() == Dtype::kUint8 && x.ndim() == 2 && x.shape()[1] == 3072, path, ": ",
                  key, " must be uint8 (N, 3072) as Chainer caches it, got ", DtypeName(x.dtype()), " ",
                  x.shape().ToString());
    Array images = x.astype(dtype);
    images *= scale / 255.0;
    return ndim == 3 ? images.reshape(Shape{x.shape()[0], 3, 32, 32}) : images;
}

Array Labels(const serializers::NpzFile& npz, const std::string& key, const std::string& path, int64_t n) {
    const Array& t = npz.at(key);
    CNET_CHECK_AS(SerializationError, t.ndim() == 1 && t.shape()[0] == n, path, ": ", key, " must hold ", n,
                  " labels, got ", t.shape().ToString());
    return t.astype(Dtype::kInt32);
}

TrainTest Load(const char* op, const std::string& file, bool withlabel, int ndim, double scale, Dtype dtype) {
    CNET_CHECK_AS(ValueError, ndim == 1 || ndim == 3, op, ": invalid ndim for CIFAR dataset: ", ndim);
    const std::vector<std::string> candidates = Candidates(file);
    std::string path;
    for (const std::string& p : candidates) {
        if (std::ifstream(p).good()) {
            path = p;
            break;
        }
    }
    if (path.empty()) {
        std::string tried;
        for (const std::string& p : candidates) tried += "\n  " + p;
        throw Error(internal::StrCat(op, ": ", file, " not found; cnet downloads nothing. Put Chainer's cached ", file,
                                     " (written by chainer.datasets.", op, "() in ",
                                     "~/.chainer/dataset/pfnet/chainer/cifar) at one of:", tried));
    }
    const serializers::NpzFile npz = serializers::NpzFile::Load(path);
    auto make = [&](const std::string& x_key, const std::string& y_key) {
        const Array x = Images(npz, x_key, path, ndim, scale, dtype);
        if (!withlabel) return std::make_shared<TupleDataset>(std::vector<Array>{x});
        return std::make_shared<TupleDataset>(std::vector<Array>{x, Labels(npz, y_key, path, x.shape()[0])});
    };
    return {make("train_x", "train_y"), make("test_x", "test_y")};
}

}  // namespace

TrainTest get_cifar10(bool withlabel, int ndim, double scale, Dtype dtype) {
    return Load("get_cifar10", "cifar-10.npz", withlabel, ndim, scale, dtype);
}

TrainTest get_cifar100(bool withlabel, int ndim, double scale, Dtype dtype) {
    return Load("get_cifar100", "cifar-100.npz", withlabel, ndim, scale, dtype);
}

}  // namespace datasets
}  // namespace cnet
