// file_util_test.cc — WriteFileAtomically: the file's contents, and the temporaries of killed writers removed
// (Note [Atomic write temporaries]) while a live writer's temporary and unrelated files are kept.
#include "cnet/serializers/file_util.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "serializers_test_util.h"

namespace cnet {
namespace {

namespace fs = std::filesystem;
using serializers::ReadFileBytes;
using serializers::WriteFileAtomically;

void Touch(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

std::set<std::string> Names(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

TEST(WriteFileAtomicallyTest, RemovesTemporariesOfKilledWritersOnly) {
    const fs::path dir = testing_util::MakeTempDir("cnet_file_util");
    // As a killed LogReport leaves it: its temporary of `log`, unlocked (the kernel dropped the dead writer's lock).
    Touch(dir / ".log.tmpAb12Cd", "[{\"epoch\": 1");
    // A live writer's temporary of `log`: locked through another open file description, as another process holds it.
    Touch(dir / ".log.tmpLive01", "partial");
    const int live = ::open((dir / ".log.tmpLive01").c_str(), O_RDONLY | O_CLOEXEC);
    ASSERT_GE(live, 0);
    ASSERT_EQ(::flock(live, LOCK_EX | LOCK_NB), 0);
    // Not temporaries of `log`: another file's, a name of another length, a directory of the pattern, the user's.
    Touch(dir / ".plot.png.tmpQw34Er", "x");
    Touch(dir / ".log.tmpShort", "x");
    fs::create_directory(dir / ".log.tmpDir123");
    Touch(dir / "log.tmpXyZ123", "x");

    WriteFileAtomically((dir / "log").string(), "[]");
    EXPECT_EQ(ReadFileBytes((dir / "log").string()), "[]");
    EXPECT_EQ(Names(dir), (std::set<std::string>{"log", ".log.tmpLive01", ".plot.png.tmpQw34Er", ".log.tmpShort",
                                                 ".log.tmpDir123", "log.tmpXyZ123"}));

    // Once the live writer is gone, the next write of `log` removes its temporary too; the other files stay.
    ::close(live);
    WriteFileAtomically((dir / "log").string(), "[1]");
    EXPECT_EQ(ReadFileBytes((dir / "log").string()), "[1]");
    EXPECT_EQ(Names(dir), (std::set<std::string>{"log", ".plot.png.tmpQw34Er", ".log.tmpShort", ".log.tmpDir123",
                                                 "log.tmpXyZ123"}));
    fs::remove_all(dir);
}

TEST(WriteFileAtomicallyTest, NoTemporaryLeftAfterAFailedWrite) {
    const fs::path dir = testing_util::MakeTempDir("cnet_file_util");
    fs::create_directory(dir / "log");  // rename(2) cannot replace a directory with a file
    EXPECT_THROW(WriteFileAtomically((dir / "log").string(), "[]"), SerializationError);
    EXPECT_EQ(Names(dir), (std::set<std::string>{"log"}));
    fs::remove_all(dir);
}

}  // namespace
}  // namespace cnet
