// kernel_parser.h — parsing CuPy kernel strings: parameter lists ("T x, raw T y") and bodies in the C-like
// subset CuPy accepts (declarations, assignments, arithmetic, comparisons, ternaries, casts, calls, raw
// indexing, if/for/while blocks). Errors go to the diagnostics at the .cnet position inside the string.
#pragma once

#include <string>
#include <vector>

#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/kernel/kernel_def.h"
#include "compiler/kernel/kernel_source.h"

namespace cnet::compiler::kernel {

/// "float32 x, raw T y" -> parameters; false (after reporting) on a syntax error.
bool ParseParams(const KernelSource& src, bool is_output, DiagnosticEngine& diags, std::vector<Param>* out);
/// A statement list (an elementwise operation, a reduction's post-map).
bool ParseBody(const KernelSource& src, DiagnosticEngine& diags, std::vector<StmtPtr>* out);
/// One expression (a reduction's map, reduce and identity).
ExprPtr ParseExpression(const KernelSource& src, DiagnosticEngine& diags);

/// True for the C type names a kernel may declare or cast to (besides its placeholders): C's arithmetic types,
/// the <cstdint> names and NumPy's dtype names.
bool IsCTypeName(const std::string& name);
/// The C++ spelling of a type name ("float32" -> "float", "T" stays "T").
std::string CppTypeName(const std::string& name);

}  // namespace cnet::compiler::kernel
