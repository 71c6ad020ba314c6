// png_encode.h — a cairo image surface as PNG bytes (PlotReport's plots and pyplot's savefig).
#pragma once

#include <cairo.h>

#include <string>

namespace cnet {
namespace plot {

/// The PNG encoding of `surface`; an Error naming `op` when cairo cannot encode it.
std::string EncodePng(cairo_surface_t* surface, const std::string& op);

}  // namespace plot
}  // namespace cnet
