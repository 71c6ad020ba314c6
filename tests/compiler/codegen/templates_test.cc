// templates_test.cc — the embedded file skeletons (templates/*.tmpl) and their renderer.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiler/codegen/templates.h"
#include "compiler/diagnostics/internal_check.h"
#include "tests/compiler/test_support.h"

namespace cnet::compiler::codegen {
namespace {

std::map<std::string, std::string> ValuesFor(const std::string& text) {
    std::map<std::string, std::string> values;
    for (std::size_t open = text.find("{{"); open != std::string::npos; open = text.find("{{", open + 2)) {
        const std::string key = text.substr(open + 2, text.find("}}", open) - open - 2);
        values[key] = "<" + key + ">";
    }
    return values;
}

TEST(TemplatesTest, EveryTemplateFileIsEmbeddedVerbatim) {
    const std::string dir = std::string(CNET_CODEGEN_TEST_DIR) + "/../../../templates";
    const std::vector<std::string> files = testing::ListFiles(dir, ".tmpl");
    ASSERT_EQ(files.size(), kEmbeddedTemplateCount);
    std::set<std::string> names;
    for (std::size_t i = 0; i < kEmbeddedTemplateCount; ++i) names.insert(kEmbeddedTemplates[i].name);
    EXPECT_EQ(names, (std::set<std::string>{"CMakeLists.txt", "model.h", "program.cc"}));
    for (std::size_t i = 0; i < kEmbeddedTemplateCount; ++i) {
        const std::string name = kEmbeddedTemplates[i].name;
        EXPECT_EQ(kEmbeddedTemplates[i].text, testing::ReadFile(dir + "/" + name + ".tmpl")) << name;
    }
}

TEST(TemplatesTest, PlaceholdersAreReplacedOnceAndValuesAreNotRescanned) {
    std::map<std::string, std::string> values = ValuesFor(kEmbeddedTemplates[0].text);
    ASSERT_FALSE(values.empty());
    const std::string first = values.begin()->first;
    values[first] = "{{" + first + "}} and {{unknown}}";  // user text that looks like a placeholder stays text
    const std::string out = RenderTemplate(kEmbeddedTemplates[0].name, values);
    EXPECT_NE(out.find("{{" + first + "}} and {{unknown}}"), std::string::npos);
    for (const auto& [key, value] : values) {
        if (key != first) {
            EXPECT_NE(out.find(value), std::string::npos) << key;
        }
    }
}

TEST(TemplatesTest, AMissingOrUnusedValueIsACompilerBug) {
    std::map<std::string, std::string> values = ValuesFor(kEmbeddedTemplates[0].text);
    std::map<std::string, std::string> missing = values;
    missing.erase(missing.begin());
    EXPECT_THROW(RenderTemplate(kEmbeddedTemplates[0].name, missing), InternalCompilerError);
    values["no_such_placeholder"] = "x";
    EXPECT_THROW(RenderTemplate(kEmbeddedTemplates[0].name, values), InternalCompilerError);
    EXPECT_THROW(RenderTemplate("no_such_template", {}), InternalCompilerError);
}

}  // namespace
}  // namespace cnet::compiler::codegen
