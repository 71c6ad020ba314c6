// golden_test.cc — every tests/compiler/golden/<case>.cnet must produce <case>.tokens and <case>.ast
// exactly, with no diagnostics. CNET_UPDATE_GOLDEN=1 rewrites the expected files instead.
#include <gtest/gtest.h>

#include <cstdlib>

#include "compiler/ast/ast_dumper.h"
#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

std::string GoldenDir() { return TestDataDir() + "/golden"; }

bool UpdateRequested() {
    const char* value = std::getenv("CNET_UPDATE_GOLDEN");
    return value != nullptr && std::string(value) == "1";
}

std::vector<std::string> Cases() {
    std::vector<std::string> cases;
    for (const std::string& file : ListFiles(GoldenDir(), ".cnet")) cases.push_back(file.substr(0, file.size() - 5));
    return cases;
}

// Compares with the expected file, or rewrites it under CNET_UPDATE_GOLDEN=1.
void ExpectGolden(const std::string& path, const std::string& actual) {
    if (UpdateRequested()) {
        WriteFile(path, actual);
        return;
    }
    std::string expected;
    ASSERT_NO_THROW(expected = ReadFile(path)) << "missing golden file; run with CNET_UPDATE_GOLDEN=1";
    EXPECT_EQ(expected, actual) << "golden mismatch for " << path << " (CNET_UPDATE_GOLDEN=1 rewrites it)";
}

class GoldenTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenTest, TokensAndAstMatch) {
    const std::string name = GetParam();
    const std::string source = ReadFile(GoldenDir() + "/" + name + ".cnet");

    SourceManager sources;
    DiagnosticEngine diags(sources);
    const FileId file = sources.AddFile(name + ".cnet", source);
    const std::string tokens = DumpTokens(LexSource(file, diags));
    EXPECT_FALSE(diags.HasErrors());
    ExpectGolden(GoldenDir() + "/" + name + ".tokens", tokens);

    std::unique_ptr<FrontendRun> run = ParseText(name + ".cnet", source);
    ASSERT_NE(run->module, nullptr);
    EXPECT_EQ(run->Render(), "") << "golden programs must be free of diagnostics";
    ExpectGolden(GoldenDir() + "/" + name + ".ast", ast::DumpAst(*run->module));
}

INSTANTIATE_TEST_SUITE_P(Golden, GoldenTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace cnet::compiler::testing
