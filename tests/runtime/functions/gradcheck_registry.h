// gradcheck_registry.h — test files declare which functions their gradient checks cover; the coverage
// test compares the declarations with ops.def.
#pragma once

#include <set>
#include <string>

namespace cnet {
namespace testing_util {

std::set<std::string>& BackwardChecked();
std::set<std::string>& DoubleBackwardChecked();
bool RegisterChecks(std::set<std::string>& registry, const char* names);

}  // namespace testing_util
}  // namespace cnet

/// CNET_BACKWARD_CHECKED("relu, leaky_relu") — this file runs check_backward for these functions.
#define CNET_BACKWARD_CHECKED(names) \
    static const bool cnet_backward_checked_ = ::cnet::testing_util::RegisterChecks(::cnet::testing_util::BackwardChecked(), names)
/// CNET_DOUBLE_BACKWARD_CHECKED("relu") — this file runs check_double_backward for these functions.
#define CNET_DOUBLE_BACKWARD_CHECKED(names)                                                                     \
    static const bool cnet_double_backward_checked_ =                                                           \
        ::cnet::testing_util::RegisterChecks(::cnet::testing_util::DoubleBackwardChecked(), names)
