// convert_test.cc — concat_examples on Chainer's documented examples (inventory item 84), shapes, dtypes,
// errors, and the converter feeding on SerialIterator batches.
#include "cnet/dataset/convert.h"

#include <gtest/gtest.h>

#include "cnet/datasets/dict_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/iterators/serial_iterator.h"
#include "test_util.h"

namespace cnet {
namespace {

using datasets::Example;
using testing_util::Arr;

Array I(std::initializer_list<double> v) { return Arr(v, Dtype::kInt64); }
Array I0(int64_t v) { return Array::FromScalar(v, Dtype::kInt64); }

TEST(ConcatExamplesTest, TuplesBecomeStackedArrays) {
    const std::vector<Example> batch = {{I({1, 2}), I0(1)}, {I({3, 4}), I0(2)}, {I({5, 6}), I0(3)}};
    const auto out = dataset::concat_examples(batch);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0].shape(), (Shape{3, 2}));
    EXPECT_EQ(out[0].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(out[1].shape(), (Shape{3}));
    EXPECT_EQ(out[1].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(out[0].dtype(), Dtype::kInt64);
}

TEST(ConcatExamplesTest, PaddingScalarAndPerSlot) {
    const std::vector<Example> batch = {{I({1, 2}), I0(0)}, {I({3}), I0(1)}, {I({}), I0(2)}};
    const auto out = dataset::concat_examples(batch, std::nullopt, Scalar(100));
    EXPECT_EQ(out[0].shape(), (Shape{3, 2}));
    EXPECT_EQ(out[0].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 100, 100, 100}));
    EXPECT_EQ(out[1].to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 2}));

    const std::vector<Example> batch2 = {{I({1, 2}), I({0})}, {I({3}), I({})}, {I({}), I({2})}};
    const auto out2 = dataset::concat_examples(batch2, std::nullopt, std::vector<Scalar>{100, 200});
    EXPECT_EQ(out2[0].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 100, 100, 100}));
    EXPECT_EQ(out2[1].shape(), (Shape{3, 1}));
    EXPECT_EQ(out2[1].to_vector<int64_t>(), (std::vector<int64_t>{0, 200, 2}));
}

// Inventory item 84, dict examples: {'feature': [[1,2],[3,4],[5,6]], 'label': [0,1,2]}.
TEST(ConcatExamplesTest, BatchOfBareArraysIsOneArray) {
    // Chainer: concat_examples([array([1, 2]), array([3, 4])]) is array([[1, 2], [3, 4]]), not a tuple.
    const std::vector<Example> batch = {{I({1, 2})}, {I({3, 4})}};
    const Array out = dataset::concat_examples_of_arrays(batch);
    EXPECT_EQ(out.shape(), (Shape{2, 2}));
    EXPECT_EQ(out.to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 4}));
    const std::vector<Example> padded = {{I({1, 2})}, {I({3})}};
    EXPECT_EQ(dataset::concat_examples_of_arrays(padded, std::nullopt, Scalar(-1)).to_vector<int64_t>(),
              (std::vector<int64_t>{1, 2, 3, -1}));
    // An (x, t) example is not a bare array.
    EXPECT_THROW(dataset::concat_examples_of_arrays({{I({1})}, {I({2}), I0(0)}}), ValueError);
    EXPECT_THROW(dataset::concat_examples_of_arrays({}), ValueError);
}

TEST(ConcatExamplesTest, DictExamplesStackPerKey) {
    const std::vector<datasets::DictExample> batch = {{{"feature", I({1, 2})}, {"label", I0(0)}},
                                                      {{"feature", I({3, 4})}, {"label", I0(1)}},
                                                      {{"feature", I({5, 6})}, {"label", I0(2)}}};
    const datasets::DictExample out = dataset::concat_dict_examples(batch);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out.begin()->first, "feature");  // the examples' key order
    EXPECT_EQ(out.at("feature").shape(), (Shape{3, 2}));
    EXPECT_EQ(out.at("feature").to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(out.at("label").to_vector<int64_t>(), (std::vector<int64_t>{0, 1, 2}));
    const std::vector<datasets::DictExample> missing = {{{"feature", I({1, 2})}}, {{"label", I0(1)}}};
    EXPECT_THROW(dataset::concat_dict_examples(missing), ValueError);
}

TEST(DictDatasetTest, NamedRowsAndLengthCheck) {
    datasets::DictDataset ds({{"x", I({8, 0, 5, 1})}, {"t", I({3, 1, 7, 4})}});
    EXPECT_EQ(ds.size(), 4);
    EXPECT_EQ(ds.keys(), (std::vector<std::string>{"x", "t"}));
    const datasets::DictExample e = ds.get_example_dict(2);
    EXPECT_EQ(e.at("x").item<int64_t>(), 5);
    EXPECT_EQ(e.at("t").item<int64_t>(), 7);
    const Example tuple = ds.get_example(3);  // the tuple view the iterators use: rows in key order
    EXPECT_EQ(tuple[0].item<int64_t>(), 1);
    EXPECT_EQ(tuple[1].item<int64_t>(), 4);
    EXPECT_THROW(datasets::DictDataset({{"x", I({1, 2})}, {"t", I({1})}}), ValueError);
    EXPECT_THROW(datasets::DictDataset({{"x", I({1})}, {"x", I({1})}}), ValueError);
}

TEST(ConcatExamplesTest, DtypePromotionAndDevice) {
    const std::vector<Example> batch = {{Arr({1, 2}, Dtype::kInt32)}, {Arr({0.5, 1}, Dtype::kFloat32)}};
    const auto out = dataset::concat_examples(batch, -1);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].dtype(), Dtype::kFloat64);  // numpy.concatenate(int32, float32) -> float64
    EXPECT_EQ(out[0].to_vector<double>(), (std::vector<double>{1, 2, 0.5, 1}));
    EXPECT_TRUE(out[0].device().is_cpu());
    const Array x = Arr({1});
    EXPECT_EQ(dataset::to_device(std::nullopt, x).storage(), x.storage());
    EXPECT_EQ(dataset::to_device(-1, x).storage(), x.storage());
}

TEST(ConcatExamplesTest, ResultDoesNotAliasExamples) {
    Array a = Arr({1, 2});
    const auto out = dataset::concat_examples({{a}, {a}});
    a.fill(7);
    EXPECT_EQ(out[0].to_vector<float>(), (std::vector<float>{1, 2, 1, 2}));
}

TEST(ConcatExamplesTest, Errors) {
    EXPECT_THROW(dataset::concat_examples({}), ValueError);
    try {
        dataset::concat_examples({{Arr({1, 2})}, {Arr({1, 2, 3})}});
        FAIL();
    } catch (const ShapeError& e) {
        EXPECT_NE(std::string(e.what()).find("example 1 has shape (3,) in slot 0 but example 0 has (2,)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(dataset::concat_examples({{Arr({1}), Arr({1})}, {Arr({1})}}), ValueError);
    EXPECT_THROW(dataset::concat_examples({{Arr({1})}}, std::nullopt, std::vector<Scalar>{1, 2}), ValueError);
}

TEST(ConcatExamplesTest, BatchesFromAnIterator) {
    auto ds = datasets::make_tuple_dataset(testing_util::Arange(20, {10, 2}), testing_util::Arange(10, {10}, Dtype::kInt32));
    iterators::SerialIterator it(ds, 4, false, false);
    std::vector<Shape> shapes;
    for (const auto& batch : it) shapes.push_back(dataset::concat_examples(batch)[0].shape());
    EXPECT_EQ(shapes, (std::vector<Shape>{{4, 2}, {4, 2}, {2, 2}}));
}

}  // namespace
}  // namespace cnet
