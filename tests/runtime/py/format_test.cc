// format_test.cc — Python's exact text for repr/str/format/str.format, checked against CPython's output.
#include <gtest/gtest.h>

#include <map>

#include "cnet/py/builtins.h"
#include "cnet/py/format.h"
#include "test_util.h"

namespace cnet {
namespace py {
namespace {

TEST(PyFormatTest, FloatRepr) {
    EXPECT_EQ(repr(0.1), "0.1");
    EXPECT_EQ(repr(1e-5), "1e-05");
    EXPECT_EQ(repr(1.0), "1.0");
    EXPECT_EQ(repr(1e16), "1e+16");
    EXPECT_EQ(repr(123456789012345.0), "123456789012345.0");
    EXPECT_EQ(repr(1.5e-7), "1.5e-07");
    EXPECT_EQ(repr(0.0001), "0.0001");
    EXPECT_EQ(repr(-2.5), "-2.5");
    EXPECT_EQ(repr(1.0 / 3), "0.3333333333333333");
    EXPECT_EQ(repr(2.5e300), "2.5e+300");
    EXPECT_EQ(repr(0.0), "0.0");
}

TEST(PyFormatTest, FormatSpecs) {
    EXPECT_EQ(format_value(3.14159, ".4f"), "3.1416");
    EXPECT_EQ(format_value(0.5, "%"), "50.000000%");
    EXPECT_EQ(format_value(int64_t{1234567}, ","), "1,234,567");
    EXPECT_EQ(format_value(int64_t{42}, "08d"), "00000042");
    EXPECT_EQ(format_value(int64_t{-42}, "08d"), "-0000042");
    EXPECT_EQ(format_value(3.0, ".3"), "3.0");
    EXPECT_EQ(format_value(1234.5, ".3"), "1.23e+03");
    EXPECT_EQ(format_value(std::string("ab"), ">5"), "   ab");
    EXPECT_EQ(format_value(int64_t{255}, "#x"), "0xff");
    EXPECT_EQ(format_value(int64_t{5}, "^5"), "  5  ");
    EXPECT_EQ(format_value(0.000012345, "g"), "1.2345e-05");
    EXPECT_EQ(format_value(1e6, "g"), "1e+06");
    EXPECT_EQ(format_value(int64_t{3}, ".2f"), "3.00");
    EXPECT_EQ(format_value(-0.25, "+.1e"), "-2.5e-01");
    EXPECT_EQ(format_value(7.0, "+"), "+7.0");
    EXPECT_THROW(format_value(1.5, "d"), ValueError);
}

TEST(PyFormatTest, StrFormat) {
    EXPECT_EQ(format("{} {}", 1, "a"), "1 a");
    EXPECT_EQ(format("{0}{0}", 7), "77");
    EXPECT_EQ(format("{:>6.2f}|", 3.14159), "  3.14|");
    EXPECT_EQ(format("{{}}"), "{}");
    EXPECT_EQ(format("{!r}", std::string("x")), "'x'");
    EXPECT_EQ(format("epoch {}: loss {:.4f}", int64_t{3}, 0.123456), "epoch 3: loss 0.1235");
    EXPECT_THROW(format("{} {0}", 1, 2), ValueError);
    EXPECT_THROW(format("{1}", 1), IndexError);
    EXPECT_THROW(format("{", 1), ValueError);
}

TEST(PyFormatTest, Containers) {
    EXPECT_EQ(str(std::vector<int64_t>{1, 2}), "[1, 2]");
    EXPECT_EQ(str(std::vector<std::string>{"a"}), "['a']");
    EXPECT_EQ(str(std::make_tuple(int64_t{1})), "(1,)");
    EXPECT_EQ(str(std::make_tuple(int64_t{1}, 2.5, std::string("s"))), "(1, 2.5, 's')");
    EXPECT_EQ(str(true), "True");
    EXPECT_EQ(str(None), "None");
    EXPECT_EQ(str(Variable(testing_util::Arr({1, 2}))), "variable([1. 2.])");
    EXPECT_EQ(str(testing_util::Arr({0.5, 2}, Shape{2, 1})), "[[0.5]\n [2. ]]");
}

TEST(PyDictTest, InsertionOrder) {
    Dict<std::string, int64_t> d{{"b", 2}, {"a", 1}};
    d["c"] = 3;
    d["b"] = 20;  // an existing key keeps its place
    EXPECT_EQ(str(d), "{'b': 20, 'a': 1, 'c': 3}");
    EXPECT_EQ(d.erase("b"), 1u);
    EXPECT_EQ(d.erase("b"), 0u);
    d["b"] = 5;  // re-inserted: last; the later keys' positions moved
    EXPECT_EQ(str(d), "{'a': 1, 'c': 3, 'b': 5}");
    EXPECT_EQ(d.at("c"), 3);
    EXPECT_EQ(len(d), 3);
    EXPECT_EQ(str(keys(d)), "['a', 'c', 'b']");
    EXPECT_EQ(str(values(d)), "[1, 3, 5]");
    EXPECT_THROW(d.at("z"), KeyError);
    EXPECT_TRUE((d == Dict<std::string, int64_t>{{"b", 5}, {"c", 3}, {"a", 1}}));  // order-blind, as in Python
    EXPECT_FALSE((d == Dict<std::string, int64_t>{{"a", 1}, {"c", 3}}));
    const std::map<std::string, int64_t> m = d;  // to and from a library function's std::map
    EXPECT_EQ(str(Dict<std::string, int64_t>(m)), "{'a': 1, 'b': 5, 'c': 3}");
}

TEST(PyBuiltinsTest, Arithmetic) {
    EXPECT_EQ(floordiv(int64_t{-7}, int64_t{2}), -4);
    EXPECT_EQ(mod(int64_t{-7}, int64_t{2}), 1);
    EXPECT_EQ(mod(int64_t{7}, int64_t{-2}), -1);
    EXPECT_EQ(floordiv(7.5, 2.0), 3.0);
    EXPECT_DOUBLE_EQ(mod(-0.5, 2.0), 1.5);
    EXPECT_EQ(ipow(3, 4), 81);
    // The largest powers that fit, with no intermediate overflow (UBSan found 10 ** 16 squaring past int64).
    EXPECT_EQ(ipow(10, 16), int64_t{10000000000000000});
    EXPECT_EQ(ipow(10, 18), int64_t{1000000000000000000});
    EXPECT_EQ(ipow(2, 62), int64_t{1} << 62);
    EXPECT_EQ(ipow(-2, 63), INT64_MIN);
    EXPECT_EQ(ipow(7, 0), 1);
    EXPECT_THROW(ipow(10, 19), OverflowError);
    EXPECT_THROW(ipow(2, 64), OverflowError);
    EXPECT_THROW(floordiv(int64_t{1}, int64_t{0}), ZeroDivisionError);
}

TEST(PyBuiltinsTest, SequencesAndSlices) {
    std::vector<int64_t> v{10, 20, 30, 40, 50};
    EXPECT_EQ(at(v, -1), 50);
    EXPECT_THROW(at(v, 5), IndexError);
    EXPECT_EQ(slice(v, {std::nullopt, std::nullopt, -1}), (std::vector<int64_t>{50, 40, 30, 20, 10}));
    EXPECT_EQ(slice(v, {1, std::nullopt, std::nullopt}), (std::vector<int64_t>{20, 30, 40, 50}));
    EXPECT_EQ(slice(v, {-2, std::nullopt, std::nullopt}), (std::vector<int64_t>{40, 50}));
    EXPECT_EQ(slice(v, {1, 4, 2}), (std::vector<int64_t>{20, 40}));
    EXPECT_EQ(slice(std::string("hello"), {1, -1, std::nullopt}), "ell");
    int64_t total = 0;
    for (int64_t i : range(10, 0, -3)) total += i;
    EXPECT_EQ(total, 10 + 7 + 4 + 1);
    EXPECT_EQ(range(0, 10, 3).size(), 4);
    auto e = enumerate(std::vector<std::string>{"a", "b"}, 1);
    EXPECT_EQ(std::get<0>(e[1]), 2);
    EXPECT_EQ(std::get<1>(e[1]), "b");
    auto z = zip(v, slice(v, {1, std::nullopt, std::nullopt}));
    EXPECT_EQ(z.size(), 4u);
    EXPECT_EQ(std::get<1>(z[0]), 20);
    EXPECT_EQ(reversed(range(3)), (std::vector<int64_t>{2, 1, 0}));
    EXPECT_EQ(max(v), 50);
    EXPECT_EQ(sum(v), 150);
    EXPECT_TRUE(contains(v, int64_t{30}));
    EXPECT_EQ(to_int(std::string(" 42")), 42);
    EXPECT_THROW(to_int(std::string("4x")), ValueError);
    EXPECT_DOUBLE_EQ(to_float(std::string("2.5")), 2.5);
}

}  // namespace
}  // namespace py
}  // namespace cnet
