// codegen_test.cc — golden C++ for tests/compiler/codegen/golden/*.cnet (CNET_UPDATE_GOLDEN=1 rewrites the
// .cc.golden files), and tests/compiler/codegen/errors/*.cnet whose sema diagnostics are written inline:
//
//     y = x + 1   # error: unknown name 'x'
//     # error@+1: ...      (the next line)      # note: did you mean 'hidden'?  (notes are matched too)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>

#include "compiler/driver/compilation.h"
#include "tests/compiler/test_support.h"

namespace cnet::compiler::testing {
namespace {

std::string Dir() { return CNET_CODEGEN_TEST_DIR; }

std::string CaseName(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param.substr(0, info.param.size() - 5);
    for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return name;
}

class GoldenCpp : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenCpp, MatchesGolden) {
    const std::string path = Dir() + "/golden/" + GetParam();
    CompileOptions options;
    options.error_limit = 0;
    Compilation compilation(options);
    std::ostringstream err;
    ASSERT_TRUE(compilation.Load(path, err)) << err.str();
    std::ostringstream cpp;
    const bool ok = compilation.Run(Stage::kCpp, &cpp);
    compilation.FlushDiagnostics(err);
    ASSERT_TRUE(ok) << err.str();
    const std::string golden_path = path.substr(0, path.size() - 5) + ".cc.golden";
    if (std::getenv("CNET_UPDATE_GOLDEN") != nullptr) {
        WriteFile(golden_path, cpp.str());
        return;
    }
    EXPECT_EQ(ReadFile(golden_path), cpp.str()) << "rerun with CNET_UPDATE_GOLDEN=1 to accept the new output";
}

INSTANTIATE_TEST_SUITE_P(Codegen, GoldenCpp, ::testing::ValuesIn(ListFiles(Dir() + "/golden", ".cnet")), CaseName);

struct Diag {
    int line = 0;
    std::string severity;
    std::string message;
    bool operator==(const Diag& o) const { return line == o.line && severity == o.severity && message == o.message; }
};

std::vector<Diag> Expectations(const std::string& source) {
    static const std::regex kPattern(R"(#\s*(error|warning|note)(?:@([+-]\d+))?:\s?(.*)$)");
    std::vector<Diag> out;
    std::istringstream lines(source);
    std::string text;
    for (int line = 1; std::getline(lines, text); ++line) {
        std::smatch m;
        if (!std::regex_search(text, m, kPattern)) continue;
        Diag d{line + (m[2].matched ? std::stoi(m[2]) : 0), m[1], m[3]};
        while (!d.message.empty() && std::isspace(static_cast<unsigned char>(d.message.back()))) d.message.pop_back();
        out.push_back(d);
    }
    return out;
}

class SemaErrors : public ::testing::TestWithParam<std::string> {};

TEST_P(SemaErrors, DiagnosticsMatchInlineExpectations) {
    const std::string path = Dir() + "/errors/" + GetParam();
    CompileOptions options;
    options.error_limit = 0;
    Compilation compilation(options);
    std::ostringstream err;
    ASSERT_TRUE(compilation.Load(path, err));
    EXPECT_FALSE(compilation.Run(Stage::kCpp, nullptr));
    compilation.FlushDiagnostics(err);
    const std::string output = err.str();
    const std::regex header("^" + std::regex_replace(path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                            R"(:(\d+):(\d+): (error|warning|note): (.*)$)");
    std::vector<Diag> actual;
    std::istringstream lines(output);
    std::string text;
    while (std::getline(lines, text)) {
        std::smatch m;
        if (std::regex_match(text, m, header)) actual.push_back(Diag{std::stoi(m[1]), m[3], m[4]});
    }
    std::vector<Diag> expected = Expectations(ReadFile(path));
    ASSERT_FALSE(expected.empty());
    for (const Diag& a : actual) {
        auto it = std::find(expected.begin(), expected.end(), a);
        EXPECT_TRUE(it != expected.end()) << GetParam() << ":" << a.line << ": unexpected " << a.severity << ": "
                                          << a.message;
        if (it != expected.end()) expected.erase(it);
    }
    for (const Diag& e : expected) {
        ADD_FAILURE() << GetParam() << ":" << e.line << ": missing " << e.severity << ": " << e.message;
    }
    if (::testing::Test::HasFailure()) std::cerr << "full output:\n" << output;
}

INSTANTIATE_TEST_SUITE_P(Codegen, SemaErrors, ::testing::ValuesIn(ListFiles(Dir() + "/errors", ".cnet")), CaseName);

// The diagnostics of compiling `path` to C++, rendered as cnetc prints them (the compile must fail).
std::string RenderedDiagnostics(const std::string& path) {
    CompileOptions options;
    Compilation compilation(options);
    std::ostringstream err;
    if (!compilation.Load(path, err)) return "cannot load " + path + ": " + err.str();
    EXPECT_FALSE(compilation.Run(Stage::kCpp, nullptr));
    compilation.FlushDiagnostics(err);
    return err.str();
}

// The whole rendering of a definite-assignment error: position, message, source line and caret.
TEST(DefiniteAssignmentTest, ErrorNamesTheReadWithCaret) {
    const std::string path = Dir() + "/errors/read_before_assignment_script.cnet";
    EXPECT_EQ(RenderedDiagnostics(path), path + ":4:7: error: name 'count' is used before it is assigned\n"
                               "print(count)  # error: name 'count' is used before it is assigned\n"
                               "      ^~~~~\n"
                               "1 error generated.\n");
}

// optimizer.update's loss function is pointed at: position, message, source line and caret.
TEST(OptimizerUpdateTest, NotCallableLossFunctionWithCaret) {
    const std::string path = Dir() + "/errors/optimizer_update_not_callable.cnet";
    EXPECT_EQ(RenderedDiagnostics(path), path + ":8:16: error: the loss function of 'update' must be callable, got 'str'\n"
                               "    opt.update('loss', x)  # error: the loss function of 'update' must be callable, "
                               "got 'str'\n"
                               "               ^~~~~~\n"
                               "1 error generated.\n");
}

// `is` between ndarrays is pointed at: position, message, source line and caret over the comparison.
TEST(IdentityTest, ArraysHaveNoIdentityWithCaret) {
    const std::string path = Dir() + "/errors/identity.cnet";
    const std::string output = RenderedDiagnostics(path);
    const std::string first = path + ":9:11: error: 'is' between ndarrays is not supported (a cnet array has no "
                                     "identity); compare with None, or the values with '(a == b).all()'\n"
                                     "    print(a is b)  # error: 'is' between ndarrays is not supported (a cnet "
                                     "array has no identity); compare with None, or the values with "
                                     "'(a == b).all()'\n"
                                     "          ^~~~~~\n";
    EXPECT_EQ(output.substr(0, first.size()), first);
    EXPECT_NE(output.find("6 errors generated.\n"), std::string::npos) << output;
}

// An attribute nothing assigns is a warning with the source line and caret, and a note naming the attribute that
// differs only in underscores; one close to an attribute the class has stays an error with "did you mean".
TEST(UnassignedAttributeTest, WarningAndTypoErrorWithCaret) {
    const std::string path = Dir() + "/errors/unassigned_attributes.cnet";
    const std::string output = RenderedDiagnostics(path);
    const std::string typo = path + ":15:22: error: 'WindowIterator' has no attribute 'sise'\n"
                                    "        return [self.sise]  # error: 'WindowIterator' has no attribute 'sise'\n"
                                    "                     ^~~~\n" +
                             path + ":12:14: note: did you mean 'size'?\n"
                                    "        self.size = 2  # note: did you mean 'size'?\n"
                                    "             ^~~~\n";
    const std::string message = "'WindowIterator' has no attribute '_order' (nothing assigns it); reading it raises "
                                "AttributeError";
    const std::string warning = path + ":19:17: warning: " + message + "\n" +
                                "        if self._order is not None:  # warning: " + message + "\n" +
                                "                ^~~~~~\n" +
                                path + ":10:14: note: did you mean 'order'?\n" +
                                "        self.order = [0, 1]  # note: did you mean 'order'?\n" +
                                "             ^~~~~\n";
    EXPECT_EQ(output.substr(0, typo.size() + warning.size()), typo + warning);
    EXPECT_NE(output.find("7 warnings and 8 errors generated.\n"), std::string::npos) << output;
}

}  // namespace
}  // namespace cnet::compiler::testing
