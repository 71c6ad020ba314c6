// npy_io.cc — numpy.load / numpy.save of .npy files, on the serializers' .npy codec and file helpers.
#include "cnet/core/error.h"
#include "cnet/np/io.h"
#include "cnet/serializers/file_util.h"
#include "cnet/serializers/npy_format.h"

namespace cnet {
namespace np {

Array load(const std::string& file) {
    const std::string bytes = serializers::ReadFileBytes(file);
    CNET_CHECK_AS(ValueError, bytes.compare(0, 2, "PK") != 0, "np.load: '", file,
                  "' is an .npz archive; read it with chainer.serializers.load_npz (np.load reads .npy files)");
    CNET_CHECK_AS(ValueError, bytes.compare(0, 6, "\x93NUMPY") == 0, "np.load: '", file, "' is not a .npy file");
    return serializers::DecodeNpy(bytes, file);
}

void save(const std::string& file, const Array& arr) {
    const bool has_suffix = file.size() >= 4 && file.compare(file.size() - 4, 4, ".npy") == 0;
    serializers::WriteFileAtomically(has_suffix ? file : file + ".npy", serializers::EncodeNpy(arr));
}

}  // namespace np
}  // namespace cnet
