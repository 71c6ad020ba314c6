// mnist_test.cc — get_fashion_mnist on the files of Debian's dataset-fashion-mnist package (skipped when it is
// not installed), IDX parsing errors, and the error for a missing directory.
#include "cnet/datasets/mnist.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdlib>
#include <fstream>

#include "cnet/np/reduction.h"
#include "test_util.h"

namespace cnet {
namespace {

bool FashionInstalled() {
    const char* dir = std::getenv("FASHION_MNIST_DIR");
    const std::string d = dir ? dir : "/usr/share/datasets/fashion-mnist";
    return std::ifstream(d + "/train-images-idx3-ubyte.gz").good() || std::ifstream(d + "/train-images-idx3-ubyte").good();
}

#define REQUIRE_FASHION_MNIST()                                                                             \
    if (!FashionInstalled())                                                                                 \
    GTEST_SKIP() << "Fashion-MNIST is not installed (apt-get install dataset-fashion-mnist, or set "          \
                    "FASHION_MNIST_DIR)"

TEST(FashionMnistTest, DefaultsMatchChainer) {
    REQUIRE_FASHION_MNIST();
    auto [train, test] = datasets::get_fashion_mnist();
    ASSERT_EQ(train->size(), 60000);
    ASSERT_EQ(test->size(), 10000);
    const Array& x = train->arrays()[0];
    const Array& t = train->arrays()[1];
    EXPECT_EQ(x.shape(), (Shape{60000, 784}));
    EXPECT_EQ(x.dtype(), Dtype::kFloat32);
    EXPECT_EQ(t.shape(), (Shape{60000}));
    EXPECT_EQ(t.dtype(), Dtype::kInt32);
    EXPECT_GE(np::amin(x).item<double>(), 0.0);
    EXPECT_LE(np::amax(x).item<double>(), 1.0);
    EXPECT_EQ(np::amax(x).item<double>(), 1.0);
    EXPECT_EQ(np::amin(t).item<int>(), 0);
    EXPECT_EQ(np::amax(t).item<int>(), 9);
    const auto first = train->get_example(0);
    EXPECT_EQ(first[0].shape(), (Shape{784}));
    EXPECT_EQ(first[1].ndim(), 0);
    EXPECT_EQ(first[1].item<int>(), 9);  // "Ankle boot"
    EXPECT_NEAR(np::sum(first[0]).item<double>(), 76247 / 255.0, 1e-3);  // pixel sum of train[0], by hand
    EXPECT_EQ(test->get_example(0)[1].item<int>(), 9);
    EXPECT_EQ(test->get_example(1)[1].item<int>(), 2);
}

TEST(FashionMnistTest, NdimScaleDtypeAndNoLabel) {
    REQUIRE_FASHION_MNIST();
    auto [train2, test2] = datasets::get_fashion_mnist(true, 2);
    EXPECT_EQ(train2->get_example(0)[0].shape(), (Shape{28, 28}));
    auto [train3, test3] = datasets::get_fashion_mnist(false, 3, 255.0, Dtype::kFloat64);
    EXPECT_EQ(test3->get_example(0).size(), 1u);  // withlabel=false: 1-tuples
    EXPECT_EQ(test3->arrays()[0].shape(), (Shape{10000, 1, 28, 28}));
    EXPECT_EQ(test3->arrays()[0].dtype(), Dtype::kFloat64);
    EXPECT_EQ(np::amax(train3->arrays()[0]).item<double>(), 255.0);
    auto [rgb, rgb_test] = datasets::get_fashion_mnist(true, 3, 1.0, Dtype::kFloat32, Dtype::kInt64, true);
    const Array img = rgb_test->get_example(5)[0];
    EXPECT_EQ(img.shape(), (Shape{3, 28, 28}));
    EXPECT_TRUE(testing_util::AllClose(img[0], img[2], 0, 0));
    EXPECT_EQ(rgb_test->get_example(5)[1].dtype(), Dtype::kInt64);
    EXPECT_THROW(datasets::get_fashion_mnist(true, 4), ValueError);
}

TEST(MnistTest, MissingFilesNameTheFileAndPackage) {
    setenv("FASHION_MNIST_DIR", "/nonexistent/fmnist", 1);
    try {
        datasets::get_fashion_mnist();
        FAIL();
    } catch (const Error& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("/nonexistent/fmnist/train-images-idx3-ubyte.gz"), std::string::npos) << m;
        EXPECT_NE(m.find("dataset-fashion-mnist"), std::string::npos) << m;
    }
    unsetenv("FASHION_MNIST_DIR");
    try {
        datasets::get_mnist(true, 1, 1.0, Dtype::kFloat32, Dtype::kInt32, false, "/nonexistent/mnist");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/mnist/train-images-idx3-ubyte"), std::string::npos);
    }
}

// A tiny MNIST-format directory written by hand: 2 training and 1 test image of 28x28, gzip and plain.
TEST(MnistTest, ReadsAHandMadeDirectory) {
    const std::string dir = ::testing::TempDir() + "/cnet_mini_mnist";
    std::system(("mkdir -p '" + dir + "'").c_str());
    auto idx = [](std::vector<uint32_t> dims, int n_values, uint8_t value) {
        std::string s{'\0', '\0', '\x08', static_cast<char>(dims.size())};
        for (uint32_t d : dims)
            for (int b = 3; b >= 0; --b) s.push_back(static_cast<char>((d >> (8 * b)) & 0xff));
        s.append(static_cast<size_t>(n_values), static_cast<char>(value));
        return s;
    };
    auto write_gz = [](const std::string& path, const std::string& data) {
        gzFile f = gzopen(path.c_str(), "wb");
        gzwrite(f, data.data(), static_cast<unsigned>(data.size()));
        gzclose(f);
    };
    write_gz(dir + "/train-images-idx3-ubyte.gz", idx({2, 28, 28}, 2 * 784, 51));
    write_gz(dir + "/train-labels-idx1-ubyte.gz", idx({2}, 2, 7));
    std::ofstream(dir + "/t10k-images-idx3-ubyte", std::ios::binary) << idx({1, 28, 28}, 784, 255);
    std::ofstream(dir + "/t10k-labels-idx1-ubyte", std::ios::binary) << idx({1}, 1, 3);
    auto [train, test] = datasets::get_mnist(true, 1, 1.0, Dtype::kFloat32, Dtype::kInt32, false, dir);
    EXPECT_EQ(train->size(), 2);
    EXPECT_FLOAT_EQ(train->get_example(1)[0].at_flat(0), 51.0f * static_cast<float>(1.0 / 255));
    EXPECT_EQ(train->get_example(1)[1].item<int>(), 7);
    EXPECT_EQ(test->get_example(0)[1].item<int>(), 3);
    // Truncated data and a bad magic number are clean errors naming the file.
    std::ofstream(dir + "/t10k-labels-idx1-ubyte", std::ios::binary) << idx({5}, 1, 3);
    EXPECT_THROW(datasets::get_mnist(true, 1, 1.0, Dtype::kFloat32, Dtype::kInt32, false, dir), Error);
    std::ofstream(dir + "/bad", std::ios::binary) << "\x01\x02\x03\x04xxxx";
    try {
        datasets::read_idx_file(dir + "/bad");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("bad magic number"), std::string::npos) << e.what();
    }
    std::system(("rm -rf '" + dir + "'").c_str());
}

}  // namespace
}  // namespace cnet
