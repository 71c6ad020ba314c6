// kernel_source.h — the text of a kernel string literal with the .cnet position of each character.
//
// Note [Kernel strings]
// ~~~~~~~~~~~~~~~~~~~~~
// CuPy compiles kernel strings at the first call and reports errors from the generated CUDA source. cnetc
// parses them ahead of time, so an error inside a string is reported where the offending character is in the
// .cnet file: KernelSource decodes the literal as Python does (prefixes, quotes, escapes, implicit
// concatenation of adjacent literals) and keeps, for every decoded character, its line and column.
#pragma once

#include <string>
#include <vector>

#include "compiler/diagnostics/source_location.h"
#include "compiler/diagnostics/source_manager.h"

namespace cnet::compiler::kernel {

class KernelSource {
public:
    /// The decoded text of the string literal at `range`.
    KernelSource(const SourceManager& sources, SourceRange range);
    /// Text not from a string literal (tests; the reduction's fixed names): positions all at `range`.
    KernelSource(std::string text, SourceRange range);

    const std::string& text() const { return text_; }
    /// The source range of decoded characters [begin, end).
    SourceRange Range(std::size_t begin, std::size_t end) const;

private:
    std::string text_;
    std::vector<SourceLocation> at_;  // one per byte of text_, plus one past the end
    SourceRange whole_;
};

}  // namespace cnet::compiler::kernel
