// image_test.cc — PIL.Image.fromarray(...).save(path): the PNGs written are read back (read_image, libpng) and
// compared pixel for pixel; JPEGs, being lossy, within a tolerance; Pillow's errors for what it rejects.
#include "cnet/pil/image.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cnet/datasets/image_dataset.h"
#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace pil {
namespace {

using testing_util::Arange;

class PilImageTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = std::filesystem::temp_directory_path() /
               ("cnet_pil_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    std::filesystem::path dir_;
};

// The pixels of a uint8 array in C order.
std::vector<uint8_t> Pixels(const Array& a) { return a.as_contiguous().to_vector<uint8_t>(); }

// The first `n` bytes of a file.
std::string Head(const std::string& path, std::size_t n) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes(n, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(n));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

TEST_F(PilImageTest, RgbPngRoundTripsEveryPixel) {
    std::vector<uint8_t> values;
    for (int i = 0; i < 2 * 3 * 3; ++i) values.push_back(static_cast<uint8_t>(i * 14));
    const Array x = Array::FromVector(values, Shape{2, 3, 3});  // (H, W, C)
    auto image = fromarray(x);
    EXPECT_EQ(image->mode(), "RGB");
    EXPECT_EQ(image->size(), std::make_tuple(int64_t{3}, int64_t{2}));
    image->save(file("rgb.png"));
    EXPECT_EQ(Head(file("rgb.png"), 8), std::string("\x89PNG\r\n\x1a\n", 8));
    const Array back = datasets::read_image(file("rgb.png"), Dtype::kUint8);  // (C, H, W)
    ASSERT_EQ(back.shape(), (Shape{3, 2, 3}));
    EXPECT_EQ(Pixels(back), Pixels(x.transpose(Dims{2, 0, 1})));
}

TEST_F(PilImageTest, GrayAndRgbaPngsKeepTheirChannels) {
    const Array gray = Arange(6, {2, 3}, Dtype::kUint8);
    auto l = fromarray(gray);
    EXPECT_EQ(l->mode(), "L");
    l->save(file("gray.png"));
    const Array back = datasets::read_image(file("gray.png"), Dtype::kUint8);
    ASSERT_EQ(back.shape(), (Shape{1, 2, 3}));
    EXPECT_EQ(Pixels(back), Pixels(gray));

    const Array rgba = Arange(16, {2, 2, 4}, Dtype::kUint8);
    auto a = fromarray(rgba);
    EXPECT_EQ(a->mode(), "RGBA");
    a->save(file("rgba.PNG"));  // the extension in any case
    EXPECT_EQ(Pixels(datasets::read_image(file("rgba.PNG"), Dtype::kUint8)), Pixels(rgba.transpose(Dims{2, 0, 1})));
}

TEST_F(PilImageTest, JpegIsWrittenByExtensionOrFormat) {
    const Array x = Array::Full({8, 8, 3}, Scalar(int64_t{200}), Dtype::kUint8);  // flat: JPEG keeps it nearly exact
    fromarray(x)->save(file("flat.jpg"));
    EXPECT_EQ(Head(file("flat.jpg"), 3), std::string("\xff\xd8\xff", 3));
    const Array back = datasets::read_image(file("flat.jpg"), Dtype::kFloat32);
    ASSERT_EQ(back.shape(), (Shape{3, 8, 8}));
    EXPECT_ALLCLOSE(back, Array::Full({3, 8, 8}, Scalar(200.0), Dtype::kFloat32), 2.0, 0.0);
    fromarray(x)->save(file("flat.bin"), std::string("jpeg"));
    EXPECT_EQ(Head(file("flat.bin"), 3), std::string("\xff\xd8\xff", 3));
    fromarray(x)->save(file("also_png.bin"), std::string("PNG"));
    EXPECT_EQ(Head(file("also_png.bin"), 4), std::string("\x89PNG", 4));
}

TEST_F(PilImageTest, RejectsWhatPillowRejects) {
    const Array rgba = Array::Zeros({2, 2, 4}, Dtype::kUint8);
    EXPECT_THROW(fromarray(rgba)->save(file("a.jpg")), py::OSError);
    EXPECT_FALSE(std::filesystem::exists(file("a.jpg")));
    try {
        fromarray(rgba)->save(file("a.bmp"));
        FAIL() << "no error for .bmp";
    } catch (const ValueError& e) {
        EXPECT_NE(std::string(e.what()).find("unknown file extension: .bmp"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(file("a.bmp")), std::string::npos) << e.what();
    }
    EXPECT_THROW(fromarray(rgba)->save(file("noext")), ValueError);
    EXPECT_THROW(fromarray(rgba)->save(file("missing/a.png")), py::FileNotFoundError);
    try {
        fromarray(Array::Zeros({2, 2, 3}));
        FAIL() << "no error for float32";
    } catch (const py::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("Cannot handle this data type: (1, 1, 3), <f4"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(fromarray(Array::Zeros({2, 2, 2}, Dtype::kUint8)), py::TypeError);
    EXPECT_THROW(fromarray(Array::Zeros({4}, Dtype::kUint8)), py::TypeError);
}

}  // namespace
}  // namespace pil
}  // namespace cnet
