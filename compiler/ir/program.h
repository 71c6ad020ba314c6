// program.h — the bound tree IR: the AST plus everything sema resolved about it (what each name and
// attribute refers to, the type of every expression, the classes and functions with their typed
// parameters, locals and fields, and each call's arguments in the callee's parameter order).
// Codegen reads only this and the AST it points into.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "compiler/ast/module.h"
#include "compiler/ast/visitor.h"
#include "compiler/kernel/kernel_def.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::ir {

using sema::TypeRef;

/// A local variable or parameter of a function (Python scoping: one per function).
struct VarInfo {
    std::string name;
    std::string cpp_name;
    TypeRef type;
    bool is_param = false;
    bool in_comprehension = false;  // a comprehension's loop variable (scoped to it, as in Python 3)
    /// Declared at the top of the function (assigned in a nested block and used outside it, or
    /// assigned by tuple unpacking / a for loop and used after it), instead of at its first assignment.
    bool hoisted = false;
    const ast::Node* first_def = nullptr;  // the statement that declares it (when not hoisted)
    /// Read where it may be unassigned: an "assigned" flag beside it, checked at those reads (checked_reads;
    /// Note [Definite assignment] in sema/definite_assignment.cc).
    bool check_assigned = false;
    /// An ndarray is assigned to it somewhere while its type is Variable (the array is kept as a constant):
    /// `chainer.Variable(x)` of it wraps the array again, as in Python (cifar's custom loop).
    bool holds_arrays = false;
    /// A name the module's statements assign and a function reads (Note [Module variables] in
    /// sema/module_variables.cc): a C++ variable at namespace scope with an "assigned" flag.
    bool module_variable = false;
    /// Note [Rebinding to another type] in sema/rebinding.cc: a version is another C++ variable of the same name
    /// holding values of another type (`version_of` its first variable); the first lists its versions.
    const VarInfo* version_of = nullptr;
    std::vector<VarInfo*> versions;
    /// Bound once to `args.__dict__`: a C++ reference to it (Note [The parsed arguments' dict] in
    /// sema/analyzer_stmt.cc).
    bool reference = false;
};

struct ParamInfo {
    std::string name;
    std::string cpp_name;
    TypeRef type;
    const ast::Param* param = nullptr;
    const ast::Expr* default_value = nullptr;
    /// A list or dict that the function changes in place (sema/changed_params.cc): a `T&` parameter, in the
    /// function's C++ declaration and in the std::function type of a closure alike.
    bool changed_in_place = false;
    /// A list, dict or tuple that the function binds to another object and does not change in place: taken by
    /// value, so the new binding stays local as in Python (a `const T&` could not be assigned).
    bool rebound = false;
};

struct ClassInfo;

struct FunctionInfo {
    const ast::FunctionDef* def = nullptr;
    ClassInfo* owner = nullptr;  // null for module-level functions
    std::string name;
    std::string cpp_name;
    std::vector<ParamInfo> params;  // without `self`
    TypeRef return_type;
    std::vector<std::unique_ptr<VarInfo>> locals;  // parameters first, then in order of first assignment
    bool is_init = false;
    /// `super().__init__(args)` of a user base class: the C++ constructor's base initializer (its first statement).
    const ast::CallExpr* base_init_call = nullptr;
    bool is_forward = false;   // forward / __call__ of a link class
    bool is_entry = false;     // `def main()` becoming C++ main
    bool called = false;       // some call site was seen (parameter types come from call sites)
    bool named = false;        // a method some `obj.name` reads (called or not)
    /// A module-level function nothing names, or a method no `obj.name` reads, whose parameters nothing types:
    /// not compiled (sema warns).
    bool unused = false;
    /// A nested `def` or a `lambda` (a C++ lambda inside `enclosing`, Note [Closures] in analyzer_closure.cc).
    FunctionInfo* enclosing = nullptr;
    const ast::LambdaExpr* lambda = nullptr;  // a lambda's expression (def is null then)
    bool escapes = false;  // returned or stored: captures by value, since the enclosing frame ends first
    bool is_property = false;  // `@property`: `obj.name` calls it
    /// The base class's method of the same name that this one overrides, and whether a subclass overrides this
    /// one: a C++ virtual function (Note [Overriding methods] in sema/overrides.cc).
    FunctionInfo* overrides = nullptr;
    bool overridden = false;
    /// `@training.make_extension(...)` on a module-level function (the decorator expression), else null.
    const ast::Expr* extension_decorator = nullptr;
    /// A converter returning a dict: the loss function's parameters, the order its values are passed in
    /// (Note [Keyword batches] in cnet/core/keyword_batch.h).
    std::vector<std::string> keyword_batch;
    /// An instantiation of this module-level function for other argument types: its own parameters, locals,
    /// return type and C++ function over the same body (Note [Generic functions] in sema/generic_functions.cc).
    const FunctionInfo* generic_of = nullptr;
    /// `def __init__(self, *args, **kwargs)` passing them on to the library base's constructor (Note
    /// [Forwarding constructors] in sema/forwarding_init.cc): that constructor; `params` are the names taken
    /// out with kwargs.pop(...), and the C++ constructor takes the base object built at the call site last.
    const sema::BuiltinEntry* forwarded_ctor = nullptr;
    const ast::Param* var_args = nullptr;    // `*args`, until sema decides what it is
    const ast::Param* var_kwargs = nullptr;  // `**kwargs`

    /// The function-level local `n` (a comprehension's variable is scoped to the comprehension, not found); its
    /// first variable where it is rebound to other types (Note [Rebinding to another type]).
    VarInfo* FindLocal(const std::string& n) const {
        for (const auto& v : locals) {
            if (v->name == n && !v->in_comprehension && v->version_of == nullptr) return v.get();
        }
        return nullptr;
    }
};

struct FieldInfo {
    std::string name;
    std::string cpp_name;
    TypeRef type;
    bool is_link = false;   // registered as a child link (add_link)
    bool is_param = false;  // registered as a parameter (add_param): `self.w = chainer.Parameter(...)` in init_scope
    /// Registered by `self.add_persistent('name', value)`: read and written as the link's persistent value
    /// (Link::persistent<T>), which serialize() saves, not as a C++ member (Note [Registered attributes]).
    bool is_persistent = false;
    const ast::Node* decl = nullptr;
    const ast::Expr* class_value = nullptr;  // a class attribute's constant (Note [Class attributes] in sema)
};

struct ClassInfo {
    // kLibrary: derives from a library class other than a link (Note [Library base classes]).
    enum class Kind { kChain, kChainList, kLink, kRecord, kLibrary };
    const ast::ClassDef* def = nullptr;
    std::string name;
    std::string cpp_name;
    Kind kind = Kind::kRecord;
    ClassInfo* user_base = nullptr;
    const sema::LibType* lib_base = nullptr;  // kLibrary: the library class derived from (not via user_base)
    std::vector<std::unique_ptr<FieldInfo>> fields;
    /// `trigger = 1, 'epoch'`, `priority = ...`, `name = ...` in the body of a training.Extension subclass: what
    /// the runtime's Extension members are set to before __init__ runs.
    std::vector<std::pair<std::string, const ast::Expr*>> extension_attributes;
    std::vector<std::unique_ptr<FunctionInfo>> methods;

    bool IsLink() const { return kind == Kind::kChain || kind == Kind::kChainList || kind == Kind::kLink; }
    FieldInfo* FindField(const std::string& n) const {
        for (const auto& f : fields) {
            if (f->name == n) return f.get();
        }
        return user_base != nullptr ? user_base->FindField(n) : nullptr;
    }
    FunctionInfo* FindMethod(const std::string& n) const {
        for (const auto& m : methods) {
            if (m->name == n) return m.get();
        }
        return user_base != nullptr ? user_base->FindMethod(n) : nullptr;
    }
    FunctionInfo* Init() const { return FindMethod("__init__"); }
    FunctionInfo* Forward() const {
        FunctionInfo* f = FindMethod("forward");
        return f != nullptr ? f : FindMethod("__call__");
    }
};

struct GlobalInfo {
    std::string name;
    std::string cpp_name;
    TypeRef type;
    const ast::AssignStmt* def = nullptr;
    bool late = false;  // assigned after a statement that runs code: reads check a flag (Note [Late globals])
};

/// One argument of a resolved call, in the callee's parameter order.
struct BoundArg {
    const sema::ParamSpec* spec = nullptr;  // library callee
    const ParamInfo* param = nullptr;       // user callee
    const ast::Expr* value = nullptr;       // null: the default is used
    std::vector<const ast::Expr*> rest;     // *args: the collected positional arguments
    bool is_var_positional = false;
    TypeRef expected;                       // the parameter type, when known
};

/// A call whose arguments were matched to the callee's parameters (keywords resolved, defaults known).
struct CallInfo {
    std::vector<BoundArg> args;
    /// The instantiation of a generic function that the call runs (its params are the args'), else null.
    const FunctionInfo* instance = nullptr;
};

/// What sema knows about an expression.
struct ExprInfo {
    TypeRef type;
    const VarInfo* local = nullptr;          // a local variable or parameter
    const GlobalInfo* global = nullptr;      // a module-level variable
    const FieldInfo* field = nullptr;        // self.x / obj.x of a user class
    const sema::BuiltinEntry* attr = nullptr;  // attribute of a library value (x.shape, args.gpu)
    bool is_self = false;
    /// A `T | None` read where a test proved it not None (Note [Narrowing]): the declared type; `type` is T.
    TypeRef narrowed_from;
};

struct Program {
    const ast::Module* module = nullptr;
    std::string file_name;  // base name of the source, for `// mlp.cnet:12` and CNET_LINE
    std::vector<std::unique_ptr<ClassInfo>> classes;     // source order
    std::vector<std::unique_ptr<FunctionInfo>> functions;  // module-level, source order
    std::vector<std::unique_ptr<FunctionInfo>> closures;   // nested defs and lambdas
    std::vector<std::unique_ptr<GlobalInfo>> globals;
    /// Top-level statements that run in main (a script without `def main`), in order.
    std::vector<const ast::Stmt*> script;
    FunctionInfo* entry = nullptr;  // the function whose body becomes C++ main (or the script's)
    std::unique_ptr<FunctionInfo> script_function;  // holds the script's locals
    /// What sema found about each expression and call: read with Info / TypeOf / Call, written with ExprSlot /
    /// CallSlot, which see the facts of the instantiation whose body is being analyzed or emitted.
    std::unordered_map<const ast::Node*, ExprInfo> exprs;
    std::unordered_map<const ast::Node*, CallInfo> calls;
    /// The body facts of each instantiation of a generic function (its body's nodes are the original's).
    struct Facts {
        std::unordered_map<const ast::Node*, ExprInfo> exprs;
        std::unordered_map<const ast::Node*, CallInfo> calls;
    };
    std::unordered_map<const FunctionInfo*, Facts> instance_facts;
    /// The instantiation whose facts Info / TypeOf / Call / the slots see first (InstanceScope), else null.
    mutable const FunctionInfo* instance = nullptr;
    /// Instantiations made during sema's passes; moved into `functions` after their originals once types settle.
    std::vector<std::unique_ptr<FunctionInfo>> instances;
    /// Reads of locals that may be unassigned there: UnboundLocalError at run time when they are.
    std::unordered_set<const ast::Node*> checked_reads;
    /// `kwargs.pop('name')` in a forwarding __init__: the parameter it reads (Note [Forwarding constructors]).
    std::unordered_map<const ast::Node*, std::size_t> kwargs_pops;
    /// argparse: dest -> type of each add_argument (one parser per program).
    std::map<std::string, TypeRef> arg_types;
    /// Kernels built from CuPy-form constructions (compiler/kernel/), by construction call, in source order.
    std::vector<std::unique_ptr<kernel::KernelDef>> kernels;
    std::unordered_map<const ast::Node*, const kernel::KernelDef*> kernel_at;
    /// Headers the program needs (from the builtin table), sorted.
    std::set<std::string> headers;
    /// `chainer.Chain.__init__(self)` / `Base.__init__(self)` in an `__init__`: Python 2's spelling of
    /// super().__init__(), which C++ does before the body (emitted as nothing).
    std::unordered_set<const ast::Node*> base_init_calls;
    /// Such a call skipping user bases' __init__ (`chainer.Chain.__init__(self)` in AlexFp16(Alex)): what those
    /// set, which C++ constructed and this __init__ sets again, so it is forgotten first (Link::delete_attribute).
    std::unordered_map<const ast::Node*, std::vector<std::string>> skipped_base_attributes;
    /// `Base.method(self, ...)`: the base's method itself, called qualified in C++ (Base::method).
    std::unordered_map<const ast::Node*, const FunctionInfo*> base_method_calls;
    /// concat_examples calls on a batch of bare arrays and dataset[i] of a dataset of them: one array, as in
    /// Chainer (Note [Datasets of arrays] in compiler/sema/array_examples.cc).
    std::unordered_set<const ast::Node*> array_examples;
    /// The dataset of a `for x, t in dataset:` loop: iterated as dataset[0], dataset[1], ...
    std::unordered_set<const ast::Node*> iterated_datasets;
    /// `model.insize` of an object made by a class chosen at run time: read from whichever class it is (Note
    /// [Classes chosen at run time] in compiler/sema/class_choice.cc).
    std::unordered_map<const ast::Node*, std::string> chosen_attributes;  // the attribute's C++ member
    /// Constructing a class chosen at run time, or calling an object one made when every class is the file's: the
    /// call bound to each class's `__init__` or forward, in the order of the choice's classes (same Note).
    std::unordered_map<const ast::Node*, std::vector<CallInfo>> chosen_calls;
    /// `obj.x` of a user class where nothing assigns `x`, with the class's name: Never, raising AttributeError when
    /// it runs (Note [An attribute nothing assigns] in compiler/sema/missing_attributes.cc).
    std::unordered_map<const ast::Node*, std::string> missing_attributes;

    const ExprInfo* Info(const ast::Node& e) const;
    TypeRef TypeOf(const ast::Node& e) const;
    const CallInfo* Call(const ast::Node& e) const;
    /// The statements of `fn`'s body (a script's top-level statements for the script's entry function).
    std::vector<const ast::Stmt*> Body(const FunctionInfo& fn) const;
    ExprInfo& ExprSlot(const ast::Node& e);
    CallInfo& CallSlot(const ast::Node& e);
    void ClearFacts();
    ClassInfo* FindClass(const std::string& name) const {
        for (const auto& c : classes) {
            if (c->name == name) return c.get();
        }
        return nullptr;
    }
    FunctionInfo* FindFunction(const std::string& name) const {
        for (const auto& f : functions) {
            if (f->name == name) return f.get();
        }
        return nullptr;
    }
};

/// Selects the facts of `fn` while a pass analyzes or emits its body: an instantiation's own, else the
/// shared ones (Note [Generic functions] in sema/generic_functions.cc). Restores the previous selection.
class InstanceScope {
public:
    InstanceScope(const Program& program, const FunctionInfo& fn)
        : program_(program), saved_(program.instance) {
        program.instance = fn.generic_of != nullptr ? &fn : nullptr;
    }
    ~InstanceScope() { program_.instance = saved_; }
    InstanceScope(const InstanceScope&) = delete;
    InstanceScope& operator=(const InstanceScope&) = delete;

private:
    const Program& program_;
    const FunctionInfo* saved_;
};

/// The IR as text (`cnetc emit --stage=ir`): classes, functions and each statement with typed expressions.
void DumpProgram(const Program& program, std::ostream& out);

}  // namespace cnet::compiler::ir
