// colormap.cc — viridis, gray and Greys as a few anchor colours with linear interpolation between them, not
// matplotlib's 256-entry tables (no vendored colormap data): viridis from its colours at 0, 0.25, 0.5, 0.75
// and 1 (exact there, an approximation of its curve between them); gray is linear black to white; Greys is
// ColorBrewer's 9-class Greys, which matplotlib also interpolates linearly between the same 9 colours.
#include "plot/colormap.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <map>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace plot {
namespace {

// Equally spaced anchors, interpolated into the 256 entries (entry i at i / 255); reversed for the '_r' form.
Colormap Sample(std::initializer_list<uint32_t> hex_anchors, bool reversed) {
    const std::vector<uint32_t> anchors(hex_anchors);
    const size_t segments = anchors.size() - 1;
    auto channel = [](uint32_t hex, int shift) { return static_cast<double>((hex >> shift) & 0xff); };
    Colormap map{};
    for (int i = 0; i < 256; ++i) {
        const double x = (reversed ? 255 - i : i) / 255.0 * static_cast<double>(segments);
        const size_t k = std::min(static_cast<size_t>(x), segments - 1);
        const double t = x - static_cast<double>(k);
        auto mix = [&](int shift) {
            const double v = channel(anchors[k], shift) * (1 - t) + channel(anchors[k + 1], shift) * t;
            return static_cast<uint8_t>(std::lround(v));
        };
        map.lut[i] = Rgb8{mix(16), mix(8), mix(0)};
    }
    return map;
}

const std::map<std::string, Colormap>& Colormaps() {
    static const std::map<std::string, Colormap> maps = [] {
        const auto viridis = {0x440154u, 0x3b528bu, 0x21918cu, 0x5ec962u, 0xfde725u};
        const auto gray = {0x000000u, 0xffffffu};
        const auto greys = {0xffffffu, 0xf0f0f0u, 0xd9d9d9u, 0xbdbdbdu, 0x969696u,
                            0x737373u, 0x525252u, 0x252525u, 0x000000u};
        std::map<std::string, Colormap> m;
        for (bool r : {false, true}) {
            const std::string suffix = r ? "_r" : "";
            m.emplace("viridis" + suffix, Sample(viridis, r));
            m.emplace("gray" + suffix, Sample(gray, r));
            m.emplace("Greys" + suffix, Sample(greys, r));
        }
        return m;
    }();
    return maps;
}

}  // namespace

const Rgb8& Colormap::operator()(double x) const {
    const double scaled = std::floor(x * 256);
    return lut[static_cast<size_t>(std::clamp(scaled, 0.0, 255.0))];
}

const Colormap& GetColormap(const std::string& name) {
    const auto& maps = Colormaps();
    auto it = maps.find(name);
    if (it != maps.end()) return it->second;
    std::string names;
    for (const auto& [n, map] : maps) names += (names.empty() ? "'" : ", '") + n + "'";
    throw ValueError("'" + name + "' is not a valid value for cmap; supported values are " + names);
}

}  // namespace plot
}  // namespace cnet
