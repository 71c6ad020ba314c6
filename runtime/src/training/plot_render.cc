// plot_render.cc — PlotReport's drawing: a matplotlib-like line plot (axes, ticks, grid, markers, legend)
// rendered with cairo into PNG bytes.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "cnet/core/error.h"
#include "cnet/training/extensions/plot_report.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

constexpr int kHeight = 480;
constexpr double kAxesLeft = 70, kAxesTop = 20, kAxesWidth = 550, kAxesHeight = 405;
constexpr double kFontSize = 12;

struct Rgb {
    double r, g, b;
};
// matplotlib's default color cycle (tab10)
const Rgb kColors[] = {{0x1f, 0x77, 0xb4}, {0xff, 0x7f, 0x0e}, {0x2c, 0xa0, 0x2c}, {0xd6, 0x27, 0x28},
                       {0x94, 0x67, 0xbd}, {0x8c, 0x56, 0x4b}, {0xe3, 0x77, 0xc2}, {0x7f, 0x7f, 0x7f},
                       {0xbc, 0xbd, 0x22}, {0x17, 0xbe, 0xcf}};

void SetColor(cairo_t* cr, const Rgb& c) { cairo_set_source_rgb(cr, c.r / 255, c.g / 255, c.b / 255); }

// Axis limits with matplotlib's 5% margins (a zero span is widened).
std::pair<double, double> Limits(double lo, double hi) {
    if (hi == lo) {
        double pad = lo == 0 ? 1.0 : std::fabs(lo) * 0.05;
        return {lo - pad, hi + pad};
    }
    double m = (hi - lo) * 0.05;
    return {lo - m, hi + m};
}

// "Nice" tick positions inside [lo, hi] (steps 1, 2, 2.5, 5 times a power of ten; at most 9 ticks).
std::vector<double> Ticks(double lo, double hi, double* step_out) {
    double raw = (hi - lo) / 8;
    double mag = std::pow(10, std::floor(std::log10(raw)));
    double step = mag * 10;
    for (double s : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (s * mag >= raw) {
            step = s * mag;
            break;
        }
    }
    std::vector<double> ticks;
    for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
        ticks.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
    }
    *step_out = step;
    return ticks;
}

std::string TickLabel(double v, double step) {
    int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
    if (std::fabs(step * std::pow(10, decimals) - std::round(step * std::pow(10, decimals))) > 1e-6) ++decimals;
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
    return buf;
}

double TextWidth(cairo_t* cr, const std::string& s) {
    cairo_text_extents_t ext;
    cairo_text_extents(cr, s.c_str(), &ext);
    return ext.x_advance;
}

void DrawMarker(cairo_t* cr, const std::string& marker, double x, double y) {
    const double r = 4;
    if (marker == "x") {
        cairo_move_to(cr, x - r, y - r);
        cairo_line_to(cr, x + r, y + r);
        cairo_move_to(cr, x - r, y + r);
        cairo_line_to(cr, x + r, y - r);
        cairo_stroke(cr);
    } else if (marker == "+") {
        cairo_move_to(cr, x - r, y);
        cairo_line_to(cr, x + r, y);
        cairo_move_to(cr, x, y - r);
        cairo_line_to(cr, x, y + r);
        cairo_stroke(cr);
    } else if (marker == "o" || marker == ".") {
        cairo_arc(cr, x, y, marker == "o" ? r : 2, 0, 2 * M_PI);
        cairo_fill(cr);
    } else if (marker == "s") {
        cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
        cairo_fill(cr);
    } else if (marker == "^") {
        cairo_move_to(cr, x, y - r);
        cairo_line_to(cr, x + r, y + r);
        cairo_line_to(cr, x - r, y + r);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
}

cairo_status_t AppendBytes(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string PlotReport::RenderPng(const std::vector<std::string>& y_keys,
                                  const std::map<std::string, std::vector<std::pair<double, double>>>& data,
                                  const std::string& x_label, const std::string& marker, bool grid) {
    // measure the legend first (the image is widened to hold it, as bbox_inches='tight' does)
    cairo_surface_t* probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t* pcr = cairo_create(probe);
    cairo_select_font_face(pcr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(pcr, kFontSize);
    std::vector<std::string> shown;
    double text_w = 0;
    for (const auto& k : y_keys) {
        auto it = data.find(k);
        if (it == data.end() || it->second.empty()) continue;
        shown.push_back(k);
        text_w = std::max(text_w, TextWidth(pcr, k));
    }
    cairo_destroy(pcr);
    cairo_surface_destroy(probe);
    const double legend_x = kAxesLeft + kAxesWidth + 0.05 * kAxesWidth;
    const double legend_w = 8 + 30 + 6 + text_w + 8, row_h = 20, legend_h = 8 + row_h * shown.size();
    const int width = static_cast<int>(std::ceil(legend_x + legend_w + 10));

    double xmin = std::numeric_limits<double>::infinity(), xmax = -xmin, ymin = xmin, ymax = -xmin;
    for (const auto& k : shown) {
        for (const auto& [x, y] : data.at(k)) {
            xmin = std::min(xmin, x), xmax = std::max(xmax, x);
            if (std::isfinite(y)) ymin = std::min(ymin, y), ymax = std::max(ymax, y);
        }
    }
    if (!std::isfinite(ymin)) ymin = ymax = 0;
    if (!std::isfinite(xmin)) xmin = xmax = 0;
    auto [x0, x1] = Limits(xmin, xmax);
    auto [y0, y1] = Limits(ymin, ymax);
    auto px = [&](double x) { return kAxesLeft + (x - x0) / (x1 - x0) * kAxesWidth; };
    auto py = [&](double y) { return kAxesTop + kAxesHeight - (y - y0) / (y1 - y0) * kAxesHeight; };

    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, kHeight);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, kFontSize);
    cairo_set_line_width(cr, 1);

    // ticks, tick labels and grid
    double xstep, ystep;
    std::vector<double> xticks = Ticks(x0, x1, &xstep), yticks = Ticks(y0, y1, &ystep);
    for (double t : xticks) {
        double x = std::round(px(t)) + 0.5;
        if (grid) {
            cairo_set_source_rgb(cr, 0.69, 0.69, 0.69);
            cairo_move_to(cr, x, kAxesTop), cairo_line_to(cr, x, kAxesTop + kAxesHeight), cairo_stroke(cr);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, x, kAxesTop + kAxesHeight), cairo_line_to(cr, x, kAxesTop + kAxesHeight + 4), cairo_stroke(cr);
        std::string label = TickLabel(t, xstep);
        cairo_move_to(cr, x - TextWidth(cr, label) / 2, kAxesTop + kAxesHeight + 18);
        cairo_show_text(cr, label.c_str());
    }
    for (double t : yticks) {
        double y = std::round(py(t)) + 0.5;
        if (grid) {
            cairo_set_source_rgb(cr, 0.69, 0.69, 0.69);
            cairo_move_to(cr, kAxesLeft, y), cairo_line_to(cr, kAxesLeft + kAxesWidth, y), cairo_stroke(cr);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, kAxesLeft - 4, y), cairo_line_to(cr, kAxesLeft, y), cairo_stroke(cr);
        std::string label = TickLabel(t, ystep);
        cairo_move_to(cr, kAxesLeft - 7 - TextWidth(cr, label), y + 4);
        cairo_show_text(cr, label.c_str());
    }
    cairo_move_to(cr, kAxesLeft + kAxesWidth / 2 - TextWidth(cr, x_label) / 2, kAxesTop + kAxesHeight + 38);
    cairo_show_text(cr, x_label.c_str());

    // one line per key, clipped to the axes
    cairo_save(cr);
    cairo_rectangle(cr, kAxesLeft, kAxesTop, kAxesWidth, kAxesHeight);
    cairo_clip(cr);
    cairo_set_line_width(cr, 1.5);
    for (size_t i = 0; i < shown.size(); ++i) {
        SetColor(cr, kColors[i % 10]);
        const auto& points = data.at(shown[i]);
        for (size_t j = 0; j < points.size(); ++j) {
            if (j == 0) cairo_move_to(cr, px(points[j].first), py(points[j].second));
            else cairo_line_to(cr, px(points[j].first), py(points[j].second));
        }
        cairo_stroke(cr);
        for (const auto& [x, y] : points) DrawMarker(cr, marker, px(x), py(y));
    }
    cairo_restore(cr);

    // the axes frame
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, kAxesLeft + 0.5, kAxesTop + 0.5, kAxesWidth, kAxesHeight);
    cairo_stroke(cr);

    // the legend, its top-left corner at (1.05, 1) in axes coordinates
    cairo_rectangle(cr, legend_x + 0.5, kAxesTop + 0.5, legend_w, legend_h);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.8, 0.8, 0.8);
    cairo_stroke(cr);
    for (size_t i = 0; i < shown.size(); ++i) {
        double y = kAxesTop + 4 + row_h * (i + 0.5) + 0.5;
        SetColor(cr, kColors[i % 10]);
        cairo_set_line_width(cr, 1.5);
        cairo_move_to(cr, legend_x + 8, y), cairo_line_to(cr, legend_x + 38, y), cairo_stroke(cr);
        DrawMarker(cr, marker, legend_x + 23, y);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, legend_x + 44, y + 4);
        cairo_show_text(cr, shown[i].c_str());
    }

    std::string png;
    cairo_surface_flush(surface);
    cairo_status_t status = cairo_surface_write_to_png_stream(surface, AppendBytes, &png);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    CNET_CHECK(status == CAIRO_STATUS_SUCCESS, "PlotReport: cannot encode the PNG: ", cairo_status_to_string(status));
    return png;
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
