// str_array_test.cc — string arrays against NumPy 1.26's behaviour (values noted from the Python session):
// genfromtxt(dtype=str), views and setitem with fixed-width truncation, astype parsing, unique.
#include "cnet/np/str_array.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace cnet {
namespace np {
namespace {

std::string WriteTemp(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + name;
    std::ofstream(path) << text;
    return path;
}

StrArray Table() {
    // a = np.array([['p', 'x', 's'], ['e', 'x', 'y'], ['e', 'b', 's'], ['p', 'x', 'y']])
    return StrArray({"p", "x", "s", "e", "x", "y", "e", "b", "s", "p", "x", "y"}, Shape{4, 3});
}

TEST(StrArrayTest, GenfromtxtReadsAStringTable) {
    const std::string path = WriteTemp("mush.csv", "class,cap-shape,cap-color\r\np,x,n\ne,x,y\n\ne,bb,w\n");
    StrArray a = genfromtxt_str(path, ",", 1);
    EXPECT_EQ(a.shape(), (Shape{3, 3}));
    EXPECT_EQ(a.itemsize(), 2);
    EXPECT_EQ(a.dtype_str(), "<U2");
    EXPECT_EQ(a.to_vector(), (std::vector<std::string>{"p", "x", "n", "e", "x", "y", "e", "bb", "w"}));
    // One column squeezes to 1-D, as NumPy does.
    StrArray c = genfromtxt_str(WriteTemp("col.txt", "a\nb\nc\n"));
    EXPECT_EQ(c.shape(), (Shape{3}));
}

TEST(StrArrayTest, GenfromtxtErrorsNameTheFileAndLine) {
    const std::string path = WriteTemp("ragged.csv", "h\na,b\nc\n");
    try {
        genfromtxt_str(path, ",", 1);
        FAIL() << "expected ValueError";
    } catch (const ValueError& e) {
        EXPECT_NE(std::string(e.what()).find("ragged.csv:3: expected 2 columns, got 1"), std::string::npos) << e.what();
    }
    EXPECT_THROW(genfromtxt_str(::testing::TempDir() + "missing.csv", ","), ValueError);
}

TEST(StrArrayTest, BasicIndexingGivesViews) {
    StrArray a = Table();
    StrArray col = a[{Slice(), 0}];
    EXPECT_EQ(col.shape(), (Shape{4}));
    EXPECT_EQ(col.to_vector(), (std::vector<std::string>{"p", "e", "e", "p"}));
    StrArray rest = a[{Slice(), Slice(1, {})}];
    EXPECT_EQ(rest.shape(), (Shape{4, 2}));
    EXPECT_EQ(rest.at_flat(1), "s");
    EXPECT_EQ((a[{-1, 1}]).item(), "x");
    EXPECT_EQ((a[{Slice(), 0}][{Slice(), NewAxis}]).shape(), (Shape{4, 1}));
    EXPECT_EQ(a[Slice({}, {}, -1)].at_flat(0), "p");
    EXPECT_EQ((a[{Ellipsis, 2}]).to_vector(), (std::vector<std::string>{"s", "y", "s", "y"}));
    // A view shares the elements.
    col.setitem(0, std::string("z"));
    EXPECT_EQ(a.at_flat(0), "z");
    EXPECT_THROW((a[{0, 0, 0}]), IndexError);
    EXPECT_THROW(a[4], IndexError);
}

TEST(StrArrayTest, UniqueWithInverseSortsLikeNumpy) {
    // np.unique(np.array(['p', 'e', 'e', 'p', 'b']), return_inverse=True) -> (['b', 'e', 'p'], [2, 1, 1, 2, 0])
    auto [u, inv] = unique_inverse(StrArray({"p", "e", "e", "p", "b"}));
    EXPECT_EQ(u.to_vector(), (std::vector<std::string>{"b", "e", "p"}));
    EXPECT_EQ(inv.dtype(), Dtype::kInt64);
    EXPECT_EQ(inv.to_vector<int64_t>(), (std::vector<int64_t>{2, 1, 1, 2, 0}));
    // Code point order: uppercase before lowercase, shorter prefix first.
    EXPECT_EQ(unique(StrArray({"b", "B", "ab", "a"})).to_vector(), (std::vector<std::string>{"B", "a", "ab", "b"}));
    auto [nu, ninv] = unique_inverse(Array::FromVector(std::vector<float>{3, 1, 3, 2}));
    EXPECT_EQ(nu.dtype(), Dtype::kFloat32);
    EXPECT_EQ(nu.to_vector<float>(), (std::vector<float>{1, 2, 3}));
    EXPECT_EQ(ninv.to_vector<int64_t>(), (std::vector<int64_t>{2, 0, 2, 1}));
}

TEST(StrArrayTest, SetitemFromIntsStoresDecimalStringsTruncatedToTheWidth) {
    // The glance idiom: for col in range(a.shape[1]): a[:, col] = np.unique(a[:, col], return_inverse=True)[1]
    StrArray a = Table();
    for (int col = 0; col < a.shape()[1]; ++col) a.setitem({Slice(), col}, std::get<1>(unique_inverse(a[{Slice(), col}])));
    EXPECT_EQ(a.to_vector(), (std::vector<std::string>{"1", "1", "0", "0", "1", "1", "0", "0", "0", "1", "1", "1"}));
    // '<U1' keeps the first character of '10' (NumPy: a = np.array(['a']); a[0] = 10 -> array(['1'])).
    StrArray w({"a", "b"});
    w.setitem(Slice(), Array::FromVector(std::vector<int64_t>{10, 7}));
    EXPECT_EQ(w.to_vector(), (std::vector<std::string>{"1", "7"}));
    StrArray f({"xxxx", "y"});
    f.setitem(Slice(), Array::FromVector(std::vector<double>{0.5, 2}));
    EXPECT_EQ(f.to_vector(), (std::vector<std::string>{"0.5", "2.0"}));
    // Broadcasting a scalar and a row.
    StrArray b = Table();
    b.setitem({Slice(), 1}, std::string("q"));
    EXPECT_EQ((b[{Slice(), 1}]).to_vector(), (std::vector<std::string>{"q", "q", "q", "q"}));
    b.setitem(Slice(), StrArray({"1", "2", "3"}));
    EXPECT_EQ(b[3].to_vector(), (std::vector<std::string>{"1", "2", "3"}));
    EXPECT_THROW(b.setitem(Slice(), StrArray({"1", "2"})), ShapeError);
}

TEST(StrArrayTest, AstypeParsesOrNamesTheBadString) {
    StrArray a({"1", "0", " 2", "1"}, Shape{2, 2});
    Array f = a.astype(Dtype::kFloat32);
    EXPECT_EQ(f.dtype(), Dtype::kFloat32);
    EXPECT_EQ(f.shape(), (Shape{2, 2}));
    EXPECT_EQ(f.to_vector<float>(), (std::vector<float>{1, 0, 2, 1}));
    Array i = a[{Slice(), 0}].astype(Dtype::kInt32);
    EXPECT_EQ(i.dtype(), Dtype::kInt32);
    EXPECT_EQ(i.to_vector<int32_t>(), (std::vector<int32_t>{1, 2}));
    EXPECT_EQ(StrArray({"0.5", "-1e3"}).astype(Dtype::kFloat64).to_vector<double>(), (std::vector<double>{0.5, -1000}));
    StrArray bad({"1", "p", "2", "3"}, Shape{2, 2});
    try {
        bad.astype(Dtype::kFloat32);
        FAIL() << "expected ValueError";
    } catch (const ValueError& e) {
        EXPECT_EQ(std::string(e.what()), "could not convert string to float: 'p' (element [0, 1])");
    }
    try {
        StrArray({"1.5"}).astype(Dtype::kInt32);
        FAIL() << "expected ValueError";
    } catch (const ValueError& e) {
        EXPECT_EQ(std::string(e.what()), "invalid literal for int() with base 10: '1.5' (element [0])");
    }
}

TEST(StrArrayTest, StrAndRepr) {
    StrArray a({"a", "b", "c", "d"}, Shape{2, 2});
    EXPECT_EQ(a.str(), "[['a' 'b']\n ['c' 'd']]");
    EXPECT_EQ(a.repr(), "array([['a', 'b'],\n       ['c', 'd']], dtype='<U1')");
    EXPECT_EQ(StrArray({"ab", "c"}).repr(), "array(['ab', 'c'], dtype='<U2')");
    EXPECT_EQ(py::str(StrArray({"x"})), "['x']");
    EXPECT_EQ(py::len(a), 2);
    EXPECT_EQ(a.copy().to_vector(), a.to_vector());
    EXPECT_EQ(a.reshape(Shape{-1}).shape(), (Shape{4}));
}

}  // namespace
}  // namespace np
}  // namespace cnet
