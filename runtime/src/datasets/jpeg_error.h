// jpeg_error.h — libjpeg's errors as exceptions: its default error_exit ends the process, so the readers and
// writers of JPEG files (ImageDataset's, PIL.Image's) install JpegErrorExit, which formats the message and
// longjmps back to the setjmp(JpegError::jump) of the call that started libjpeg.
#pragma once

#include <jpeglib.h>

#include <csetjmp>
#include <cstdio>

namespace cnet {
namespace internal {

struct JpegError {
    jpeg_error_mgr mgr;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

inline void JpegErrorExit(j_common_ptr info) {
    JpegError* err = reinterpret_cast<JpegError*>(info->err);
    (*info->err->format_message)(info, err->message);
    std::longjmp(err->jump, 1);
}

}  // namespace internal
}  // namespace cnet
