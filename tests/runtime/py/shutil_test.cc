// shutil_test.cc — shutil.rmtree, copyfile, copy and move in a scratch directory; results and error messages
// are CPython 3.11's for the same calls (run in the same layout).
#include "cnet/py/shutil.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace py {
namespace {

namespace fs = std::filesystem;

class ShutilTest : public testing_util::ScratchDirectoryTest {
 protected:
    void SetUp() override {
        ScratchDirectoryTest::SetUp();
        fs::create_directories(root_ / "dd");
        Write("f", "x");
    }
};

using testing_util::MessageOf;

TEST_F(ShutilTest, RmtreeRemovesATree) {
    fs::create_directories("t/a/b");
    Write("t/a/b/file", "1");
    Write("t/top", "2");
    shutil::rmtree("t");
    EXPECT_FALSE(fs::exists("t"));
    EXPECT_TRUE(fs::exists("f"));
}

TEST_F(ShutilTest, RmtreeErrors) {
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::rmtree("missing"); }),
              "[Errno 2] No such file or directory: 'missing'");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::rmtree("f"); }), "[Errno 20] Not a directory: 'f'");
    fs::create_directory_symlink("dd", "ln");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::rmtree("ln"); }), "Cannot call rmtree on a symbolic link");
    EXPECT_TRUE(fs::is_directory("dd"));
    shutil::rmtree("missing", /*ignore_errors=*/true);
    shutil::rmtree("f", true);
    EXPECT_TRUE(fs::exists("f"));
}

TEST_F(ShutilTest, CopyfileCopiesBytes) {
    std::string big(200000, '\0');
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 7);
    Write("big", big);
    Write("g", "old contents, longer");
    EXPECT_EQ(shutil::copyfile("big", "g"), "g");
    EXPECT_EQ(Read("g"), big);
}

TEST_F(ShutilTest, CopyfileErrors) {
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::copyfile("missing", "x"); }),
              "[Errno 2] No such file or directory: 'missing'");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::copyfile("f", "f"); }), "'f' and 'f' are the same file");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::copyfile("dd", "x"); }), "[Errno 21] Is a directory: 'dd'");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::copyfile("f", "dd"); }), "[Errno 21] Is a directory: 'dd'");
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::copyfile("f", "nodir/x"); }),
              "[Errno 2] No such file or directory: 'nodir/x'");
    EXPECT_FALSE(fs::exists("x"));
}

TEST_F(ShutilTest, CopyIntoADirectoryKeepsTheMode) {
    ::chmod("f", 0751);
    EXPECT_EQ(shutil::copy("f", "dd"), "dd/f");
    EXPECT_EQ(Read("dd/f"), "x");
    struct stat st {};
    ASSERT_EQ(::stat("dd/f", &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0751u);
    EXPECT_EQ(shutil::copy("f", "g"), "g");
    EXPECT_EQ(Read("g"), "x");
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::copy("f", "nodir/"); }), "Directory does not exist: nodir/");
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::copy("missing", "dd"); }),
              "[Errno 2] No such file or directory: 'missing'");
}

TEST_F(ShutilTest, MoveRenamesAndMovesInto) {
    EXPECT_EQ(shutil::move("f", "g"), "g");
    EXPECT_FALSE(fs::exists("f"));
    EXPECT_EQ(Read("g"), "x");
    EXPECT_EQ(shutil::move("g", "dd"), "dd/g");
    EXPECT_EQ(Read("dd/g"), "x");
    fs::create_directory("e");
    EXPECT_EQ(shutil::move("dd", "e"), "e/dd");
    EXPECT_EQ(shutil::move("e", "e2"), "e2");
    EXPECT_EQ(shutil::move("e2/", "e3"), "e3");
    EXPECT_EQ(Read("e3/dd/g"), "x");
    Write("h", "new");
    EXPECT_EQ(shutil::move("h", "e3/dd/g"), "e3/dd/g");  // an existing file is replaced
    EXPECT_EQ(Read("e3/dd/g"), "new");
}

TEST_F(ShutilTest, MoveErrors) {
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::move("missing", "x"); }),
              "[Errno 2] No such file or directory: 'missing'");
    Write("dd/f", "y");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::move("f", "dd"); }), "Destination path 'dd/f' already exists");
    EXPECT_EQ(MessageOf<OSError>([] { shutil::move("dd", "dd/sub"); }),
              "Cannot move a directory 'dd' into itself 'dd/sub'.");
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { shutil::move("f", "nodir/x"); }),
              "[Errno 2] No such file or directory: 'nodir/x'");
    EXPECT_EQ(Read("f"), "x");
    EXPECT_TRUE(fs::is_directory("dd"));
}

}  // namespace
}  // namespace py
}  // namespace cnet
