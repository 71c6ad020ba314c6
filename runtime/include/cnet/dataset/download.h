// download.h — chainer.dataset's dataset directories and download cache (chainer/dataset/download.py): the
// same paths as Chainer, so files Chainer downloaded are found. The runtime never downloads: cached_download
// returns the cached file, or raises an error that says where to put it.
#pragma once

#include <string>

namespace cnet {
namespace dataset {

/// $CHAINER_DATASET_ROOT, else ~/.chainer/dataset ($HOME's), unless set_dataset_root gave another. Chainer reads
/// the variable once at import; this reads it at each call (a program cannot change it in between).
std::string get_dataset_root();
/// Every later get_dataset_root() returns `path`.
void set_dataset_root(const std::string& path);
/// os.path.join(get_dataset_root(), dataset_name), made (with its parents) unless create_directory is false;
/// OSError when it cannot be made.
std::string get_dataset_directory(const std::string& dataset_name, bool create_directory = true);
/// get_dataset_root()/_dl_cache/<MD5 hex of the URL's UTF-8> (made if missing, as Chainer does) when that file
/// exists; otherwise OSError naming the URL and that exact path.
std::string cached_download(const std::string& url);

namespace internal {
/// Forgets set_dataset_root's path (for tests: the root follows the environment again).
void reset_dataset_root();
}  // namespace internal

}  // namespace dataset
}  // namespace cnet
