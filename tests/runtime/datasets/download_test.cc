// download_test.cc — chainer.dataset's dataset root, dataset directories and cached_download with a temporary
// $CHAINER_DATASET_ROOT; cache file names are CPython's hashlib.md5(url.encode('utf-8')).hexdigest().
#include "cnet/dataset/download.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace fs = std::filesystem;

const char kDbpedia[] = "https://github.com/le-scientifique/torchDatasets/raw/master/dbpedia_csv.tar.gz";
const char kDbpediaMd5[] = "0e5bf2722354cd10730544859f647751";

class DownloadTest : public ::testing::Test {
 protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("cnet_download_test_" + std::to_string(::getpid()));
        fs::create_directories(root_);
        ::setenv("CHAINER_DATASET_ROOT", (root_ / "data").c_str(), 1);
    }
    void TearDown() override {
        dataset::internal::reset_dataset_root();
        fs::remove_all(root_);
    }
    testing_util::SavedEnvironment saved_{"CHAINER_DATASET_ROOT", "HOME"};
    fs::path root_;
};

TEST_F(DownloadTest, DatasetRootFromTheEnvironmentOrHome) {
    EXPECT_EQ(dataset::get_dataset_root(), (root_ / "data").string());
    ::unsetenv("CHAINER_DATASET_ROOT");
    ::setenv("HOME", "/home/someone", 1);
    EXPECT_EQ(dataset::get_dataset_root(), "/home/someone/.chainer/dataset");
}

TEST_F(DownloadTest, DatasetDirectory) {
    const std::string dir = dataset::get_dataset_directory("pfnet/chainer/ptb", false);
    EXPECT_EQ(dir, (root_ / "data/pfnet/chainer/ptb").string());
    EXPECT_FALSE(fs::exists(dir));
    EXPECT_EQ(dataset::get_dataset_directory("pfnet/chainer/ptb"), dir);
    EXPECT_TRUE(fs::is_directory(dir));
    EXPECT_EQ(dataset::get_dataset_directory("pfnet/chainer/ptb"), dir);  // already there: no error
    std::ofstream(root_ / "data" / "file") << "x";
    EXPECT_THROW(dataset::get_dataset_directory("file"), py::OSError);
}

TEST_F(DownloadTest, CachedDownloadFindsChainersCacheFile) {
    const fs::path cached = root_ / "data" / "_dl_cache" / kDbpediaMd5;
    fs::create_directories(cached.parent_path());
    std::ofstream(cached) << "archive";
    EXPECT_EQ(dataset::cached_download(kDbpedia), cached.string());
}

TEST_F(DownloadTest, CachedDownloadSaysWhereToPutAMissingFile) {
    const std::string expected = (root_ / "data" / "_dl_cache" / kDbpediaMd5).string();
    try {
        dataset::cached_download(kDbpedia);
        FAIL() << "no error";
    } catch (const py::OSError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(kDbpedia), std::string::npos) << message;
        EXPECT_NE(message.find("save it as " + expected + " "), std::string::npos) << message;
    }
    EXPECT_TRUE(fs::is_directory(root_ / "data" / "_dl_cache"));  // made, as Chainer makes it
    EXPECT_FALSE(fs::exists(expected));
}

TEST_F(DownloadTest, SetDatasetRootOverridesTheEnvironment) {
    dataset::set_dataset_root((root_ / "other").string());
    EXPECT_EQ(dataset::get_dataset_root(), (root_ / "other").string());
    const fs::path cached = root_ / "other" / "_dl_cache" / "900150983cd24fb0d6963f7d28e17f72";  // md5('abc')
    fs::create_directories(cached.parent_path());
    std::ofstream(cached) << "";
    EXPECT_EQ(dataset::cached_download("abc"), cached.string());
    dataset::internal::reset_dataset_root();
    EXPECT_EQ(dataset::get_dataset_root(), (root_ / "data").string());
}

}  // namespace
}  // namespace cnet
