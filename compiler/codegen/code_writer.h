// code_writer.h — an indentation-aware line writer for generated C++; comments are escaped by Comment.
#pragma once

#include <string>

#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

class CodeWriter {
public:
    void Line(const std::string& text) {
        if (text.empty()) {
            out_ += "\n";
            return;
        }
        out_.append(static_cast<std::size_t>(indent_) * 4, ' ');
        out_ += text;
        out_ += "\n";
    }
    /// A `//` comment; `text` may hold user text (file names, identifiers): it is escaped here, so nothing
    /// in it can end the comment early and become code.
    void Comment(const std::string& text) { Line("// " + sema::CppCommentText(text)); }
    void Raw(const std::string& text) { out_ += text; }
    void Indent() { ++indent_; }
    void Dedent() { --indent_; }
    const std::string& str() const { return out_; }

private:
    std::string out_;
    int indent_ = 0;
};

}  // namespace cnet::compiler::codegen
