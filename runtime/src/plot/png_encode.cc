// png_encode.cc — see png_encode.h.
#include "plot/png_encode.h"

#include "cnet/core/error.h"

namespace cnet {
namespace plot {
namespace {

cairo_status_t AppendBytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string EncodePng(cairo_surface_t* surface, const std::string& op) {
    cairo_surface_flush(surface);
    std::string png;
    const cairo_status_t status = cairo_surface_write_to_png_stream(surface, AppendBytes, &png);
    CNET_CHECK(status == CAIRO_STATUS_SUCCESS, op, ": cannot encode the PNG: ", cairo_status_to_string(status));
    return png;
}

}  // namespace plot
}  // namespace cnet
