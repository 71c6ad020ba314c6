// corpus_test.cc — nltk.corpus.brown's reader, nltk.data's search and LookupError text, and nltk.download, on a
// small corpus in Brown's format written to a scratch directory (unzipped, and as brown.zip). Every expected value
// is NLTK 3.10.4's output on the same files (the repr Python prints for the list, compared with the repr of
// cnet's), its LookupError text less the sys.prefix directories cnet leaves out of the data path, and
// textwrap.fill's lines for the download messages.
#include "cnet/nltk/corpus.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cnet/core/error.h"
#include "cnet/nltk/data.h"
#include "cnet/nltk/downloader.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/serializers/zip_writer.h"
#include "test_util.h"

namespace cnet {
namespace nltk {
namespace corpus {
namespace {

using testing_util::MessageOf;
using Reader = CategorizedTaggedCorpusReader;

// Brown's format: sentences on lines starting with a tab, blank lines between paragraphs, word/tag tokens (a word
// holding '/', tags such as np$, fw-in-tl, pps+bez, do*); then what str.splitlines and the tokenizers make of \r,
// \v, \f, \x1c (a line break but not whitespace for the word tokenizer), a file with no final newline, a token
// ending in '/', files the pattern c[a-z]\d\d leaves out, and a directory that matches it.
const std::vector<std::pair<std::string, std::string>> kFiles = {
    {"ca01",
     "\n\n\tThe/at Fulton/np-tl County/nn-tl Grand/jj-tl Jury/nn-tl said/vbd Friday/nr an/at investigation/nn of/in "
     "Atlanta's/np$ recent/jj primary/nn election/nn produced/vbd ``/`` no/at evidence/nn ''/'' that/cs any/dti "
     "irregularities/nns took/vbd place/nn ./.\n\n\n\tThe/at vote/nn was/bedz 1/2/cd ,/, and/or/cc it's/pps+bez "
     "not/* over/rp ./.\n\n"},
    {"cb02",
     "\n\n\tAu/fw-in-tl revoir/fw-nn-tl ,/, said/vbd the/at Mayor/nn-tl-hl ./.\n\tThey/ppss don't/do* know/vb "
     "./.\n\n\n\t(/( 3/4/cd )/)  --/--\t:/: ;/.\n"},
    {"cc03", "\tNo/at   newline/nn at/in end/nn"},
    {"cd04", "a/x\rb/y\n\x0b" "\nc/z\x1c" "d/w e/Nn\x0c" "\n  \n f/G\r\n\r\ng/h/i j/\n"},
    {"cats.txt", "ca01 news\ncb02 editorial\ncc03 reviews news\ncd04 misc\n"},
    {"README", "BROWN CORPUS\n"},
    {"CONTENTS", "ca01 news\n"},
    {"ca1", "x/y\n"},
    {"cA01", "x/y\n"},
};

// Python's repr of the views' values.
std::string Repr(const std::string& s) { return py::repr(s); }
std::string Repr(const std::tuple<std::string, std::string>& t) {
    return "(" + Repr(std::get<0>(t)) + ", " + Repr(std::get<1>(t)) + ")";
}
template <typename T>
std::string Repr(const std::vector<T>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + Repr(v[i]);
    return out + "]";
}

class NltkCorpusTest : public testing_util::ScratchDirectoryTest {
protected:
    void SetUp() override {
        ScratchDirectoryTest::SetUp();
        data_ = (root_ / "data").string();
        std::filesystem::create_directories(data_ + "/corpora");
        std::filesystem::create_directories(root_ / "home");
        ::setenv("NLTK_DATA", data_.c_str(), 1);
        ::setenv("HOME", (root_ / "home").c_str(), 1);
    }
    // The corpus unzipped in corpora/brown/, or as corpora/brown.zip (with its directory entries or without).
    void WriteCorpus(const std::string& layout,
                     const std::vector<std::pair<std::string, std::string>>& files = kFiles) {
        if (layout == "dir") {
            std::filesystem::create_directories(data_ + "/corpora/brown/cz99");
            for (const auto& [name, text] : files) Write(data_ + "/corpora/brown/" + name, text);
            return;
        }
        serializers::ZipWriter zip(/*compress=*/true);
        if (layout == "zip_dirs") zip.Add("brown/", "");
        for (const auto& [name, text] : files) zip.Add("brown/" + name, text);
        zip.Add("brown/cz99/", "");
        Write(data_ + "/corpora/brown.zip", zip.Finish());
    }
    static Reader NewBrown() { return Reader("brown", R"(c[a-z]\d\d)", "cats.txt"); }

    testing_util::SavedEnvironment env_{"NLTK_DATA", "HOME", "APPENGINE_RUNTIME"};
    std::string data_;
};

class NltkCorpusLayoutTest : public NltkCorpusTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(NltkCorpusLayoutTest, ViewsAreNltks) {
    WriteCorpus(GetParam());
    Reader b = NewBrown();
    EXPECT_EQ(Repr(b.fileids()), R"py(['ca01', 'cb02', 'cc03', 'cd04'])py");
    EXPECT_EQ(Repr(b.categories()), R"py(['editorial', 'misc', 'news', 'reviews'])py");
    EXPECT_EQ(Repr(b.words()), R"py(['The', 'Fulton', 'County', 'Grand', 'Jury', 'said', 'Friday', 'an', 'investigation', 'of', "Atlanta's", 'recent', 'primary', 'election', 'produced', '``', 'no', 'evidence', "''", 'that', 'any', 'irregularities', 'took', 'place', '.', 'The', 'vote', 'was', '1/2', ',', 'and/or', "it's", 'not', 'over', '.', 'Au', 'revoir', ',', 'said', 'the', 'Mayor', '.', 'They', "don't", 'know', '.', '(', '3/4', ')', '--', ':', ';', 'No', 'newline', 'at', 'end', 'a', 'b', 'c/z\x1cd', 'e', 'f', 'g/h', 'j'])py");
    EXPECT_EQ(Repr(b.sents()), R"py([['The', 'Fulton', 'County', 'Grand', 'Jury', 'said', 'Friday', 'an', 'investigation', 'of', "Atlanta's", 'recent', 'primary', 'election', 'produced', '``', 'no', 'evidence', "''", 'that', 'any', 'irregularities', 'took', 'place', '.'], ['The', 'vote', 'was', '1/2', ',', 'and/or', "it's", 'not', 'over', '.'], ['Au', 'revoir', ',', 'said', 'the', 'Mayor', '.'], ['They', "don't", 'know', '.'], ['(', '3/4', ')', '--', ':', ';'], ['No', 'newline', 'at', 'end'], ['a', 'b'], ['c/z\x1cd', 'e'], ['f'], ['g/h', 'j']])py");
    EXPECT_EQ(Repr(b.paras()), R"py([[['The', 'Fulton', 'County', 'Grand', 'Jury', 'said', 'Friday', 'an', 'investigation', 'of', "Atlanta's", 'recent', 'primary', 'election', 'produced', '``', 'no', 'evidence', "''", 'that', 'any', 'irregularities', 'took', 'place', '.']], [['The', 'vote', 'was', '1/2', ',', 'and/or', "it's", 'not', 'over', '.']], [['Au', 'revoir', ',', 'said', 'the', 'Mayor', '.'], ['They', "don't", 'know', '.']], [['(', '3/4', ')', '--', ':', ';']], [['No', 'newline', 'at', 'end']], [['a', 'b']], [['c/z\x1cd', 'e']], [['f']], [['g/h', 'j']]])py");
    EXPECT_EQ(Repr(b.tagged_words()), R"py([('The', 'AT'), ('Fulton', 'NP-TL'), ('County', 'NN-TL'), ('Grand', 'JJ-TL'), ('Jury', 'NN-TL'), ('said', 'VBD'), ('Friday', 'NR'), ('an', 'AT'), ('investigation', 'NN'), ('of', 'IN'), ("Atlanta's", 'NP$'), ('recent', 'JJ'), ('primary', 'NN'), ('election', 'NN'), ('produced', 'VBD'), ('``', '``'), ('no', 'AT'), ('evidence', 'NN'), ("''", "''"), ('that', 'CS'), ('any', 'DTI'), ('irregularities', 'NNS'), ('took', 'VBD'), ('place', 'NN'), ('.', '.'), ('The', 'AT'), ('vote', 'NN'), ('was', 'BEDZ'), ('1/2', 'CD'), (',', ','), ('and/or', 'CC'), ("it's", 'PPS+BEZ'), ('not', '*'), ('over', 'RP'), ('.', '.'), ('Au', 'FW-IN-TL'), ('revoir', 'FW-NN-TL'), (',', ','), ('said', 'VBD'), ('the', 'AT'), ('Mayor', 'NN-TL-HL'), ('.', '.'), ('They', 'PPSS'), ("don't", 'DO*'), ('know', 'VB'), ('.', '.'), ('(', '('), ('3/4', 'CD'), (')', ')'), ('--', '--'), (':', ':'), (';', '.'), ('No', 'AT'), ('newline', 'NN'), ('at', 'IN'), ('end', 'NN'), ('a', 'X'), ('b', 'Y'), ('c/z\x1cd', 'W'), ('e', 'NN'), ('f', 'G'), ('g/h', 'I'), ('j', '')])py");
    EXPECT_EQ(Repr(b.tagged_sents()), R"py([[('The', 'AT'), ('Fulton', 'NP-TL'), ('County', 'NN-TL'), ('Grand', 'JJ-TL'), ('Jury', 'NN-TL'), ('said', 'VBD'), ('Friday', 'NR'), ('an', 'AT'), ('investigation', 'NN'), ('of', 'IN'), ("Atlanta's", 'NP$'), ('recent', 'JJ'), ('primary', 'NN'), ('election', 'NN'), ('produced', 'VBD'), ('``', '``'), ('no', 'AT'), ('evidence', 'NN'), ("''", "''"), ('that', 'CS'), ('any', 'DTI'), ('irregularities', 'NNS'), ('took', 'VBD'), ('place', 'NN'), ('.', '.')], [('The', 'AT'), ('vote', 'NN'), ('was', 'BEDZ'), ('1/2', 'CD'), (',', ','), ('and/or', 'CC'), ("it's", 'PPS+BEZ'), ('not', '*'), ('over', 'RP'), ('.', '.')], [('Au', 'FW-IN-TL'), ('revoir', 'FW-NN-TL'), (',', ','), ('said', 'VBD'), ('the', 'AT'), ('Mayor', 'NN-TL-HL'), ('.', '.')], [('They', 'PPSS'), ("don't", 'DO*'), ('know', 'VB'), ('.', '.')], [('(', '('), ('3/4', 'CD'), (')', ')'), ('--', '--'), (':', ':'), (';', '.')], [('No', 'AT'), ('newline', 'NN'), ('at', 'IN'), ('end', 'NN')], [('a', 'X'), ('b', 'Y')], [('c/z\x1cd', 'W'), ('e', 'NN')], [('f', 'G')], [('g/h', 'I'), ('j', '')]])py");
    EXPECT_EQ(Repr(b.tagged_paras()), R"py([[[('The', 'AT'), ('Fulton', 'NP-TL'), ('County', 'NN-TL'), ('Grand', 'JJ-TL'), ('Jury', 'NN-TL'), ('said', 'VBD'), ('Friday', 'NR'), ('an', 'AT'), ('investigation', 'NN'), ('of', 'IN'), ("Atlanta's", 'NP$'), ('recent', 'JJ'), ('primary', 'NN'), ('election', 'NN'), ('produced', 'VBD'), ('``', '``'), ('no', 'AT'), ('evidence', 'NN'), ("''", "''"), ('that', 'CS'), ('any', 'DTI'), ('irregularities', 'NNS'), ('took', 'VBD'), ('place', 'NN'), ('.', '.')]], [[('The', 'AT'), ('vote', 'NN'), ('was', 'BEDZ'), ('1/2', 'CD'), (',', ','), ('and/or', 'CC'), ("it's", 'PPS+BEZ'), ('not', '*'), ('over', 'RP'), ('.', '.')]], [[('Au', 'FW-IN-TL'), ('revoir', 'FW-NN-TL'), (',', ','), ('said', 'VBD'), ('the', 'AT'), ('Mayor', 'NN-TL-HL'), ('.', '.')], [('They', 'PPSS'), ("don't", 'DO*'), ('know', 'VB'), ('.', '.')]], [[('(', '('), ('3/4', 'CD'), (')', ')'), ('--', '--'), (':', ':'), (';', '.')]], [[('No', 'AT'), ('newline', 'NN'), ('at', 'IN'), ('end', 'NN')]], [[('a', 'X'), ('b', 'Y')]], [[('c/z\x1cd', 'W'), ('e', 'NN')]], [[('f', 'G')]], [[('g/h', 'I'), ('j', '')]]])py");
}

TEST_P(NltkCorpusLayoutTest, FileidsAndCategoriesSelect) {
    WriteCorpus(GetParam());
    Reader b = NewBrown();
    EXPECT_EQ(Repr(b.fileids("news")), R"py(['ca01', 'cc03'])py");
    EXPECT_EQ(Repr(b.fileids(std::vector<std::string>{"misc", "editorial"})), R"py(['cb02', 'cd04'])py");
    EXPECT_EQ(Repr(b.categories("cc03")), R"py(['news', 'reviews'])py");
    EXPECT_EQ(Repr(b.categories(std::vector<std::string>{"ca01", "cd04"})), R"py(['misc', 'news'])py");
    EXPECT_EQ(Repr(b.words("cb02")), R"py(['Au', 'revoir', ',', 'said', 'the', 'Mayor', '.', 'They', "don't", 'know', '.', '(', '3/4', ')', '--', ':', ';'])py");
    EXPECT_EQ(Repr(b.tagged_words(std::vector<std::string>{"cd04"})), R"py([('a', 'X'), ('b', 'Y'), ('c/z\x1cd', 'W'), ('e', 'NN'), ('f', 'G'), ('g/h', 'I'), ('j', '')])py");
    EXPECT_EQ(Repr(b.sents(std::nullopt, "reviews")), R"py([['No', 'newline', 'at', 'end']])py");
    EXPECT_EQ(Repr(b.tagged_sents(std::nullopt, std::vector<std::string>{"misc", "reviews"})), R"py([[('No', 'AT'), ('newline', 'NN'), ('at', 'IN'), ('end', 'NN')], [('a', 'X'), ('b', 'Y')], [('c/z\x1cd', 'W'), ('e', 'NN')], [('f', 'G')], [('g/h', 'I'), ('j', '')]])py");
    EXPECT_EQ(Repr(b.paras("cd04")), R"py([[['a', 'b']], [['c/z\x1cd', 'e']], [['f']], [['g/h', 'j']]])py");
    EXPECT_EQ(Repr(b.raw("cc03")), R"py('\tNo/at   newline/nn at/in end/nn')py");
    EXPECT_EQ(Repr(b.raw(std::vector<std::string>{"cc03", "cc03"})), R"py('\tNo/at   newline/nn at/in end/nn\tNo/at   newline/nn at/in end/nn')py");
}

TEST_P(NltkCorpusLayoutTest, SelectionErrors) {
    WriteCorpus(GetParam());
    Reader b = NewBrown();
    using Names = std::vector<std::string>;
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words(Names{}); }), "concat() expects at least one object!");
    EXPECT_EQ(MessageOf<py::TypeError>([&] { b.words(std::nullopt, Names{}); }),
              "unbound method set.union() needs an argument");
    EXPECT_EQ(MessageOf<py::TypeError>([&] { b.categories(Names{}); }), "unbound method set.union() needs an argument");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words(std::nullopt, "zz"); }), "Category zz not found");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words("ca01", "news"); }), "Specify fileids or categories, not both");
    // An unknown category in a list selects nothing, and (a defaultdict) becomes a category with no files.
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words(std::nullopt, Names{"zz"}); }),
              "concat() expects at least one object!");
    EXPECT_EQ(Repr(b.categories()), R"py(['editorial', 'misc', 'news', 'reviews', 'zz'])py");
    EXPECT_EQ(Repr(b.categories(Names{"zz99"})), "[]");
}

INSTANTIATE_TEST_SUITE_P(Layouts, NltkCorpusLayoutTest, ::testing::Values("dir", "zip", "zip_dirs"));

TEST_F(NltkCorpusTest, MissingFilesAndTraversal) {
    WriteCorpus("dir");
    Reader b = NewBrown();
    const std::string root = data_ + "/corpora/brown";
    EXPECT_EQ(MessageOf<py::OSError>([&] { b.words("zz99"); }), "No such file or directory: '" + root + "/zz99'");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words("../x"); }), "Traversal blocked: ../x");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words("sub/../ca01"); }), "Traversal blocked: sub/../ca01");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words("/etc/passwd"); }), "Escape outside root blocked: /etc/passwd");
    // Every file is looked up before any is read.
    EXPECT_EQ(MessageOf<py::OSError>([&] { b.words(std::vector<std::string>{"ca01", "zz99"}); }),
              "No such file or directory: '" + root + "/zz99'");
}

TEST_F(NltkCorpusTest, MissingMembersOfTheArchive) {
    WriteCorpus("zip");
    Reader b = NewBrown();
    const std::string zip = "'" + data_ + "/corpora/brown.zip'";
    EXPECT_EQ(MessageOf<py::OSError>([&] { b.words("zz99"); }), "Zipfile " + zip + " does not contain 'brown/zz99'");
    EXPECT_EQ(MessageOf<py::OSError>([&] { b.words("../x"); }), "Zipfile " + zip + " does not contain 'x'");
    EXPECT_EQ(MessageOf<py::OSError>([&] { b.words("/etc/passwd"); }),
              "Zipfile " + zip + " does not contain 'brown/etc/passwd'");
    EXPECT_EQ(Repr(b.words("sub/../cc03")), R"py(['No', 'newline', 'at', 'end'])py");
}

// The unzipped directory is read before the archive (NLTK's second search is the archive's).
TEST_F(NltkCorpusTest, DirectoryBeforeArchive) {
    WriteCorpus("zip");
    std::filesystem::create_directories(data_ + "/corpora/brown");
    Write(data_ + "/corpora/brown/ca01", "only/at\n");
    Write(data_ + "/corpora/brown/cats.txt", "ca01 x\n");
    Reader b = NewBrown();
    EXPECT_EQ(Repr(b.words()), "['only']");
}

TEST_F(NltkCorpusTest, CategoryFileErrors) {
    WriteCorpus("dir", {{"ca01", "a/b\n"}, {"cats.txt", "ca01 news\nzz01 misc\n"}});
    Reader b = NewBrown();
    EXPECT_EQ(MessageOf<ValueError>([&] { b.categories(); }), "In category mapping file cats.txt: zz01 not found");
    EXPECT_EQ(Repr(b.categories()), "['news']");  // as NLTK: the lines before the error stay read
    Write(data_ + "/corpora/brown/cats.txt", "ca01 news\n\nca01 x\n");
    Reader c = NewBrown();
    EXPECT_EQ(MessageOf<ValueError>([&] { c.categories(); }), "not enough values to unpack (expected 2, got 0)");
}

TEST_F(NltkCorpusTest, UntaggedTokenAndNonAscii) {
    WriteCorpus("dir", {{"ca01", "lone/nn token\n"}, {"cb02", "ok/nn caf\xc3\xa9/nn\n"}, {"cats.txt", "ca01 a\n"}});
    Reader b = NewBrown();
    EXPECT_EQ(Repr(b.words("ca01")), "['lone', 'token']");  // NLTK's too
    EXPECT_EQ(MessageOf<ValueError>([&] { b.tagged_words("ca01"); }),
              "the token 'token' in ca01 has no '/' before a tag: NLTK tags it None, which a tuple[str, str] cannot "
              "hold (words() and sents() read it)");
    EXPECT_EQ(MessageOf<ValueError>([&] { b.words("cb02"); }),
              "'ascii' codec can't decode byte 0xc3 in position 9: ordinal not in range(128)");
}

TEST_F(NltkCorpusTest, DataPath) {
    ::setenv("NLTK_DATA", "rel/x:~/b::/c/", 1);
    ::setenv("HOME", "/h", 1);
    const std::vector<std::string> expected = {"rel/x", "/h/b", "/c/", "/h/nltk_data", "/usr/share/nltk_data",
                                               "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
                                               "/usr/local/lib/nltk_data"};
    EXPECT_EQ(data_path(), expected);
    ::setenv("APPENGINE_RUNTIME", "1", 1);
    EXPECT_EQ(data_path()[3], "/usr/share/nltk_data");
}

// NLTK's LookupError text, with the searched directories.
TEST_F(NltkCorpusTest, MissingCorpusIsLookupError) {
    ::setenv("NLTK_DATA", "/nonexistent/cnet-nltk-test", 1);
    ::setenv("HOME", "/nonexistent/home", 1);
    Reader b = NewBrown();
    const std::string expected =
        "\n**********************************************************************\n  Resource 'brown' not found.\n"
        "  Please use the NLTK Downloader to obtain the resource:\n\n  >>> import nltk\n  >>> nltk.download('brown')\n"
        "\n  For more information see: https://www.nltk.org/data.html\n\n  Attempted to load 'corpora/brown'\n\n"
        "  Searched in:\n    - '/nonexistent/cnet-nltk-test'\n    - '/nonexistent/home/nltk_data'\n"
        "    - '/usr/share/nltk_data'\n    - '/usr/local/share/nltk_data'\n    - '/usr/lib/nltk_data'\n"
        "    - '/usr/local/lib/nltk_data'\n**********************************************************************\n";
    EXPECT_EQ(MessageOf<LookupError>([&] { b.tagged_sents(); }), expected);
    EXPECT_EQ(MessageOf<LookupError>([&] { b.fileids(); }), expected);  // each use searches again
}

// A zip file in the data path: NLTK finds no 'corpora/brown' member in it and says the package looks installed.
TEST_F(NltkCorpusTest, ZipInTheDataPathIsANearMiss) {
    const std::string zip = (root_ / "data.zip").string();
    serializers::ZipWriter writer(false);
    writer.Add("x", "y");
    Write(zip, writer.Finish());
    ::setenv("NLTK_DATA", zip.c_str(), 1);
    Reader b = NewBrown();
    const std::string home = "'" + (root_ / "home").string() + "/nltk_data'";
    const std::string expected =
        "\n**********************************************************************\n"
        "  Resource entry 'corpora/brown' not found in installed package 'brown'.\n"
        "  The package appears to be installed, but the requested file is missing.\n\n"
        "  If you believe the package is corrupted or out of date, you can try re-downloading it with the NLTK "
        "Downloader:\n\n  >>> import nltk\n  >>> nltk.download('brown')\n"
        "\n  For more information see: https://www.nltk.org/data.html\n\n  Attempted to load 'corpora/brown'\n\n"
        "  Package was found in:\n    - '" + zip + "'\n  Searched in:\n    - '" + zip + "'\n    - " + home + "\n"
        "    - '/usr/share/nltk_data'\n    - '/usr/local/share/nltk_data'\n    - '/usr/lib/nltk_data'\n"
        "    - '/usr/local/lib/nltk_data'\n**********************************************************************\n";
    EXPECT_EQ(MessageOf<LookupError>([&] { b.words(); }), expected);
}

// nltk.corpus.brown is one lazily loaded reader: missing, then installed, in the same program.
TEST_F(NltkCorpusTest, BrownLoadsAtFirstUse) {
    const std::shared_ptr<Reader> b = brown();
    EXPECT_EQ(b, brown());
    EXPECT_NE(MessageOf<LookupError>([&] { b->words(); }), "(no error)");
    WriteCorpus("zip");
    EXPECT_EQ(Repr(b->fileids()), R"py(['ca01', 'cb02', 'cc03', 'cd04'])py");
    EXPECT_EQ(b->tagged_sents().size(), 10u);
}

bool SystemDataDirExists() {
    for (const char* d : {"/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
                          "/usr/local/lib/nltk_data"}) {
        if (std::filesystem::exists(d)) return true;
    }
    return false;
}

// NLTK, given a package already in its download directory, prints these two lines on stderr and returns True.
TEST_F(NltkCorpusTest, DownloadOfAnInstalledPackage) {
    WriteCorpus("zip");
    ::setenv("NLTK_DATA", "data", 1);  // relative, as NLTK prints it: the first writable entry of the path
    ::testing::internal::CaptureStderr();
    EXPECT_TRUE(download("brown"));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "[nltk_data] Downloading package brown to data...\n"
              "[nltk_data]   Package brown is already up-to-date!\n");
    ::testing::internal::CaptureStderr();
    EXPECT_TRUE(download("brown", std::nullopt, /*quiet=*/true));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
    // In a later directory of the path than the download directory: that directory is named.
    ::setenv("NLTK_DATA", "home:data", 1);
    ::testing::internal::CaptureStderr();
    EXPECT_TRUE(download("brown", std::nullopt, false, false, "> "));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "> Downloading package brown to data...\n>   Package brown is already up-to-date!\n");
}

TEST_F(NltkCorpusTest, DownloadOfAMissingPackage) {
    if (SystemDataDirExists()) GTEST_SKIP() << "a system nltk_data directory exists";
    ::setenv("NLTK_DATA", "/nonexistent/cnet-nltk-test", 1);
    ::setenv("HOME", "/nonexistent/home", 1);
    ::testing::internal::CaptureStderr();
    EXPECT_FALSE(download("brown"));
    // textwrap.fill of the message, as NLTK's show() prints it.
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "[nltk_data] Error loading brown: cnet does not download NLTK data. Put\n"
              "[nltk_data]     NLTK's brown package in a directory of the NLTK data\n"
              "[nltk_data]     path ('/nonexistent/cnet-nltk-test',\n"
              "[nltk_data]     '/nonexistent/home/nltk_data', '/usr/share/nltk_data',\n"
              "[nltk_data]     '/usr/local/share/nltk_data', '/usr/lib/nltk_data',\n"
              "[nltk_data]     '/usr/local/lib/nltk_data') as corpora/brown.zip, or\n"
              "[nltk_data]     unzipped as corpora/brown/ (where there is a network:\n"
              "[nltk_data]     python -m nltk.downloader -d DIR brown)\n");
    ::testing::internal::CaptureStderr();
    EXPECT_FALSE(download("punkt", std::nullopt, /*quiet=*/true));
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "[nltk_data] Error loading punkt: cnet does not download NLTK data, and\n"
              "[nltk_data]     has no reader for 'punkt' (it reads: brown)\n");
    ::testing::internal::CaptureStderr();
    EXPECT_EQ(MessageOf<ValueError>([] { download("brown", std::nullopt, false, true, "[nltk_data] ", true); }),
              "Error loading brown: cnet does not download NLTK data (force=True asks for a new download)");
    EXPECT_EQ(::testing::internal::GetCapturedStderr(),
              "[nltk_data] Error loading brown: cnet does not download NLTK data\n"
              "[nltk_data]     (force=True asks for a new download)\n");
}

// Downloader.default_download_dir: the first existing, writable entry of the path, else ~/nltk_data.
TEST_F(NltkCorpusTest, DefaultDownloadDir) {
    if (SystemDataDirExists()) GTEST_SKIP() << "a system nltk_data directory exists";
    std::filesystem::create_directories(root_ / "ro");
    ::chmod((root_ / "ro").c_str(), 0555);
    ::setenv("NLTK_DATA", ("/nonexistent:" + (root_ / "ro").string() + ":data").c_str(), 1);
    EXPECT_EQ(internal::DefaultDownloadDir(), "data");  // 0555 is not writable by NLTK's test, even for root
    ::setenv("NLTK_DATA", "/nonexistent", 1);
    ::setenv("HOME", "/nonexistent/home/", 1);
    EXPECT_EQ(internal::DefaultDownloadDir(), "/nonexistent/home/nltk_data");
}

// internal::Fill against Python's textwrap.fill(text, initial_indent='[p] ', subsequent_indent='[p]     ').
TEST(NltkFillTest, IsTextwrapFill) {
    auto fill = [](const std::string& text) { return internal::Fill(text, "[p] ", "[p]     "); };
    EXPECT_EQ(fill("Look, goof-ball -- use the -b option!"), "[p] Look, goof-ball -- use the -b option!");
    EXPECT_EQ(fill(std::string(80, 'a') + " b"),
              "[p] " + std::string(66, 'a') + "\n[p]     " + std::string(14, 'a') + " b");
    EXPECT_EQ(fill("x " + std::string(75, '-')), "[p] x " + std::string(64, '-') + "\n[p]     " + std::string(11, '-'));
    std::string words;
    for (int i = 0; i < 3; ++i) words += "well-known co-op-eration mid--dash a--b ab-c-d-e ";
    EXPECT_EQ(fill(words),
              "[p] well-known co-op-eration mid--dash a--b ab-c-d-e well-known co-op-\n"
              "[p]     eration mid--dash a--b ab-c-d-e well-known co-op-eration mid--\n"
              "[p]     dash a--b ab-c-d-e");
    EXPECT_EQ(fill("tab\there and\\x1bescape \\x85c1 \xc3\xa9-accent "
                   "path/with-hyphen-in-a-very-long-directory-name-that-does-not-fit-anywhere/x"),
              "[p] tab     here and\\x1bescape \\x85c1 \xc3\xa9-accent path/with-hyphen-in-a-\n"
              "[p]     very-long-directory-name-that-does-not-fit-anywhere/x");
    std::string hyphens;
    for (int i = 0; i < 30; ++i) hyphens += "aa-";
    EXPECT_EQ(fill(hyphens), "[p] " + hyphens.substr(0, 66) + "\n[p]     " + hyphens.substr(66));
    EXPECT_EQ(fill("Pi" + std::string(73, '-') + "a"),
              "[p] Pi" + std::string(64, '-') + "\n[p]     " + std::string(9, '-') + "a");
}

}  // namespace
}  // namespace corpus
}  // namespace nltk
}  // namespace cnet
