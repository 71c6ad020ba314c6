// pyplot_test.cc — the matplotlib subset against pixel values worked out by hand from matplotlib's layout
// arithmetic and colormaps: figures are saved, read back with cairo and sampled.
#include "cnet/plot/pyplot.h"

#include <cairo.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "cnet/py/errors.h"
#include "test_util.h"

namespace cnet {
namespace plot {
namespace {

using testing_util::Arange;
using testing_util::Arr;

struct Rgb {
    int r, g, b;
};

// A PNG read back with cairo, sampled by pixel.
class Png {
public:
    explicit Png(const std::string& path) : surface_(cairo_image_surface_create_from_png(path.c_str())) {
        EXPECT_EQ(cairo_surface_status(surface_), CAIRO_STATUS_SUCCESS) << path;
    }
    ~Png() { cairo_surface_destroy(surface_); }
    int width() const { return cairo_image_surface_get_width(surface_); }
    int height() const { return cairo_image_surface_get_height(surface_); }
    Rgb at(int x, int y) const {
        const unsigned char* data = cairo_image_surface_get_data(surface_);
        const uint32_t p =
            *reinterpret_cast<const uint32_t*>(data + y * cairo_image_surface_get_stride(surface_) + x * 4);
        return Rgb{static_cast<int>((p >> 16) & 0xff), static_cast<int>((p >> 8) & 0xff), static_cast<int>(p & 0xff)};
    }

private:
    cairo_surface_t* surface_;
};

::testing::AssertionResult Near(const Rgb& actual, uint32_t hex, int tolerance = 2) {
    const Rgb want{static_cast<int>(hex >> 16), static_cast<int>((hex >> 8) & 0xff), static_cast<int>(hex & 0xff)};
    if (std::abs(actual.r - want.r) <= tolerance && std::abs(actual.g - want.g) <= tolerance &&
        std::abs(actual.b - want.b) <= tolerance) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << "got (" << actual.r << ", " << actual.g << ", " << actual.b
                                         << "), expected (" << want.r << ", " << want.g << ", " << want.b << ")";
}

class PyplotTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = std::filesystem::temp_directory_path() /
               ("cnet_pyplot_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override {
        std::filesystem::remove_all(dir_);
        pyplot::close("all");
    }
    std::string file(const std::string& name) const { return (dir_ / name).string(); }

    std::filesystem::path dir_;
};

// figsize (4, 4) at dpi 100 is 400 x 400 pixels. With left 0.125, right 0.9, wspace 0.2 a column is
// 0.775 / 2.2 of the width: 140.909 px, columns starting at x = 50 and 50 + 1.2 * 140.909 = 219.09; with
// bottom 0.11, top 0.88 a row is 0.77 / 2.2 = 140 px, rows starting at y = 48 and 48 + 1.2 * 140 = 216.
constexpr double kColW = 0.775 / 2.2 * 400, kRowH = 0.77 / 2.2 * 400;
constexpr double kCol0 = 50, kCol1 = 50 + 1.2 * kColW, kRow0 = 48, kRow1 = 48 + 1.2 * kRowH;

TEST_F(PyplotTest, GridOfImagesMatchesMatplotlibsLayoutAndColors) {
    auto [fig, ax] = pyplot::subplots(2, 2, std::tuple<double, double>{4, 4}, 100);
    auto cells = ax->flatten();
    ASSERT_EQ(cells.size(), 4u);
    cells[0]->imshow(Array::Zeros({4, 4}), "gray");                              // constant: the low colour
    cells[1]->imshow(Arange(8, {2, 4}, Dtype::kInt64));                          // viridis ramp, 2 x 4
    cells[2]->imshow(Array::Zeros({4, 4}, Dtype::kFloat64), "gray", -1.0, 1.0);  // 0 in [-1, 1]: mid grey
    cells[3]->imshow(Array::Zeros({4, 4}), "Greys");                             // Greys' low colour: white
    cells[3]->axis("off");
    fig->savefig(file("grid"));
    ASSERT_TRUE(std::filesystem::exists(file("grid.png")));
    ASSERT_FALSE(std::filesystem::exists(file("grid")));
    Png png(file("grid.png"));
    ASSERT_EQ(png.width(), 400);
    ASSERT_EQ(png.height(), 400);

    // White figure background: a corner, and the gap between the columns.
    EXPECT_TRUE(Near(png.at(2, 2), 0xffffff, 0));
    EXPECT_TRUE(Near(png.at(205, 120), 0xffffff, 0));
    // Cell (0, 0): a square image is 140 x 140, centred across the 140.909-px cell; constant 0 with 'gray' is black.
    EXPECT_TRUE(Near(png.at(120, 118), 0x000000, 0));
    // Cell (0, 1): the 2 x 4 image keeps its aspect: the full 140.909 px wide, 70.45 tall, centred vertically.
    const double top = kRow0 + (kRowH - kColW * 2 / 4) / 2;  // 82.77
    const double bottom = top + kColW * 2 / 4;               // 153.23
    const int x_first = static_cast<int>(kCol1 + kColW / 8), x_last = static_cast<int>(kCol1 + kColW * 7 / 8);
    EXPECT_TRUE(Near(png.at(x_first, static_cast<int>(top) - 1), 0xffffff, 0));  // above the box: the cell is empty
    EXPECT_TRUE(Near(png.at(x_first, static_cast<int>(top) + 3), 0x440154));     // the darkest end: viridis(0)
    EXPECT_TRUE(Near(png.at(x_first, static_cast<int>(top) + 17), 0x440154));
    EXPECT_TRUE(Near(png.at(x_last, static_cast<int>(bottom) - 3), 0xfde725));  // the brightest end: viridis(1)
    EXPECT_TRUE(Near(png.at(x_last, static_cast<int>(bottom) + 2), 0xffffff, 0));
    // The frame: on the box's top edge, black.
    EXPECT_LT(png.at(x_first, static_cast<int>(top + 0.5)).r, 40);
    // Cell (1, 0): Normalize(-1, 1)(0) = 0.5, entry floor(0.5 * 256) = 128 of the 256: grey 128.
    EXPECT_TRUE(Near(png.at(120, 286), 0x808080, 1));
    // Its left frame line sits on x = 50.45, snapped to pixel 50: black. Cell (1, 1) has axis('off'): no frame
    // at x = 219.55 (pixel 220), and the whole cell is Greys' white.
    EXPECT_LT(png.at(50, 286).r, 40);
    EXPECT_TRUE(Near(png.at(static_cast<int>(kCol1 + 0.45 + 0.5), 286), 0xffffff, 0));
    EXPECT_TRUE(Near(png.at(static_cast<int>(kCol1 + kColW / 2), static_cast<int>(kRow1 + kRowH / 2)), 0xffffff, 0));
    EXPECT_TRUE(Near(png.at(static_cast<int>(kCol1 + 0.45 + 0.5), static_cast<int>(kRow1)), 0xffffff, 0));
}

TEST_F(PyplotTest, DefaultsAndSavefigDpi) {
    auto [fig, ax] = pyplot::subplots();  // figsize (6.4, 4.8), dpi 100
    ax->imshow(Arr({0, 1, 2, 3}, {2, 2}));
    fig->savefig(file("default.png"));
    Png png(file("default.png"));
    EXPECT_EQ(png.width(), 640);
    EXPECT_EQ(png.height(), 480);
    fig->savefig(file("half.PNG"), 50.0);  // the extension in any case; another dpi scales the canvas
    Png half(file("half.PNG"));
    EXPECT_EQ(half.width(), 320);
    EXPECT_EQ(half.height(), 240);
    // One square cell: 0.775 x 640 = 496 by 0.77 x 480 = 369.6 px, the image 369.6 px square, centred at
    // x = 80 + 248 and y = 57.6 + 184.8; the top-left pixel (0) is viridis(0), the bottom-right (3) viridis(1).
    EXPECT_TRUE(Near(png.at(328 - 90, 242 - 90), 0x440154));
    EXPECT_TRUE(Near(png.at(328 + 90, 242 + 90), 0xfde725));
}

TEST_F(PyplotTest, FigsizeAsAList) {
    auto [fig, ax] = pyplot::subplots(1, 2, std::vector<double>{3, 2}, 50.0);
    EXPECT_EQ(fig->width(), 3);
    EXPECT_EQ(fig->height(), 2);
    EXPECT_EQ(fig->dpi(), 50);
    EXPECT_EQ(ax->flatten().size(), 2u);
    EXPECT_THROW(pyplot::subplots(1, 1, std::vector<double>{3, 2, 1}), ValueError);
    EXPECT_THROW(pyplot::subplots(1, 1, std::tuple<double, double>{0, 2}), ValueError);
}

TEST_F(PyplotTest, RgbImagesAreDrawnAsGiven) {
    auto [fig, ax] = pyplot::subplots(1, 1, std::tuple<double, double>{2, 2}, 100);
    ax->imshow(Arr({1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1}, {2, 2, 3}));
    ax->axis("off");
    fig->savefig(file("rgb"));
    Png png(file("rgb.png"));
    // The cell is 155 x 154 px at (25, 24); the image 154 px square, centred: x from 25.5, y from 24.
    EXPECT_TRUE(Near(png.at(25 + 40, 24 + 40), 0xff0000, 0));
    EXPECT_TRUE(Near(png.at(25 + 115, 24 + 40), 0x00ff00, 0));
    EXPECT_TRUE(Near(png.at(25 + 40, 24 + 115), 0x0000ff, 0));
    EXPECT_TRUE(Near(png.at(25 + 115, 24 + 115), 0xffffff, 0));
}

TEST_F(PyplotTest, ErrorsNameTheProblem) {
    // Not a structured binding: C++17 lambdas cannot capture those.
    const std::shared_ptr<Figure> fig = std::get<0>(pyplot::subplots(2, 2));
    const auto cells = fig->axes();
    auto message = [](auto&& f) -> std::string {
        try {
            f();
        } catch (const Error& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_THROW(cells[0]->imshow(Array::Zeros({784})), py::TypeError);
    EXPECT_EQ(message([&] { cells[0]->imshow(Array::Zeros({784})); }), "Invalid shape (784,) for image data");
    EXPECT_EQ(message([&] {
                  cells[0]->imshow(Array::Zeros({1, 2, 3, 4}));
              }),
              "Invalid shape (1, 2, 3, 4) for image data");
    EXPECT_EQ(message([&] { cells[0]->imshow(Array::Zeros({2, 2, 2})); }), "Invalid shape (2, 2, 2) for image data");
    EXPECT_THROW(cells[0]->imshow(Array::Zeros({2, 2}), "jet"), ValueError);
    EXPECT_THROW(cells[0]->axis("bogus"), ValueError);
    EXPECT_THROW(pyplot::subplots(0, 1), ValueError);
    EXPECT_THROW(pyplot::subplots(1, -2), ValueError);
    EXPECT_THROW(use("TkAgg"), ValueError);
    EXPECT_NO_THROW(use("Agg"));
    EXPECT_NO_THROW(use("agg"));
    EXPECT_THROW(fig->savefig(file("grid.jpg")), ValueError);
    EXPECT_EQ(message([&] { fig->savefig(file("grid.jpg")); }),
              "Format 'jpg' is not supported (supported formats: png)");
    EXPECT_FALSE(std::filesystem::exists(file("grid.jpg")));
    EXPECT_FALSE(std::filesystem::exists(file("grid.jpg.png")));
    // A dot in a directory name is no extension: ".png" is appended.
    std::filesystem::create_directories(file("ep.1"));
    fig->savefig(file("ep.1/img"));
    EXPECT_TRUE(std::filesystem::exists(file("ep.1/img.png")));
}

TEST_F(PyplotTest, AxesArrayIsSqueezedLikeMatplotlib) {
    auto [fig, grid] = pyplot::subplots(2, 3);
    auto axes = grid->flatten();
    ASSERT_EQ(axes.size(), 6u);
    EXPECT_EQ(axes[4]->spec().row, 1);  // row-major
    EXPECT_EQ(axes[4]->spec().col, 1);
    EXPECT_EQ(grid->ravel().size(), 6u);
    EXPECT_EQ(grid->size(), 2);  // len() of a 2 x 3 ndarray
    try {
        grid->imshow(Array::Zeros({2, 2}));
        FAIL() << "imshow on a grid of Axes";
    } catch (const py::AttributeError& e) {
        EXPECT_STREQ(e.what(), "'numpy.ndarray' object has no attribute 'imshow'");
    }
    EXPECT_THROW(grid->axis("off"), py::AttributeError);

    auto [fig1, single] = pyplot::subplots();  // squeezed to one Axes
    single->imshow(Array::Zeros({2, 2}));
    single->axis("off");
    ASSERT_EQ(fig1->axes().size(), 1u);
    EXPECT_EQ(fig1->axes()[0]->images().size(), 1u);
    EXPECT_FALSE(fig1->axes()[0]->axison());
    EXPECT_THROW(single->flatten(), py::AttributeError);
}

TEST_F(PyplotTest, CloseReleasesFigures) {
    auto [a, ax_a] = pyplot::subplots();
    auto [b, ax_b] = pyplot::subplots();
    auto [c, ax_c] = pyplot::subplots();
    EXPECT_EQ(pyplot::get_fignums(), (std::vector<int64_t>{a->number, b->number, c->number}));
    EXPECT_EQ(b->number, a->number + 1);
    pyplot::close(a);
    EXPECT_EQ(pyplot::get_fignums(), (std::vector<int64_t>{b->number, c->number}));
    pyplot::close(std::nullopt);  // plt.close(None): the current figure, the latest
    EXPECT_EQ(pyplot::get_fignums(), (std::vector<int64_t>{b->number}));
    std::weak_ptr<Figure> weak = b;
    b.reset();
    ax_b.reset();
    EXPECT_FALSE(weak.expired());  // pyplot still holds it
    pyplot::close("all");
    EXPECT_TRUE(weak.expired());
    EXPECT_TRUE(pyplot::get_fignums().empty());
}

}  // namespace
}  // namespace plot
}  // namespace cnet
