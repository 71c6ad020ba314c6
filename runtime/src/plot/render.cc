// render.cc — Figure::RenderPng: the figure drawn with cairo on matplotlib's defaults — a white canvas of
// figsize x dpi pixels, each Axes in its GridSpec cell of the default subplot params, shrunk to its images'
// aspect ('equal') and centred in the cell, the images scaled with nearest-neighbour sampling, and a black
// frame (the spines, 0.8 pt) snapped to the pixel grid as Agg snaps it.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "cnet/core/error.h"
#include "cnet/plot/pyplot.h"
#include "plot/png_encode.h"

namespace cnet {
namespace plot {
namespace {

// rcParams figure.subplot.* (figure fractions) and axes.linewidth (points).
constexpr double kLeft = 0.125, kRight = 0.9, kBottom = 0.11, kTop = 0.88, kWspace = 0.2, kHspace = 0.2;
constexpr double kSpineWidthPoints = 0.8;

// A rectangle in device pixels, y growing downwards.
struct Box {
    double x, y, w, h;
};

// The cell of `spec` (GridSpec.get_grid_positions: nrows cells and nrows - 1 gaps of hspace cells share the
// height between bottom and top; the same across).
Box Cell(const SubplotSpec& spec, double width_px, double height_px) {
    const auto rows = static_cast<double>(spec.nrows), cols = static_cast<double>(spec.ncols);
    const double cell_w = (kRight - kLeft) / (cols + kWspace * (cols - 1));
    const double cell_h = (kTop - kBottom) / (rows + kHspace * (rows - 1));
    const double left = kLeft + static_cast<double>(spec.col) * cell_w * (1 + kWspace);
    const double top = kTop - static_cast<double>(spec.row) * cell_h * (1 + kHspace);
    return Box{left * width_px, (1 - top) * height_px, cell_w * width_px, cell_h * height_px};
}

// aspect='equal' with adjustable='box' and anchor 'C' (Axes.apply_aspect): the box keeps the data's aspect,
// as large as fits in the cell, centred in it.
Box ApplyAspect(Box box, double data_w, double data_h) {
    if (box.h * data_w > box.w * data_h) {
        const double h = box.w * data_h / data_w;
        box.y += (box.h - h) / 2;
        box.h = h;
    } else {
        const double w = box.h * data_w / data_h;
        box.x += (box.w - w) / 2;
        box.w = w;
    }
    return box;
}

struct SurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
    void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using SurfacePtr = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using ContextPtr = std::unique_ptr<cairo_t, ContextDeleter>;

// An image as a cairo surface (premultiplied ARGB32, as cairo wants).
SurfacePtr ToSurface(const Image& image) {
    SurfacePtr surface(
        cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(image.width), static_cast<int>(image.height)));
    CNET_CHECK(cairo_surface_status(surface.get()) == CAIRO_STATUS_SUCCESS, "savefig: cannot allocate a ", image.width,
               "x", image.height, " image");
    cairo_surface_flush(surface.get());
    unsigned char* data = cairo_image_surface_get_data(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    for (int64_t i = 0; i < image.height; ++i) {
        auto* row = reinterpret_cast<uint32_t*>(data + i * stride);
        for (int64_t j = 0; j < image.width; ++j) {
            const uint8_t* p = &image.rgba[static_cast<size_t>((i * image.width + j) * 4)];
            auto pre = [a = p[3]](uint8_t c) { return static_cast<uint32_t>((c * a + 127) / 255); };
            row[j] = (static_cast<uint32_t>(p[3]) << 24) | (pre(p[0]) << 16) | (pre(p[1]) << 8) | pre(p[2]);
        }
    }
    cairo_surface_mark_dirty(surface.get());
    return surface;
}

// The images of one Axes: its data limits span every image (each covers x in [-0.5, W - 0.5] and y in
// [-0.5, H - 0.5], row 0 at the top), so a smaller image covers the top-left part of the box.
void DrawImages(cairo_t* cr, const Axes& axes, const Box& box, double data_w, double data_h) {
    for (const Image& image : axes.images()) {
        SurfacePtr surface = ToSurface(image);
        cairo_save(cr);
        cairo_translate(cr, box.x, box.y);
        cairo_scale(cr, box.w / data_w, box.h / data_h);
        cairo_set_source_surface(cr, surface.get(), 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
        cairo_rectangle(cr, 0, 0, static_cast<double>(image.width), static_cast<double>(image.height));
        cairo_fill(cr);
        cairo_restore(cr);
    }
}

// Agg's PathSnapper: a vertex goes to the nearest pixel boundary, plus half a pixel for an odd line width, so
// a 1-pixel frame covers whole pixels.
double Snap(double v, double line_width) {
    const double offset = static_cast<int64_t>(std::lround(line_width)) % 2 != 0 ? 0.5 : 0.0;
    return std::floor(v + 0.5) + offset;
}

void DrawFrame(cairo_t* cr, const Box& box, double line_width) {
    const double x0 = Snap(box.x, line_width), x1 = Snap(box.x + box.w, line_width);
    const double y0 = Snap(box.y, line_width), y1 = Snap(box.y + box.h, line_width);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, line_width);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_stroke(cr);
}

void DrawAxes(cairo_t* cr, const Axes& axes, double width_px, double height_px, double dpi) {
    Box box = Cell(axes.spec(), width_px, height_px);
    double data_w = 0, data_h = 0;
    for (const Image& image : axes.images()) {
        data_w = std::max(data_w, static_cast<double>(image.width));
        data_h = std::max(data_h, static_cast<double>(image.height));
    }
    if (!axes.images().empty()) {
        box = ApplyAspect(box, data_w, data_h);
        DrawImages(cr, axes, box, data_w, data_h);
    }
    if (axes.axison()) DrawFrame(cr, box, kSpineWidthPoints * dpi / 72);
}

// The figure's size in pixels along one side: Python's int() of inches x dpi, as Agg sizes its canvas.
int PixelSize(double inches, double dpi) {
    const double px = inches * dpi;
    CNET_CHECK_AS(ValueError, px < 65536, "Image size of ", px,
                  " pixels is too large. It must be less than 2^16 in each direction.");
    CNET_CHECK_AS(ValueError, px >= 1, "savefig: the figure is ", px, " pixels across at dpi ", dpi,
                  "; it needs at least 1");
    return static_cast<int>(px);
}

}  // namespace

std::string Figure::RenderPng(double dpi) const {
    CNET_CHECK_AS(ValueError, std::isfinite(dpi) && dpi > 0, "savefig: dpi must be positive, got ", dpi);
    const int width_px = PixelSize(width_, dpi), height_px = PixelSize(height_, dpi);
    SurfacePtr surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width_px, height_px));
    CNET_CHECK(cairo_surface_status(surface.get()) == CAIRO_STATUS_SUCCESS, "savefig: cannot allocate a ", width_px,
               "x", height_px, " canvas");
    ContextPtr cr(cairo_create(surface.get()));
    cairo_set_source_rgb(cr.get(), 1, 1, 1);  // rcParams figure.facecolor (and axes.facecolor) white
    cairo_paint(cr.get());
    for (const auto& axes : axes_) DrawAxes(cr.get(), *axes, width_px, height_px, dpi);
    return EncodePng(surface.get(), "savefig");
}

}  // namespace plot
}  // namespace cnet
