// glob_test.cc — glob.glob on a tree written here; each expected list is CPython 3.11's sorted(glob.glob(p))
// for the same tree and pattern (relative to the tree's root).
#include "cnet/py/glob.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace cnet {
namespace py {
namespace {

namespace fs = std::filesystem;

class GlobTest : public ::testing::Test {
 protected:
    void SetUp() override {
        root_ = (fs::temp_directory_path() / ("cnet_glob_test_" + std::to_string(::getpid()))).string();
        for (const char* p : {"b.txt", "a.txt", "B.txt", ".hid.txt", "c.csv", "sub/x.txt", "sub/y.txt", "sub2/z.txt",
                              "a[1].txt", "a\\b.txt"}) {
            const fs::path path = fs::path(root_) / p;
            fs::create_directories(path.parent_path());
            std::ofstream(path) << "";
        }
    }
    void TearDown() override { fs::remove_all(root_); }
    // glob.glob(root/pattern), with root/ taken off each match.
    std::vector<std::string> Glob(const std::string& pattern) {
        std::vector<std::string> out;
        for (const std::string& m : glob::glob(root_ + "/" + pattern)) {
            EXPECT_EQ(m.compare(0, root_.size() + 1, root_ + "/"), 0) << m;
            out.push_back(m.substr(root_.size() + 1));
        }
        return out;
    }
    std::string root_;
};

using Names = std::vector<std::string>;

TEST_F(GlobTest, WildcardsSortedInByteOrder) {
    EXPECT_EQ(Glob("*.txt"), (Names{"B.txt", "a.txt", "a[1].txt", "a\\b.txt", "b.txt"}));
    EXPECT_EQ(Glob("?.txt"), (Names{"B.txt", "a.txt", "b.txt"}));
    EXPECT_EQ(Glob("[ab].txt"), (Names{"a.txt", "b.txt"}));
    EXPECT_EQ(Glob("[!a].txt"), (Names{"B.txt", "b.txt"}));
    EXPECT_EQ(Glob("*/*.txt"), (Names{"sub/x.txt", "sub/y.txt", "sub2/z.txt"}));
    EXPECT_EQ(Glob("sub*"), (Names{"sub", "sub2"}));
    EXPECT_EQ(Glob("*/"), (Names{"sub/", "sub2/"}));
    EXPECT_EQ(Glob("a[[]1].txt"), (Names{"a[1].txt"}));
}

TEST_F(GlobTest, NoRecursionWithoutRecursiveTrue) {
    EXPECT_EQ(Glob("**/*.txt"), (Names{"sub/x.txt", "sub/y.txt", "sub2/z.txt"}));
}

TEST_F(GlobTest, DotFilesOnlyExplicitlyAndNeverDotEntries) {
    EXPECT_EQ(Glob(".*"), (Names{".hid.txt"}));
    EXPECT_EQ(Glob(".*/*"), Names{});
}

TEST_F(GlobTest, LiteralPathsWhenTheyExist) {
    EXPECT_EQ(Glob("a.txt"), (Names{"a.txt"}));
    EXPECT_EQ(Glob("sub/"), (Names{"sub/"}));
    EXPECT_EQ(Glob("a\\b.txt"), (Names{"a\\b.txt"}));  // a backslash is no escape
    EXPECT_EQ(Glob("missing.txt"), Names{});
    EXPECT_EQ(Glob("nothing*"), Names{});
    EXPECT_EQ(glob::glob(""), Names{});
    EXPECT_EQ(glob::glob(root_ + "/no_such_dir/*"), Names{});
}

TEST_F(GlobTest, IglobIsTheSameList) { EXPECT_EQ(glob::iglob(root_ + "/*.csv"), (Names{root_ + "/c.csv"})); }

}  // namespace
}  // namespace py
}  // namespace cnet
