// test_util.cc — implementations of the runtime test helpers.
#include "test_util.h"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <random>

#include "cnet/np/math.h"

namespace cnet {
namespace testing_util {

SavedEnvironment::SavedEnvironment(std::initializer_list<const char*> names) {
    for (const char* name : names) {
        const char* value = std::getenv(name);
        saved_.emplace_back(name, value != nullptr ? std::optional<std::string>(value) : std::nullopt);
    }
}

void ScratchDirectoryTest::SetUp() {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    cwd_ = std::filesystem::current_path();
    root_ = std::filesystem::temp_directory_path() /
            ("cnet_" + std::string(test->test_suite_name()) + "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    std::filesystem::current_path(root_);
}

void ScratchDirectoryTest::TearDown() {
    std::filesystem::current_path(cwd_);
    std::filesystem::remove_all(root_);
}

void ScratchDirectoryTest::Write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string ScratchDirectoryTest::Read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

SavedEnvironment::~SavedEnvironment() {
    for (const auto& [name, value] : saved_) {
        if (value) {
            ::setenv(name.c_str(), value->c_str(), 1);
        } else {
            ::unsetenv(name.c_str());
        }
    }
}

Array Arr(std::initializer_list<double> values, const Shape& shape, Dtype dtype) {
    return Array::FromVector(std::vector<double>(values), shape).astype(dtype, false);
}

Array Arr(std::initializer_list<double> values, Dtype dtype) {
    return Arr(values, Shape{static_cast<int64_t>(values.size())}, dtype);
}

Array Arange(int64_t n, const Shape& shape, Dtype dtype) {
    std::vector<double> v(n);
    for (int64_t i = 0; i < n; ++i) v[i] = static_cast<double>(i);
    return Array::FromVector(v, shape).astype(dtype, false);
}

Array Uniform(const Shape& shape, double lo, double hi, Dtype dtype, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> dist(lo, hi);
    std::vector<double> v(shape.prod());
    for (double& x : v) x = dist(rng);
    return Array::FromVector(v, shape).astype(dtype, false);
}

::testing::AssertionResult AllClose(const Array& actual, const Array& expected, double atol, double rtol) {
    if (!actual.defined() || !expected.defined())
        return ::testing::AssertionFailure() << "undefined array (None)";
    if (actual.shape() != expected.shape())
        return ::testing::AssertionFailure() << "shape " << actual.shape() << " != expected " << expected.shape()
                                             << "\nactual: " << actual.repr() << "\nexpected: " << expected.repr();
    const std::vector<double> a = actual.to_vector<double>(), e = expected.to_vector<double>();
    for (size_t i = 0; i < a.size(); ++i) {
        const bool both_nan = std::isnan(a[i]) && std::isnan(e[i]);
        if (!both_nan && !(std::fabs(a[i] - e[i]) <= atol + rtol * std::fabs(e[i])))
            return ::testing::AssertionFailure() << "element " << i << ": " << a[i] << " != " << e[i]
                                                 << "\nactual: " << actual.repr() << "\nexpected: " << expected.repr();
    }
    return ::testing::AssertionSuccess();
}

}  // namespace testing_util
}  // namespace cnet
