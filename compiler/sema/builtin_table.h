// builtin_table.h — the library surface as data, read from the runtime's own tables (cnet/surface.def and the
// per-family surface.def files it includes; chainer.functions from cnet/functions/ops.def), looked up by
// sema (names, arity, keywords) and codegen (C++ names, headers).
//
// Note [Builtin table]
// One table describes every library name once: its Python signature with Chainer's defaults (the
// arity and keyword checks and the compile-time keyword resolution read it), its C++ spelling and its
// result type. The runtime owns the tables (each family declares its surface beside its headers), so
// everything the runtime provides is callable with its Chainer keywords, and the compiler restates nothing:
// tests/surface compiles a call of every row against the headers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cnet::compiler::sema {

/// One parameter of a Python signature: `name`, `name=default`, `*name`, `name: type = default`.
struct ParamSpec {
    std::string name;
    std::string type;           // annotation text ("int | None"), empty if none
    std::string default_value;  // Python source of the default, empty if none
    bool has_default = false;
    bool var_positional = false;  // *args
    bool keyword_only = false;    // after `*` or `*args`
    bool packed = false;          // *args passed to C++ as one cnet::VarList (chainer.functions)
};

/// A parsed signature string such as "x, axis=1, *, mask=None".
struct Signature {
    std::vector<ParamSpec> params;
    /// Parses Chainer-style signature text; defaults may contain commas inside brackets or quotes.
    static Signature Parse(std::string_view text);
    const ParamSpec* Find(const std::string& name) const;
    std::size_t RequiredCount() const;
};

enum class EntryKind { kFunction, kClass, kMethod, kAttr, kConst };

struct LibType {
    std::string name;    // Python class name ("Adam")
    std::string base;    // library base type name ("Optimizer"), empty if none
    std::string cpp;     // C++ class ("cnet::optimizers::Adam")
    bool shared = true;  // held by std::shared_ptr
    bool scope = false;  // a context guard (holder `scope`): `with T(...):` holds one for the block
    std::string header;
};

struct BuiltinEntry {
    EntryKind kind = EntryKind::kFunction;
    std::string owner;  // module path for functions/classes/consts, type name for methods/attrs
    std::string name;
    std::string cpp;     // C++ name or `=template`; for attributes the getter
    std::string setter;  // attributes: setter member ("" = read-only)
    Signature signature;
    std::string result;  // result type text (see cnet/surface.def)
    std::string header;  // header to include ("" = none)
    const LibType* lib_type = nullptr;  // classes: the constructed type
    bool from_ops_def = false;          // chainer.functions entry from the runtime's table
    std::string family;                 // ops.def family

    std::string QualifiedName() const { return owner + "." + name; }
};

class BuiltinTable {
public:
    static const BuiltinTable& Get();

    /// The C++ namespace of a known module path ("chainer.links" -> "cnet::links"), or nullopt.
    std::optional<std::string> ModuleNamespace(const std::string& path) const;
    bool IsModule(const std::string& path) const { return ModuleNamespace(path).has_value(); }
    /// Every module path of the tables ("argparse", "chainer.links", "os.path", ...), sorted.
    std::vector<std::string> ModulePaths() const;
    /// A function, class or constant of a module (also "builtins").
    const BuiltinEntry* Member(const std::string& module, const std::string& name) const;
    /// Names visible as attributes of a module (members and submodules), for "did you mean".
    std::vector<std::string> MemberNames(const std::string& module) const;
    /// Method or attribute of a type, searching base types ("list", "str", "Variable", "Adam", ...).
    const BuiltinEntry* MethodOrAttr(const std::string& type, const std::string& name) const;
    std::vector<std::string> MethodAndAttrNames(const std::string& type) const;
    const LibType* FindType(const std::string& name) const;
    const std::vector<LibType>& types() const { return types_; }
    const std::vector<BuiltinEntry>& entries() const { return entries_; }

private:
    BuiltinTable();
    std::vector<LibType> types_;
    std::vector<BuiltinEntry> entries_;
    std::map<std::string, std::string> modules_;
    std::map<std::pair<std::string, std::string>, std::size_t> members_;  // (module, name) -> entry
    std::map<std::pair<std::string, std::string>, std::size_t> methods_;  // (type, name) -> entry
};

}  // namespace cnet::compiler::sema
