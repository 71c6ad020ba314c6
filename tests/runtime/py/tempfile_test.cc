// tempfile_test.cc — gettempdir's choice ($TMPDIR, then $TEMP, $TMP, /tmp; made absolute) and mkdtemp's
// directories (CPython's names: prefix, 8 of [a-z0-9_], suffix; mode 0700; CPython's FileNotFoundError).
#include "cnet/py/tempfile.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace py {
namespace {

namespace fs = std::filesystem;

class TempfileTest : public ::testing::Test {
 protected:
    void SetUp() override {
        for (const char* v : {"TMPDIR", "TEMP", "TMP"}) ::unsetenv(v);
        root_ = fs::temp_directory_path() / ("cnet_tempfile_test_" + std::to_string(::getpid()));
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }
    testing_util::SavedEnvironment saved_{"TMPDIR", "TEMP", "TMP"};
    fs::path root_;
};

TEST_F(TempfileTest, GettempdirHonoursTheVariablesInOrder) {
    ::setenv("TMPDIR", root_.c_str(), 1);
    EXPECT_EQ(tempfile::gettempdir(), root_.string());
    // A variable naming no directory is passed over, as CPython does.
    ::setenv("TMPDIR", (root_ / "missing").c_str(), 1);
    ::setenv("TMP", root_.c_str(), 1);
    EXPECT_EQ(tempfile::gettempdir(), root_.string());
    ::unsetenv("TMPDIR");
    ::unsetenv("TMP");
    EXPECT_EQ(tempfile::gettempdir(), "/tmp");
}

TEST_F(TempfileTest, GettempdirIsAbsolute) {
    const fs::path cwd = fs::current_path();
    fs::current_path(root_.parent_path());
    ::setenv("TMPDIR", root_.filename().c_str(), 1);
    const std::string dir = tempfile::gettempdir();
    fs::current_path(cwd);
    EXPECT_EQ(dir, root_.string());
}

TEST_F(TempfileTest, MkdtempMakesAFreshPrivateDirectory) {
    ::setenv("TMPDIR", root_.c_str(), 1);
    const std::string a = tempfile::mkdtemp();
    const std::string b = tempfile::mkdtemp();
    EXPECT_NE(a, b);
    EXPECT_TRUE(std::regex_match(a, std::regex(root_.string() + "/tmp[a-z0-9_]{8}"))) << a;
    struct stat st {};
    ASSERT_EQ(::stat(a.c_str(), &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    EXPECT_EQ(st.st_mode & 0777, 0700u);
    EXPECT_TRUE(fs::is_empty(a));
}

TEST_F(TempfileTest, MkdtempSuffixPrefixDir) {
    const std::string d = tempfile::mkdtemp(".d", "run_", root_.string());
    EXPECT_TRUE(std::regex_match(d, std::regex(root_.string() + "/run_[a-z0-9_]{8}\\.d"))) << d;
    EXPECT_TRUE(fs::is_directory(d));
    // A relative dir gives a relative path (os.path.join(dir, name), as CPython 3.11 returns).
    const fs::path cwd = fs::current_path();
    fs::current_path(root_);
    const std::string rel = tempfile::mkdtemp("", "x", std::string("."));
    fs::current_path(cwd);
    EXPECT_TRUE(std::regex_match(rel, std::regex("\\./x[a-z0-9_]{8}"))) << rel;
    EXPECT_TRUE(fs::is_directory(root_ / rel));
}

TEST_F(TempfileTest, MkdtempInAMissingDirectory) {
    const std::string missing = (root_ / "missing").string();
    try {
        tempfile::mkdtemp("", "tmp", missing);
        FAIL() << "no error";
    } catch (const FileNotFoundError& e) {
        const std::string message = e.what();
        EXPECT_TRUE(std::regex_match(
            message, std::regex("\\[Errno 2\\] No such file or directory: '" + missing + "/tmp[a-z0-9_]{8}'")))
            << message;
    }
}

}  // namespace
}  // namespace py
}  // namespace cnet
