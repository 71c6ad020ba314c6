// manual_schedule_trigger.h — chainer.training.triggers.ManualScheduleTrigger: fires at given iterations
// or epochs.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "cnet/training/trigger.h"

namespace cnet {
namespace training {
namespace triggers {

/// Fires when `previous < p <= current` for some point p (iterations, or epochs with fractions allowed).
/// `finished` becomes true once the last point has fired. Serialized keys: `finished`,
/// `previous_iteration`, `previous_epoch_detail`.
class ManualScheduleTrigger : public Trigger {
public:
    ManualScheduleTrigger(std::vector<double> points, std::string unit);
    /// Integer points ([2, 4] in .cnet is a list of ints).
    template <typename Point, std::enable_if_t<std::is_integral<Point>::value, int> = 0>
    ManualScheduleTrigger(const std::vector<Point>& points, std::string unit)
        : ManualScheduleTrigger(std::vector<double>(points.begin(), points.end()), std::move(unit)) {}
    template <typename Point, std::enable_if_t<std::is_arithmetic<Point>::value, int> = 0>
    ManualScheduleTrigger(Point point, std::string unit)
        : ManualScheduleTrigger(std::vector<double>{static_cast<double>(point)}, std::move(unit)) {}

    bool operator()(Trainer& trainer) override;
    void serialize(Serializer& serializer) override;

    const std::vector<double>& points() const { return points_; }
    const std::string& unit() const { return unit_; }
    /// Whether this trigger will not fire any more.
    bool finished = false;

private:
    std::vector<double> points_;
    std::string unit_;
    int64_t previous_iteration_ = 0;
    double previous_epoch_detail_ = 0.0;
};

}  // namespace triggers
}  // namespace training
}  // namespace cnet
