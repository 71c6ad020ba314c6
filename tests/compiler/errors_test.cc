// errors_test.cc — every tests/compiler/errors/*.cnet carries its expected diagnostics inline and
// must produce exactly those (no missing, no extra):
//
//     x = 1 2          # error: unexpected number '2'
//     if x             # error@5: ...   (column 5 on this line)
//     # error@+1: ...                   (the next line; @-1 the previous one; @+1:7 line and column)
//     x = '\d'         # warning: ...   (also note:)
//
// A comment is read from the raw text, so it also works inside an unterminated string.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

struct Expected {
    int line = 0;
    int column = 0;  // 0: any column
    std::string severity;
    std::string message;
};

struct Actual {
    int line = 0;
    int column = 0;
    std::string severity;
    std::string message;
};

std::vector<Expected> ParseExpectations(const std::string& source) {
    static const std::regex kPattern(R"(#\s*(error|warning|note)(?:@([+-]?)(\d+))?(?::(\d+))?:\s?(.*)$)");
    std::vector<Expected> out;
    std::istringstream lines(source);
    std::string text;
    for (int line = 1; std::getline(lines, text); ++line) {
        std::smatch m;
        if (!std::regex_search(text, m, kPattern)) continue;
        Expected e;
        e.severity = m[1];
        e.line = line;
        if (m[3].matched && m[2].length() > 0) {  // @+N / @-N: another line
            e.line += (m[2] == "-" ? -1 : 1) * std::stoi(m[3]);
        } else if (m[3].matched) {  // @N: a column on this line
            e.column = std::stoi(m[3]);
        }
        if (m[4].matched) e.column = std::stoi(m[4]);
        e.message = m[5];
        while (!e.message.empty() && std::isspace(static_cast<unsigned char>(e.message.back()))) e.message.pop_back();
        out.push_back(e);
    }
    return out;
}

// The header lines of the engine's printed output; anything else that is not an excerpt fails.
std::vector<Actual> ParseOutput(const std::string& output, const std::string& path, std::vector<std::string>* other) {
    const std::regex header("^" + std::regex_replace(path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") +
                            R"(:(\d+):(\d+): (error|warning|note): (.*)$)");
    std::vector<Actual> out;
    std::istringstream lines(output);
    std::string text;
    while (std::getline(lines, text)) {
        std::smatch m;
        if (std::regex_match(text, m, header)) {
            out.push_back(Actual{std::stoi(m[1]), std::stoi(m[2]), m[3], m[4]});
        } else if (text.rfind(path + ":", 0) == 0 || text.rfind("cnetc:", 0) == 0 || text.rfind("fatal", 0) == 0) {
            other->push_back(text);  // a diagnostic without a line, or the error-limit line
        }
    }
    return out;
}

std::vector<std::string> Cases() { return ListFiles(TestDataDir() + "/errors", ".cnet"); }

class ErrorsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ErrorsTest, DiagnosticsMatchInlineExpectations) {
    const std::string path = "errors/" + GetParam();
    const std::string source = ReadFile(TestDataDir() + "/" + path);
    std::vector<Expected> expected = ParseExpectations(source);
    ASSERT_FALSE(expected.empty()) << path << " has no expectations";

    std::unique_ptr<FrontendRun> run = ParseText(path, source);
    const std::string output = run->Render();
    std::vector<std::string> other;
    const std::vector<Actual> actual = ParseOutput(output, path, &other);
    EXPECT_TRUE(other.empty()) << "unexpected output line: " << other.front();

    std::vector<bool> used(expected.size(), false);
    for (const Actual& a : actual) {
        bool found = false;
        for (std::size_t i = 0; i < expected.size() && !found; ++i) {
            const Expected& e = expected[i];
            if (!used[i] && e.line == a.line && (e.column == 0 || e.column == a.column) && e.severity == a.severity &&
                e.message == a.message) {
                used[i] = found = true;
            }
        }
        EXPECT_TRUE(found) << path << ":" << a.line << ":" << a.column << ": unexpected " << a.severity << ": "
                           << a.message;
    }
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_TRUE(used[i]) << path << ":" << expected[i].line << ": missing " << expected[i].severity << ": "
                             << expected[i].message;
    }
    if (::testing::Test::HasFailure()) std::cerr << "full output:\n" << output;
}

INSTANTIATE_TEST_SUITE_P(Errors, ErrorsTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param.substr(0, info.param.size() - 5);
                             for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                             return name;
                         });

}  // namespace
}  // namespace cnet::compiler::testing
