// surface_program.cc — writes the every-entry program (surface_program.h): per table row, the C++ call
// codegen emits, with each argument a std::declval of the C++ type of the row's parameter type (an untyped
// parameter takes `Any`, convertible to every type), defaults spelled by codegen's own PyDefault, and the
// result checked against the C++ type of the row's result type.
#include "compiler/codegen/surface_program.h"

#include <set>
#include <sstream>

#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/source_manager.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/builtin_table.h"

namespace cnet::compiler::codegen {
namespace {

using sema::BuiltinEntry;
using sema::EntryKind;

// Rows codegen lowers by hand (Python builtins and the methods of Python values, argparse): their `cpp`
// column is not a runtime entity.
bool LoweredByCodegen(const BuiltinEntry& e) {
    static const std::set<std::string> kOwners = {"builtins", "list", "str", "dict", "ArgumentParser"};
    return kOwners.count(e.owner) != 0;
}

class Writer {
public:
    Writer() : module_(SourceRange(), "surface", {}), diags_(sources_), analyzer_(module_, diags_, program_),
               gen_(program_, CodegenOptions{}) {
        program_.module = &module_;
    }

    TypeRef Type(const std::string& text) {
        if (text.empty()) return nullptr;
        if (const sema::LibType* lib = sema::BuiltinTable::Get().FindType(text)) return sema::types::LibObject(lib);
        TypeRef t = analyzer_.ParseTypeText(text, SourceRange());
        return t->kind == TypeKind::kUnknown ? nullptr : t;
    }

    // The argument codegen passes for a parameter given a value of its declared type.
    std::string Value(const sema::ParamSpec& p) {
        if (p.type == "list[Variable]") return "std::declval<cnet::VarList>()";
        const TypeRef t = Type(p.type);
        if (!t) return "surface_check::Any{}";
        // A value given for `T | None` is a T (codegen passes the value as it is).
        return "std::declval<" + sema::CppName(sema::StripOptional(t)) + ">()";
    }

    // The arguments of one call: the required parameters (full=false) or all of them, defaults from the table.
    std::string Args(const BuiltinEntry& e, bool full, std::vector<std::string>* each) {
        std::string out;
        for (const sema::ParamSpec& p : e.signature.params) {
            std::string a;
            if (p.var_positional) {
                a = p.packed ? "cnet::VarList{" + Value(p) + "}" : Value(p);
            } else if (!p.has_default) {
                a = Value(p);
            } else if (full) {
                a = gen_.PyDefault(p.default_value, Type(p.type));
            } else {
                break;  // codegen stops at the last argument given
            }
            each->push_back(a);
            out += (out.empty() ? "" : ", ") + a;
        }
        return out;
    }

    static std::string Substitute(std::string out, const std::string& self, const std::string& args,
                                  const std::vector<std::string>& each) {
        auto replace_all = [&](const std::string& key, const std::string& value) {
            for (std::size_t pos = out.find(key); pos != std::string::npos; pos = out.find(key, pos + value.size())) {
                out.replace(pos, key.size(), value);
            }
        };
        replace_all("$self", self);
        replace_all("$args", args);
        for (std::size_t pos = out.find(", )"); pos != std::string::npos; pos = out.find(", )")) out.erase(pos, 2);
        for (std::size_t i = 0; i < each.size(); ++i) replace_all("$" + std::to_string(i), each[i]);
        return out;
    }

    // The receiver of a method or attribute row and the member operator codegen uses for it.
    std::string Receiver(const std::string& owner, std::string* op) {
        *op = ".";
        if (owner == "Variable") return "std::declval<cnet::Variable&>()";
        if (owner == "ndarray") return "std::declval<cnet::Array&>()";
        if (owner == "ndarray[str]") return "std::declval<cnet::np::StrArray&>()";
        const sema::LibType* lib = sema::BuiltinTable::Get().FindType(owner);
        if (lib == nullptr) return "";
        if (lib->shared) {
            *op = "->";
            return "std::declval<std::shared_ptr<" + lib->cpp + ">&>()";
        }
        return "std::declval<" + lib->cpp + "&>()";
    }

    // One call expression of row `e`, or "" if the row is not a call.
    std::string Call(const BuiltinEntry& e, bool full) {
        std::vector<std::string> each;
        const std::string args = Args(e, full, &each);
        const bool templ = !e.cpp.empty() && e.cpp[0] == '=';
        switch (e.kind) {
            case EntryKind::kFunction:
                return templ ? Substitute(e.cpp.substr(1), "", args, each)
                             : Generator::LibResult(e, e.cpp + "(" + args + ")");
            case EntryKind::kClass:
                if (e.cpp == "Variable") return "cnet::Variable(" + args + ")";
                // codegen: std::make_shared<T>(args) or std::shared_ptr<T>(new T(args)); a value type: T(args).
                return (e.lib_type->shared ? "new " : "") + e.lib_type->cpp + "(" + args + ")";
            case EntryKind::kMethod: {
                std::string op;
                const std::string recv = Receiver(e.owner, &op);
                if (templ) return Substitute(e.cpp.substr(1), recv, args, each);
                if (e.cpp.empty()) return "(*" + recv + ")(" + args + ")";  // __call__
                return recv + op + e.cpp + "(" + args + ")";
            }
            default:
                return "";
        }
    }

    // The result type a call of `e` must convert to ("" = not checked: None, or a type only sema knows).
    std::string Result(const BuiltinEntry& e, bool full) {
        std::string text = e.result;
        const std::size_t if_pos = text.find(" if ");
        if (if_pos != std::string::npos) {
            const std::size_t else_pos = text.find(" else ", if_pos);
            text = full ? text.substr(0, if_pos) : text.substr(else_pos + 6);
        }
        if (text == "None") return "";
        const TypeRef t = Type(text);
        return t ? sema::CppName(t) : "";
    }

    void Row(std::ostream& out, const BuiltinEntry& e, int n) {
        out << "// " << e.QualifiedName() << "\n";
        if (e.kind == EntryKind::kConst || e.kind == EntryKind::kAttr) {
            std::string expr = e.cpp;
            if (e.kind == EntryKind::kAttr) {
                std::string op;
                const std::string recv = Receiver(e.owner, &op);
                expr = !e.cpp.empty() && e.cpp[0] == '=' ? Substitute(e.cpp.substr(1), recv, "", {}) : recv + op + e.cpp;
                const std::string type = Result(e, true);
                if (!e.setter.empty() && !type.empty()) {
                    out << "using S" << n << " = decltype(" << recv << op << e.setter << "(std::declval<" << type
                        << ">()));\n";
                }
            }
            Check(out, "R" + std::to_string(n), expr, Result(e, true));
            return;
        }
        Check(out, "R" + std::to_string(n), Call(e, false), Result(e, false));
        Check(out, "F" + std::to_string(n), Call(e, true), Result(e, true));
    }

    static void Check(std::ostream& out, const std::string& alias, const std::string& expr, const std::string& type) {
        out << "using " << alias << " = decltype(" << expr << ");\n";
        if (!type.empty()) {
            out << "static_assert(surface_check::Converts<" << alias << ", " << type << ">, \"" << alias
                << ": the result does not convert to " << type << "\");\n";
        }
    }

private:
    SourceManager sources_;
    ast::Module module_;
    DiagnosticEngine diags_;
    ir::Program program_;
    sema::Analyzer analyzer_;
    Generator gen_;
};

}  // namespace

std::string SurfaceProgram() {
    const sema::BuiltinTable& table = sema::BuiltinTable::Get();
    Writer writer;
    std::ostringstream out;
    out << "// Generated by cnet_surface_program from cnet/surface.def and cnet/functions/ops.def: do not edit.\n";
    std::set<std::string> headers;
    for (const BuiltinEntry& e : table.entries()) {
        if (!e.header.empty() && !LoweredByCodegen(e)) headers.insert(e.header);
    }
    for (const sema::LibType& t : table.types()) headers.insert(t.header);
    for (const std::string& h : headers) out << "#include <" << h << ">\n";
    out << "#include <memory>\n#include <type_traits>\n#include <utility>\n\n"
           "namespace surface_check {\n"
           "// An argument of a parameter the table leaves untyped: it converts to whatever the C++ takes.\n"
           "struct Any {\n    template <class T>\n    operator T() const;\n};\n"
           "template <class R, class T>\n"
           "constexpr bool Converts = std::is_convertible_v<R, T> || std::is_constructible_v<T, R>;\n"
           "}  // namespace surface_check\n\n";
    int n = 0;
    for (const BuiltinEntry& e : table.entries()) {
        if (LoweredByCodegen(e)) continue;
        writer.Row(out, e, n++);
    }
    out << "\nint main() { return 0; }\n";
    return out.str();
}

std::string SurfaceTypeNames() {
    std::string out;
    for (const sema::LibType& t : sema::BuiltinTable::Get().types()) out += t.cpp + "\n";
    return out;
}

}  // namespace cnet::compiler::codegen
