// npz.cc — the file side of save_npz / load_npz.
#include "cnet/serializers/npz.h"

namespace cnet {
namespace serializers {
namespace internal {

void WriteNpz(const std::string& file, const NpzFile& npz, bool compression) { npz.Save(file, compression); }

std::shared_ptr<const NpzFile> ReadNpz(const std::string& file) {
    return std::make_shared<const NpzFile>(NpzFile::Load(file));
}

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
