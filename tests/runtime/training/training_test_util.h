// training_test_util.h — a scripted updater (no data, no optimizer) and a scratch directory for the
// training tests.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

#include "cnet/core/error.h"
#include "cnet/optimizers/optimizer.h"
#include "cnet/serializers/serializer.h"
#include "cnet/training/updater.h"

namespace cnet {
namespace training {
namespace testing {

/// An updater whose epoch is `iters_per_epoch` iterations (SerialIterator-like epoch_detail) and whose
/// update() only counts; `on_update` runs inside each update (e.g. to report values).
class FakeUpdater : public Updater {
public:
    explicit FakeUpdater(int64_t iters_per_epoch) : n_(iters_per_epoch) {}
    void update() override {
        if (on_update) on_update(*this);
        ++iteration;
    }
    std::shared_ptr<Optimizer> get_optimizer(const std::string& name) override {
        auto it = optimizers.find(name);
        if (it == optimizers.end()) throw ValueError("KeyError: '" + name + "'");
        return it->second;
    }
    std::map<std::string, std::shared_ptr<Optimizer>> get_all_optimizers() override { return optimizers; }
    void serialize(Serializer& serializer) override { serializer.serialize("iteration", iteration); }
    int64_t epoch() const override { return iteration / n_; }
    double epoch_detail() const override { return static_cast<double>(iteration) / static_cast<double>(n_); }
    std::optional<double> previous_epoch_detail() const override {
        if (iteration == 0) return std::nullopt;
        return static_cast<double>(iteration - 1) / static_cast<double>(n_);
    }
    bool is_new_epoch() const override { return iteration > 0 && iteration % n_ == 0; }

    std::function<void(FakeUpdater&)> on_update;
    std::map<std::string, std::shared_ptr<Optimizer>> optimizers;

private:
    int64_t n_;
};

/// A fresh directory under the system temp dir, removed at the end of the test.
class TempDir {
public:
    TempDir() {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::temp_directory_path() /
                ("cnet_training_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
                 std::to_string(::getpid()));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() { std::filesystem::remove_all(path_); }
    std::string path() const { return path_.string(); }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

}  // namespace testing
}  // namespace training
}  // namespace cnet
