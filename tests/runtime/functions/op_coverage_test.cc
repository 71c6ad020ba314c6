// op_coverage_test.cc — fails when a function in ops.def lacks its gradient check (or double-backward
// check), or when a test declares a check for a function that is not in the table.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "gradcheck_registry.h"

namespace cnet {
namespace testing_util {

std::set<std::string>& BackwardChecked() {
    static std::set<std::string> s;
    return s;
}

std::set<std::string>& DoubleBackwardChecked() {
    static std::set<std::string> s;
    return s;
}

bool RegisterChecks(std::set<std::string>& registry, const char* names) {
    std::stringstream ss(names);
    std::string name;
    while (std::getline(ss, name, ',')) {
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        if (!name.empty()) registry.insert(name);
    }
    return true;
}

namespace {

enum Grad { kNone, kBackward, kDoubleBackward };
struct OpEntry {
    const char* name;
    Grad grad;
};

const std::vector<OpEntry>& Ops() {
    static const std::vector<OpEntry> ops = {
#define CNET_FUNCTION(name, family, signature, grad) {#name, grad},
#include "cnet/functions/ops.def"
#undef CNET_FUNCTION
    };
    return ops;
}

TEST(OpCoverageTest, EveryDifferentiableFunctionHasAGradientCheck) {
    for (const OpEntry& op : Ops()) {
        if (op.grad == kNone) continue;
        EXPECT_TRUE(BackwardChecked().count(op.name)) << "no check_backward test for F." << op.name;
        if (op.grad == kDoubleBackward) {
            EXPECT_TRUE(DoubleBackwardChecked().count(op.name)) << "no check_double_backward test for F." << op.name;
        }
    }
}

TEST(OpCoverageTest, DeclaredChecksNameRealFunctions) {
    std::set<std::string> known;
    for (const OpEntry& op : Ops()) known.insert(op.name);
    for (const std::string& name : BackwardChecked()) EXPECT_TRUE(known.count(name)) << name << " is not in ops.def";
    for (const std::string& name : DoubleBackwardChecked())
        EXPECT_TRUE(known.count(name)) << name << " is not in ops.def";
}

}  // namespace
}  // namespace testing_util
}  // namespace cnet
