// surface_program.cc — writes the every-entry program (surface_program.h): per table row, the C++ call
// codegen emits, with each argument a std::declval of the C++ type of the row's parameter type (an untyped
// parameter takes `Any`, convertible to every type), defaults spelled by codegen's own PyDefault, and the
// result checked against the C++ type of the row's result type.
#include "compiler/codegen/surface_program.h"

#include <map>
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

// Rows codegen lowers by hand (Python builtins and the methods of Python values, argparse, np.genfromtxt and
// np.unique): their `cpp` column is not the call codegen emits. six's dict views take any dict and collections'
// Counter and defaultdict are templates over the types sema infers (as the dict methods).
bool LoweredByCodegen(const BuiltinEntry& e) {
    static const std::set<std::string> kOwners = {"builtins", "list",        "str",     "dict", "set", "ArgumentParser",
                                                  "six",      "collections", "Counter", "copy"};
    return kOwners.count(e.owner) != 0 || (e.owner == "numpy" && (e.name == "genfromtxt" || e.name == "unique"));
}

// Rows whose table and header disagree in a form codegen can emit; each is a bug to fix (in the header), listed
// here so that it is named, not silently skipped. The program says which rows these are.
const std::map<std::string, std::string>& KnownMismatches() {
    static const std::map<std::string, std::string> kRows = {
        {"chainer.links.Linear", "L.Linear(n, nobias=True) passes out_size=None; the C++ needs an int out_size"},
        {"numpy.arange", "np.arange(a, step=s) passes stop=None; the C++ has no such overload"},
        {"cupy.arange", "as numpy.arange"},
        {"ArrayModule.arange", "as numpy.arange"},
    };
    return kRows;
}

// Rows only a user subclass can use (Note [Library base classes] in compiler/sema/library_bases.h): the abstract
// bases are named only as a class's base (constructing one is a compile error), and the protected FunctionNode
// members are called on `self`. tests/e2e/subclass_*.cnet build them in a subclass.
const std::map<std::string, std::string>& SubclassOnly() {
    static const std::map<std::string, std::string> kRows = {
        {"chainer.FunctionNode", "abstract: only a base class"},
        {"chainer.Function", "abstract: only a base class"},
        {"chainer.dataset.Iterator", "abstract: only a base class"},
        {"chainer.dataset.DatasetMixin", "abstract: only a base class"},
        {"chainer.training.Extension", "abstract: only a base class"},
        {"FunctionNode.retain_inputs", "protected: called on self"},
        {"FunctionNode.retain_outputs", "protected: called on self"},
        {"FunctionNode.get_retained_inputs", "protected: called on self"},
        {"FunctionNode.get_retained_outputs", "protected: called on self"},
    };
    return kRows;
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

    // The placeholder type of a parameter's value: its type, or for a union sema cannot join ("int | list[int]":
    // sema leaves it unchecked) the first alternative; null when untyped.
    TypeRef PlaceholderType(const std::string& text) {
        if (TypeRef t = Type(text)) return sema::StripOptional(t);  // a value given for `T | None` is a T
        const std::size_t bar = text.find('|');
        if (bar != std::string::npos) return Type(text.substr(0, bar));
        return nullptr;
    }

    // The argument codegen passes for a parameter given a value of its declared type.
    std::string Value(const sema::ParamSpec& p) {
        if (p.type == "list[Variable]") return "A<cnet::VarList>()";
        if (other_shape_form_ && p.var_positional && p.type == "int") return "A<cnet::Shape>()";  // f(*h.shape)
        if (other_shape_form_ && p.var_positional && p.type == "shape") return "A<int64_t>()";  // a.reshape(2)
        const TypeRef t = PlaceholderType(p.type);
        if (list_form_ && p.var_positional) {  // f(*xs) (Note [Unpacking a list into *args])
            return p.packed ? "A<cnet::VarList>()" : "A<std::vector<" + (t ? sema::CppName(t) : "int64_t") + ">>()";
        }
        const std::string v = t ? "A<" + sema::CppName(t) + ">()" : "surface_check::Any{}";
        return p.packed ? "cnet::VarList{" + v + "}" : v;
    }

    // The arguments codegen emits for a call passing the required parameters and, when `last` is a parameter
    // index, that parameter too (by keyword): interior defaults come from the table.
    std::string Args(const BuiltinEntry& e, std::size_t last, std::vector<std::string>* each) {
        std::string out;
        const auto& params = e.signature.params;
        std::size_t end = 0;
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (!params[i].has_default || params[i].var_positional || i == last) end = i + 1;
        }
        for (std::size_t i = 0; i < end; ++i) {
            const sema::ParamSpec& p = params[i];
            const std::string a = p.has_default && i != last ? gen_.PyDefault(p.default_value, Type(p.type)) : Value(p);
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
        if (owner == "Variable") return "A<cnet::Variable&>()";
        if (owner == "ndarray") return "A<cnet::Array&>()";
        if (owner == "ndarray[str]") return "A<cnet::np::StrArray&>()";
        const sema::LibType* lib = sema::BuiltinTable::Get().FindType(owner);
        if (lib == nullptr) return "";
        if (lib->shared) {
            *op = "->";
            return "A<std::shared_ptr<" + lib->cpp + ">&>()";
        }
        return "A<" + lib->cpp + "&>()";
    }

    // The call codegen emits for row `e` (see Args for `last`).
    std::string Call(const BuiltinEntry& e, std::size_t last) {
        std::vector<std::string> each;
        const std::string args = Args(e, last, &each);
        const bool templ = !e.cpp.empty() && e.cpp[0] == '=';
        switch (e.kind) {
            case EntryKind::kFunction:
                return templ ? Substitute(e.cpp.substr(1), "", args, each)
                             : Generator::LibResult(e, e.cpp + "(" + args + ")");
            case EntryKind::kClass:
                if (e.cpp == "Variable") return "cnet::Variable(" + args + ")";
                // codegen: std::make_shared<T>(args) or std::shared_ptr<T>(new T(args)); a value type: T(args).
                return e.lib_type->shared ? "std::shared_ptr<" + e.lib_type->cpp + ">(new " + e.lib_type->cpp + "(" +
                                                args + "))"
                                          : e.lib_type->cpp + "(" + args + ")";
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

    // The C++ type the result of a call of `e` must convert to ("" = None, or a type only sema knows), when
    // the call passes `passed` (a parameter name, for `A if param else B`).
    std::string Result(const BuiltinEntry& e, const std::set<std::string>& passed) {
        std::string text = e.result;
        const std::size_t if_pos = text.find(" if ");
        if (if_pos != std::string::npos) {
            const std::size_t else_pos = text.find(" else ", if_pos);
            const std::string param = text.substr(if_pos + 4, else_pos - if_pos - 4);
            text = passed.count(param) ? text.substr(0, if_pos) : text.substr(else_pos + 6);
        }
        if (text == "None") return "";
        // the argument's or receiver's type, or an element of the argument, which only sema knows
        if (text.rfind("type(", 0) == 0 || text.rfind("element(", 0) == 0) return "";
        const TypeRef t = Type(text);
        return t ? sema::CppName(t) : "";
    }

    void Row(std::ostream& out, const BuiltinEntry& e) {
        out << "    // " << e.QualifiedName() << "\n";
        if (e.kind == EntryKind::kConst || e.kind == EntryKind::kAttr) {
            std::string expr = e.cpp;
            if (e.kind == EntryKind::kAttr) {
                std::string op;
                const std::string recv = Receiver(e.owner, &op);
                const bool templ = !e.cpp.empty() && e.cpp[0] == '=';
                expr = templ ? Substitute(e.cpp.substr(1), recv, "", {}) : recv + op + e.cpp;
                const TypeRef t = Type(e.result);
                if (!e.setter.empty() && t) {
                    const std::string value = "A<" + sema::CppName(t) + ">()";
                    out << "    " << (e.setter[0] == '=' ? Substitute(e.setter.substr(1), recv, "", {value})
                                                          : recv + op + e.setter + "(" + value + ")")
                        << ";\n";
                }
            }
            Check(out, expr, Result(e, {}));
            return;
        }
        // Every form codegen emits: the required arguments only, and each optional parameter passed by keyword.
        const auto& params = e.signature.params;
        std::set<std::string> passed;
        for (const sema::ParamSpec& p : params) {
            if (!p.has_default) passed.insert(p.name);
        }
        Check(out, Call(e, params.size()), Result(e, passed));
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (!params[i].has_default) continue;
            std::set<std::string> with = passed;
            with.insert(params[i].name);
            Check(out, Call(e, i), Result(e, with));
        }
        // A `*shape: int` parameter also takes one unpacked shape as a cnet::Shape, a `*shape: shape` one ints
        // (Note [Unpacking a shape]).
        for (const sema::ParamSpec& p : params) {
            if (!p.var_positional || (p.type != "int" && p.type != "shape")) continue;
            std::set<std::string> with = passed;
            with.insert(p.name);
            other_shape_form_ = true;
            Check(out, Call(e, params.size()), Result(e, with));
            other_shape_form_ = false;
        }
        // A typed `*args` also takes one unpacked list (Note [Unpacking a list into *args]).
        for (const sema::ParamSpec& p : params) {
            if (!p.var_positional || p.type.empty() || p.type == "int" || p.type == "shape") continue;
            std::set<std::string> with = passed;
            with.insert(p.name);
            list_form_ = true;
            Check(out, Call(e, params.size()), Result(e, with));
            list_form_ = false;
        }
    }

    static void Check(std::ostream& out, const std::string& expr, const std::string& type) {
        if (type.empty()) {
            out << "    (void)" << expr << ";\n";
        } else {
            out << "    surface_check::Returns<" << type << ">(" << expr << ");\n";
        }
    }

private:
    bool list_form_ = false;         // Value() gives a `*args` parameter one list
    bool other_shape_form_ = false;  // Value() gives a `*name: int` parameter one cnet::Shape, a `*name: shape` an int
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
        if (!e.header.empty()) headers.insert(e.header);
    }
    for (const sema::LibType& t : table.types()) headers.insert(t.header);
    for (const std::string& h : headers) out << "#include <" << h << ">\n";
    out << "#include <cstdlib>\n#include <memory>\n#include <type_traits>\n#include <utility>\n\n"
           "namespace surface_check {\n"
           "// An argument of a parameter the table leaves untyped: it converts to whatever the C++ takes.\n"
           "struct Any {\n    template <class T>\n    operator T() const {\n        std::abort();\n    }\n};\n"
           "template <class Expected, class R>\n"
           "void Returns(R&&) {\n"
           "    static_assert(std::is_same_v<std::decay_t<R>, Expected> || std::is_convertible_v<R, Expected> ||\n"
           "                      std::is_constructible_v<Expected, R>,\n"
           "                  \"the C++ result does not convert to the table's result type\");\n"
           "}\n"
           "}  // namespace surface_check\n\n"
           "// A value of type T for an argument (an lvalue, as codegen's variables are); never called (main does not\n"
           "// run the rows).\n"
           "template <class T>\nT& A() {\n    std::abort();\n}\n\n"
           "void Rows() {\n";
    for (const BuiltinEntry& e : table.entries()) {
        if (LoweredByCodegen(e)) continue;
        auto known = KnownMismatches().find(e.QualifiedName());
        if (known != KnownMismatches().end()) {
            out << "    // " << e.QualifiedName() << ": NOT CHECKED, a known mismatch: " << known->second << "\n";
            continue;
        }
        auto sub = SubclassOnly().find(e.QualifiedName());
        if (sub != SubclassOnly().end()) {
            out << "    // " << e.QualifiedName() << ": in a subclass only (" << sub->second << ")\n";
            continue;
        }
        writer.Row(out, e);
    }
    out << "}\n\nint main(int argc, char**) {\n    if (argc < 0) Rows();  // compiled, never run\n    return 0;\n}\n";
    return out.str();
}

std::string SurfaceTypeNames() {
    std::string out;
    for (const sema::LibType& t : sema::BuiltinTable::Get().types()) out += t.cpp + "\n";
    return out;
}

}  // namespace cnet::compiler::codegen
