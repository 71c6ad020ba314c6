// sequential_test.cc — Sequential: layer order, link naming among functions, insert/pop, copies, npz keys.
#include "cnet/links/sequential.h"

#include <gtest/gtest.h>

#include "cnet/functions/activation.h"
#include "cnet/functions/basic_math.h"
#include "cnet/links/linear.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace L = links;
using testing_util::Arr;

TEST(SequentialTest, AppliesLayersInOrder) {
    auto l1 = std::make_shared<L::Linear>(2, 2, true, Arr({1, 0, 0, -1}, {2, 2}));
    Sequential seq(l1, functions::relu, [](const Variable& x) { return x * 2.0; });
    EXPECT_EQ(seq.len(), 3);
    Variable y = seq(Variable(Arr({3, 4}, {1, 2})));
    EXPECT_ALLCLOSE(y.array(), Arr({6, 0}, {1, 2}));  // relu((3, -4)) * 2
    EXPECT_EQ(seq.call({Variable(Arr({1, 1}, {1, 2}))}).shape(), Shape({1, 2}));
}

TEST(SequentialTest, LinksAreNamedByTheirIndexAmongLinks) {
    Sequential seq;
    seq.append(functions::relu);
    auto a = seq.append(std::make_shared<L::Linear>(2, 3));
    seq.append(functions::relu);
    auto b = seq.append(std::make_shared<L::Linear>(3, 1));
    EXPECT_EQ(a->name(), "0");
    EXPECT_EQ(b->name(), "1");
    seq.insert(0, std::make_shared<L::Linear>(2, 2));
    EXPECT_EQ(a->name(), "1");
    EXPECT_EQ(b->name(), "2");
    serializers::DictionarySerializer s;
    seq.serialize(s);
    EXPECT_EQ(s.target()->files(), (std::vector<std::string>{"0/W", "0/b", "1/W", "1/b", "2/W", "2/b"}));
    Sequential::Layer last = seq.pop();
    EXPECT_EQ(last.link, b);
    EXPECT_EQ(seq.len(), 4);
    EXPECT_EQ(seq.children().size(), 2u);
    EXPECT_THROW(seq.pop(7), IndexError);
    EXPECT_TRUE(seq.layer(-1).function != nullptr);
    seq.clear();
    EXPECT_EQ(seq.len(), 0);
    EXPECT_TRUE(seq.params().empty());
}

TEST(SequentialTest, CopyDuplicatesLinkLayers) {
    auto seq = std::make_shared<Sequential>(std::make_shared<L::Linear>(2, 2), functions::relu);
    auto copied = std::static_pointer_cast<Sequential>(seq->copy("copy"));
    ASSERT_EQ(copied->len(), 2);
    EXPECT_NE(copied->layer(0).link, seq->layer(0).link);
    EXPECT_ALLCLOSE(copied->params()[0].array(), seq->params()[0].array(), 0, 0);
    EXPECT_NE(copied->params()[0].array().raw_data(), seq->params()[0].array().raw_data());
}

TEST(SequentialTest, RepeatMakesIndependentCopies) {
    L::Linear base(2, 2);
    auto seq = base.repeat(3);
    ASSERT_EQ(seq->len(), 3);
    EXPECT_EQ(seq->params().size(), 6u);
    EXPECT_EQ(seq->layer(2).link->name(), "2");
    EXPECT_NE(seq->params()[0].array().raw_data(), base.W.array().raw_data());
    auto shared = base.repeat(2, "share");
    EXPECT_EQ(shared->params()[0].array().raw_data(), base.W.array().raw_data());
    EXPECT_EQ(base.repeat(0)->len(), 0);
    EXPECT_THROW(base.repeat(1, "deep"), ValueError);
    EXPECT_EQ((*seq)(Variable(Arr({1, 2}, {1, 2}))).shape(), Shape({1, 2}));
}

}  // namespace
}  // namespace cnet
