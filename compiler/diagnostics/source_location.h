// source_location.h — file ids, 1-based line/column positions and half-open source ranges.
#pragma once

#include <cstdint>
#include <tuple>

namespace cnet::compiler {

/// Index of a file registered in a SourceManager. kInvalidFileId means "no file" (e.g. a driver error).
using FileId = std::uint32_t;
inline constexpr FileId kInvalidFileId = ~FileId{0};

/// A position in a source file. Lines and columns are 1-based; columns count Unicode code points,
/// a tab counts as one column. Line 0 means "no position".
struct SourceLocation {
    std::uint32_t line = 0;
    std::uint32_t column = 0;

    bool IsValid() const { return line != 0; }
    friend bool operator==(const SourceLocation& a, const SourceLocation& b) {
        return a.line == b.line && a.column == b.column;
    }
    friend bool operator!=(const SourceLocation& a, const SourceLocation& b) { return !(a == b); }
    friend bool operator<(const SourceLocation& a, const SourceLocation& b) {
        return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    }
    friend bool operator<=(const SourceLocation& a, const SourceLocation& b) { return !(b < a); }
};

/// A range of source text: `begin` is the first character, `end` is one past the last one (half-open,
/// so an empty range marks a point such as a missing token). Every AST node carries one.
struct SourceRange {
    FileId file = kInvalidFileId;
    SourceLocation begin;
    SourceLocation end;

    SourceRange() = default;
    SourceRange(FileId f, SourceLocation b, SourceLocation e) : file(f), begin(b), end(e) {}

    /// An empty range at one position.
    static SourceRange Point(FileId f, SourceLocation at) { return SourceRange(f, at, at); }
    /// The smallest range covering both `first` and `last` (which must be in the same file).
    static SourceRange Cover(const SourceRange& first, const SourceRange& last) {
        return SourceRange(first.file, first.begin, last.end < first.end ? first.end : last.end);
    }

    bool IsValid() const { return file != kInvalidFileId && begin.IsValid(); }
    bool IsEmpty() const { return begin == end; }
};

}  // namespace cnet::compiler
