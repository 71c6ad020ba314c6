// image.h — the one use Chainer's examples make of Pillow: `Image.fromarray(x).save(path)`, writing an 8-bit
// image array (dcgan's preview grid) as a PNG (libpng) or JPEG (libjpeg) file. Reading images is ImageDataset's
// (cnet/datasets/image_dataset.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "cnet/core/array.h"

namespace cnet {
namespace pil {

/// PIL.Image.Image: an 8-bit image of mode 'L' (gray), 'RGB' or 'RGBA', held as its (H, W) or (H, W, C) host
/// pixels (a copy of the array given to fromarray, as Pillow copies it).
class Image {
public:
    Image(Array pixels, std::string mode);

    const std::string& mode() const { return mode_; }
    /// Pillow's size: (width, height).
    std::tuple<int64_t, int64_t> size() const { return {width(), height()}; }
    int64_t width() const { return pixels_.shape()[1]; }
    int64_t height() const { return pixels_.shape()[0]; }

    /// save(fp, format=None): PNG or JPEG (JPEG at Pillow's default quality 75), chosen by `format` ('PNG',
    /// 'JPEG', any case) or else by the extension of `fp` (.png; .jpg, .jpeg, .jpe, .jfif). As Pillow: an
    /// unknown extension is a ValueError "unknown file extension: .ext", an RGBA JPEG the OSError "cannot write
    /// mode RGBA as JPEG", a missing directory a FileNotFoundError; a format Pillow has and cnet does not
    /// (BMP, GIF, TIFF, ...) is a ValueError naming the path.
    void save(const std::string& fp, const std::optional<std::string>& format = std::nullopt) const;

private:
    Array pixels_;  // uint8, (H, W) or (H, W, C), contiguous, on the host
    std::string mode_;
};

/// PIL.Image.fromarray(obj): an image of a uint8 array of shape (H, W) ('L'), (H, W, 3) ('RGB') or (H, W, 4)
/// ('RGBA'); another dtype or shape raises TypeError naming them (Pillow takes a few more, such as float 'F'
/// images, that it cannot write as PNG or JPEG either).
std::shared_ptr<Image> fromarray(const Array& obj);

}  // namespace pil
}  // namespace cnet
