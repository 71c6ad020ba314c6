// image_dataset.h — chainer.datasets.ImageDataset and LabeledImageDataset: images read from PNG and JPEG
// files (libpng, libjpeg-turbo) on access, as (channels, height, width) arrays of 8-bit values.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "cnet/datasets/dataset.h"

namespace cnet {
namespace datasets {

/// Reads a PNG or JPEG file (by its signature) as a (C, H, W) array of dtype holding the 8-bit values:
/// C is 1 (gray), 2 (gray + alpha), 3 (RGB) or 4 (RGBA) as stored; palette PNGs are expanded to RGB(A) and
/// 16-bit PNGs reduced to 8 bits. Errors name the file.
Array read_image(const std::string& path, Dtype dtype = Dtype::kFloat32);

/// ImageDataset(paths, root='.', dtype=float32): example i is the image at root/paths[i]. `paths` is a
/// list of paths, or the path of a text file listing one path per line.
class ImageDataset : public Dataset {
 public:
    ImageDataset(std::vector<std::string> paths, const std::string& root = ".", Dtype dtype = Dtype::kFloat32);
    ImageDataset(const std::string& paths_file, const std::string& root = ".", Dtype dtype = Dtype::kFloat32);
    int64_t size() const override { return static_cast<int64_t>(paths_.size()); }
    Example get_example(int64_t i) const override;

 private:
    std::vector<std::string> paths_;
    std::string root_;
    Dtype dtype_;
};

/// LabeledImageDataset(pairs, root='.', dtype=float32, label_dtype=int32): example i is (image, label).
/// `pairs` is a list of (path, label), or the path of a text file with one "path label" per line.
class LabeledImageDataset : public Dataset {
 public:
    LabeledImageDataset(std::vector<std::pair<std::string, int64_t>> pairs, const std::string& root = ".",
                        Dtype dtype = Dtype::kFloat32, Dtype label_dtype = Dtype::kInt32);
    LabeledImageDataset(const std::string& pairs_file, const std::string& root = ".", Dtype dtype = Dtype::kFloat32,
                        Dtype label_dtype = Dtype::kInt32);
    int64_t size() const override { return static_cast<int64_t>(pairs_.size()); }
    Example get_example(int64_t i) const override;

 private:
    std::vector<std::pair<std::string, int64_t>> pairs_;
    std::string root_;
    Dtype dtype_, label_dtype_;
};

}  // namespace datasets
}  // namespace cnet
