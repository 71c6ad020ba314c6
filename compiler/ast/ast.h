// ast.h — umbrella header: every AST node class, the visitor and the dumper.
#pragma once

#include "compiler/ast/ast_dumper.h"
#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/module.h"
#include "compiler/ast/node.h"
#include "compiler/ast/operators.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/ast/visitor.h"
