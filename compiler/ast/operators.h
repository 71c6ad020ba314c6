// operators.h — operator enums of the AST (unary, binary, boolean, comparison) and their spellings.
#pragma once

namespace cnet::compiler::ast {

enum class UnaryOp { kPlus, kMinus, kInvert, kNot };

/// Binary arithmetic and bitwise operators; also the operator of an augmented assignment (`x += 1`).
enum class BinaryOp {
    kAdd,
    kSub,
    kMul,
    kMatMul,
    kDiv,
    kFloorDiv,
    kMod,
    kPow,
    kLShift,
    kRShift,
    kBitOr,
    kBitXor,
    kBitAnd,
};

enum class BoolOp { kAnd, kOr };

enum class CompareOp { kEq, kNotEq, kLt, kLtE, kGt, kGtE, kIs, kIsNot, kIn, kNotIn };

/// Source spelling: "-", "not", "@", "//", "and", "is not", "not in", ...
const char* Spelling(UnaryOp op);
const char* Spelling(BinaryOp op);
const char* Spelling(BoolOp op);
const char* Spelling(CompareOp op);

}  // namespace cnet::compiler::ast
