// operators.cc — source spellings of AST operators.
#include "compiler/ast/operators.h"

namespace cnet::compiler::ast {

const char* Spelling(UnaryOp op) {
    switch (op) {
        case UnaryOp::kPlus: return "+";
        case UnaryOp::kMinus: return "-";
        case UnaryOp::kInvert: return "~";
        case UnaryOp::kNot: return "not";
    }
    return "?";
}

const char* Spelling(BinaryOp op) {
    switch (op) {
        case BinaryOp::kAdd: return "+";
        case BinaryOp::kSub: return "-";
        case BinaryOp::kMul: return "*";
        case BinaryOp::kMatMul: return "@";
        case BinaryOp::kDiv: return "/";
        case BinaryOp::kFloorDiv: return "//";
        case BinaryOp::kMod: return "%";
        case BinaryOp::kPow: return "**";
        case BinaryOp::kLShift: return "<<";
        case BinaryOp::kRShift: return ">>";
        case BinaryOp::kBitOr: return "|";
        case BinaryOp::kBitXor: return "^";
        case BinaryOp::kBitAnd: return "&";
    }
    return "?";
}

const char* Spelling(BoolOp op) { return op == BoolOp::kAnd ? "and" : "or"; }

const char* Spelling(CompareOp op) {
    switch (op) {
        case CompareOp::kEq: return "==";
        case CompareOp::kNotEq: return "!=";
        case CompareOp::kLt: return "<";
        case CompareOp::kLtE: return "<=";
        case CompareOp::kGt: return ">";
        case CompareOp::kGtE: return ">=";
        case CompareOp::kIs: return "is";
        case CompareOp::kIsNot: return "is not";
        case CompareOp::kIn: return "in";
        case CompareOp::kNotIn: return "not in";
    }
    return "?";
}

}  // namespace cnet::compiler::ast
