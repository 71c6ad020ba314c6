// source_manager.cc — file registry, line-ending normalization and line lookup.
#include "compiler/diagnostics/source_manager.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/diagnostics/internal_check.h"
#include "compiler/diagnostics/utf8.h"

namespace cnet::compiler {
namespace {

// "\r\n" and a lone "\r" both become "\n"; see the class comment for why.
std::string NormalizeNewlines(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\r') {
            out += '\n';
            if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

}  // namespace

FileId SourceManager::AddFile(std::string path, std::string_view contents) {
    File file;
    file.path = std::move(path);
    file.contents = NormalizeNewlines(contents);
    if (!file.contents.empty()) file.line_starts.push_back(0);
    for (std::size_t i = 0; i < file.contents.size(); ++i) {
        if (file.contents[i] == '\n' && i + 1 < file.contents.size()) file.line_starts.push_back(i + 1);
    }
    files_.push_back(std::move(file));
    return static_cast<FileId>(files_.size() - 1);
}

std::optional<FileId> SourceManager::LoadFile(const std::string& path, std::string* error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {  // ifstream would "open" a directory and read nothing
        if (error != nullptr) *error = std::strerror(EISDIR);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error != nullptr) *error = std::strerror(errno);
        return std::nullopt;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        if (error != nullptr) *error = std::strerror(errno);
        return std::nullopt;
    }
    return AddFile(path, buffer.str());
}

const SourceManager::File& SourceManager::Get(FileId file) const {
    CNET_INTERNAL_CHECK(file < files_.size()) << "unknown file id " << file;
    return files_[file];
}

const std::string& SourceManager::Path(FileId file) const { return Get(file).path; }

const std::string& SourceManager::Contents(FileId file) const { return Get(file).contents; }

std::uint32_t SourceManager::LineCount(FileId file) const {
    return static_cast<std::uint32_t>(Get(file).line_starts.size());
}

std::string_view SourceManager::LineText(FileId file, std::uint32_t line) const {
    const File& f = Get(file);
    if (line == 0 || line > f.line_starts.size()) return {};
    const std::size_t begin = f.line_starts[line - 1];
    std::size_t end = f.contents.find('\n', begin);
    if (end == std::string::npos) end = f.contents.size();
    return std::string_view(f.contents).substr(begin, end - begin);
}

SourceLocation SourceManager::EndLocation(FileId file) const {
    const File& f = Get(file);
    if (f.contents.empty()) return {1, 1};
    if (f.contents.back() == '\n') return {LineCount(file) + 1, 1};
    const std::string_view last = LineText(file, LineCount(file));
    return {LineCount(file), static_cast<std::uint32_t>(utf8::CodePointCount(last) + 1)};
}

}  // namespace cnet::compiler
