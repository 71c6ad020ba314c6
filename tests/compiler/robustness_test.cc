// robustness_test.cc — truncated, mutated and pathological sources never crash the front end.
//
// Every tests/compiler/golden and tests/compiler/errors source is cut at many points and mutated
// (bytes deleted, tokens inserted, lines duplicated or re-indented) with a fixed seed, then lexed,
// parsed, built, dumped and rendered. Each run must finish without an exception, report an error
// whenever the parse failed, and keep every diagnostic and AST range inside the file. The fuzzer in
// fuzz/frontend_fuzzer.cc explores further; this test keeps the common cases in CI (< 5 s).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/ast/ast_dumper.h"
#include "compiler/ast/traversal.h"
#include "compiler/diagnostics/internal_check.h"
#include "test_support.h"

namespace cnet::compiler::testing {
namespace {

// SplitMix64: the same sequence on every platform and standard library (unlike std::*_distribution).
class Random {
 public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t Next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n); n must be positive.
    std::size_t Below(std::size_t n) { return static_cast<std::size_t>(Next() % n); }

 private:
    std::uint64_t state_;
};

// Fragments that stress layout, brackets, strings and recovery when dropped into valid code.
const std::vector<std::string>& Fragments() {
    static const std::vector<std::string> fragments = {
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ":",
        ",",
        ";",
        ".",
        "=",
        "==",
        "**",
        "->",
        ":=",
        "@",
        "*",
        "\\",
        "\n",
        "\n    ",
        "\n        ",
        "    ",
        "\t",
        "\r",
        "\f",
        "'",
        "\"",
        "'''",
        "\"\"\"",
        "f'{",
        "f\"{x!r:>{w}}\"",
        "}",
        "{{",
        "#",
        "# comment\n",
        "\\\n",
        "1e",
        "0x",
        "1_",
        "0b2",
        "007",
        "1e999",
        "'\\x4'",
        "'\\N{DASH}'",
        "def",
        "class",
        "if",
        "elif",
        "else",
        "for",
        "in",
        "while",
        "return",
        "lambda",
        "yield",
        "async",
        "await",
        "import",
        "from",
        "with",
        "as",
        "try",
        "except",
        "finally",
        "not",
        "is",
        "None",
        "pass",
        "$",
        "?",
        "`",
        "!",
        "\xc3\xa9",
        "\xe2\x80\x94",
        std::string(1, '\0'),
        "\x01",
        "\xff",
    };
    return fragments;
}

// One of several edits at a random position.
std::string Mutate(const std::string& source, Random& random) {
    std::string text = source;
    const int edits = 1 + static_cast<int>(random.Below(3));
    for (int e = 0; e < edits; ++e) {
        const std::size_t at = random.Below(text.size() + 1);
        switch (random.Below(6)) {
            case 0:  // delete a short run of bytes
                text.erase(at, 1 + random.Below(8));
                break;
            case 1:
            case 2: {  // insert a fragment
                const std::vector<std::string>& fragments = Fragments();
                text.insert(at, fragments[random.Below(fragments.size())]);
                break;
            }
            case 3: {  // duplicate the line containing `at`
                const std::size_t begin = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;
                const std::size_t end = text.find('\n', begin);
                const std::string line =
                    text.substr(begin, end == std::string::npos ? std::string::npos : end - begin + 1);
                text.insert(begin, line.back() == '\n' ? line : line + "\n");
                break;
            }
            case 4: {  // re-indent the line containing `at`
                const std::size_t begin = at == 0 ? 0 : text.rfind('\n', at - 1) + 1;
                text.insert(begin, std::string(1 + random.Below(9), ' '));
                break;
            }
            default:  // swap two bytes
                if (!text.empty()) std::swap(text[random.Below(text.size())], text[random.Below(text.size())]);
                break;
        }
    }
    return text;
}

std::vector<std::string> Corpus() {
    std::vector<std::string> sources;
    for (const std::string dir : {"golden", "errors"}) {
        const std::string path = TestDataDir() + "/" + dir;
        for (const std::string& name : ListFiles(path, ".cnet")) sources.push_back(ReadFile(path + "/" + name));
    }
    return sources;
}

bool Within(SourceLocation at, SourceLocation end) { return at.IsValid() && at.column >= 1 && at <= end; }

// Runs the whole front end on `text`; a failure message names the input (printed escaped).
void CheckFrontEnd(const std::string& text, int error_limit = 0) {
    SCOPED_TRACE("input: " + ast::QuoteForDump(text.size() > 400 ? text.substr(0, 400) + "..." : text));
    SourceManager sources;
    DiagnosticEngine diags(sources);
    diags.set_error_limit(error_limit);
    const FileId file = sources.AddFile("fuzz.cnet", text);
    try {
        const std::vector<TokenInfo> tokens = LexSource(file, diags);
        const std::string dump = DumpTokens(tokens);
        (void)dump;

        ParseStats stats;
        std::unique_ptr<ast::Module> module = ParseSource(file, diags, &stats);
        if (stats.syntax_errors > 0 || stats.aborted || module == nullptr) {
            EXPECT_TRUE(diags.HasErrors()) << "a failed parse reported no error";
        }
        const SourceLocation end = sources.EndLocation(file);
        for (const Diagnostic& d : diags.diagnostics()) {
            EXPECT_TRUE(Within(d.range.begin, end) && d.range.begin <= d.range.end)
                << "diagnostic outside the file: " << d.range.begin.line << ":" << d.range.begin.column << " '"
                << d.message << "'";
        }
        if (module != nullptr) {
            ast::WalkPreorder(*module, [&](const ast::Node& node) {
                const SourceRange& r = node.range();
                EXPECT_TRUE(Within(r.begin, end) && r.begin <= r.end && r.end <= end)
                    << ast::NodeSummary(node) << " has range " << r.begin.line << ":" << r.begin.column << "-"
                    << r.end.line << ":" << r.end.column;
            });
            (void)ast::DumpAst(*module);
        }
        std::ostringstream rendered;
        diags.Flush(rendered);
    } catch (const InternalCompilerError& e) {
        ADD_FAILURE() << e.Format();
    } catch (const std::exception& e) {
        ADD_FAILURE() << "exception: " << e.what();
    }
}

TEST(RobustnessTest, TruncatedSourcesNeverCrash) {
    for (const std::string& source : Corpus()) {
        // Every cut in the first 64 bytes, then about 40 cuts spread over the rest.
        const std::size_t step = std::max<std::size_t>(1, source.size() / 40);
        for (std::size_t cut = 0; cut <= source.size(); cut += cut < 64 ? 1 : step) {
            CheckFrontEnd(source.substr(0, cut));
            if (::testing::Test::HasFailure()) return;  // one broken input is enough to debug
        }
    }
}

// CNET_ROBUSTNESS_ITERATIONS=N runs N mutations instead of the CI default (for longer local runs).
int MutationCount() {
    const char* value = std::getenv("CNET_ROBUSTNESS_ITERATIONS");
    return value != nullptr && std::atoi(value) > 0 ? std::atoi(value) : 800;
}

TEST(RobustnessTest, MutatedSourcesNeverCrash) {
    Random random(20240229);
    const std::vector<std::string> corpus = Corpus();
    const int count = MutationCount();
    for (int i = 0; i < count; ++i) {
        CheckFrontEnd(Mutate(corpus[random.Below(corpus.size())], random), i % 2 == 0 ? 0 : 20);
        if (::testing::Test::HasFailure()) return;
    }
}

TEST(RobustnessTest, PathologicalInputsNeverCrash) {
    std::string deep_indent;
    for (int i = 0; i < 150; ++i) deep_indent += std::string(static_cast<std::size_t>(i), ' ') + "if x:\n";
    std::string long_statement = "x = 1";
    for (int i = 0; i < 12000; ++i) long_statement += " + 1";
    std::string many_lines;
    for (int i = 0; i < 500; ++i) many_lines += "x = (\n";
    const std::vector<std::string> inputs = {
        "",
        "\n\n\n",
        "    ",
        "\t\tx = 1\n",
        "x = 1\r\ny = 2\rz = 3",
        "\xef\xbb\xbfx = 1\n",
        std::string(10000, '('),
        std::string(10000, ')'),
        std::string(300, '[') + std::string(300, ']'),
        std::string(5000, '-') + "1",
        std::string(3000, '~') + "x",
        "x = " + std::string(2000, '(') + "1" + std::string(2000, ')'),
        "not " + std::string(100, 'n') + " " +
            [] {
                std::string s;
                for (int i = 0; i < 3000; ++i) s += "not ";
                return s;
            }() +
            "x",
        "x = a" +
            [] {
                std::string s;
                for (int i = 0; i < 3000; ++i) s += ".b";
                return s;
            }(),
        "x = f" +
            [] {
                std::string s;
                for (int i = 0; i < 3000; ++i) s += "()";
                return s;
            }(),
        "x = 2" +
            [] {
                std::string s;
                for (int i = 0; i < 3000; ++i) s += " ** 2";
                return s;
            }(),
        deep_indent,
        long_statement,
        many_lines,
        "f'" + std::string(500, '{'),
        "f'{" + std::string(500, '(') + "'",
        "f'{f\"{f'{x}'}\"}'",
        "'''" + std::string(1000, '\\'),
        "x = '\\",
        "\\",
        "@",
        "@\n",
        "def",
        "class C(",
        "lambda: (yield)",
        "else:\n  elif:\n    except:\n      finally:\n",
        "if x:\npass\n  else:\n    pass\n",
        std::string("x = '\0'\n", 8),
        "x = \xff\n",
        "x = 'a\xc3'\n",
    };
    for (const std::string& input : inputs) {
        CheckFrontEnd(input);
        CheckFrontEnd(input, 20);
    }
}

}  // namespace
}  // namespace cnet::compiler::testing
