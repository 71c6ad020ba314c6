// source_manager.h — owns the text of every source file and maps (file, line) to the line's text.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/diagnostics/source_location.h"

namespace cnet::compiler {

/// Holds the files of one compilation. Line endings are normalized to '\n' when a file is added
/// (ANTLR counts lines on '\n' only), so lines and columns agree across lexer, AST and diagnostics.
class SourceManager {
public:
    /// Registers in-memory text under `path` (used by tests and by the driver after reading a file).
    FileId AddFile(std::string path, std::string_view contents);

    /// Reads a file from disk. On failure returns nullopt and sets `error` to the OS reason
    /// (e.g. "No such file or directory").
    std::optional<FileId> LoadFile(const std::string& path, std::string* error);

    const std::string& Path(FileId file) const;
    const std::string& Contents(FileId file) const;
    std::size_t FileCount() const { return files_.size(); }

    /// Number of lines; a final line without '\n' counts, an empty file has 0 lines.
    std::uint32_t LineCount(FileId file) const;
    /// Text of a 1-based line without its newline; empty if the line does not exist.
    std::string_view LineText(FileId file, std::uint32_t line) const;
    /// Location just past the last character of the file.
    SourceLocation EndLocation(FileId file) const;

private:
    struct File {
        std::string path;
        std::string contents;
        std::vector<std::size_t> line_starts;  // byte offset of each line's first character
    };
    const File& Get(FileId file) const;

    std::vector<File> files_;
};

}  // namespace cnet::compiler
