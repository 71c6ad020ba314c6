// keyword_batch_test.cc — Note [Keyword batches] (cnet/core/keyword_batch.h): a converter's dict packed in the
// loss function's parameter order and read back; Python's TypeErrors for a missing or an unexpected key; a
// batch of another form read as a list is an error, not garbage.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cnet/core/keyword_batch.h"
#include "test_util.h"

namespace cnet {
namespace adapters {
namespace {

using testing_util::Arr;

std::vector<Variable> AsVariables(const std::vector<Array>& arrays) { return as_variables(arrays); }

TEST(KeywordBatchTest, PacksInParameterOrderAndReadsBack) {
    py::Dict<std::string, std::vector<Array>> values;
    values["ys"] = {Arr({7, 8}, Dtype::kInt32)};
    values["xs"] = {Arr({1, 2, 3}, Dtype::kInt32), Arr({4}, Dtype::kInt32)};
    const std::vector<Array> packed = KeywordBatch(values, {"xs", "ys"});
    // xs: its length then its arrays, then ys
    ASSERT_EQ(packed.size(), 5u);
    EXPECT_EQ(packed[0].item<int64_t>(), 2);
    EXPECT_EQ(packed[3].item<int64_t>(), 1);
    const std::vector<Variable> args = AsVariables(packed);
    BatchReader reader(args);
    const std::vector<Array> xs = reader.list<Array>();
    const std::vector<Variable> ys = reader.list<Variable>();
    ASSERT_EQ(xs.size(), 2u);
    EXPECT_EQ(xs[0].to_vector<int64_t>(), (std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(xs[1].to_vector<int64_t>(), (std::vector<int64_t>{4}));
    ASSERT_EQ(ys.size(), 1u);
    EXPECT_EQ(ys[0].array().to_vector<int64_t>(), (std::vector<int64_t>{7, 8}));
    EXPECT_THROW(reader.array(), py::TypeError);  // nothing left
}

TEST(KeywordBatchTest, MissingAndUnexpectedKeysAreTypeErrors) {
    py::Dict<std::string, Array> values;
    values["xs"] = Arr({1}, Dtype::kFloat32);
    values["zs"] = Arr({2}, Dtype::kFloat32);
    try {
        KeywordBatch(values, {"xs", "ys"});
        FAIL() << "expected TypeError";
    } catch (const py::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("'ys'"), std::string::npos) << e.what();
    }
    try {
        KeywordBatch(values, {"xs"});
        FAIL() << "expected TypeError";
    } catch (const py::TypeError& e) {
        EXPECT_NE(std::string(e.what()).find("unexpected keyword argument 'zs'"), std::string::npos) << e.what();
    }
}

TEST(KeywordBatchTest, ABatchOfArraysReadAsAListIsAnError) {
    // concat_examples' (x, t): no length comes first
    const std::vector<Variable> args = AsVariables({Arr({1, 2}, Dtype::kFloat32), Arr({0, 1}, Dtype::kInt32)});
    BatchReader reader(args);
    EXPECT_THROW(reader.list<Array>(), py::TypeError);
}

}  // namespace
}  // namespace adapters
}  // namespace cnet
