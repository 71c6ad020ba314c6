// module.h — the root of the AST for one .cnet file.
#pragma once

#include <string>
#include <utility>

#include "compiler/ast/node.h"

namespace cnet::compiler::ast {

/// One parsed file. If the file had syntax errors, body() holds the statements that parsed
/// cleanly (the others were reported and dropped); callers check the DiagnosticEngine before
/// running later stages on it.
class Module final : public Node {
public:
    Module(SourceRange range, std::string path, StmtList body)
        : Node(NodeKind::kModule, range), path_(std::move(path)), body_(std::move(body)) {}
    static bool classof(const Node* n) { return n->kind() == NodeKind::kModule; }
    const std::string& path() const { return path_; }
    FileId file() const { return range().file; }
    const StmtList& body() const { return body_; }

private:
    std::string path_;
    StmtList body_;
};

}  // namespace cnet::compiler::ast
