// image_dataset_test.cc — get_cifar10/100 on a small cifar-*.npz written as Chainer caches it, and
// ImageDataset / LabeledImageDataset on PNG and JPEG files written here with libpng and libjpeg.
#include "cnet/datasets/image_dataset.h"

#include <gtest/gtest.h>
#include <jpeglib.h>
#include <png.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cnet/datasets/cifar.h"
#include "cnet/serializers/npz_file.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace fs = std::filesystem;

class ImageDatasetTest : public ::testing::Test {
 protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("cnet_image_test_" + std::to_string(::getpid()));
        fs::create_directories(dir_);
    }
    void TearDown() override {
        fs::remove_all(dir_);
        unsetenv("CNET_DATASET_ROOT");
    }
    std::string Path(const std::string& name) const { return (dir_ / name).string(); }

    // An 8-bit PNG of `channels` channels (PNG's own format values) with pixel (r, c, k) = f(r, c, k).
    void WritePng(const std::string& name, int h, int w, int channels, int (*f)(int, int, int)) {
        png_image image;
        std::memset(&image, 0, sizeof image);
        image.version = PNG_IMAGE_VERSION;
        image.width = w;
        image.height = h;
        image.format = channels == 1 ? PNG_FORMAT_GRAY : channels == 3 ? PNG_FORMAT_RGB : PNG_FORMAT_RGBA;
        std::vector<uint8_t> px(static_cast<size_t>(h * w * channels));
        for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c)
                for (int k = 0; k < channels; ++k) px[(r * w + c) * channels + k] = static_cast<uint8_t>(f(r, c, k));
        ASSERT_NE(png_image_write_to_file(&image, Path(name).c_str(), 0, px.data(), 0, nullptr), 0) << image.message;
    }

    // A uniformly colored RGB or gray JPEG (decodes back to the same values up to rounding).
    void WriteJpeg(const std::string& name, int h, int w, const std::vector<int>& color) {
        const int channels = static_cast<int>(color.size());
        jpeg_compress_struct info;
        jpeg_error_mgr err;
        info.err = jpeg_std_error(&err);
        jpeg_create_compress(&info);
        FILE* f = std::fopen(Path(name).c_str(), "wb");
        ASSERT_NE(f, nullptr);
        jpeg_stdio_dest(&info, f);
        info.image_width = w;
        info.image_height = h;
        info.input_components = channels;
        info.in_color_space = channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
        jpeg_set_defaults(&info);
        jpeg_set_quality(&info, 95, TRUE);
        jpeg_start_compress(&info, TRUE);
        std::vector<uint8_t> row(static_cast<size_t>(w * channels));
        for (int c = 0; c < w; ++c)
            for (int k = 0; k < channels; ++k) row[c * channels + k] = static_cast<uint8_t>(color[k]);
        while (info.next_scanline < info.image_height) {
            JSAMPROW p = row.data();
            jpeg_write_scanlines(&info, &p, 1);
        }
        jpeg_finish_compress(&info);
        jpeg_destroy_compress(&info);
        std::fclose(f);
    }

    fs::path dir_;
};

TEST_F(ImageDatasetTest, ReadsPngExactly) {
    WritePng("rgb.png", 2, 3, 3, [](int r, int c, int k) { return r * 100 + c * 10 + k; });
    WritePng("gray.png", 2, 2, 1, [](int r, int c, int) { return 200 + r * 2 + c; });
    const Array rgb = datasets::read_image(Path("rgb.png"));
    EXPECT_EQ(rgb.shape(), (Shape{3, 2, 3}));
    EXPECT_EQ(rgb.dtype(), Dtype::kFloat32);
    // (C, H, W): channel k, row r, column c.
    EXPECT_EQ(rgb.at_flat((1 * 2 + 1) * 3 + 2), 100 + 20 + 1);
    EXPECT_EQ(rgb.at_flat((2 * 2 + 0) * 3 + 1), 10 + 2);
    const Array gray = datasets::read_image(Path("gray.png"), Dtype::kUint8);
    EXPECT_EQ(gray.shape(), (Shape{1, 2, 2}));
    EXPECT_EQ(gray.to_vector<uint8_t>(), (std::vector<uint8_t>{200, 201, 202, 203}));
}

TEST_F(ImageDatasetTest, ReadsJpeg) {
    WriteJpeg("rgb.jpg", 8, 8, {200, 100, 50});
    WriteJpeg("gray.jpg", 4, 6, {77});
    const Array rgb = datasets::read_image(Path("rgb.jpg"));
    ASSERT_EQ(rgb.shape(), (Shape{3, 8, 8}));
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(rgb.at_flat(k * 64 + 27), (std::vector<double>{200, 100, 50})[k], 3.0);
    const Array gray = datasets::read_image(Path("gray.jpg"));
    ASSERT_EQ(gray.shape(), (Shape{1, 4, 6}));
    EXPECT_NEAR(gray.at_flat(7), 77, 2.0);
}

TEST_F(ImageDatasetTest, RejectsCorruptAndUnknownFiles) {
    std::ofstream(Path("text.png")) << "not an image";
    EXPECT_THROW(datasets::read_image(Path("text.png")), SerializationError);
    WriteJpeg("cut.jpg", 16, 16, {1, 2, 3});
    fs::resize_file(Path("cut.jpg"), 40);  // truncated after the header
    try {
        datasets::read_image(Path("cut.jpg"));
        FAIL() << "a truncated JPEG was accepted";
    } catch (const SerializationError& e) {
        EXPECT_NE(std::string(e.what()).find("cut.jpg"), std::string::npos) << e.what();
    }
    EXPECT_THROW(datasets::read_image(Path("missing.png")), SerializationError);
}

TEST_F(ImageDatasetTest, ImageDatasetsFromListsAndFiles) {
    WritePng("a.png", 2, 2, 1, [](int r, int c, int) { return r + c; });
    WriteJpeg("b.jpg", 2, 2, {9, 9, 9});
    datasets::ImageDataset images(std::vector<std::string>{"a.png", "b.jpg"}, dir_.string());
    ASSERT_EQ(images.size(), 2);
    EXPECT_EQ(images[0][0].shape(), (Shape{1, 2, 2}));
    EXPECT_EQ(images[1][0].shape(), (Shape{3, 2, 2}));
    std::ofstream(Path("pairs.txt")) << "a.png 3\nb.jpg 7\n";
    datasets::LabeledImageDataset labeled(Path("pairs.txt"), dir_.string());
    ASSERT_EQ(labeled.size(), 2);
    const datasets::Example e = labeled[1];
    EXPECT_EQ(e[1].dtype(), Dtype::kInt32);
    EXPECT_EQ(e[1].item<int32_t>(), 7);
    std::ofstream(Path("bad.txt")) << "a.png\n";
    EXPECT_THROW(datasets::LabeledImageDataset(Path("bad.txt"), dir_.string()), ValueError);
}

TEST_F(ImageDatasetTest, Cifar10FromChainersCacheFile) {
    // A 4-image train split and a 2-image test split in Chainer's layout: uint8 (N, 3072) rows.
    std::vector<uint8_t> train(4 * 3072), test(2 * 3072);
    for (size_t i = 0; i < train.size(); ++i) train[i] = static_cast<uint8_t>(i % 251);
    for (size_t i = 0; i < test.size(); ++i) test[i] = static_cast<uint8_t>(255 - i % 7);
    serializers::NpzFile npz;
    npz.set("train_x", Array::FromVector(train, Shape{4, 3072}));
    npz.set("train_y", Array::FromVector(std::vector<uint8_t>{3, 1, 4, 1}, Shape{4}));
    npz.set("test_x", Array::FromVector(test, Shape{2, 3072}));
    npz.set("test_y", Array::FromVector(std::vector<uint8_t>{9, 2}, Shape{2}));
    fs::create_directories(dir_ / "cifar");
    npz.Save(Path("cifar/cifar-10.npz"));
    setenv("CNET_DATASET_ROOT", dir_.c_str(), 1);

    auto [tr, te] = datasets::get_cifar10();
    ASSERT_EQ(tr->size(), 4);
    ASSERT_EQ(te->size(), 2);
    const datasets::Example e = (*tr)[2];
    EXPECT_EQ(e[0].shape(), (Shape{3, 32, 32}));
    EXPECT_NEAR(e[0].at_flat(1024 + 5), ((2 * 3072 + 1024 + 5) % 251) / 255.0, 1e-6);  // channel 1, pixel 5
    EXPECT_EQ(e[1].item<int32_t>(), 4);
    auto [tr1, te1] = datasets::get_cifar10(false, 1, 2.0);
    EXPECT_EQ((*te1)[0].size(), 1u);
    EXPECT_EQ((*te1)[0][0].shape(), (Shape{3072}));
    EXPECT_NEAR((*te1)[0][0].at_flat(0), 2.0, 1e-6);
    EXPECT_THROW(datasets::get_cifar10(true, 2), ValueError);
    // CIFAR-100 is absent: the error says where to put it.
    try {
        datasets::get_cifar100();
        FAIL() << "get_cifar100 found a file that does not exist";
    } catch (const Error& err) {
        const std::string msg = err.what();
        EXPECT_NE(msg.find("cifar-100.npz not found"), std::string::npos) << msg;
        EXPECT_NE(msg.find(Path("cifar/cifar-100.npz")), std::string::npos) << msg;
    }
}

}  // namespace
}  // namespace cnet
