// datasets_test.cc — TupleDataset, SubDataset, split_dataset(_random), TransformDataset (Chainer's documented
// examples), and np::genfromtxt / datasets::load_csv on small files and on mushrooms.csv.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "cnet/core/random.h"
#include "cnet/datasets/concatenated_dataset.h"
#include "cnet/datasets/csv.h"
#include "cnet/datasets/sub_dataset.h"
#include "cnet/datasets/transform_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/np/io.h"
#include "test_util.h"

namespace cnet {
namespace {

using datasets::Example;
using datasets::SubDataset;
using datasets::TupleDataset;
using testing_util::Arr;

int64_t Int(const Array& a) { return a.item<int64_t>(); }

// Inventory item 85: TupleDataset([8,0,5,1],[3,1,7,4]) -> (8,3),(0,1),(5,7),(1,4).
std::shared_ptr<TupleDataset> Pairs() {
    return datasets::make_tuple_dataset(Arr({8, 0, 5, 1}, Dtype::kInt32), Arr({3, 1, 7, 4}, Dtype::kInt32));
}

TEST(TupleDatasetTest, ZipsRows) {
    auto ds = Pairs();
    ASSERT_EQ(ds->size(), 4);
    const int64_t expected[4][2] = {{8, 3}, {0, 1}, {5, 7}, {1, 4}};
    for (int64_t i = 0; i < 4; ++i) {
        const Example e = (*ds)[i];
        ASSERT_EQ(e.size(), 2u);
        EXPECT_EQ(e[0].ndim(), 0);
        EXPECT_EQ(Int(e[0]), expected[i][0]);
        EXPECT_EQ(Int(e[1]), expected[i][1]);
    }
    EXPECT_EQ(Int((*ds)[-1][0]), 1);
    EXPECT_THROW((*ds)[4], IndexError);
    EXPECT_THROW((*ds)[-5], IndexError);
    EXPECT_EQ(ds->slice(1, 3).size(), 2u);
    EXPECT_EQ(Int(ds->slice(1, 3)[1][0]), 5);
}

TEST(TupleDatasetTest, RowsOfMatricesAndOneTuples) {
    TupleDataset ds(testing_util::Arange(6, {3, 2}));
    EXPECT_EQ(ds.get_example(2).size(), 1u);
    EXPECT_EQ(ds.get_example(2)[0].shape(), (Shape{2}));
    EXPECT_EQ(ds.get_example(2)[0].to_vector<float>(), (std::vector<float>{4, 5}));
    EXPECT_THROW(TupleDataset(Arr({1, 2}), Arr({1, 2, 3})), ValueError);
}

TEST(SubDatasetTest, RangeOrderAndNegativeIndex) {
    auto base = Pairs();
    SubDataset sub(base, 1, 3);
    EXPECT_EQ(sub.size(), 2);
    EXPECT_EQ(Int(sub[0][0]), 0);
    EXPECT_EQ(Int(sub[-1][0]), 5);
    SubDataset ordered(base, 0, 2, std::vector<int64_t>{3, 2, 1, 0});
    EXPECT_EQ(Int(ordered[0][0]), 1);
    EXPECT_EQ(Int(ordered[1][0]), 5);
    EXPECT_THROW(SubDataset(base, 0, 5), ValueError);
    EXPECT_THROW(SubDataset(base, 0, 2, std::vector<int64_t>{0, 1}), ValueError);
}

TEST(SplitDatasetTest, FirstPartHoldsOrderPrefix) {
    auto [a, b] = datasets::split_dataset(Pairs(), 3, std::vector<int64_t>{2, 0, 3, 1});
    ASSERT_EQ(a->size(), 3);
    ASSERT_EQ(b->size(), 1);
    EXPECT_EQ(Int((*a)[0][0]), 5);
    EXPECT_EQ(Int((*a)[1][0]), 8);
    EXPECT_EQ(Int((*a)[2][0]), 1);
    EXPECT_EQ(Int((*b)[0][0]), 0);
    EXPECT_THROW(datasets::split_dataset(Pairs(), 5), ValueError);
    EXPECT_THROW(datasets::split_dataset(Pairs(), -1), ValueError);
}

std::vector<int64_t> Firsts(const datasets::Dataset& d) {
    std::vector<int64_t> out;
    for (int64_t i = 0; i < d.size(); ++i) out.push_back(Int(d[i][0]));
    return out;
}

std::shared_ptr<TupleDataset> Range10() {
    return std::make_shared<TupleDataset>(testing_util::Arange(10, {10}, Dtype::kInt64));
}

TEST(SplitDatasetTest, RandomSplitIsAPartitionAndSeeded) {
    auto base = std::make_shared<TupleDataset>(testing_util::Arange(100, {100}, Dtype::kInt64));
    auto [a, b] = datasets::split_dataset_random(base, 70, 0u);
    EXPECT_EQ(a->size(), 70);
    EXPECT_EQ(b->size(), 30);
    std::vector<int64_t> all = Firsts(*a), rest = Firsts(*b);
    all.insert(all.end(), rest.begin(), rest.end());
    EXPECT_EQ(std::set<int64_t>(all.begin(), all.end()).size(), 100u);
    EXPECT_EQ(Firsts(*datasets::split_dataset_random(base, 70, 0u).first), Firsts(*a));
    EXPECT_NE(Firsts(*datasets::split_dataset_random(base, 70, 1u).first), Firsts(*a));
    // seed=None: drawn from the default generator, so reseeding reproduces it.
    random::seed(42);
    const auto first = Firsts(*datasets::split_dataset_random(base, 70).first);
    random::seed(42);
    EXPECT_EQ(Firsts(*datasets::split_dataset_random(base, 70).first), first);
}

TEST(CrossValidationTest, TestPartsPartitionTheData) {
    // 10 examples, 3 folds: borders 0, 3, 6, 10 -> test sizes 3, 3, 4, taken from the back of a rotating order.
    const auto splits = datasets::get_cross_validation_datasets(Range10(), 3);
    ASSERT_EQ(splits.size(), 3u);
    EXPECT_EQ(Firsts(*splits[0].second), (std::vector<int64_t>{6, 7, 8, 9}));
    EXPECT_EQ(Firsts(*splits[0].first), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
    EXPECT_EQ(Firsts(*splits[1].second), (std::vector<int64_t>{3, 4, 5}));
    EXPECT_EQ(Firsts(*splits[1].first), (std::vector<int64_t>{6, 7, 8, 9, 0, 1, 2}));
    EXPECT_EQ(Firsts(*splits[2].second), (std::vector<int64_t>{0, 1, 2}));
    const auto random_splits = datasets::get_cross_validation_datasets_random(Range10(), 4, 5u);
    std::set<int64_t> tested;
    for (const auto& [train, test] : random_splits) {
        EXPECT_EQ(train->size() + test->size(), 10);
        for (int64_t v : Firsts(*test)) tested.insert(v);
    }
    EXPECT_EQ(tested.size(), 10u);
    EXPECT_THROW(datasets::get_cross_validation_datasets(Range10(), 0), ValueError);
}

TEST(ConcatenatedDatasetTest, ChainsDatasets) {
    datasets::ConcatenatedDataset ds({Pairs(), Range10()});
    EXPECT_EQ(ds.size(), 14);
    EXPECT_EQ(Int(ds[3][0]), 1);
    EXPECT_EQ(Int(ds[4][0]), 0);
    EXPECT_EQ(Int(ds[-1][0]), 9);
    EXPECT_THROW(ds[14], IndexError);
}

TEST(TransformDatasetTest, AppliesTransform) {
    datasets::TransformDataset ds(Pairs(), [](const Example& e) {
        return Example{e[0], Array::FromScalar(Int(e[0]) + Int(e[1]), Dtype::kInt64)};
    });
    EXPECT_EQ(ds.size(), 4);
    EXPECT_EQ(Int(ds[2][1]), 12);
}

class TextFileTest : public ::testing::Test {
protected:
    std::string Write(const std::string& text) {
        // Unique per process and test: ctest runs the tests of this binary in parallel processes.
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        paths_.push_back(::testing::TempDir() + "/cnet_text_" + std::to_string(::getpid()) + "_" + info->name() + "_" +
                         std::to_string(paths_.size()) + ".txt");
        std::ofstream(paths_.back()) << text;
        return paths_.back();
    }
    void TearDown() override {
        for (const std::string& path : paths_) std::remove(path.c_str());
    }
    std::vector<std::string> paths_;
};

TEST_F(TextFileTest, GenfromtxtNumbers) {
    const Array a = np::genfromtxt(Write("# comment\n1 2 3\n4  5\t6  # tail\n\n"));
    EXPECT_EQ(a.dtype(), Dtype::kFloat64);
    EXPECT_EQ(a.shape(), (Shape{2, 3}));
    EXPECT_EQ(a.to_vector<double>(), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    const Array b = np::genfromtxt(Write("a,b\n1.5,\n2,x\n"), Dtype::kFloat32, ",", 1);
    EXPECT_EQ(b.shape(), (Shape{2, 2}));
    EXPECT_EQ(b.at_flat(0), 1.5);
    EXPECT_TRUE(std::isnan(b.at_flat(1)));
    EXPECT_TRUE(std::isnan(b.at_flat(3)));
    EXPECT_EQ(np::genfromtxt(Write("1\n2\n3\n"), Dtype::kInt32).shape(), (Shape{3}));  // squeezed
    EXPECT_THROW(np::genfromtxt(Write("1,x\n"), Dtype::kInt32, ","), ValueError);
    EXPECT_THROW(np::loadtxt(Write("1,\n"), Dtype::kFloat64, ","), ValueError);
    try {
        np::genfromtxt(Write("1 2\n3\n"));
        FAIL();
    } catch (const ValueError& e) {
        EXPECT_NE(std::string(e.what()).find(":2: expected 2 columns, got 1"), std::string::npos) << e.what();
    }
}

TEST_F(TextFileTest, LoadCsvEncodesColumnsLikeNpUnique) {
    const auto t = datasets::load_csv(Write("k,v\nb,x\na,y\nb,y\r\n"));
    EXPECT_EQ(t.header, (std::vector<std::string>{"k", "v"}));
    EXPECT_EQ(t.codes.dtype(), Dtype::kInt32);
    EXPECT_EQ(t.codes.to_vector<int32_t>(), (std::vector<int32_t>{1, 0, 0, 1, 1, 1}));
    EXPECT_EQ(t.categories[0], (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(t.one_hot(0).to_vector<float>(), (std::vector<float>{0, 1, 1, 0, 0, 1}));
    EXPECT_EQ(t.one_hot(0, -1).shape(), (Shape{3, 4}));
    EXPECT_THROW(datasets::load_csv(Write("k,v\na,b\nc\n")), ValueError);
    EXPECT_THROW(datasets::load_csv("/nonexistent/x.csv"), Error);
}

// The glance example's preprocessing of the real file (expected values computed with Python's csv module).
TEST(MushroomsTest, GlancePreprocessing) {
    const std::string path = std::string(CNET_REPO_DIR) + "/models/data/mushrooms.csv";
    if (!std::ifstream(path).good()) GTEST_SKIP() << path << " is not available";
    const auto t = datasets::load_csv(path);
    ASSERT_EQ(t.codes.shape(), (Shape{8124, 23}));
    EXPECT_EQ(t.header[0], "class");
    EXPECT_EQ(t.categories[0], (std::vector<std::string>{"e", "p"}));
    EXPECT_EQ(t.categories[1], (std::vector<std::string>{"b", "c", "f", "k", "s", "x"}));
    const std::vector<int32_t> first{1, 5, 2, 4, 1, 6, 1, 0, 1, 4, 0, 3, 2, 2, 7, 7, 0, 2, 1, 4, 2, 3, 5};
    EXPECT_EQ(t.codes[0].to_vector<int32_t>(), first);
    const std::vector<int32_t> last{0, 5, 2, 4, 0, 5, 0, 0, 0, 11, 0, 0, 2, 2, 5, 5, 0, 1, 1, 4, 4, 1, 2};
    EXPECT_EQ(t.codes[8123].to_vector<int32_t>(), last);
    EXPECT_EQ(t.one_hot(1, -1).shape(), (Shape{8124, 117}));
    // X = data[:, 1:].astype(float32); Y = data[:, 0].astype(int32)[:, None]; 3916 poisonous.
    const Array y = t.codes[{Slice(), Slice(0, 1)}];
    EXPECT_EQ(y.shape(), (Shape{8124, 1}));
    int64_t poisonous = 0;
    for (int32_t v : y.to_vector<int32_t>()) poisonous += v;
    EXPECT_EQ(poisonous, 3916);
}

}  // namespace
}  // namespace cnet
