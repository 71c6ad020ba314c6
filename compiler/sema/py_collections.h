// py_collections.h — what sema and codegen both need to know of collections.defaultdict's factories.
#pragma once

#include <string>

#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"

namespace cnet::compiler::sema {

/// The NAME of a factory `lambda: len(NAME)`, else null. Assigned to NAME (`vocab = defaultdict(lambda:
/// len(vocab))`, the vocabulary idiom of Chainer's examples), it numbers the keys in order of first use.
const std::string* NumberingFactoryName(const ast::Expr& factory);

}  // namespace cnet::compiler::sema
