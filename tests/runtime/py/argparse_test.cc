// argparse_test.cc — ArgumentParser against CPython 3.11 argparse's texts and parsing rules.
#include "cnet/py/argparse.h"

#include <gtest/gtest.h>

#include "cnet/py/object.h"

namespace cnet {
namespace py {
namespace {

ArgumentParser MnistParser() {
    ArgumentParser parser("Chainer example: Fashion-MNIST", "train_mnist");
    parser.exit_on_error(false);
    parser.add_argument({"--batchsize", "-b"}).type("int").default_value(100).help("Number of images in each mini-batch");
    parser.add_argument({"--epoch", "-e"}).type("int").default_value(20).help("Number of sweeps over the dataset to train");
    parser.add_argument({"--out", "-o"}).default_value("result").help("Directory to output the result");
    parser.add_argument({"--noplot"}).dest("plot").action("store_false").help("Disable PlotReport extension");
    return parser;
}

TEST(ArgparseTest, DefaultsAndValues) {
    ArgumentParser parser = MnistParser();
    Namespace d = parser.parse_args(std::vector<std::string>{});
    EXPECT_EQ(d.get_int("batchsize"), 100);
    EXPECT_EQ(d.get_str("out"), "result");
    EXPECT_TRUE(d.get_bool("plot"));
    EXPECT_EQ(d.repr(), "Namespace(batchsize=100, epoch=20, out='result', plot=True)");

    Namespace a = parser.parse_args({"-b", "32", "--epoch=3", "--noplot", "-oout", "--bat", "64"});
    EXPECT_EQ(a.get_int("batchsize"), 64);  // a unique prefix is accepted; the last occurrence wins
    EXPECT_EQ(a.get_int("epoch"), 3);
    EXPECT_EQ(a.get_str("out"), "out");
    EXPECT_FALSE(a.get_bool("plot"));
}

// CPython: p.add_argument('--test', action='store_true'); p.set_defaults(test=False, mode='train');
// p.add_argument('--n', type=int) after p.set_defaults(n=7): defaults test=False, n=7, mode='train'; with
// ['--test', '--n', '3']: True, 3.
TEST(ArgparseTest, SetDefaults) {
    ArgumentParser parser;
    parser.exit_on_error(false);
    parser.add_argument({"--test"}).action("store_true");
    parser.set_default("test", ArgValue(false));
    parser.set_default("mode", ArgValue(std::string("train")));
    parser.set_default("n", ArgValue(int64_t{7}));
    parser.add_argument({"--n"}).type("int");
    Namespace d = parser.parse_args(std::vector<std::string>{});
    EXPECT_FALSE(d.get_bool("test"));
    EXPECT_EQ(d.get_int("n"), 7);
    EXPECT_EQ(d.get_str("mode"), "train");
    Namespace a = parser.parse_args({"--test", "--n", "3"});
    EXPECT_TRUE(a.get_bool("test"));
    EXPECT_EQ(a.get_int("n"), 3);
}

TEST(ArgparseTest, ErrorsMatchPython) {
    ArgumentParser parser = MnistParser();
    try {
        parser.parse_args({"-b", "x"});
        FAIL();
    } catch (const ArgumentExit& e) {
        EXPECT_EQ(e.status, 2);
        EXPECT_EQ(e.output,
                  "usage: train_mnist [-h] [--batchsize BATCHSIZE] [--epoch EPOCH] [--out OUT]\n"
                  "                   [--noplot]\n"
                  "train_mnist: error: argument --batchsize/-b: invalid int value: 'x'\n");
    }
    try {
        parser.parse_args({"--epoch"});
        FAIL();
    } catch (const ArgumentExit& e) {
        EXPECT_NE(e.output.find("error: argument --epoch/-e: expected one argument\n"), std::string::npos);
    }
    try {
        parser.parse_args({"--bogus", "1"});
        FAIL();
    } catch (const ArgumentExit& e) {
        EXPECT_NE(e.output.find("error: unrecognized arguments: --bogus 1\n"), std::string::npos);
    }
}

TEST(ArgparseTest, HelpMatchesPython) {
    ArgumentParser parser = MnistParser();
    try {
        parser.parse_args({"--help"});
        FAIL();
    } catch (const ArgumentExit& e) {
        EXPECT_EQ(e.status, 0);
        // Produced by CPython 3.11 for the same add_argument calls.
        EXPECT_EQ(e.output,
                  "usage: train_mnist [-h] [--batchsize BATCHSIZE] [--epoch EPOCH] [--out OUT]\n"
                  "                   [--noplot]\n"
                  "\n"
                  "Chainer example: Fashion-MNIST\n"
                  "\n"
                  "options:\n"
                  "  -h, --help            show this help message and exit\n"
                  "  --batchsize BATCHSIZE, -b BATCHSIZE\n"
                  "                        Number of images in each mini-batch\n"
                  "  --epoch EPOCH, -e EPOCH\n"
                  "                        Number of sweeps over the dataset to train\n"
                  "  --out OUT, -o OUT     Directory to output the result\n"
                  "  --noplot              Disable PlotReport extension\n");
    }
}

TEST(ArgparseTest, PositionalsAndRequired) {
    ArgumentParser parser("", "prog");
    parser.exit_on_error(false);
    parser.add_argument({"path"});
    parser.add_argument({"--lr"}).type("float").default_value(0.1);
    Namespace ns = parser.parse_args({"data.csv", "--lr", "1e-3"});
    EXPECT_EQ(ns.get_str("path"), "data.csv");
    EXPECT_DOUBLE_EQ(ns.get_float("lr"), 1e-3);
    try {
        parser.parse_args(std::vector<std::string>{});
        FAIL();
    } catch (const ArgumentExit& e) {
        EXPECT_EQ(e.output, "usage: prog [-h] [--lr LR] path\nprog: error: the following arguments are required: path\n");
    }
}

// args.__dict__ (CPython 3.11: `vars(args)` in the order the arguments were added, then set_defaults' others; the
// namespace's own dict, so a store through it is an attribute).
TEST(ArgparseTest, DictIsTheNamespacesOwn) {
    ArgumentParser parser = MnistParser();
    parser.set_default("zeta", int64_t{1});
    Namespace a = parser.parse_args({"-b", "32"});
    Dict<std::string, Object>& d = a.dict();
    std::vector<std::string> keys;
    for (const auto& [k, v] : d) keys.push_back(k);
    EXPECT_EQ(keys, (std::vector<std::string>{"batchsize", "epoch", "out", "plot", "zeta"}));
    EXPECT_EQ(d.at("batchsize").as_int(), 32);
    d["batchsize"] = Object(int64_t{7});
    d["n_class"] = Object(int64_t{4});
    EXPECT_EQ(a.get_int("batchsize"), 7);
    EXPECT_EQ(a.get_int("n_class"), 4);
    const Namespace copy = a;  // a copy shares the dict, as a second name for the object does in Python
    EXPECT_EQ(&copy.dict(), &d);
    EXPECT_EQ(a.repr(), "Namespace(batchsize=7, epoch=20, out='result', plot=True, zeta=1, n_class=4)");
    d["out"] = Object::List({});
    EXPECT_THROW(a.get_str("out"), TypeError);
}

}  // namespace
}  // namespace py
}  // namespace cnet
