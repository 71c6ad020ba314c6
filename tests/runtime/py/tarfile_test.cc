// tarfile_test.cc — tarfile.open / getnames / extractfile / extractall on archives GNU tar writes (plain, gzip,
// bzip2, xz; links, a FIFO, members escaping the target), in a scratch directory. Names, contents and error
// messages are CPython 3.11's for the same archives (extractall with filter='data'); extractfile's file is text
// here (CPython's is binary), read as csv.reader and `for line in f` read it.
#include "cnet/py/tarfile.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cnet/py/csv.h"
#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace py {
namespace tarfile {
namespace {

namespace fs = std::filesystem;

class TarfileTest : public testing_util::ScratchDirectoryTest {
 protected:
    void SetUp() override {
        ScratchDirectoryTest::SetUp();
        fs::create_directories(root_ / "src" / "dbpedia_csv" / "sub");
        Write("src/dbpedia_csv/train.csv", "1,\"Alpha, Inc.\",\"A \"\"quoted\"\" word\"\n2,Beta,\"two\nlines\"\n");
        Write("src/dbpedia_csv/classes.txt", "Company\nArtist\n");
        Write("src/dbpedia_csv/sub/note.txt", "caf\xc3\xa9 \xe2\x82\xac\n");
        Tar("cf data.tar -C src dbpedia_csv");
        Tar("czf data.tar.gz -C src dbpedia_csv");
    }
    static void Tar(const std::string& args) {
        ASSERT_EQ(std::system(("tar " + args + " 2>/dev/null").c_str()), 0) << "tar " << args;
    }
};

using testing_util::MessageOf;

const std::vector<std::string> kNames = {"dbpedia_csv", "dbpedia_csv/classes.txt", "dbpedia_csv/sub",
                                         "dbpedia_csv/sub/note.txt", "dbpedia_csv/train.csv"};

std::vector<std::string> Sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
}

TEST_F(TarfileTest, GetnamesOfEveryCompressionAndMode) {
    Tar("cjf data.tar.bz2 -C src dbpedia_csv");
    Tar("cJf data.tar.xz -C src dbpedia_csv");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"data.tar", "r"},        {"data.tar", "r:*"},        {"data.tar", "r:"},      {"data.tar", "r|"},
        {"data.tar.gz", "r"},     {"data.tar.gz", "r:gz"},    {"data.tar.gz", "r|*"},  {"data.tar.gz", "r|gz"},
        {"data.tar.bz2", "r:*"},  {"data.tar.bz2", "r:bz2"},  {"data.tar.xz", "r"},    {"data.tar.xz", "r:xz"}};
    for (const auto& [path, mode] : cases) {
        auto tf = open(path, mode);
        // GNU tar writes a directory's entries in the directory's order: compare as sets, the directory first.
        const std::vector<std::string> names = tf->getnames();
        ASSERT_EQ(names.size(), kNames.size()) << path << " " << mode;
        EXPECT_EQ(names[0], "dbpedia_csv");
        EXPECT_EQ(Sorted(names), kNames) << path << " " << mode;
        EXPECT_EQ(tf->name(), (root_ / path).string());
        EXPECT_FALSE(tf->closed());
        tf->close();
        EXPECT_TRUE(tf->closed());
    }
    EXPECT_TRUE(is_tarfile("data.tar.gz"));
}

TEST_F(TarfileTest, ExtractfileIsATextFileForCsvReader) {
    auto tf = open("data.tar.gz");
    // text_classification: for i, (label, title, text) in enumerate(csv.reader(tf.extractfile(...)))
    const auto rows = csv::reader(tf->extractfile("dbpedia_csv/train.csv"));
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"1", "Alpha, Inc.", "A \"quoted\" word"}));
    EXPECT_EQ(rows[1], (std::vector<std::string>{"2", "Beta", "two\nlines"}));
    std::vector<std::string> lines;
    auto classes = tf->extractfile("dbpedia_csv/classes.txt");
    for (const std::string& line : *classes) lines.push_back(line);
    EXPECT_EQ(lines, (std::vector<std::string>{"Company\n", "Artist\n"}));
    auto f = tf->extractfile("dbpedia_csv/sub/note.txt");
    EXPECT_EQ(f->name(), "dbpedia_csv/sub/note.txt");
    EXPECT_EQ(f->read(4), "caf\xc3\xa9");  // characters, not bytes
    EXPECT_EQ(f->readline(), " \xe2\x82\xac\n");
    EXPECT_EQ(f->readline(), "");
    EXPECT_EQ(f->read(), "");
    f->close();
    EXPECT_TRUE(f->closed());
    EXPECT_EQ(MessageOf<ValueError>([&] { f->read(); }), "I/O operation on closed file.");
    EXPECT_EQ(tf->extractfile("dbpedia_csv/classes.txt")->readlines(),
              (std::vector<std::string>{"Company\n", "Artist\n"}));
    EXPECT_EQ(MessageOf<OSError>([&] { tf->extractfile("dbpedia_csv/classes.txt")->write("x"); }), "not writable");
    // io.TextIOWrapper(member, encoding='utf-8') is the member; a file from open() is text already.
    auto member = tf->extractfile("dbpedia_csv/classes.txt");
    EXPECT_EQ(text_io_wrapper(member, std::string("utf-8")), member);
    EXPECT_EQ(text_io_wrapper(member)->read(), "Company\nArtist\n");
    EXPECT_NE(MessageOf<ValueError>([&] { text_io_wrapper(member, std::string("latin-1")); }), "(no error)");
    EXPECT_NE(MessageOf<TypeError>([&] { text_io_wrapper(py::open("src/dbpedia_csv/classes.txt")); }), "(no error)");
}

TEST_F(TarfileTest, ExtractfileFollowsLinksAndNamesWhatIsMissing) {
    fs::create_directories("links/d");
    Write("links/d/a.txt", "target text\n");
    fs::create_symlink("a.txt", "links/d/sym");
    fs::create_hard_link("links/d/a.txt", "links/d/hard");
    fs::create_symlink("nowhere.txt", "links/d/dangling");
    Tar("cf links.tar -C links d");
    auto tf = open("links.tar");
    EXPECT_EQ(tf->extractfile("d/sym")->read(), "target text\n");
    // GNU tar stores one of a.txt / hard as the file and the other as a hard link to it.
    EXPECT_EQ(tf->extractfile("d/hard")->read(), "target text\n");
    EXPECT_EQ(tf->extractfile("d/a.txt")->read(), "target text\n");
    EXPECT_EQ(MessageOf<KeyError>([&] { tf->extractfile("d/dangling"); }), "\"linkname 'd/nowhere.txt' not found\"");
    EXPECT_EQ(MessageOf<KeyError>([&] { tf->extractfile("nope"); }), "\"filename 'nope' not found\"");
    EXPECT_NE(MessageOf<ValueError>([&] { tf->extractfile("d/"); }).find("'d' is a directory"), std::string::npos);
}

TEST_F(TarfileTest, OpenErrorsAreCPythons) {
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { open("missing.tar.gz"); }),
              "[Errno 2] No such file or directory: 'missing.tar.gz'");
    EXPECT_EQ(MessageOf<FileNotFoundError>([] { is_tarfile("missing.tar.gz"); }),
              "[Errno 2] No such file or directory: 'missing.tar.gz'");
    EXPECT_EQ(MessageOf<OSError>([] { open("src"); }), "[Errno 21] Is a directory: 'src'");
    Write("bad.tar.gz", "junkjunk\n");
    Write("empty.tar", "");
    std::string big(4096, 'x');
    Write("big.bin", big);
    EXPECT_EQ(MessageOf<ReadError>([] { open("bad.tar.gz"); }).rfind("file could not be opened successfully:\n- ", 0),
              0u);
    EXPECT_EQ(MessageOf<ReadError>([] { open("big.bin", "r:*"); }).rfind("file could not be opened successfully", 0),
              0u);
    EXPECT_EQ(MessageOf<ReadError>([] { open("empty.tar"); }), "file could not be opened successfully:\n- empty file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("empty.tar", "r:"); }), "empty file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("bad.tar.gz", "r:"); }), "truncated header");
    EXPECT_EQ(MessageOf<ReadError>([] { open("big.bin", "r:"); }), "invalid header");
    EXPECT_EQ(MessageOf<ReadError>([] { open("bad.tar.gz", "r:gz"); }), "not a gzip file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("data.tar", "r:gz"); }), "not a gzip file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("data.tar", "r:bz2"); }), "not a bzip2 file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("data.tar", "r:xz"); }), "not an lzma file");
    EXPECT_EQ(MessageOf<ReadError>([] { open("data.tar.gz", "r:"); }), "truncated header");  // under 512 bytes
    EXPECT_FALSE(is_tarfile("bad.tar.gz"));
    EXPECT_FALSE(is_tarfile("empty.tar"));
    // A ReadError is a TarError, which `except Exception` catches in .cnet.
    EXPECT_NE(MessageOf<TarError>([] { open("bad.tar.gz"); }), "(no error)");
    EXPECT_NE(MessageOf<Error>([] { open("bad.tar.gz"); }), "(no error)");
}

TEST_F(TarfileTest, ModeErrorsAreCPythons) {
    EXPECT_EQ(MessageOf<ValueError>([] { open("data.tar", "rb"); }), "undiscernible mode");
    EXPECT_EQ(MessageOf<CompressionError>([] { open("data.tar", "r:zz"); }), "unknown compression type 'zz'");
    EXPECT_EQ(MessageOf<ValueError>([] { open("data.tar", "q:gz"); }), "mode must be 'r', 'w' or 'x'");
    EXPECT_EQ(MessageOf<ValueError>([] { open("data.tar", "a:xz"); }), "mode must be 'r', 'w' or 'x'");
    EXPECT_EQ(MessageOf<ValueError>([] { open("data.tar", "q:"); }), "mode must be 'r', 'a', 'w' or 'x'");
    EXPECT_EQ(MessageOf<ValueError>([] { open("data.tar", "a|gz"); }), "mode must be 'r' or 'w'");
    for (const char* mode : {"w", "w:gz", "a", "x", "w|gz"}) {
        EXPECT_NE(MessageOf<ValueError>([&] { open("out.tar", mode); }).find("is not supported in .cnet"),
                  std::string::npos)
            << mode;
    }
    EXPECT_FALSE(fs::exists("out.tar"));
}

TEST_F(TarfileTest, ExtractallWritesTheTreeWithTheDataFiltersModes) {
    fs::permissions("src/dbpedia_csv/classes.txt", fs::perms(0777));
    fs::permissions("src/dbpedia_csv/train.csv", fs::perms(0400));
    struct stat before {};
    ASSERT_EQ(::stat("src/dbpedia_csv/train.csv", &before), 0);
    Tar("czf modes.tar.gz -C src dbpedia_csv");
    auto tf = open("modes.tar.gz", "r");
    tf->extractall("out/nested");  // made as needed
    EXPECT_EQ(Read("out/nested/dbpedia_csv/train.csv"), Read("src/dbpedia_csv/train.csv"));
    EXPECT_EQ(Read("out/nested/dbpedia_csv/sub/note.txt"), "caf\xc3\xa9 \xe2\x82\xac\n");
    // 'data': no write for group and others; owners read and write their files.
    struct stat st {};
    ASSERT_EQ(::stat("out/nested/dbpedia_csv/classes.txt", &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0755u);
    ASSERT_EQ(::stat("out/nested/dbpedia_csv/train.csv", &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0600u);
    EXPECT_EQ(st.st_mtime, before.st_mtime);
    ASSERT_EQ(::stat("out/nested/dbpedia_csv/sub", &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    // Again over the same tree (files replaced), and into the current directory by default.
    tf->extractall("out/nested", std::string("data"));
    EXPECT_EQ(Read("out/nested/dbpedia_csv/classes.txt"), "Company\nArtist\n");
    fs::create_directories("here");
    fs::current_path("here");
    tf->extractall();
    fs::current_path(root_);
    EXPECT_EQ(Read("here/dbpedia_csv/classes.txt"), "Company\nArtist\n");
    EXPECT_EQ(MessageOf<ValueError>([&] { tf->extractall("out", std::string("nope")); }), "filter 'nope' not found");
    EXPECT_NE(MessageOf<ValueError>([&] { tf->extractall("out", std::string("fully_trusted")); }), "(no error)");
}

TEST_F(TarfileTest, ExtractallRefusesMembersOutsideTheTarget) {
    // Member names as an attacker writes them (-P keeps a leading '/' and '..').
    fs::create_directories("w/in");
    Write("w/in/ok.txt", "ok\n");
    Write("w/evil.txt", "evil\n");
    Write("abs.txt", "abs\n");
    fs::current_path("w/in");
    Tar("-P -cf ../../escape.tar ok.txt ../evil.txt");
    fs::current_path(root_);
    auto tf = open("escape.tar");
    EXPECT_EQ(tf->getnames(), (std::vector<std::string>{"ok.txt", "../evil.txt"}));
    const std::string dest = (root_ / "dest").string();
    EXPECT_EQ(MessageOf<OutsideDestinationError>([&] { tf->extractall("dest"); }),
              "'../evil.txt' would be extracted to '" + (root_ / "evil.txt").string() +
                  "', which is outside the destination");
    EXPECT_TRUE(fs::exists("dest/ok.txt"));  // the members before it are extracted, as in CPython
    EXPECT_FALSE(fs::exists("evil.txt"));
    EXPECT_NE(MessageOf<FilterError>([&] { tf->extractall("dest"); }), "(no error)");

    // A leading '/' is dropped: the member lands inside.
    Tar("-P -cf absolute.tar " + (root_ / "abs.txt").string());
    open("absolute.tar")->extractall("dest2");
    EXPECT_EQ(Read("dest2/" + (root_ / "abs.txt").string().substr(1)), "abs\n");

    fs::create_directories("l");
    fs::create_symlink("/etc/passwd", "l/abslink");
    Tar("cf abslink.tar -C l abslink");
    EXPECT_EQ(MessageOf<AbsoluteLinkError>([] { open("abslink.tar")->extractall("dest3"); }),
              "'abslink' is a link to an absolute path");
    fs::create_directories("m");
    fs::create_symlink("../outside", "m/up");
    Tar("cf up.tar -C m up");
    EXPECT_EQ(MessageOf<LinkOutsideDestinationError>([] { open("up.tar")->extractall("dest4"); }),
              "'up' would link to '" + (root_ / "outside").string() + "', which is outside the destination");
    EXPECT_FALSE(fs::is_symlink("dest4/up"));
    fs::create_directories("n");
    ASSERT_EQ(::mkfifo("n/fifo", 0644), 0);
    Tar("cf fifo.tar -C n fifo");
    EXPECT_EQ(MessageOf<SpecialFileError>([] { open("fifo.tar")->extractall("dest5"); }), "'fifo' is a special file");
    // Links that stay inside are extracted.
    fs::create_directories("k/d");
    Write("k/d/a.txt", "a\n");
    fs::create_symlink("a.txt", "k/d/sym");
    fs::create_hard_link("k/d/a.txt", "k/d/hard");
    Tar("cf inside.tar -C k d");
    open("inside.tar")->extractall("dest6");
    EXPECT_TRUE(fs::is_symlink("dest6/d/sym"));
    EXPECT_EQ(fs::read_symlink("dest6/d/sym"), "a.txt");
    EXPECT_EQ(Read("dest6/d/sym"), "a\n");
    EXPECT_EQ(Read("dest6/d/hard"), "a\n");
    EXPECT_EQ(fs::hard_link_count("dest6/d/hard"), 2u);
}

TEST_F(TarfileTest, AClosedArchiveAndOneRemovedAfterOpen) {
    auto tf = open("data.tar.gz");
    fs::remove("data.tar.gz");  // the open file is still read, as CPython reads its open file object
    EXPECT_EQ(tf->extractfile("dbpedia_csv/classes.txt")->read(), "Company\nArtist\n");
    tf->close();
    tf->close();
    EXPECT_EQ(MessageOf<OSError>([&] { tf->getnames(); }), "TarFile is closed");
    EXPECT_EQ(MessageOf<OSError>([&] { tf->extractfile("dbpedia_csv/classes.txt"); }), "TarFile is closed");
    EXPECT_EQ(MessageOf<OSError>([&] { tf->extractall("x"); }), "TarFile is closed");
}

TEST_F(TarfileTest, MembersAreStrictUtf8) {
    fs::create_directories("u");
    Write("u/bad.txt", "ok\nab\xff" "cd\n");
    Tar("cf utf.tar -C u bad.txt");
    auto f = open("utf.tar")->extractfile("bad.txt");
    EXPECT_EQ(f->readline(), "ok\n");
    EXPECT_EQ(MessageOf<ValueError>([&] { f->readline(); }),
              "'utf-8' codec can't decode byte 0xff in position 5: invalid start byte");
}

}  // namespace
}  // namespace tarfile
}  // namespace py
}  // namespace cnet
