// mnist.cc — IDX file reader (gzip through zlib) and Chainer's MNIST preprocessing (reshape, scale, labels).
#include "cnet/datasets/mnist.h"

#include <sys/stat.h>
#include <zlib.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "cnet/core/error.h"

namespace cnet {
namespace datasets {
namespace {

constexpr char kFashionPackage[] = "dataset-fashion-mnist";
constexpr char kFashionSystemDir[] = "/usr/share/datasets/fashion-mnist";
constexpr char kMnistSystemDir[] = "/usr/share/datasets/mnist";

bool Exists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}

std::string Env(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

// Reads a whole file through zlib, which passes plain (non-gzip) files through unchanged. Deflate expands at
// most 1032:1, so more output than that from a regular file of this size is corrupt data, and a device or pipe
// has no size to bound the read: both are refused before memory runs out.
std::string ReadMaybeGzip(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) throw Error("cannot open '" + path + "': " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw Error("cannot read '" + path + "': not a regular file");
    const uint64_t limit = static_cast<uint64_t>(st.st_size) * 1032 + (1 << 16);
    gzFile f = gzopen(path.c_str(), "rb");
    if (f == nullptr) throw Error("cannot open '" + path + "': " + std::strerror(errno));
    std::string out;
    char buffer[1 << 16];
    for (;;) {
        const int n = gzread(f, buffer, sizeof(buffer));
        if (n < 0) {
            int code = 0;
            const std::string why = gzerror(f, &code);
            gzclose(f);
            throw Error("cannot read '" + path + "': " + why + " (corrupt or truncated gzip data)");
        }
        if (n == 0) break;
        out.append(buffer, static_cast<size_t>(n));
        if (out.size() > limit) {
            gzclose(f);
            throw Error("cannot read '" + path + "': it inflates to more than 1032 times its size (corrupt gzip data)");
        }
    }
    gzclose(f);
    return out;
}

uint32_t BigEndian32(const std::string& bytes, size_t pos) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + pos);
    return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

// The first existing file among name.gz and name in `directory`; Error naming both and the package otherwise.
std::string FindFile(const std::string& directory, const std::string& name, const std::string& package_hint) {
    for (const std::string& candidate : {directory + "/" + name + ".gz", directory + "/" + name})
        if (Exists(candidate)) return candidate;
    std::string message = "dataset file not found: '" + directory + "/" + name + ".gz' (nor '" + name + "')";
    if (!package_hint.empty()) message += "; " + package_hint;
    throw Error(message);
}

// Chainer's _preprocess_mnist on raw uint8 images (n, 28, 28) and labels (n,).
std::shared_ptr<TupleDataset> Preprocess(const Array& raw_images, const Array& raw_labels, bool withlabel, int ndim,
                                         double scale, Dtype dtype, Dtype label_dtype, bool rgb_format) {
    const int64_t n = raw_images.shape()[0];
    const int64_t h = raw_images.shape()[1], w = raw_images.shape()[2];
    Shape shape;
    if (ndim == 1) shape = Shape{n, h * w};
    else if (ndim == 2) shape = Shape{n, h, w};
    else if (ndim == 3) shape = Shape{n, rgb_format ? int64_t{3} : int64_t{1}, h, w};
    else throw ValueError("invalid ndim for MNIST dataset");
    CNET_CHECK_AS(DtypeError, IsFloat(dtype), "get_mnist: dtype must be a floating type, got ", DtypeName(dtype));
    const int64_t channels = ndim == 3 && rgb_format ? 3 : 1;
    const int64_t pixels = h * w;
    const uint8_t* src = raw_images.data<uint8_t>();
    // `images = images.astype(dtype); images *= scale / 255.`: the factor is rounded to the image dtype, then
    // multiplied in it (float16 is computed in float32 and rounded once).
    auto fill = [&](auto* dst, auto factor) {
        using T = std::remove_pointer_t<decltype(dst)>;
        for (int64_t i = 0; i < n; ++i)
            for (int64_t c = 0; c < channels; ++c)
                for (int64_t k = 0; k < pixels; ++k)
                    dst[(i * channels + c) * pixels + k] = static_cast<T>(src[i * pixels + k]) * factor;
    };
    Array images;
    if (dtype == Dtype::kFloat64) {
        images = Array::Empty(shape, Dtype::kFloat64);
        fill(images.data<double>(), scale / 255.0);
    } else {
        images = Array::Empty(shape, Dtype::kFloat32);
        fill(images.data<float>(), static_cast<float>(scale / 255.0));
        if (dtype != Dtype::kFloat32) images = images.astype(dtype);
    }
    if (!withlabel) return std::make_shared<TupleDataset>(images);
    CNET_CHECK(raw_labels.shape()[0] == n, "MNIST: ", n, " images but ", raw_labels.shape()[0], " labels");
    return std::make_shared<TupleDataset>(images, raw_labels.astype(label_dtype));
}

}  // namespace

Array read_idx_file(const std::string& path) {
    const std::string bytes = ReadMaybeGzip(path);
    CNET_CHECK(bytes.size() >= 4, "'", path, "' is not an IDX file (", bytes.size(), " bytes)");
    const auto* magic = reinterpret_cast<const unsigned char*>(bytes.data());
    CNET_CHECK(magic[0] == 0 && magic[1] == 0 && magic[2] == 0x08 && magic[3] >= 1 && magic[3] <= 4, "'", path,
               "' is not an unsigned-byte IDX file (bad magic number)");
    const int ndim = magic[3];
    CNET_CHECK(bytes.size() >= 4 + 4 * static_cast<size_t>(ndim), "'", path, "': truncated IDX header");
    Shape shape;
    uint64_t count = 1;
    for (int d = 0; d < ndim; ++d) {
        const uint32_t dim = BigEndian32(bytes, 4 + 4 * static_cast<size_t>(d));
        shape.push_back(dim);
        CNET_CHECK(!__builtin_mul_overflow(count, uint64_t{dim}, &count) && count <= bytes.size(), "'", path,
                   "': truncated IDX data (the header declares shape ", shape.ToString(), ")");
    }
    const size_t offset = 4 + 4 * static_cast<size_t>(ndim);
    CNET_CHECK(bytes.size() - offset == count, "'", path, "': IDX data has ", bytes.size() - offset,
               " bytes, the header declares ", count, " (truncated or corrupt)");
    Array out = Array::Empty(shape, Dtype::kUint8);
    if (count) std::memcpy(out.raw_data(), bytes.data() + offset, count);
    return out;
}

TrainTest load_mnist_directory(const std::string& directory, bool withlabel, int ndim, double scale, Dtype dtype,
                               Dtype label_dtype, bool rgb_format, const std::string& package_hint) {
    auto load = [&](const std::string& prefix) {
        const Array images = read_idx_file(FindFile(directory, prefix + "-images-idx3-ubyte", package_hint));
        CNET_CHECK(images.ndim() == 3, "'", directory, "/", prefix, "-images-idx3-ubyte': expected 3-D images, got ",
                   images.shape());
        const Array labels =
            withlabel ? read_idx_file(FindFile(directory, prefix + "-labels-idx1-ubyte", package_hint)) : Array();
        if (withlabel)
            CNET_CHECK(labels.ndim() == 1, "'", directory, "/", prefix, "-labels-idx1-ubyte': expected 1-D labels");
        return Preprocess(images, labels, withlabel, ndim, scale, dtype, label_dtype, rgb_format);
    };
    if (ndim < 1 || ndim > 3) throw ValueError("invalid ndim for MNIST dataset");
    auto train = load("train");
    auto test = load("t10k");
    return {train, test};
}

TrainTest get_fashion_mnist(bool withlabel, int ndim, double scale, Dtype dtype, Dtype label_dtype, bool rgb_format) {
    std::string directory = Env("FASHION_MNIST_DIR");
    const std::string root = Env("CNET_DATASET_ROOT");
    if (directory.empty() && !root.empty())
        directory = Exists(root + "/fashion-mnist") ? root + "/fashion-mnist" : root;
    if (directory.empty()) directory = kFashionSystemDir;
    return load_mnist_directory(directory, withlabel, ndim, scale, dtype, label_dtype, rgb_format,
                                std::string("install the '") + kFashionPackage + "' package (apt-get install " +
                                    kFashionPackage + ") or set FASHION_MNIST_DIR / CNET_DATASET_ROOT");
}

TrainTest get_mnist(bool withlabel, int ndim, double scale, Dtype dtype, Dtype label_dtype, bool rgb_format,
                    const std::string& path) {
    std::string directory = path.empty() ? Env("MNIST_DIR") : path;
    const std::string root = Env("CNET_DATASET_ROOT");
    if (directory.empty() && !root.empty()) directory = Exists(root + "/mnist") ? root + "/mnist" : root;
    if (directory.empty()) directory = kMnistSystemDir;
    return load_mnist_directory(directory, withlabel, ndim, scale, dtype, label_dtype, rgb_format,
                                "place the MNIST IDX files there, or pass their directory / set MNIST_DIR or "
                                "CNET_DATASET_ROOT (cnet downloads nothing)");
}

}  // namespace datasets
}  // namespace cnet
