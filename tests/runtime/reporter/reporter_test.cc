// reporter_test.cc — Reporter naming and scopes (Chainer's documented examples), graph detachment, and
// Summary / DictSummary statistics against hand-computed values, including a save/load round trip.
#include "cnet/reporter/reporter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "cnet/core/config.h"
#include "cnet/functions/basic_math.h"
#include "cnet/functions/reduction.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz_deserializer.h"
#include "test_util.h"

namespace cnet {
namespace {

using reporter::DictSummary;
using reporter::Observation;
using reporter::Reporter;
using reporter::Summary;

Variable Scalar0d(double v, Dtype dtype = Dtype::kFloat32) { return Variable(Array::FromScalar(v, dtype)); }

double Value(const Variable& v) { return v.array().item<double>(); }

// Inventory item 79: r.add_observer('my_observer', obs); with r.scope(o): r.report({'x': 1}, obs)
TEST(ReporterTest, ObserverNamePrefixesKeys) {
    Reporter r;
    int observer = 0;
    r.add_observer("my_observer", &observer);
    Observation o;
    {
        auto scope = r.scope(o);
        r.report({{"x", Scalar0d(1)}}, &observer);
    }
    ASSERT_EQ(o.size(), 1u);
    EXPECT_EQ(Value(o.at("my_observer/x")), 1.0);
}

TEST(ReporterTest, SeparatorIsAlwaysSlash) {
    Reporter r;
    int observer = 0;
    r.add_observer("my_observer:", &observer);
    Observation o;
    auto scope = r.scope(o);
    r.report({{"x", Scalar0d(1)}}, &observer);
    EXPECT_EQ(o.count("my_observer:/x"), 1u);
}

TEST(ReporterTest, NoObserverStoresBareKeys) {
    Reporter r;
    Observation o;
    auto scope = r.scope(o);
    r.report({{"x", Scalar0d(2)}, {"y", Scalar0d(3)}});
    EXPECT_EQ(Value(o.at("x")), 2.0);
    EXPECT_EQ(Value(o.at("y")), 3.0);
}

TEST(ReporterTest, UnregisteredObserverIsAnError) {
    Reporter r;
    int observer = 0;
    Observation o;
    auto scope = r.scope(o);
    try {
        r.report({{"x", Scalar0d(1)}}, &observer);
        FAIL();
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "Given observer is not registered to the reporter.");
    }
}

TEST(ReporterTest, AddObserversUsesPrefix) {
    Reporter r;
    int model = 0, predictor = 0, l1 = 0;
    r.add_observer("main", &model);
    r.add_observers("main", {{"/predictor", &predictor}, {"/predictor/l1", &l1}});
    Observation o;
    auto scope = r.scope(o);
    report({{"loss", Scalar0d(0.5)}}, &model);
    report({{"sum_y", Scalar0d(4)}}, &predictor);
    report({{"w", Scalar0d(1)}}, &l1);
    EXPECT_EQ(o.count("main/loss"), 1u);
    EXPECT_EQ(o.count("main/predictor/sum_y"), 1u);
    EXPECT_EQ(o.count("main/predictor/l1/w"), 1u);
}

TEST(ReporterTest, FreeReportWithoutReporterDoesNothing) {
    EXPECT_EQ(reporter::get_current_reporter(), nullptr);
    report({{"x", Scalar0d(1)}});  // no current reporter: ignored
    Observation o;
    EXPECT_THROW(reporter::report_scope(o), Error);
}

TEST(ReporterTest, ScopesNestAndRestore) {
    Reporter outer, inner;
    Observation o1, o2, o3;
    {
        auto s1 = outer.scope(o1);
        EXPECT_EQ(reporter::get_current_reporter(), &outer);
        {
            auto s2 = inner.scope(o2);
            EXPECT_EQ(reporter::get_current_reporter(), &inner);
            report({{"a", Scalar0d(1)}});
            {
                auto s3 = reporter::report_scope(o3);  // redirects the current reporter (inner)
                report({{"b", Scalar0d(2)}});
            }
            report({{"c", Scalar0d(3)}});
        }
        EXPECT_EQ(reporter::get_current_reporter(), &outer);
        report({{"d", Scalar0d(4)}});
    }
    EXPECT_EQ(reporter::get_current_reporter(), nullptr);
    EXPECT_EQ(o1.size(), 1u);
    EXPECT_EQ(o1.count("d"), 1u);
    EXPECT_EQ(o2.size(), 2u);
    EXPECT_EQ(o2.count("a") + o2.count("c"), 2u);
    EXPECT_EQ(o3.size(), 1u);
    EXPECT_EQ(o3.count("b"), 1u);
    outer.report({{"e", Scalar0d(5)}});  // outside any scope: the reporter's own observation
    EXPECT_EQ(outer.observation().count("e"), 1u);
}

TEST(ReporterTest, ReportedVariableIsDetachedUnlessKeepGraph) {
    Variable x(testing_util::Arr({1, 2}));
    Variable y = functions::sum(x * x);
    ASSERT_NE(y.creator(), nullptr);
    Reporter r;
    Observation o;
    auto scope = r.scope(o);
    report({{"y", y}});
    EXPECT_EQ(o.at("y").creator(), nullptr);
    EXPECT_EQ(Value(o.at("y")), 5.0);
    EXPECT_TRUE(o.at("y").array().storage() == y.array().storage());  // same data, no copy or sync
    {
        using_config keep("keep_graph_on_report", true);
        report({{"y2", y}});
    }
    EXPECT_NE(o.at("y2").creator(), nullptr);
}

TEST(SummaryTest, MeanAndStd) {
    Summary s;
    for (double v : {1.0, 2.0, 3.0, 6.0}) s.add(v);
    EXPECT_DOUBLE_EQ(s.compute_mean(), 3.0);
    const auto [mean, std] = s.make_statistics();
    EXPECT_DOUBLE_EQ(mean, 3.0);
    EXPECT_DOUBLE_EQ(std, std::sqrt(3.5));  // E[x^2] = 50/4 = 12.5, var = 12.5 - 9
}

TEST(SummaryTest, WeightsAndArrays) {
    Summary s;
    s.add(Array::FromScalar(2.0f, Dtype::kFloat32), 3);  // x = 6, x2 = 12, n = 3
    s.add(Array::FromScalar(6, Dtype::kInt32));          // x = 12, x2 = 48, n = 4
    EXPECT_DOUBLE_EQ(s.compute_mean(), 3.0);
    EXPECT_DOUBLE_EQ(s.make_statistics().second, std::sqrt(48.0 / 4 - 9.0));
    EXPECT_THROW(s.add(testing_util::Arr({1, 2})), ShapeError);
}

TEST(DictSummaryTest, SkipsNonScalarsAndAverages) {
    DictSummary d;
    d.add(Observation{{"loss", Scalar0d(1.0)}, {"vec", Variable(testing_util::Arr({1, 2}))}});
    d.add(Observation{{"loss", Scalar0d(2.0)}, {"acc", Scalar0d(0.5)}});
    d.add(std::map<std::string, double>{{"loss", 6.0}});
    const auto mean = d.compute_mean();
    EXPECT_EQ(mean.size(), 2u);
    EXPECT_EQ(mean.count("vec"), 0u);
    EXPECT_DOUBLE_EQ(mean.at("loss"), 3.0);
    EXPECT_DOUBLE_EQ(mean.at("acc"), 0.5);
    const auto stats = d.make_statistics();
    EXPECT_DOUBLE_EQ(stats.at("loss"), 3.0);
    EXPECT_DOUBLE_EQ(stats.at("loss.std"), std::sqrt(41.0 / 3 - 9.0));  // (1 + 4 + 36) / 3 - 3^2
    EXPECT_DOUBLE_EQ(stats.at("acc.std"), 0.0);
}

TEST(DictSummaryTest, SerializeRoundTrip) {
    DictSummary d;
    d.add(std::map<std::string, double>{{"main/loss", 1.0}, {"main/accuracy", 0.25}});
    d.add(std::map<std::string, double>{{"main/loss", 3.0}});
    serializers::DictionarySerializer saver;
    d.serialize(saver);
    const auto& npz = *saver.target();
    EXPECT_TRUE(npz.contains("_names"));
    EXPECT_TRUE(npz.contains("_summaries/0/_x"));
    EXPECT_TRUE(npz.contains("_summaries/1/_n"));
    // _names keeps insertion order; the first add inserts in the map's sorted order: accuracy 0, loss 1.
    EXPECT_DOUBLE_EQ(npz.at("_summaries/1/_x").item<double>(), 4.0);
    EXPECT_DOUBLE_EQ(npz.at("_summaries/1/_n").item<double>(), 2.0);

    DictSummary loaded;
    loaded.add(std::map<std::string, double>{{"stale", 9.0}});
    serializers::NpzDeserializer loader(std::make_shared<serializers::NpzFile>(npz));
    loaded.serialize(loader);
    const auto mean = loaded.compute_mean();
    EXPECT_EQ(mean.size(), 2u);
    EXPECT_DOUBLE_EQ(mean.at("main/loss"), 2.0);
    EXPECT_DOUBLE_EQ(mean.at("main/accuracy"), 0.25);
}

}  // namespace
}  // namespace cnet
