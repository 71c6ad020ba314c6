// ptb.h — chainer.datasets.get_ptb_words / get_ptb_words_vocabulary, read from local text files in the
// Penn Treebank layout (ptb.train.txt, ptb.valid.txt, ptb.test.txt: one sentence per line, words separated by
// spaces, rare words already <unk>). Nothing is downloaded.
//
// The directory is the first of $CNET_DATASET_ROOT/ptb, $CNET_DATASET_ROOT, $CHAINER_DATASET_ROOT/pfnet/chainer/ptb
// and ~/.chainer/dataset/pfnet/chainer/ptb (Chainer's own cache directory for PTB) that holds ptb.train.txt.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "cnet/core/array.h"

namespace cnet {
namespace datasets {

/// get_ptb_words(): (train, valid, test) as int32 arrays of word ids, each line's words followed by '<eos>'.
/// Ids are the words' order of first appearance in the training text (Chainer's vocabulary); a word of
/// valid/test missing from it raises ValueError. A missing file raises Error naming where to put it.
std::tuple<Array, Array, Array> get_ptb_words();

/// get_ptb_words_vocabulary(): the vocabulary word -> id.
std::map<std::string, int64_t> get_ptb_words_vocabulary();

/// The directory get_ptb_words reads (the first candidate holding ptb.train.txt, else the first candidate).
std::string ptb_directory();

}  // namespace datasets
}  // namespace cnet
