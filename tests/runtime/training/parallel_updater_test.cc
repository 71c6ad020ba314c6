// parallel_updater_test.cc — ParallelUpdater with CPU devices (Chainer runs models with a negative device id
// on the CPU): the batch split batch[i::n], the summed sub-batch gradients, one update of the main model and
// the copies' parameters, against the same arithmetic done by hand.
#include <gtest/gtest.h>

#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/loss.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/np/math.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/training/updaters/parallel_updater.h"
#include "test_util.h"

namespace cnet {
namespace {

using testing_util::AllClose;

std::shared_ptr<links::Classifier> Model() {
    auto linear = std::make_shared<links::Linear>(3, 2);
    linear->W.set_array(testing_util::Uniform(Shape{2, 3}, -1, 1, Dtype::kFloat64, 5));
    linear->b.set_array(testing_util::Uniform(Shape{2}, -1, 1, Dtype::kFloat64, 6));
    return std::make_shared<links::Classifier>(linear);
}

TEST(ParallelUpdater, CpuDevicesSumTheSubBatchGradientsAndUpdateOnce) {
    Array x = testing_util::Uniform(Shape{6, 3}, -1, 1, Dtype::kFloat64, 9);
    Array t = Array::FromVector(std::vector<int32_t>{0, 1, 1, 0, 1, 0});
    auto dataset = std::make_shared<datasets::TupleDataset>(x, t);
    auto model = Model();
    auto optimizer = std::make_shared<optimizers::SGD>(0.5);
    optimizer->setup(model);
    auto iterator = std::make_shared<iterators::SerialIterator>(dataset, 6, true, false);
    training::ParallelUpdater updater(iterator, optimizer, {}, std::nullopt,
                                      std::map<std::string, int64_t>{{"main", -1}, {"second", -1}});
    ASSERT_EQ(updater.models().size(), 2u);
    EXPECT_EQ(updater.models()[0].first, "main");
    EXPECT_EQ(updater.models()[0].second, model);
    updater.update();
    EXPECT_EQ(updater.iteration, 1);
    EXPECT_EQ(optimizer->epoch, 1);  // the batch ended an epoch: Chainer's auto_new_epoch

    // By hand: main gets rows 0, 2, 4 and the copy rows 1, 3, 5; the gradient is the sum of their mean-loss
    // gradients (Chainer's addgrads), and SGD steps once.
    auto reference = Model();
    Array even = x[Slice(0, {}, 2)], odd = x[Slice(1, {}, 2)];
    Array t_even = t[Slice(0, {}, 2)], t_odd = t[Slice(1, {}, 2)];
    reference->cleargrads();
    reference->call({as_variable(even), as_variable(t_even)}).backward();
    reference->call({as_variable(odd), as_variable(t_odd)}).backward();  // accumulates
    auto ref_linear = std::static_pointer_cast<links::Linear>(reference->predictor);
    auto linear = std::static_pointer_cast<links::Linear>(model->predictor);
    Array expected_W = ref_linear->W.array() - ref_linear->W.grad() * Scalar(0.5);
    EXPECT_TRUE(AllClose(linear->W.array(), expected_W, 1e-12, 1e-12));
    Array expected_b = ref_linear->b.array() - ref_linear->b.grad() * Scalar(0.5);
    EXPECT_TRUE(AllClose(linear->b.array(), expected_b, 1e-12, 1e-12));

    // The copy holds the main model's new parameters in its own arrays.
    auto copy = std::static_pointer_cast<links::Classifier>(updater.models()[1].second);
    auto copy_linear = std::static_pointer_cast<links::Linear>(copy->predictor);
    EXPECT_NE(copy_linear->W.array().storage(), linear->W.array().storage());
    EXPECT_TRUE(AllClose(copy_linear->W.array(), linear->W.array(), 0, 0));
}

TEST(ParallelUpdater, ChainersErrors) {
    auto model = Model();
    auto optimizer = std::make_shared<optimizers::SGD>();
    optimizer->setup(model);
    auto dataset = std::make_shared<datasets::TupleDataset>(testing_util::Uniform(Shape{2, 3}));
    auto iterator = std::make_shared<iterators::SerialIterator>(dataset, 2);
    try {
        training::ParallelUpdater updater(iterator, optimizer);
        FAIL() << "accepted neither models nor devices";
    } catch (const ValueError& e) {
        EXPECT_STREQ(e.what(), "either models or devices must be specified");
    }
    EXPECT_THROW(training::ParallelUpdater(iterator, optimizer, {}, std::nullopt,
                                           std::map<std::string, int64_t>{{"second", -1}}),
                 ValueError);
}

}  // namespace
}  // namespace cnet
