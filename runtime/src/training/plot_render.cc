// plot_render.cc — PlotReport's drawing: a matplotlib-like line plot (axes, ticks, grid, markers, legend)
// rendered with cairo into PNG bytes.
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>

#include "cnet/core/error.h"
#include "cnet/training/extensions/plot_report.h"
#include "plot/png_encode.h"

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

// The data-to-pixel mapping of the axes.
struct Axes {
    double x0, x1, y0, y1;
    double px(double x) const { return kAxesLeft + (x - x0) / (x1 - x0) * kAxesWidth; }
    double py(double y) const { return kAxesTop + kAxesHeight - (y - y0) / (y1 - y0) * kAxesHeight; }
};

Axes FitAxes(const std::vector<std::string>& shown,
             const std::map<std::string, std::vector<std::pair<double, double>>>& data) {
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
    return Axes{x0, x1, y0, y1};
}

void Line(cairo_t* cr, double x0, double y0, double x1, double y1) {
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
}

// Ticks, tick labels, the grid, the x label and the frame.
void DrawAxes(cairo_t* cr, const Axes& axes, const std::string& x_label, bool grid) {
    const double bottom = kAxesTop + kAxesHeight, right = kAxesLeft + kAxesWidth;
    double xstep, ystep;
    for (double t : Ticks(axes.x0, axes.x1, &xstep)) {
        double x = std::round(axes.px(t)) + 0.5;
        if (grid) cairo_set_source_rgb(cr, 0.69, 0.69, 0.69), Line(cr, x, kAxesTop, x, bottom);
        cairo_set_source_rgb(cr, 0, 0, 0);
        Line(cr, x, bottom, x, bottom + 4);
        std::string label = TickLabel(t, xstep);
        cairo_move_to(cr, x - TextWidth(cr, label) / 2, bottom + 18);
        cairo_show_text(cr, label.c_str());
    }
    for (double t : Ticks(axes.y0, axes.y1, &ystep)) {
        double y = std::round(axes.py(t)) + 0.5;
        if (grid) cairo_set_source_rgb(cr, 0.69, 0.69, 0.69), Line(cr, kAxesLeft, y, right, y);
        cairo_set_source_rgb(cr, 0, 0, 0);
        Line(cr, kAxesLeft - 4, y, kAxesLeft, y);
        std::string label = TickLabel(t, ystep);
        cairo_move_to(cr, kAxesLeft - 7 - TextWidth(cr, label), y + 4);
        cairo_show_text(cr, label.c_str());
    }
    cairo_move_to(cr, kAxesLeft + kAxesWidth / 2 - TextWidth(cr, x_label) / 2, bottom + 38);
    cairo_show_text(cr, x_label.c_str());
    cairo_rectangle(cr, kAxesLeft + 0.5, kAxesTop + 0.5, kAxesWidth, kAxesHeight);
    cairo_stroke(cr);
}

// One line per key with its markers, clipped to the axes.
void DrawSeries(cairo_t* cr, const Axes& axes, const std::vector<std::string>& shown,
                const std::map<std::string, std::vector<std::pair<double, double>>>& data, const std::string& marker) {
    cairo_save(cr);
    cairo_rectangle(cr, kAxesLeft, kAxesTop, kAxesWidth, kAxesHeight);
    cairo_clip(cr);
    cairo_set_line_width(cr, 1.5);
    for (size_t i = 0; i < shown.size(); ++i) {
        SetColor(cr, kColors[i % 10]);
        const auto& points = data.at(shown[i]);
        for (size_t j = 0; j < points.size(); ++j) {
            if (j == 0) cairo_move_to(cr, axes.px(points[j].first), axes.py(points[j].second));
            else cairo_line_to(cr, axes.px(points[j].first), axes.py(points[j].second));
        }
        cairo_stroke(cr);
        for (const auto& [x, y] : points) DrawMarker(cr, marker, axes.px(x), axes.py(y));
    }
    cairo_restore(cr);
}

constexpr double kLegendX = kAxesLeft + kAxesWidth * 1.05, kLegendRow = 20;

// The legend, its top-left corner at (1.05, 1) in axes coordinates.
void DrawLegend(cairo_t* cr, const std::vector<std::string>& shown, double legend_w, const std::string& marker) {
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, kLegendX + 0.5, kAxesTop + 0.5, legend_w, 8 + kLegendRow * shown.size());
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.8, 0.8, 0.8);
    cairo_stroke(cr);
    for (size_t i = 0; i < shown.size(); ++i) {
        double y = kAxesTop + 4 + kLegendRow * (i + 0.5) + 0.5;
        SetColor(cr, kColors[i % 10]);
        cairo_set_line_width(cr, 1.5);
        Line(cr, kLegendX + 8, y, kLegendX + 38, y);
        DrawMarker(cr, marker, kLegendX + 23, y);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, kLegendX + 44, y + 4);
        cairo_show_text(cr, shown[i].c_str());
    }
}

void SetFont(cairo_t* cr) {
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, kFontSize);
}

}  // namespace

std::string PlotReport::RenderPng(const std::vector<std::string>& y_keys,
                                  const std::map<std::string, std::vector<std::pair<double, double>>>& data,
                                  const std::string& x_label, const std::string& marker, bool grid) {
    // measure the legend first (the image is widened to hold it, as bbox_inches='tight' does)
    cairo_surface_t* probe = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t* pcr = cairo_create(probe);
    SetFont(pcr);
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
    const double legend_w = 8 + 30 + 6 + text_w + 8;
    const int width = static_cast<int>(std::ceil(kLegendX + legend_w + 10));

    cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, kHeight);
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    SetFont(cr);
    cairo_set_line_width(cr, 1);
    Axes axes = FitAxes(shown, data);
    DrawAxes(cr, axes, x_label, grid);
    DrawSeries(cr, axes, shown, data, marker);
    DrawLegend(cr, shown, legend_w, marker);

    cairo_destroy(cr);
    const std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> owned(surface, cairo_surface_destroy);
    return plot::EncodePng(surface, "PlotReport");
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
