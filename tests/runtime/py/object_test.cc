// object_test.cc — cnet::py::Object against what CPython prints and raises for the same values
// (Note [Values typed at run time]).
#include "cnet/py/object.h"

#include <gtest/gtest.h>

#include "cnet/py/builtins.h"

namespace cnet {
namespace py {
namespace {

// An s-expression as Chainer's sentiment example parses it: a list of subtrees or a word.
Object Tree() {
    return Object::List({Object("2"), Object::List({Object("3"), Object("good")}), Object::List({Object("1"), Object("bad")})});
}

TEST(PyObjectTest, PrintsAsPython) {
    EXPECT_EQ(str(Tree()), "['2', ['3', 'good'], ['1', 'bad']]");
    EXPECT_EQ(str(Object("word")), "word");
    EXPECT_EQ(repr(Object("word")), "'word'");
    EXPECT_EQ(str(Object(std::make_tuple(int64_t{1}, 2.5))), "(1, 2.5)");
    EXPECT_EQ(str(Object::Tuple({Object(true)})), "(True,)");
    EXPECT_EQ(str(Object()), "None");
    Dict<std::string, Object> node{{"label", Object(int64_t{3})}, {"node", Object(std::make_tuple(int64_t{0}, 1.0))}};
    EXPECT_EQ(str(Object(node)), "{'label': 3, 'node': (0, 1.0)}");
    // Inside a static container an object shows as its repr, as Python shows items.
    EXPECT_EQ(str(std::vector<Object>{Object("a"), Object(int64_t{1})}), "['a', 1]");
    EXPECT_EQ(format("{0:.2f} {1:>3} {2}", Object(0.5), Object(int64_t{7}), Object("x")), "0.50   7 x");
}

TEST(PyObjectTest, BuiltinsFollowTheKindItHolds) {
    const Object tree = Tree();
    EXPECT_EQ(len(tree), 3);
    EXPECT_EQ(len(Object("héllo")), 5);  // code points
    EXPECT_EQ(to_int(getitem(tree, Object(int64_t{0}))), 2);
    EXPECT_EQ(str(getitem(tree, Object(int64_t{-1}))), "['1', 'bad']");
    EXPECT_TRUE(isinstance(tree, Object::Kind::kList));
    EXPECT_FALSE(isinstance(tree, Object::Kind::kTuple));
    EXPECT_TRUE(isinstance(Object(true), Object::Kind::kInt));  // bool is an int, as in Python
    EXPECT_FALSE(to_bool(Object::List({})));
    EXPECT_TRUE(to_bool(Object("0")));
    EXPECT_EQ(to_float(Object("2.5")), 2.5);
    EXPECT_TRUE(contains(tree, Object("2")));
    EXPECT_FALSE(contains(tree, Object(int64_t{2})));  // '2' is no 2
    EXPECT_TRUE(contains(Object("sentiment"), Object("time")));
}

TEST(PyObjectTest, EqualityIsPythons) {
    EXPECT_TRUE(Object(int64_t{1}) == Object(1.0));
    EXPECT_TRUE(Object(true) == int64_t{1});
    EXPECT_FALSE(Object(int64_t{1}) == std::string("1"));
    EXPECT_FALSE(Object::List({Object(int64_t{1})}) == Object::Tuple({Object(int64_t{1})}));
    EXPECT_TRUE(Object(std::vector<int64_t>{1, 2}) == Object::List({Object(1.0), Object(int64_t{2})}));
    EXPECT_TRUE(Object() == Object(NoneType{}));
}

TEST(PyObjectTest, DictKeysEqualAsPythonsAre) {
    Dict<Object, int64_t> vocab;
    vocab[Object("good")] = 0;
    vocab[Object(int64_t{1})] = 1;
    vocab[Object(1.0)] = 2;  // 1 == 1.0: the same key
    vocab[Object(true)] = 3;  // and True
    EXPECT_EQ(vocab.size(), 2u);
    EXPECT_EQ(vocab.at(Object(int64_t{1})), 3);
    EXPECT_EQ(vocab.at(Object("good")), 0);
    EXPECT_THROW(vocab.at(Object("bad")), KeyError);
}

TEST(PyObjectTest, UnpackingChecksTheCountAsPythonDoes) {
    const std::vector<Object> parts = unpack(Tree(), 3);
    EXPECT_EQ(str(parts[1]), "['3', 'good']");
    try {
        unpack(Tree(), 2);
        FAIL() << "three values unpacked into two";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "too many values to unpack (expected 2)");
    }
    try {
        unpack(getitem(Tree(), Object(int64_t{1})), 3);
        FAIL() << "two values unpacked into three";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "not enough values to unpack (expected 3, got 2)");
    }
    try {
        unpack(Object(int64_t{5}), 2);
        FAIL() << "an int unpacked";
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "cannot unpack non-iterable int object");
    }
}

TEST(PyObjectTest, ErrorsNameTheKinds) {
    try {
        len(Object(int64_t{3}));
        FAIL();
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "object of type 'int' has no len()");
    }
    try {
        getitem(Object(int64_t{3}), Object(int64_t{0}));
        FAIL();
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "'int' object is not subscriptable");
    }
    EXPECT_THROW(getitem(Tree(), Object(int64_t{3})), IndexError);
    EXPECT_THROW(to_int(Object("x")), ValueError);
}

TEST(PyObjectTest, ConvertsBetweenStaticTypesAndObjects) {
    // Static to object and back, through containers.
    const std::vector<std::tuple<std::string, int64_t>> rows{{"a", 1}, {"b", 2}};
    const Object o = convert<Object>(rows);
    EXPECT_EQ(str(o), "[('a', 1), ('b', 2)]");
    const auto back = convert<std::vector<std::tuple<std::string, int64_t>>>(o);
    EXPECT_EQ(back, rows);
    const auto objects = convert<std::vector<Object>>(std::vector<int64_t>{4, 5});
    EXPECT_EQ(str(objects), "[4, 5]");
    EXPECT_EQ(convert<double>(Object(int64_t{2})), 2.0);  // an int where a float is wanted
    EXPECT_EQ(convert<std::optional<int64_t>>(Object()), std::nullopt);
    const Dict<std::string, Object> d = convert<Dict<std::string, Object>>(Dict<std::string, int64_t>{{"k", 1}});
    EXPECT_EQ(str(d), "{'k': 1}");
    try {
        convert<int64_t>(Object("3"));
        FAIL() << "a str read as an int";
    } catch (const TypeError& e) {
        EXPECT_STREQ(e.what(), "expected int, got str");
    }
    EXPECT_THROW((convert<std::tuple<int64_t, int64_t>>(Object::Tuple({Object(int64_t{1})}))), TypeError);
}

}  // namespace
}  // namespace py
}  // namespace cnet
