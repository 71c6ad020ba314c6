// image.cc — PIL.Image's fromarray and Image.save: PNG through libpng's simplified API, JPEG through libjpeg
// (errors as exceptions: datasets/jpeg_error.h), with Pillow's choice of format and its error messages.
#include "cnet/pil/image.h"

#include <jpeglib.h>
#include <png.h>

#include <cctype>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "datasets/jpeg_error.h"

namespace cnet {
namespace pil {
namespace {

using File = std::unique_ptr<FILE, int (*)(FILE*)>;

std::string Upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// os.path.splitext(path)[1], lowercased: the extension Pillow picks the format by.
std::string Extension(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::size_t base = slash == std::string::npos ? 0 : slash + 1;
    std::size_t dot = path.rfind('.');
    if (dot == std::string::npos || dot < base) return "";
    std::size_t first = base;  // leading dots of the base name do not start an extension ('.png' has none)
    while (first < path.size() && path[first] == '.') ++first;
    if (dot < first) return "";
    std::string ext = path.substr(dot);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

// NumPy's array-interface typestr ("|u1", "<f4"), as Pillow's fromarray names an unsupported dtype.
std::string Typestr(Dtype dtype) {
    const std::size_t size = ItemSize(dtype);
    return std::string(size == 1 ? "|" : "<") + DtypeKind(dtype) + std::to_string(size);
}

File OpenForWriting(const std::string& path) {
    File file(std::fopen(path.c_str(), "wb"), &std::fclose);
    if (file == nullptr) py::raise_os_error(errno, path);
    return file;
}

void WritePng(const std::string& path, const std::vector<uint8_t>& pixels, int64_t h, int64_t w, int64_t c) {
    File file = OpenForWriting(path);
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = static_cast<png_uint_32>(w);
    image.height = static_cast<png_uint_32>(h);
    image.format = c == 1 ? PNG_FORMAT_GRAY : c == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
    const bool ok = png_image_write_to_stdio(&image, file.get(), 0, pixels.data(), 0, nullptr) != 0;
    const std::string message = image.message;
    png_image_free(&image);
    if (!ok) throw py::OSError("cannot write the PNG image " + path + ": " + message);
    if (std::fflush(file.get()) != 0) py::raise_os_error(errno, path);
}

void WriteJpeg(const std::string& path, const std::vector<uint8_t>& pixels, int64_t h, int64_t w, int64_t c) {
    File file = OpenForWriting(path);
    jpeg_compress_struct info;
    internal::JpegError err;
    info.err = jpeg_std_error(&err.mgr);
    err.mgr.error_exit = internal::JpegErrorExit;
    if (setjmp(err.jump) != 0) {  // nothing with a destructor is created between here and the longjmp
        jpeg_destroy_compress(&info);
        throw py::OSError("cannot write the JPEG image " + path + ": " + err.message);
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file.get());
    info.image_width = static_cast<JDIMENSION>(w);
    info.image_height = static_cast<JDIMENSION>(h);
    info.input_components = static_cast<int>(c);
    info.in_color_space = c == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, 75, TRUE);  // Pillow's default quality
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        // libjpeg takes non-const rows; it only reads them.
        JSAMPROW row = const_cast<uint8_t*>(pixels.data()) + static_cast<size_t>(info.next_scanline) * static_cast<size_t>(w * c);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    if (std::fflush(file.get()) != 0) py::raise_os_error(errno, path);
}

}  // namespace

Image::Image(Array pixels, std::string mode) : pixels_(std::move(pixels)), mode_(std::move(mode)) {}

std::shared_ptr<Image> fromarray(const Array& obj) {
    const int ndim = obj.ndim();
    const int64_t channels = ndim == 3 ? obj.shape()[2] : 1;
    if (obj.dtype() != Dtype::kUint8 || (ndim != 2 && ndim != 3) || (ndim == 3 && channels != 3 && channels != 4)) {
        std::string key = "(1, 1";
        for (int i = 2; i < ndim; ++i) key += ", " + std::to_string(obj.shape()[i]);
        throw py::TypeError("Cannot handle this data type: " + key + "), " + Typestr(obj.dtype()) +
                            " (cnet's Image.fromarray takes uint8 arrays of shape (H, W), (H, W, 3) or (H, W, 4))");
    }
    // Pillow copies the pixels; so does this (onto the host, contiguous).
    Array pixels = Array::FromVector(obj.to_vector<uint8_t>(), obj.shape());
    return std::make_shared<Image>(std::move(pixels), ndim == 2 ? "L" : channels == 3 ? "RGB" : "RGBA");
}

void Image::save(const std::string& fp, const std::optional<std::string>& format) const {
    std::string kind;
    if (format) {
        kind = Upper(*format);
        if (kind != "PNG" && kind != "JPEG") {
            throw ValueError("cannot write " + fp + " as " + *format + ": cnet's Image.save writes PNG and JPEG only");
        }
    } else {
        const std::string ext = Extension(fp);
        if (ext == ".png") kind = "PNG";
        if (ext == ".jpg" || ext == ".jpeg" || ext == ".jpe" || ext == ".jfif") kind = "JPEG";
        if (kind.empty()) {
            throw ValueError("unknown file extension: " + ext + " (cnet's Image.save writes PNG (.png) and JPEG (.jpg, "
                             ".jpeg) only; cannot write " + fp + ")");
        }
    }
    if (kind == "JPEG" && mode_ == "RGBA") throw py::OSError("cannot write mode RGBA as JPEG");
    const int64_t c = pixels_.ndim() == 3 ? pixels_.shape()[2] : 1;
    const std::vector<uint8_t> data = pixels_.to_vector<uint8_t>();
    if (kind == "PNG") {
        WritePng(fp, data, height(), width(), c);
    } else {
        WriteJpeg(fp, data, height(), width(), c);
    }
}

}  // namespace pil
}  // namespace cnet
