// program.cc — IR queries and the `--emit=ir` dump: classes, functions, typed locals, and the type of
// every statement's expressions.
#include "compiler/ir/program.h"

#include <ostream>

#include "compiler/ast/traversal.h"

namespace cnet::compiler::ir {

TypeRef Program::TypeOf(const ast::Node& e) const {
    const ExprInfo* info = Info(e);
    return info != nullptr && info->type ? info->type : sema::types::Unknown();
}

namespace {

void DumpFunction(const Program& program, const FunctionInfo& fn, const std::string& indent, std::ostream& out) {
    out << indent << "function " << fn.name << "(";
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        out << (i ? ", " : "") << fn.params[i].name << ": " << sema::PyName(fn.params[i].type);
    }
    out << ") -> " << sema::PyName(fn.return_type);
    if (fn.is_entry) out << " [entry]";
    if (fn.is_forward) out << " [forward]";
    out << "\n";
    for (const auto& v : fn.locals) {
        if (v->is_param) continue;
        out << indent << "  local " << v->name << ": " << sema::PyName(v->type)
            << (v->in_comprehension ? " [comprehension]" : v->hoisted ? " [hoisted]" : "") << "\n";
    }
    if (fn.def == nullptr) return;
    // One line per call with its resolved type, in source order.
    ast::WalkPreorder(*fn.def, [&](const ast::Node& n) {
        if (!ast::Isa<ast::CallExpr>(n)) return;
        out << indent << "  call " << n.range().begin.line << ":" << n.range().begin.column << " -> "
            << sema::PyName(program.TypeOf(n)) << "\n";
    });
}

}  // namespace

void DumpProgram(const Program& program, std::ostream& out) {
    out << "program " << program.file_name << "\n";
    for (const auto& g : program.globals) out << "global " << g->name << ": " << sema::PyName(g->type) << "\n";
    for (const auto& [dest, type] : program.arg_types) out << "argument " << dest << ": " << sema::PyName(type) << "\n";
    for (const auto& cls : program.classes) {
        static const char* kKinds[] = {"Chain", "ChainList", "Link", "record"};
        out << "class " << cls->name << " [" << kKinds[static_cast<int>(cls->kind)] << "]\n";
        for (const auto& f : cls->fields) {
            out << "  field " << f->name << ": " << sema::PyName(f->type) << (f->is_link ? " [link]" : "") << "\n";
        }
        for (const auto& m : cls->methods) DumpFunction(program, *m, "  ", out);
    }
    for (const auto& fn : program.functions) DumpFunction(program, *fn, "", out);
    if (program.script_function) DumpFunction(program, *program.script_function, "", out);
    for (const std::string& h : program.headers) out << "include " << h << "\n";
}

}  // namespace cnet::compiler::ir
