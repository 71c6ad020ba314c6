// ptb_test.cc — get_ptb_words / get_ptb_words_vocabulary on small PTB-format files written here: ids in
// order of first appearance, '<eos>' per line, the directory order, unknown words, and missing files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cnet/datasets/ptb.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace fs = std::filesystem;

class PtbTest : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() / ("cnet_ptb_test_" + std::to_string(::getpid()));
        fs::create_directories(root_ / "ptb");
        setenv("CNET_DATASET_ROOT", root_.c_str(), 1);
    }
    void TearDown() override {
        unsetenv("CNET_DATASET_ROOT");
        fs::remove_all(root_);
    }
    void Write(const std::string& name, const std::string& text) { std::ofstream(root_ / "ptb" / name) << text; }
    fs::path root_;
};

TEST_F(PtbTest, WordsAndVocabulary) {
    Write("ptb.train.txt", " the cat sat \n the dog <unk> \n");
    Write("ptb.valid.txt", " dog sat \n");
    Write("ptb.test.txt", " the <unk> \n cat \n");
    auto [train, valid, test] = datasets::get_ptb_words();
    EXPECT_EQ(train.dtype(), Dtype::kInt32);
    // the=0 cat=1 sat=2 <eos>=3 dog=4 <unk>=5
    EXPECT_EQ(train.to_vector<int32_t>(), (std::vector<int32_t>{0, 1, 2, 3, 0, 4, 5, 3}));
    EXPECT_EQ(valid.to_vector<int32_t>(), (std::vector<int32_t>{4, 2, 3}));
    EXPECT_EQ(test.to_vector<int32_t>(), (std::vector<int32_t>{0, 5, 3, 1, 3}));
    const auto vocab = datasets::get_ptb_words_vocabulary();
    EXPECT_EQ(vocab.size(), 6u);
    EXPECT_EQ(vocab.at("<eos>"), 3);
    EXPECT_EQ(vocab.at("<unk>"), 5);
    EXPECT_EQ(datasets::ptb_directory(), (root_ / "ptb").string());
}

TEST_F(PtbTest, UnknownWordAndMissingFile) {
    Write("ptb.train.txt", "a b\n");
    Write("ptb.valid.txt", "a c\n");
    Write("ptb.test.txt", "a\n");
    try {
        datasets::get_ptb_words();
        FAIL();
    } catch (const ValueError& e) {
        EXPECT_NE(std::string(e.what()).find("the word 'c'"), std::string::npos) << e.what();
    }
    Write("ptb.valid.txt", "b a\n");
    fs::remove(root_ / "ptb" / "ptb.test.txt");
    try {
        datasets::get_ptb_words();
        FAIL();
    } catch (const Error& e) {
        const std::string msg = e.what();
        EXPECT_NE(msg.find("ptb.test.txt"), std::string::npos) << msg;
        EXPECT_NE(msg.find("CHAINER_DATASET_ROOT/pfnet/chainer/ptb"), std::string::npos) << msg;
    }
}

}  // namespace
}  // namespace cnet
