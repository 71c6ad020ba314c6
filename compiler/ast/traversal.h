// traversal.h — generic child enumeration over the AST, with the role each child plays.
#pragma once

#include <functional>
#include <vector>

#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

/// Called once per child with its role ("value", "arg", "body", ...), in source order.
using ChildCallback = std::function<void(const char* role, const Node& child)>;

/// Enumerates the direct children of `node` (absent optional children are skipped). This is the one
/// place that knows every node's structure: the dumper, range checks in tests and generic walks
/// build on it, so adding a node means updating this file and the visitor.
void ForEachChild(const Node& node, const ChildCallback& callback);

/// Calls `callback(node)` for `root` and every node below it, parents before children.
void WalkPreorder(const Node& root, const std::function<void(const Node&)>& callback);

/// WalkPreorder that goes below a node only when `callback(node)` returns true (e.g. not into nested scopes).
void WalkPreorderWhile(const Node& root, const std::function<bool(const Node&)>& callback);

/// The statement lists directly inside `s` (an if's body and orelse, a try's handler bodies, a def's body, ...);
/// empty for a simple statement or a class. Only sema's pruning of branches no call takes changes them.
std::vector<StmtList*> MutableBlocks(Stmt& s);

/// A def, a class or a lambda: the names bound inside it are its own, not the enclosing function's.
bool IsNestedScope(const Node& n);

}  // namespace cnet::compiler::ast
