// test_support.cc — in-memory front-end runs and small file utilities for the compiler tests.
#include "test_support.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cnet::compiler::testing {

std::string FrontendRun::Render() {
    std::ostringstream out;
    diags.Flush(out);
    return out.str();
}

std::unique_ptr<FrontendRun> ParseText(const std::string& path, const std::string& text) {
    auto run = std::make_unique<FrontendRun>();
    run->diags.set_error_limit(0);
    run->file = run->sources.AddFile(path, text);
    run->module = ParseSource(run->file, run->diags, &run->stats);
    return run;
}

std::vector<std::string> ListFiles(const std::string& directory, const std::string& suffix) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        const std::string name = entry.path().filename().string();
        if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
            names.push_back(name);
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string ReadFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void WriteFile(const std::string& path, const std::string& contents) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error("cannot write " + path);
    out << contents;
}

std::string TestDataDir() { return CNET_COMPILER_TEST_DIR; }

}  // namespace cnet::compiler::testing
