// ir_dumper.cc — `cnetc emit --stage=ir`: the bound program as text. Classes with their fields, functions with their
// typed parameters and locals, and every call with what sema decided for it: the callee (library entry and its C++
// name, or the user function), each argument in the callee's parameter order with the parameter's type, the
// argument's type and the conversion it needs, and the defaults filled in.
#include <ostream>

#include "compiler/ast/traversal.h"
#include "compiler/ir/program.h"

namespace cnet::compiler::ir {
namespace {

// "library function chainer.functions.relu => cnet::functions::relu", "user method MLP.forward", ...
std::string Callee(const sema::TypeRef& t) {
    using sema::TypeKind;
    const auto lib = [](const char* what, const sema::BuiltinEntry& e, const std::string& cpp) {
        return std::string(what) + " " + e.QualifiedName() + (cpp.empty() ? "" : " => " + cpp);
    };
    switch (t->kind) {
        case TypeKind::kLibFunction: return lib("library function", *t->entry, t->entry->cpp);
        case TypeKind::kLibClass:
            return lib("library class", *t->entry, t->lib_type != nullptr ? t->lib_type->cpp : t->entry->cpp);
        case TypeKind::kBoundMethod:
            if (t->entry != nullptr) return lib("library method", *t->entry, t->entry->cpp);
            if (t->function != nullptr) {
                return "user method " + (t->function->owner != nullptr ? t->function->owner->name + "." : "") +
                       t->function->name;
            }
            break;
        case TypeKind::kUserFunction: return "user function " + t->function->name;
        case TypeKind::kUserClassRef: return "user class " + t->user_class->name + " (constructor)";
        default: break;
    }
    return sema::PyName(t);
}

void DumpArg(const Program& program, const BoundArg& arg, const std::string& indent, std::ostream& out) {
    std::string name = arg.spec != nullptr ? arg.spec->name : arg.param != nullptr ? arg.param->name : "?";
    if (arg.is_var_positional) name = "*" + name;
    // An untyped library parameter (`obj`) is expected as unknown: no type to show and no conversion.
    const bool typed = arg.expected && arg.expected->kind != sema::TypeKind::kUnknown;
    std::string want = typed ? sema::PyName(arg.expected) : "";
    if (want.empty() && arg.spec != nullptr) want = arg.spec->type;
    out << indent << name << (want.empty() ? "" : ": " + want);
    if (arg.is_var_positional) {
        out << " <-";
        for (const ast::Expr* e : arg.rest) out << " " << sema::PyName(program.TypeOf(*e));
        if (arg.rest.empty()) out << " (none)";
    } else if (arg.value == nullptr) {
        const std::string text = arg.spec != nullptr && arg.spec->has_default ? " " + arg.spec->default_value : "";
        out << " = default" << text;
    } else {
        const sema::TypeRef got = program.TypeOf(*arg.value);
        out << " <- " << sema::PyName(got);
        if (typed && !sema::SameType(got, arg.expected)) out << " (converted to " << sema::PyName(arg.expected) << ")";
    }
    out << "\n";
}

void DumpFunction(const Program& program, const FunctionInfo& fn, const std::string& indent, std::ostream& out) {
    InstanceScope facts(program, fn);  // Note [Generic functions] in sema/generic_functions.cc
    out << indent << "function " << fn.name << (fn.generic_of != nullptr ? " [" + fn.cpp_name + "]" : "") << "(";
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
    // One entry per call, in source order. A script's statements hang off the module, not a def.
    auto dump_call = [&](const ast::Node& n) {
        const auto* call = ast::DynCast<ast::CallExpr>(&n);
        if (call == nullptr) return;
        out << indent << "  call " << n.range().begin.line << ":" << n.range().begin.column << " "
            << Callee(program.TypeOf(call->func()));
        const CallInfo* info = program.Call(n);
        if (info != nullptr && info->instance != nullptr) out << " [" << info->instance->cpp_name << "]";
        out << " -> " << sema::PyName(program.TypeOf(n)) << "\n";
        if (info != nullptr) {
            for (const BoundArg& arg : info->args) DumpArg(program, arg, indent + "      ", out);
        }
    };
    if (fn.def != nullptr) {
        ast::WalkPreorder(*fn.def, dump_call);
    } else if (&fn == program.script_function.get()) {
        for (const ast::Stmt* s : program.script) ast::WalkPreorder(*s, dump_call);
    }
}

}  // namespace

void DumpProgram(const Program& program, std::ostream& out) {
    out << "program " << program.file_name << "\n";
    for (const auto& g : program.globals) out << "global " << g->name << ": " << sema::PyName(g->type) << "\n";
    for (const auto& [dest, type] : program.arg_types) out << "argument " << dest << ": " << sema::PyName(type) << "\n";
    for (const auto& cls : program.classes) {
        static const char* kKinds[] = {"Chain", "ChainList", "Link", "record"};
        // A library base (Iterator, StandardUpdater, ...) is named by its class; the others by their kind.
        const std::string kind = cls->kind == ClassInfo::Kind::kLibrary
                                     ? (cls->lib_base != nullptr ? cls->lib_base->name : std::string("library"))
                                     : kKinds[static_cast<int>(cls->kind)];
        out << "class " << cls->name << " [" << kind << "]"
            << (cls->user_base != nullptr ? " : " + cls->user_base->name : "") << "\n";
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
