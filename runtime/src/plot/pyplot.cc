// pyplot.cc — matplotlib's objects and pyplot's state: the backend check, imshow's colour mapping, the
// squeezed Axes grid, savefig's file naming, and the list of open figures plt.close releases.
#include "cnet/plot/pyplot.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <mutex>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "cnet/serializers/file_util.h"
#include "plot/colormap.h"

namespace cnet {
namespace plot {
namespace {

std::string Lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// A shape as Python prints a tuple: (784,), (28, 28).
std::string PyShape(const Shape& shape) {
    std::string out = "(";
    for (int i = 0; i < shape.ndim(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + (shape.ndim() == 1 ? ",)" : ")");
}

// Scalar data through Normalize(vmin, vmax) and the colormap; NaN is matplotlib's 'bad' colour, transparent.
Image MapScalars(const Array& X, const std::string& cmap, std::optional<double> vmin, std::optional<double> vmax) {
    const Colormap& map = GetColormap(cmap);
    const std::vector<double> data = X.to_vector<double>();
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : data) {
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    if (!std::isfinite(lo)) lo = hi = 0;  // no finite value: nothing to scale by
    lo = vmin.value_or(lo);
    hi = vmax.value_or(hi);
    CNET_CHECK_AS(ValueError, lo <= hi, "imshow: minvalue must be less than or equal to maxvalue (vmin=", lo,
                  ", vmax=", hi, ")");
    Image image{X.shape()[0], X.shape()[1], std::vector<uint8_t>(data.size() * 4)};
    for (size_t k = 0; k < data.size(); ++k) {
        uint8_t* p = &image.rgba[k * 4];
        if (std::isnan(data[k])) continue;  // (0, 0, 0, 0)
        // Constant data (vmin == vmax) maps to 0, the low colour, as matplotlib's Normalize does.
        const double x = hi > lo ? (data[k] - lo) / (hi - lo) : 0.0;
        const Rgb8& c = map(x);
        p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
    }
    return image;
}

// RGB(A) data as given: floats in [0, 1], integers in [0, 255], clipped to that range as matplotlib clips.
Image DirectColors(const Array& X) {
    const int64_t channels = X.shape()[2];
    const double scale = IsFloat(X.dtype()) ? 255.0 : 1.0;
    const std::vector<double> data = X.to_vector<double>();
    Image image{X.shape()[0], X.shape()[1], std::vector<uint8_t>(static_cast<size_t>(X.shape()[0] * X.shape()[1]) * 4)};
    for (size_t k = 0; k < image.rgba.size() / 4; ++k) {
        for (int64_t c = 0; c < 4; ++c) {
            const double v =
                c < channels ? data[k * static_cast<size_t>(channels) + static_cast<size_t>(c)] * scale : 255;
            image.rgba[k * 4 + static_cast<size_t>(c)] =
                static_cast<uint8_t>(std::lround(std::clamp(std::isnan(v) ? 0.0 : v, 0.0, 255.0)));
        }
    }
    return image;
}

// Python's os.path.splitext(fname)[1] without the dot: the text after the last dot of the last path
// component, when that dot does not only lead the name ('.hidden' has none).
std::string Extension(const std::string& fname) {
    const size_t slash = fname.rfind('/');
    const size_t start = slash == std::string::npos ? 0 : slash + 1;
    const size_t dot = fname.rfind('.');
    if (dot == std::string::npos || dot < start) return "";
    if (fname.find_first_not_of('.', start) >= dot) return "";
    return fname.substr(dot + 1);
}

// pyplot's open figures (matplotlib's Gcf), in the order they were made active: the last is the current one.
struct OpenFigures {
    std::mutex mutex;
    std::vector<std::shared_ptr<Figure>> figures;
};
OpenFigures& Open() {
    static OpenFigures open;
    return open;
}

}  // namespace

void use(const std::string& backend) {
    CNET_CHECK_AS(ValueError, Lower(backend) == "agg", "matplotlib.use: backend '", backend,
                  "' is not available: cnet renders figures only to files, with 'Agg'");
}

void Axes::imshow(const Array& X, const std::optional<std::string>& cmap, std::optional<double> vmin,
                  std::optional<double> vmax) {
    const Shape& s = X.shape();
    const bool scalars = X.ndim() == 2, colors = X.ndim() == 3 && (s[2] == 3 || s[2] == 4);
    if (!scalars && !colors) throw py::TypeError("Invalid shape " + PyShape(s) + " for image data");
    CNET_CHECK_AS(ValueError, s[0] > 0 && s[1] > 0, "imshow: the image is empty (shape ", PyShape(s), ")");
    images_.push_back(scalars ? MapScalars(X, cmap.value_or("viridis"), vmin, vmax) : DirectColors(X));
}

void Axes::axis(const std::string& arg) {
    const std::string a = Lower(arg);
    if (a == "on" || a == "off") {
        axison_ = a == "on";
        return;
    }
    // matplotlib's other modes set the axis limits and aspect, which this subset does not have.
    for (const char* mode : {"equal", "tight", "scaled", "auto", "image", "square"}) {
        CNET_CHECK_AS(ValueError, a != mode, "axis('", arg, "') is not supported: only 'on' and 'off' are");
    }
    throw ValueError("Unrecognized string '" + arg + "' to axis; try 'on' or 'off'");
}

AxesArray::AxesArray(int64_t nrows, int64_t ncols, std::vector<std::shared_ptr<Axes>> axes)
    : nrows_(nrows), ncols_(ncols), axes_(std::move(axes)) {
    CNET_CHECK(static_cast<int64_t>(axes_.size()) == nrows * ncols, "AxesArray: ", axes_.size(), " Axes for a ", nrows,
               "x", ncols, " grid");
}

void AxesArray::RequireArray(const char* attr) const {
    if (axes_.size() == 1) throw py::AttributeError(std::string("'Axes' object has no attribute '") + attr + "'");
}

Axes& AxesArray::Single(const char* attr) const {
    if (axes_.size() != 1) {
        throw py::AttributeError(std::string("'numpy.ndarray' object has no attribute '") + attr + "'");
    }
    return *axes_[0];
}

std::vector<std::shared_ptr<Axes>> AxesArray::flatten() const {
    RequireArray("flatten");
    return axes_;
}

int64_t AxesArray::size() const {
    if (axes_.size() == 1) throw py::TypeError("object of type 'Axes' has no len()");
    // squeeze: a 1 x n or n x 1 grid is 1-d, its length the number of Axes; a 2-d grid's length is nrows.
    return nrows_ == 1 || ncols_ == 1 ? static_cast<int64_t>(axes_.size()) : nrows_;
}

void AxesArray::imshow(const Array& X, const std::optional<std::string>& cmap, std::optional<double> vmin,
                       std::optional<double> vmax) {
    Single("imshow").imshow(X, cmap, vmin, vmax);
}

void AxesArray::axis(const std::string& arg) { Single("axis").axis(arg); }

Figure::Figure(double width, double height, double dpi) : width_(width), height_(height), dpi_(dpi) {
    CNET_CHECK_AS(ValueError, std::isfinite(width) && std::isfinite(height) && width > 0 && height > 0,
                  "figure size must be positive finite not (", width, ", ", height, ")");
    CNET_CHECK_AS(ValueError, std::isfinite(dpi) && dpi > 0, "Figure: dpi must be positive, got ", dpi);
}

void Figure::savefig(const std::string& fname, std::optional<double> dpi) const {
    const std::string format = Lower(Extension(fname));
    CNET_CHECK_AS(ValueError, format.empty() || format == "png", "Format '", format,
                  "' is not supported (supported formats: png)");
    serializers::WriteFileAtomically(format.empty() ? fname + ".png" : fname, RenderPng(dpi.value_or(dpi_)));
}

namespace pyplot {

std::tuple<std::shared_ptr<Figure>, std::shared_ptr<AxesArray>> subplots(
    int64_t nrows, int64_t ncols, std::optional<std::tuple<double, double>> figsize, std::optional<double> dpi) {
    CNET_CHECK_AS(ValueError, nrows >= 1 && ncols >= 1,
                  "Number of rows and columns must be positive integers, not nrows=", nrows, ", ncols=", ncols);
    const auto [width, height] = figsize.value_or(std::tuple<double, double>{6.4, 4.8});  // rcParams figure.figsize
    auto figure = std::make_shared<Figure>(width, height, dpi.value_or(100.0));           // rcParams figure.dpi
    std::vector<std::shared_ptr<Axes>> axes;
    for (int64_t r = 0; r < nrows; ++r) {
        for (int64_t c = 0; c < ncols; ++c) {
            axes.push_back(std::make_shared<Axes>(SubplotSpec{nrows, ncols, r, c}));
            figure->AddAxes(axes.back());
        }
    }
    OpenFigures& open = Open();
    std::lock_guard<std::mutex> lock(open.mutex);
    int64_t number = 0;  // matplotlib's next figure number: one past the largest open one
    for (const auto& f : open.figures) number = std::max(number, f->number);
    figure->number = number + 1;
    open.figures.push_back(figure);
    return {figure, std::make_shared<AxesArray>(nrows, ncols, std::move(axes))};
}

std::tuple<std::shared_ptr<Figure>, std::shared_ptr<AxesArray>> subplots(int64_t nrows, int64_t ncols,
                                                                         const std::vector<double>& figsize,
                                                                         std::optional<double> dpi) {
    CNET_CHECK_AS(ValueError, figsize.size() == 2, "subplots: figsize must be (width, height) in inches, got ",
                  figsize.size(), " numbers");
    return subplots(nrows, ncols, std::tuple<double, double>{figsize[0], figsize[1]}, dpi);
}

void close(const std::shared_ptr<Figure>& fig) {
    OpenFigures& open = Open();
    std::lock_guard<std::mutex> lock(open.mutex);
    if (open.figures.empty()) return;
    const std::shared_ptr<Figure> target = fig ? fig : open.figures.back();
    open.figures.erase(std::remove(open.figures.begin(), open.figures.end(), target), open.figures.end());
}

void close(const std::string& which) {
    // matplotlib closes the figure with that label; these figures have none, so only 'all' closes anything.
    if (which != "all") return;
    OpenFigures& open = Open();
    std::lock_guard<std::mutex> lock(open.mutex);
    open.figures.clear();
}

std::vector<int64_t> get_fignums() {
    OpenFigures& open = Open();
    std::lock_guard<std::mutex> lock(open.mutex);
    std::vector<int64_t> numbers;
    for (const auto& f : open.figures) numbers.push_back(f->number);
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

}  // namespace pyplot
}  // namespace plot
}  // namespace cnet
