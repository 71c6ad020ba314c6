// kernel_lexer.h — tokens of CuPy's C-like kernel subset, with offsets into the decoded string.
#pragma once

#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/kernel/kernel_source.h"

namespace cnet::compiler::kernel {

enum class Tok { kIdent, kNumber, kPunct, kEnd };

struct Token {
    Tok kind;
    std::string text;
    std::size_t begin = 0, end = 0;  // offsets into KernelSource::text()
};

/// Splits `src` into tokens (C comments skipped); reports stray characters and returns what it could read.
std::vector<Token> Lex(const KernelSource& src, DiagnosticEngine& diags, bool* ok);

}  // namespace cnet::compiler::kernel
