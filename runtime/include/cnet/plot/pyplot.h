// pyplot.h — a small, real subset of matplotlib for .cnet programs: matplotlib.use('Agg'), plt.subplots,
// Axes.imshow, Axes.axis('off'), Figure.savefig (PNG, drawn with cairo) and plt.close — what Chainer's
// examples use to save image grids (the VAE example's save_images).
//
// It is a subset: images only, on matplotlib's default layout (subplot params, aspect 'equal', white
// background, a thin black frame, nearest-neighbour pixels), with the viridis, gray and Greys colormaps. There
// are no ticks, tick labels, titles or any other text, and no line plots (PlotReport draws those).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace plot {

/// matplotlib.use(backend): figures are only ever rendered to files, which is matplotlib's Agg backend, so
/// 'Agg' (any case) is accepted and any other backend raises ValueError naming it.
void use(const std::string& backend);

/// One image drawn by imshow, colour-mapped when it was drawn: straight (not premultiplied) RGBA, 8 bits a
/// channel, row-major, `height` x `width` pixels; row 0 is the top row (imshow's origin='upper').
struct Image {
    int64_t height = 0, width = 0;
    std::vector<uint8_t> rgba;
};

/// Where an Axes sits: cell (row, col) of an nrows x ncols grid (matplotlib's SubplotSpec).
struct SubplotSpec {
    int64_t nrows = 1, ncols = 1, row = 0, col = 0;
};

/// matplotlib.axes.Axes: one subplot, holding the images drawn into it.
class Axes {
public:
    explicit Axes(const SubplotSpec& spec) : spec_(spec) {}

    /// imshow(X, cmap=None, vmin=None, vmax=None): X is (H, W) scalar data mapped through `cmap` ('viridis'
    /// by default; 'gray', 'Greys', and the reversed '_r' forms) after normalizing [vmin, vmax] (by default
    /// the data's finite min and max) to [0, 1]; or (H, W, 3) / (H, W, 4) RGB(A), floats in [0, 1] or
    /// integers in [0, 255]. Another shape raises TypeError "Invalid shape (784,) for image data".
    void imshow(const Array& X, const std::optional<std::string>& cmap = std::nullopt,
                std::optional<double> vmin = std::nullopt, std::optional<double> vmax = std::nullopt);
    /// axis('off') hides the frame, axis('on') shows it; another string raises ValueError.
    void axis(const std::string& arg);

    const SubplotSpec& spec() const { return spec_; }
    const std::vector<Image>& images() const { return images_; }
    /// matplotlib's Axes.axison: whether the frame is drawn.
    bool axison() const { return axison_; }

private:
    SubplotSpec spec_;
    std::vector<Image> images_;
    bool axison_ = true;
};

/// The numpy array of Axes plt.subplots returns, row-major. matplotlib's squeeze turns a 1 x 1 grid into the
/// Axes itself; this type stands for both: with exactly one Axes, imshow and axis draw into it and flatten,
/// ravel and len() fail as they would on an Axes; with more, imshow and axis raise AttributeError as on an
/// ndarray.
class AxesArray {
public:
    AxesArray(int64_t nrows, int64_t ncols, std::vector<std::shared_ptr<Axes>> axes);

    /// flatten() / ravel(): the Axes in row-major order.
    std::vector<std::shared_ptr<Axes>> flatten() const;
    std::vector<std::shared_ptr<Axes>> ravel() const { return flatten(); }
    /// len(): the number of rows (numpy's len of a 2-d array; of a 1-d one, its length).
    int64_t size() const;

    void imshow(const Array& X, const std::optional<std::string>& cmap = std::nullopt,
                std::optional<double> vmin = std::nullopt, std::optional<double> vmax = std::nullopt);
    void axis(const std::string& arg);

    int64_t nrows() const { return nrows_; }
    int64_t ncols() const { return ncols_; }

private:
    // The single Axes a squeezed 1 x 1 grid is; AttributeError naming `attr` otherwise.
    Axes& Single(const char* attr) const;
    // AttributeError naming `attr` when this stands for a single Axes (which has no such attribute).
    void RequireArray(const char* attr) const;

    int64_t nrows_, ncols_;
    std::vector<std::shared_ptr<Axes>> axes_;
};

/// matplotlib.figure.Figure: a figsize (inches) x dpi canvas holding a grid of Axes.
class Figure {
public:
    /// figsize in inches; raises ValueError for a non-positive size or dpi.
    Figure(double width, double height, double dpi);

    /// savefig(fname, dpi=None): writes the figure as PNG, atomically (a temporary file renamed over fname).
    /// fname without an extension gets ".png" (matplotlib's savefig.format); another extension than png raises
    /// ValueError "Format 'jpg' is not supported (supported formats: png)". dpi=None: the figure's dpi.
    void savefig(const std::string& fname, std::optional<double> dpi = std::nullopt) const;

    /// The figure as PNG bytes at `dpi` (what savefig writes).
    std::string RenderPng(double dpi) const;

    /// The Axes, in the order they were added (matplotlib's Figure.axes).
    const std::vector<std::shared_ptr<Axes>>& axes() const { return axes_; }
    /// C++ only: plt.subplots adds the grid's Axes.
    void AddAxes(std::shared_ptr<Axes> axes) { axes_.push_back(std::move(axes)); }

    double width() const { return width_; }
    double height() const { return height_; }
    double dpi() const { return dpi_; }
    /// matplotlib's Figure.number: its number among pyplot's open figures (1, 2, ...).
    int64_t number = 0;

private:
    double width_, height_, dpi_;
    std::vector<std::shared_ptr<Axes>> axes_;
};

namespace pyplot {

/// plt.subplots(nrows=1, ncols=1, figsize=None, dpi=None): a new figure with an nrows x ncols grid of Axes on
/// matplotlib's default subplot params, and the grid. figsize defaults to (6.4, 4.8) inches, dpi to 100. The
/// figure stays open (pyplot keeps it) until plt.close.
std::tuple<std::shared_ptr<Figure>, std::shared_ptr<AxesArray>> subplots(
    int64_t nrows = 1, int64_t ncols = 1, std::optional<std::tuple<double, double>> figsize = std::nullopt,
    std::optional<double> dpi = std::nullopt);
/// figsize as a list of numbers ([9, 9]; .cnet passes a tuple of ints as one too): it must hold two.
std::tuple<std::shared_ptr<Figure>, std::shared_ptr<AxesArray>> subplots(int64_t nrows, int64_t ncols,
                                                                         const std::vector<double>& figsize,
                                                                         std::optional<double> dpi = std::nullopt);

/// plt.close(fig): pyplot releases `fig`; plt.close() the current (latest) figure; plt.close('all') every
/// figure. Closing a figure that is not open does nothing, as in matplotlib.
void close(const std::shared_ptr<Figure>& fig = nullptr);
void close(const std::string& which);
/// plt.close(None), as .cnet spells a None argument: the current figure.
inline void close(std::nullopt_t) { close(std::shared_ptr<Figure>()); }

/// plt.get_fignums(): the numbers of the open figures, ascending.
std::vector<int64_t> get_fignums();

}  // namespace pyplot
}  // namespace plot
}  // namespace cnet
