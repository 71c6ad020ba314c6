// training_test.cc — acceptance behaviours H79-H81 and H83-H85 (reporter, Classifier/trainer report keys,
// config, datasets, concat_examples, TupleDataset and splits) of the Chainer API inventory.
//
// H84's dict case ({'feature': ..., 'label': ...}) is dataset::concat_dict_examples, tested in
// tests/runtime/iterators/convert_test.cc (DictExamplesStackPerKey).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cnet/core/config.h"
#include "cnet/dataset/convert.h"
#include "cnet/datasets/sub_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/reduction.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/reporter/reporter.h"
#include "cnet/training/training.h"
#include "test_util.h"

namespace cnet {
namespace {

namespace F = functions;
namespace L = links;
using testing_util::Arr;
using testing_util::Uniform;

const Dtype kI32 = Dtype::kInt32;

Variable Scalar0d(double v) { return Variable(Array::FromScalar(v, Dtype::kFloat32)); }

// ---------------------------------------------------------------------------------------------- H79 reporter

TEST(AcceptanceH, H79_ReporterObserverNames) {
    int obs = 0;
    {
        reporter::Reporter r;
        r.add_observer("my_observer", &obs);
        reporter::Observation o;
        {
            auto scope = r.scope(o);
            r.report({{"x", Scalar0d(1)}}, &obs);
        }
        ASSERT_EQ(o.size(), 1u);
        EXPECT_EQ(o.at("my_observer/x").array().item<double>(), 1.0);
    }
    {
        // The tutorial's 'my_observer:' still gets the '/' separator.
        reporter::Reporter r;
        r.add_observer("my_observer:", &obs);
        reporter::Observation o;
        {
            auto scope = r.scope(o);
            r.report({{"x", Scalar0d(1)}}, &obs);
        }
        ASSERT_EQ(o.size(), 1u);
        EXPECT_EQ(o.at("my_observer:/x").array().item<double>(), 1.0);
    }
    {
        // with report_scope(o): report({'x': 1}, obs)
        reporter::Reporter r;
        r.add_observer("my_observer", &obs);
        auto outer = r.scope(r.observation());  // make r the current reporter
        reporter::Observation o;
        {
            auto scope = reporter::report_scope(o);
            report({{"x", Scalar0d(1)}}, &obs);
        }
        ASSERT_EQ(o.size(), 1u);
        EXPECT_EQ(o.at("my_observer/x").array().item<double>(), 1.0);
    }
}

// ---------------------------------------------------------------------------------------------- H80 Classifier

// The MNIST example's MLP, reporting sum_y with itself as the observer.
class MLP : public Chain {
public:
    MLP(int64_t n_units, int64_t n_out) {
        auto scope = init_scope();
        l1 = add_link("l1", std::make_shared<L::Linear>(n_units));
        l2 = add_link("l2", std::make_shared<L::Linear>(n_units));
        l3 = add_link("l3", std::make_shared<L::Linear>(n_out));
    }
    Variable forward(const Variable& x) {
        const Variable y = (*l3)(F::relu((*l2)(F::relu((*l1)(x)))));
        report({{"sum_y", F::sum(y)}}, static_cast<const Link*>(this));
        return y;
    }
    Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }
    std::shared_ptr<L::Linear> l1, l2, l3;
};

TEST(AcceptanceH, H80_ClassifierNamedLinksAndReportKeys) {
    auto model = std::make_shared<L::Classifier>(std::make_shared<MLP>(100, 10));
    std::vector<std::string> names;
    for (const auto& kv : model->namedlinks(/*skipself=*/true)) names.push_back(kv.first);
    EXPECT_EQ(names, (std::vector<std::string>{"/predictor", "/predictor/l1", "/predictor/l2", "/predictor/l3"}));

    // In a trainer the keys are main/loss, main/accuracy, main/predictor/sum_y and validation/main/accuracy.
    auto make_data = [](uint64_t seed) {
        return std::make_shared<datasets::TupleDataset>(Uniform(Shape{8, 4}, -1, 1, Dtype::kFloat32, seed),
                                                        Arr({0, 1, 2, 3, 4, 5, 6, 7}, kI32));
    };
    auto optimizer = std::make_shared<optimizers::SGD>();
    optimizer->setup(model);
    auto train_iter = std::make_shared<iterators::SerialIterator>(make_data(1), 4, true, false);
    auto test_iter = std::make_shared<iterators::SerialIterator>(make_data(2), 4, false, false);
    auto updater = std::make_shared<training::updaters::StandardUpdater>(train_iter, optimizer);
    training::Trainer trainer(updater, training::TriggerArg(1, "epoch"), ::testing::TempDir() + "/acceptance_h80");
    trainer.extend(std::make_shared<training::extensions::Evaluator>(test_iter, model));
    trainer.run();
    for (const char* key : {"main/loss", "main/accuracy", "main/predictor/sum_y", "validation/main/accuracy"}) {
        EXPECT_EQ(trainer.observation.count(key), 1u) << key;
    }
}

// ---------------------------------------------------------------------------------------------- H81 config

TEST(AcceptanceH, H81_Config) {
    ASSERT_TRUE(global_config().train());
    global_config().set_train(false);
    EXPECT_FALSE(config().train());  // config.train is False
    global_config().set_train(true);

    std::thread([] { config().set_train(false); }).join();
    EXPECT_TRUE(global_config().train());  // a thread's config.train leaves global_config alone
    EXPECT_TRUE(config().train());

    std::ostringstream os;
    config().show(os);
    const std::string s = os.str();
    // One "key value" line per entry, keys sorted.
    std::vector<std::string> keys;
    std::map<std::string, std::string> values;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string k, v;
        fields >> k >> v;
        keys.push_back(k);
        values[k] = v;
    }
    EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end())) << s;
    auto value_of = [&](const std::string& key) { return values.count(key) ? values.at(key) : std::string(); };
    EXPECT_EQ(value_of("debug"), "False");
    EXPECT_EQ(value_of("enable_backprop"), "True");
    EXPECT_EQ(value_of("train"), "True");
    EXPECT_EQ(value_of("type_check"), "True");
}

// ---------------------------------------------------------------------------------------------- H83 DatasetMixin

class SimpleDataset : public datasets::Dataset {
public:
    int64_t size() const override { return 6; }
    datasets::Example get_example(int64_t i) const override {
        return {Array::FromScalar(static_cast<double>(i), Dtype::kInt64)};
    }
};

std::vector<double> Values(const std::vector<datasets::Example>& examples) {
    std::vector<double> out;
    for (const auto& e : examples) out.push_back(e.at(0).item<double>());
    return out;
}

TEST(AcceptanceH, H83_DatasetMixinIndexing) {
    SimpleDataset ds;
    EXPECT_EQ(ds[1].at(0).item<double>(), 1.0);
    EXPECT_EQ(Values(ds.slice(1, 3)), (std::vector<double>{1, 2}));
    EXPECT_EQ(Values(ds[std::vector<int64_t>{4, 0}]), (std::vector<double>{4, 0}));
    EXPECT_EQ(Values(ds[std::vector<int64_t>{0, 1, 2}]), (std::vector<double>{0, 1, 2}));  // ds[np.arange(3)]
}

// ---------------------------------------------------------------------------------------------- H84 concat_examples

Array I(std::initializer_list<double> v) { return Arr(v, Dtype::kInt64); }
Array I0(double v) { return Array::FromScalar(v, Dtype::kInt64); }

TEST(AcceptanceH, H84_ConcatExamples) {
    {
        const std::vector<Array> b =
            dataset::concat_examples({{I({1, 2}), I0(1)}, {I({3, 4}), I0(2)}, {I({5, 6}), I0(3)}});
        ASSERT_EQ(b.size(), 2u);
        EXPECT_ALLCLOSE(b[0], Arr({1, 2, 3, 4, 5, 6}, Shape{3, 2}, Dtype::kInt64));
        EXPECT_ALLCLOSE(b[1], I({1, 2, 3}));
    }
    {
        const std::vector<Array> b = dataset::concat_examples(
            {{I({1, 2}), I0(0)}, {I({3}), I0(1)}, {Array::Zeros(Shape{0}, Dtype::kInt64), I0(2)}}, std::nullopt,
            Scalar(100));
        ASSERT_EQ(b.size(), 2u);
        EXPECT_ALLCLOSE(b[0], Arr({1, 2, 3, 100, 100, 100}, Shape{3, 2}, Dtype::kInt64));
        EXPECT_ALLCLOSE(b[1], I({0, 1, 2}));
    }
    {
        const Array empty = Array::Zeros(Shape{0}, Dtype::kInt64);
        const std::vector<Array> b = dataset::concat_examples(
            {{I({1, 2}), I({0})}, {I({3}), empty}, {empty, I({2})}}, std::nullopt,
            std::vector<Scalar>{Scalar(100), Scalar(200)});
        ASSERT_EQ(b.size(), 2u);
        EXPECT_ALLCLOSE(b[0], Arr({1, 2, 3, 100, 100, 100}, Shape{3, 2}, Dtype::kInt64));
        EXPECT_ALLCLOSE(b[1], Arr({0, 200, 2}, Shape{3, 1}, Dtype::kInt64));
    }
}

// ---------------------------------------------------------------------------------------------- H85 TupleDataset

TEST(AcceptanceH, H85_TupleDatasetAndSplits) {
    auto ds = std::make_shared<datasets::TupleDataset>(I({8, 0, 5, 1}), I({3, 1, 7, 4}));
    const std::vector<std::pair<double, double>> expected = {{8, 3}, {0, 1}, {5, 7}, {1, 4}};
    ASSERT_EQ(ds->size(), 4);
    for (int64_t i = 0; i < 4; ++i) {
        const datasets::Example e = (*ds)[i];
        ASSERT_EQ(e.size(), 2u);
        EXPECT_EQ(e[0].item<double>(), expected[i].first);
        EXPECT_EQ(e[1].item<double>(), expected[i].second);
    }
    const std::vector<int64_t> order = {2, 0, 3, 1};
    const auto split = datasets::split_dataset(ds, 2, order);
    ASSERT_EQ(split.first->size(), 2);
    ASSERT_EQ(split.second->size(), 2);
    EXPECT_EQ((*split.first)[0][0].item<double>(), 5);   // ds[order[0]] = ds[2]
    EXPECT_EQ((*split.first)[1][0].item<double>(), 8);   // ds[order[1]] = ds[0]
    EXPECT_EQ((*split.second)[0][0].item<double>(), 1);  // ds[order[2]] = ds[3]
    EXPECT_EQ((*split.second)[1][0].item<double>(), 0);  // ds[order[3]] = ds[1]

    auto firsts = [](const datasets::SplitDatasets& s) {
        std::vector<double> out;
        for (int64_t i = 0; i < s.first->size(); ++i) out.push_back((*s.first)[i][0].item<double>());
        for (int64_t i = 0; i < s.second->size(); ++i) out.push_back((*s.second)[i][0].item<double>());
        return out;
    };
    const auto r1 = datasets::split_dataset_random(ds, 3, 7u), r2 = datasets::split_dataset_random(ds, 3, 7u);
    EXPECT_EQ(r1.first->size(), 3);
    EXPECT_EQ(firsts(r1), firsts(r2));  // deterministic for a fixed seed
}

}  // namespace
}  // namespace cnet
