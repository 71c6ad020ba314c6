// colormap.h — the colormaps imshow maps scalar data through (matplotlib's names), as 256-entry lookup
// tables the way matplotlib samples them.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace cnet {
namespace plot {

struct Rgb8 {
    uint8_t r, g, b;
};

/// A colormap sampled into matplotlib's N = 256 entries (entry i is the map at i / 255).
struct Colormap {
    std::array<Rgb8, 256> lut;
    /// The colour of a normalized value: matplotlib's floor(x * 256), clipped to [0, 255] (values below 0 take
    /// the first colour and above 1 the last, matplotlib's default under/over colours). x must not be NaN.
    const Rgb8& operator()(double x) const;
};

/// 'viridis', 'gray', 'Greys' and their reversed forms ('viridis_r', 'gray_r', 'Greys_r'); another name
/// raises ValueError listing these, as matplotlib does.
const Colormap& GetColormap(const std::string& name);

}  // namespace plot
}  // namespace cnet
