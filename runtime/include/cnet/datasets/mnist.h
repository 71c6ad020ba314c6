// mnist.h — chainer.datasets.get_mnist / get_fashion_mnist, read from local IDX files (gzip or plain).
//
// Fashion-MNIST comes from Debian's `dataset-fashion-mnist` package (/usr/share/datasets/fashion-mnist);
// MNIST has no package, so get_mnist reads the same four files from a directory given by the caller or the
// environment. Nothing is downloaded.
#pragma once

#include <memory>
#include <string>
#include <utility>

#include "cnet/core/dtype.h"
#include "cnet/datasets/tuple_dataset.h"

namespace cnet {
namespace datasets {

using TrainTest = std::pair<std::shared_ptr<TupleDataset>, std::shared_ptr<TupleDataset>>;

/// get_fashion_mnist(withlabel=True, ndim=1, scale=1., dtype=float32, label_dtype=int32, rgb_format=False):
/// (train, test) with 60000 and 10000 examples, exactly as Chainer builds them:
/// - images: ndim 1 -> (784,), 2 -> (28, 28), 3 -> (1, 28, 28) or (3, 28, 28) with rgb_format (the gray
///   channel repeated); pixel p becomes dtype(p) * dtype(scale / 255), so values lie in [0, scale];
/// - labels: label_dtype scalars (0-d), 0..9;
/// - withlabel=false: examples are 1-tuples (image,) — Chainer returns the bare image array.
/// The directory is the first of: $FASHION_MNIST_DIR, $CNET_DATASET_ROOT/fashion-mnist, $CNET_DATASET_ROOT,
/// /usr/share/datasets/fashion-mnist. A missing file raises Error naming it and the package to install.
TrainTest get_fashion_mnist(bool withlabel = true, int ndim = 1, double scale = 1.0, Dtype dtype = Dtype::kFloat32,
                            Dtype label_dtype = Dtype::kInt32, bool rgb_format = false);

/// get_mnist(...): the same for MNIST. The directory is `path` when non-empty, else the first of $MNIST_DIR,
/// $CNET_DATASET_ROOT/mnist, $CNET_DATASET_ROOT, /usr/share/datasets/mnist.
TrainTest get_mnist(bool withlabel = true, int ndim = 1, double scale = 1.0, Dtype dtype = Dtype::kFloat32,
                    Dtype label_dtype = Dtype::kInt32, bool rgb_format = false, const std::string& path = "");

/// The MNIST-format files of `directory` ({train,t10k}-{images-idx3,labels-idx1}-ubyte[.gz]) with Chainer's
/// preprocessing; `package_hint` is named in the error for a missing file.
TrainTest load_mnist_directory(const std::string& directory, bool withlabel, int ndim, double scale, Dtype dtype,
                               Dtype label_dtype, bool rgb_format, const std::string& package_hint = "");

/// Reads one IDX file (gzip-compressed or plain) as a uint8 array of its declared shape, e.g. (60000, 28, 28).
/// Error naming the file when it is missing, truncated or not an unsigned-byte IDX file.
Array read_idx_file(const std::string& path);

}  // namespace datasets
}  // namespace cnet
