// npy_io_test.cc — np.load / np.save: a file NumPy 1.26 wrote (its bytes below), round trips, NumPy's ".npy"
// suffix rule, and the files np.load refuses.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cnet/core/error.h"
#include "cnet/np/io.h"
#include "test_util.h"

namespace cnet {
namespace np {
namespace {

using testing_util::Arr;

std::string Path(const std::string& name) { return ::testing::TempDir() + "npy_io_" + name; }

void WriteBytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(NpyIoTest, LoadsWhatNumpyWrote) {
    // io.BytesIO() after np.save(b, np.array([1.5, -2.0], dtype=np.float32)) in NumPy 1.26.
    std::string bytes("\x93NUMPY\x01\x00v\x00", 10);
    bytes += "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
    bytes += std::string(0x76 - (bytes.size() - 10) - 1, ' ') + "\n";
    bytes += std::string("\x00\x00\xc0?\x00\x00\x00\xc0", 8);
    WriteBytes(Path("numpy.npy"), bytes);
    const Array a = load(Path("numpy.npy"));
    EXPECT_EQ(a.dtype(), Dtype::kFloat32);
    EXPECT_EQ(a.shape(), (Shape{2}));
    EXPECT_EQ(a.to_vector<float>(), (std::vector<float>{1.5f, -2.0f}));
}

TEST(NpyIoTest, SaveAppendsTheSuffixAndRoundTrips) {
    const Array a = Arr({1, 2, 3, 4, 5, 6}, Dtype::kFloat64).reshape({2, 3});
    save(Path("mean"), a);  // NumPy writes mean.npy
    const Array b = load(Path("mean.npy"));
    EXPECT_EQ(b.dtype(), Dtype::kFloat64);
    EXPECT_EQ(b.shape(), (Shape{2, 3}));
    EXPECT_EQ(b.to_vector<double>(), a.to_vector<double>());
    save(Path("kept.npy"), Arr({7}, Dtype::kInt32));
    EXPECT_EQ(load(Path("kept.npy")).to_vector<int32_t>(), (std::vector<int32_t>{7}));
}

TEST(NpyIoTest, RefusesOtherFiles) {
    WriteBytes(Path("archive.npz"), std::string("PK\x03\x04rest", 8));
    EXPECT_THROW(load(Path("archive.npz")), ValueError);
    WriteBytes(Path("text.npy"), "not numpy");
    EXPECT_THROW(load(Path("text.npy")), ValueError);
    EXPECT_THROW(load(Path("missing.npy")), Error);
}

}  // namespace
}  // namespace np
}  // namespace cnet
