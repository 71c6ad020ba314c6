// cifar.h — chainer.datasets.get_cifar10 / get_cifar100, read from Chainer's own dataset cache: the
// cifar-10.npz / cifar-100.npz files that Chainer writes after its first download (uint8 train_x (50000,
// 3072), train_y (50000,), test_x (10000, 3072), test_y (10000,)). cnet downloads nothing.
//
// The file is looked up in: $CNET_DATASET_ROOT/cifar, $CNET_DATASET_ROOT, then Chainer's cache directory
// $CHAINER_DATASET_ROOT/pfnet/chainer/cifar (default ~/.chainer/dataset/pfnet/chainer/cifar). A missing file
// raises an error that names these places.
#pragma once

#include "cnet/datasets/mnist.h"

namespace cnet {
namespace datasets {

/// get_cifar10(withlabel=True, ndim=3, scale=1., dtype=float32): (train, test) of 50000 and 10000 images,
/// (3, 32, 32) for ndim 3 or (3072,) for ndim 1, scaled to [0, scale]; labels int32 in [0, 10). Without
/// labels the datasets hold the images alone.
TrainTest get_cifar10(bool withlabel = true, int ndim = 3, double scale = 1.0, Dtype dtype = Dtype::kFloat32);
/// get_cifar100(withlabel=True, ndim=3, scale=1., dtype=float32): the same for CIFAR-100 (fine labels in
/// [0, 100)).
TrainTest get_cifar100(bool withlabel = true, int ndim = 3, double scale = 1.0, Dtype dtype = Dtype::kFloat32);

}  // namespace datasets
}  // namespace cnet
