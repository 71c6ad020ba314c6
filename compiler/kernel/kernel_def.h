// kernel_def.h — a kernel written as CuPy snippets (cuda.elementwise, cupy.ElementwiseKernel, cuda.reduce,
// cupy.ReductionKernel) or as an @elementwise function, after parsing: parameters and the body in the C-like
// subset CuPy accepts, each node with its .cnet source range (Note [Kernel strings] in kernel_source.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "compiler/diagnostics/source_location.h"

namespace cnet::compiler::kernel {

/// `raw T y` -> {name "y", type "T", raw true}. A one-letter type is a placeholder (CuPy's rule).
struct Param {
    std::string name;
    std::string type;
    bool raw = false;
    bool is_output = false;
    SourceRange range;
    bool IsPlaceholder() const { return type.size() == 1; }
};

enum class ExprKind {
    kNumber,   // text: the literal as written (1, 1.5f, 0x1F, 1e-3)
    kBool,     // text: true / false
    kName,     // text: the identifier
    kIndSize,  // _ind.size()
    kUnary,    // text: the operator ("-", "!", "~", "+", "++", "--"); postfix: text "p++" / "p--"
    kBinary,   // text: the operator (also "=", "+=", ...)
    kTernary,  // kids: cond, then, else
    kCall,     // text: the function; kids: arguments
    kIndex,    // kids: array, index
    kCast,     // text: the C type; kids: operand
};

struct Expr {
    ExprKind kind;
    std::string text;
    std::vector<std::unique_ptr<Expr>> kids;
    SourceRange range;
};
using ExprPtr = std::unique_ptr<Expr>;

enum class StmtKind { kExpr, kDecl, kBlock, kIf, kFor, kWhile, kBreak, kContinue, kEmpty };

struct Stmt {
    StmtKind kind;
    std::string type;                // kDecl: the declared C type (placeholders allowed)
    std::vector<std::string> names;  // kDecl: the declared names
    std::vector<ExprPtr> inits;      // kDecl: one per name (null: no initializer)
    std::vector<SourceRange> name_ranges;
    ExprPtr expr;                    // kExpr, kIf/kWhile/kFor condition (may be null in for)
    ExprPtr step;                    // kFor
    std::unique_ptr<Stmt> init;      // kFor
    std::vector<std::unique_ptr<Stmt>> body;  // kBlock; kIf: then [, else]; kFor/kWhile: the body
    SourceRange range;
};
using StmtPtr = std::unique_ptr<Stmt>;

struct KernelDef {
    enum class Kind { kElementwise, kReduction };
    Kind kind = Kind::kElementwise;
    std::string name;      // the kernel's name (CuPy's last argument)
    std::string cpp_name;  // unique C++ name in generated code
    std::vector<Param> in, out;
    std::vector<StmtPtr> body;  // elementwise: the operation; reduction: the post-map
    // Reduction parts: map expression (inputs -> a value of reduce_type), reduce expression over `a` and `b`,
    // the identity, and the reduce type (the first output's type unless given).
    ExprPtr map, reduce, identity;
    std::string reduce_type;
    SourceRange range;  // the construction in the .cnet source

    // @elementwise kernels (native_builder.h): each output's expression over the inputs, and the derived gradient
    // kernel (inputs, then one gradient per output -> one gradient per input), null past the last derived order.
    bool native = false;
    int order = 0;
    std::vector<ExprPtr> results;
    std::unique_ptr<KernelDef> grad;

    std::vector<std::string> Placeholders() const;  // in order of first appearance (inputs, then outputs)
};

}  // namespace cnet::compiler::kernel
