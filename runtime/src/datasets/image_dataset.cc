// image_dataset.cc — ImageDataset / LabeledImageDataset and the PNG (libpng simplified API) and JPEG
// (libjpeg, errors through setjmp/longjmp since its default handler exits: jpeg_error.h) readers behind read_image.
#include "cnet/datasets/image_dataset.h"

#include <jpeglib.h>
#include <png.h>

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

#include "cnet/core/error.h"
#include "datasets/jpeg_error.h"

namespace cnet {
namespace datasets {
namespace {

// (H, W, C) interleaved 8-bit pixels -> (C, H, W) of dtype.
Array ToChw(const std::vector<uint8_t>& hwc, int64_t h, int64_t w, int64_t c, Dtype dtype) {
    const Array interleaved = Array::FromVector(hwc, Shape{h, w, c});
    return interleaved.transpose(Dims{2, 0, 1}).astype(dtype);
}

Array ReadPng(const std::string& path, Dtype dtype) {
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    CNET_CHECK_AS(SerializationError, png_image_begin_read_from_file(&image, path.c_str()) != 0,
                  "cannot read the PNG image ", path, ": ", image.message);
    // Keep gray/color and alpha as stored, 8 bits per channel (palettes expand to RGB).
    image.format = image.format & (PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA);
    const int64_t c = PNG_IMAGE_SAMPLE_CHANNELS(image.format);
    std::vector<uint8_t> pixels(PNG_IMAGE_SIZE(image));
    const bool ok = png_image_finish_read(&image, nullptr, pixels.data(), 0, nullptr) != 0;
    const std::string message = image.message;
    png_image_free(&image);
    CNET_CHECK_AS(SerializationError, ok, "cannot decode the PNG image ", path, ": ", message);
    return ToChw(pixels, image.height, image.width, c, dtype);
}

Array ReadJpeg(const std::string& path, Dtype dtype) {
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    CNET_CHECK_AS(SerializationError, file != nullptr, "cannot open the image ", path);
    jpeg_decompress_struct info;
    internal::JpegError err;
    info.err = jpeg_std_error(&err.mgr);
    err.mgr.error_exit = internal::JpegErrorExit;
    std::vector<uint8_t> pixels;  // declared before setjmp: nothing with a destructor is created after it
    int64_t h = 0, w = 0, c = 0;
    if (setjmp(err.jump) != 0) {
        jpeg_destroy_decompress(&info);
        throw SerializationError(internal::StrCat("cannot decode the JPEG image ", path, ": ", err.message));
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file.get());
    jpeg_read_header(&info, TRUE);
    // Gray stays one channel; everything else (YCbCr, CMYK) is converted to RGB.
    info.out_color_space = info.jpeg_color_space == JCS_GRAYSCALE ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_start_decompress(&info);
    h = info.output_height;
    w = info.output_width;
    c = info.output_components;
    pixels.resize(static_cast<size_t>(h * w * c));
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels.data() + static_cast<size_t>(info.output_scanline) * static_cast<size_t>(w * c);
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return ToChw(pixels, h, w, c, dtype);
}

std::string Join(const std::string& root, const std::string& path) {
    if (root.empty() || root == "." || (!path.empty() && path[0] == '/')) return path;
    return root + "/" + path;
}

std::vector<std::string> ReadLines(const std::string& file, const char* what) {
    std::ifstream in(file);
    CNET_CHECK_AS(SerializationError, in.good(), what, ": cannot read the list file ", file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

}  // namespace

Array read_image(const std::string& path, Dtype dtype) {
    std::ifstream in(path, std::ios::binary);
    CNET_CHECK_AS(SerializationError, in.good(), "cannot open the image ", path);
    unsigned char sig[8] = {};
    in.read(reinterpret_cast<char*>(sig), sizeof sig);
    if (in.gcount() == 8 && png_sig_cmp(sig, 0, 8) == 0) return ReadPng(path, dtype);
    if (in.gcount() >= 3 && sig[0] == 0xFF && sig[1] == 0xD8 && sig[2] == 0xFF) return ReadJpeg(path, dtype);
    throw SerializationError(internal::StrCat("the image ", path, " is neither PNG nor JPEG"));
}

ImageDataset::ImageDataset(std::vector<std::string> paths, const std::string& root, Dtype dtype)
    : paths_(std::move(paths)), root_(root), dtype_(dtype) {}

ImageDataset::ImageDataset(const std::string& paths_file, const std::string& root, Dtype dtype)
    : ImageDataset(ReadLines(paths_file, "ImageDataset"), root, dtype) {}

Example ImageDataset::get_example(int64_t i) const { return {read_image(Join(root_, paths_[i]), dtype_)}; }

LabeledImageDataset::LabeledImageDataset(std::vector<std::pair<std::string, int64_t>> pairs, const std::string& root,
                                         Dtype dtype, Dtype label_dtype)
    : pairs_(std::move(pairs)), root_(root), dtype_(dtype), label_dtype_(label_dtype) {}

LabeledImageDataset::LabeledImageDataset(const std::string& pairs_file, const std::string& root, Dtype dtype,
                                         Dtype label_dtype)
    : root_(root), dtype_(dtype), label_dtype_(label_dtype) {
    int line_no = 0;
    for (const std::string& line : ReadLines(pairs_file, "LabeledImageDataset")) {
        ++line_no;
        std::istringstream ss(line);
        std::string path;
        int64_t label = 0;
        CNET_CHECK_AS(ValueError, static_cast<bool>(ss >> path >> label), "LabeledImageDataset: ", pairs_file, ":",
                      line_no, ": expected 'path label', got '", line, "'");
        pairs_.emplace_back(path, label);
    }
}

Example LabeledImageDataset::get_example(int64_t i) const {
    const auto& [path, label] = pairs_[i];
    return {read_image(Join(root_, path), dtype_), Array::FromScalar(label, label_dtype_)};
}

}  // namespace datasets
}  // namespace cnet
