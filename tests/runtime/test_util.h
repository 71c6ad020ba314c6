// test_util.h — small helpers for runtime tests: array literals, closeness assertions, exception messages and a
// scratch directory to run in.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace testing_util {

/// A float32 (or `dtype`) array from values in C order.
Array Arr(std::initializer_list<double> values, const Shape& shape, Dtype dtype = Dtype::kFloat32);
/// 1-D array.
Array Arr(std::initializer_list<double> values, Dtype dtype = Dtype::kFloat32);
/// arange(n) reshaped, as `dtype`.
Array Arange(int64_t n, const Shape& shape, Dtype dtype = Dtype::kFloat32);
/// Deterministic uniform values in [lo, hi) (float64 by default, for gradient checks).
Array Uniform(const Shape& shape, double lo = -1.0, double hi = 1.0, Dtype dtype = Dtype::kFloat64,
              uint64_t seed = 1);

/// Environment variables restored when it is destroyed (tests that set $TMPDIR, $CHAINER_DATASET_ROOT, ...).
class SavedEnvironment {
public:
    explicit SavedEnvironment(std::initializer_list<const char*> names);
    ~SavedEnvironment();
    SavedEnvironment(const SavedEnvironment&) = delete;
    SavedEnvironment& operator=(const SavedEnvironment&) = delete;

private:
    std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

/// The message of the exception E that `body` raises; "(no error)" when it raises none.
template <typename E, typename F>
std::string MessageOf(F body) {
    try {
        body();
    } catch (const E& e) {
        return e.what();
    }
    return "(no error)";
}

/// A fixture whose tests run inside a fresh scratch directory (so the paths in messages are relative ones, as
/// CPython's are), removed afterwards.
class ScratchDirectoryTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;
    static void Write(const std::string& path, const std::string& text);
    static std::string Read(const std::string& path);
    std::filesystem::path cwd_, root_;
};

/// Asserts same shape and |a - b| <= atol + rtol * |b| elementwise, printing both arrays on failure.
::testing::AssertionResult AllClose(const Array& actual, const Array& expected, double atol = 1e-5,
                                    double rtol = 1e-4);

}  // namespace testing_util
}  // namespace cnet

#define EXPECT_ALLCLOSE(actual, expected, ...) \
    EXPECT_TRUE(::cnet::testing_util::AllClose((actual), (expected), ##__VA_ARGS__))
