// analyzer.h — the sema pass's internal state (not a public header): scopes, the current function and
// class, and the fixpoint over parameter/return/local types. Split over analyzer_*.cc by concern.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "compiler/ast/visitor.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/ir/program.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::sema {

/// A parameter list as the argument binder sees it (library signature or user def).
struct BindParam {
    std::string name;
    bool has_default = false;
    bool var_positional = false;
    bool keyword_only = false;
    TypeRef type;  // expected type, may be null
    const ParamSpec* spec = nullptr;
    const ir::ParamInfo* param = nullptr;
};

/// A user def's (or lambda's) parameter before its type is inferred: name, hygienic C++ name, default.
ir::ParamInfo UntypedParam(const ast::Param& p);

/// Names the module's statements bind more than once: variables of the module's code, never constants
/// (late_globals.cc, Note [Late globals]).
std::set<std::string> ModuleNamesBoundAgain(const ast::Module& module);

/// Whether a C++ copy of a container holding `element`s is Python's shallow copy (no inner list or dict, which
/// Python would share): py_copy.cc.
bool CopySharesLikePython(const TypeRef& element);

class Analyzer {
public:
    Analyzer(const ast::Module& module, DiagnosticEngine& diags, ir::Program& program);
    void Run();

    // ---- analyzer_decls.cc
    void CollectModule();
    void MarkLateGlobals();  // late_globals.cc (Note [Late globals])
    void MarkChangedParams();  // changed_params.cc
    // ---- shared_containers.cc (Note [Two names for one list])
    struct ContainerUses;
    void CheckSharedContainersEverywhere();
    void CheckSharedContainers(const std::vector<const ast::Node*>& roots);
    void CheckSecondName(const ast::AssignStmt& a, const ContainerUses& uses);
    void CheckLoopName(const ast::ForStmt& f, const ContainerUses& uses);
    /// The names an import binds: the module's (module_names_, ...) or a function's (function_imports_).
    struct ImportScope {
        std::map<std::string, TypeRef>& names;
        std::map<std::string, const BuiltinEntry*>& entries;
        std::map<std::string, const ast::Node*>& decls;
    };
    void CollectImport(const ast::ImportStmt& s, const ImportScope& into);
    void CollectImportFrom(const ast::ImportFromStmt& s, const ImportScope& into);
    ImportScope ModuleImports() { return {module_names_, module_entries_, module_decls_}; }
    void CollectClass(const ast::ClassDef& def);
    ir::FunctionInfo* CollectFunction(const ast::FunctionDef& def, ir::ClassInfo* owner,
                                      std::vector<std::unique_ptr<ir::FunctionInfo>>& into);
    void CollectLocals(ir::FunctionInfo& fn, const ast::StmtList& body);
    void CollectTargets(ir::FunctionInfo& fn, const ast::Expr& target);
    bool IsMainGuard(const ast::Stmt& s) const;
    void ChooseEntry();
    TypeRef ParseAnnotation(const ast::Expr& e);
    TypeRef ParseTypeText(const std::string& text, SourceRange where);
    TypeRef EntryType(const BuiltinEntry* entry);  // the type of naming a library entry
    TypeRef ResultType(const BuiltinEntry& entry, const ir::CallInfo* call);

    // ---- analyzer_stmt.cc
    void AnalyzeFunction(ir::FunctionInfo& fn);
    void AnalyzeBlock(const ast::StmtList& body);
    void AnalyzeStmt(const ast::Stmt& s);
    void AnalyzeStmtImpl(const ast::Stmt& s);
    void AnalyzeAssign(const ast::Expr& target, const TypeRef& value, const ast::Node& at);
    void AnalyzeFor(const ast::ForStmt& s);
    void AnalyzeWith(const ast::WithStmt& s);
    void Unsupported(const ast::Node& n, const std::string& message);
    TypeRef IterElement(const TypeRef& iterable, const ast::Expr& at);

    // ---- analyzer_expr.cc
    TypeRef Expr(const ast::Expr& e, const TypeRef& expected = nullptr);
    TypeRef ExprImpl(const ast::Expr& e, const TypeRef& expected, ir::ExprInfo& info);
    TypeRef Name(const ast::NameExpr& e, ir::ExprInfo& info);
    TypeRef Attribute(const ast::AttributeExpr& e, ir::ExprInfo& info);
    TypeRef Subscript(const ast::SubscriptExpr& e);
    TypeRef Binary(const ast::BinaryExpr& e);
    TypeRef BinaryTypes(ast::BinaryOp op, const TypeRef& l, const TypeRef& r, const ast::Node& at);
    TypeRef Compare(const ast::CompareExpr& e);
    TypeRef ListComp(const ast::ComprehensionExpr& e);  // list/dict comprehensions, generator arguments
    // The type a display stores for an element of type `t` (an error for what cannot be stored).
    bool FitsUnion(const TypeRef& t, const std::string& type_text);
    TypeRef ModuleVariable(const std::string& id, ir::ExprInfo& info);  // Note [Module variables]
    TypeRef Stored(const ast::Expr& e, const TypeRef& t, const char* in);
    TypeRef Collection(const ast::Expr& e, const TypeRef& expected);
    TypeRef MemberOf(const TypeRef& value, const std::string& attr, const ast::AttributeExpr& e,
                     ir::ExprInfo& info);
    /// "did you mean" points at the candidate's definition in `cls` (default: the class being analyzed).
    void UnknownAttribute(const ast::AttributeExpr& e, const std::string& owner,
                          const std::vector<std::string>& candidates, const ir::ClassInfo* cls = nullptr);
    // ---- run_time_values.cc (Note [Values typed at run time])
    /// `what` (an operator, an attribute) used on a value typed at run time: an error saying to convert it.
    void ObjectOperandError(const ast::Node& at, const std::string& what);
    /// `isinstance(x, str)` of a path typed object: the path and what it holds where the call is true.
    std::optional<std::pair<std::string, TypeRef>> IsinstanceFact(const ast::CallExpr& call) const;
    /// `isinstance(x, chainer.Variable)` of a path typed Variable or ndarray: the path and the test's value.
    std::optional<std::pair<std::string, bool>> DecidedIsinstance(const ast::CallExpr& call) const;
    /// `isinstance(x, chainer.Variable)` of a path typed `Variable | None`: the path (the test is `x is not None`).
    std::string OptionalVariableIsinstance(const ast::CallExpr& call) const;
    // ---- constructor_typed_members.cc (Note [Members typed by a constructor argument])
    TypeRef ConstructedObject(const BuiltinEntry& ctor, const ir::CallInfo& call);
    TypeRef ConstructorArgType(const TypeRef& object, const BuiltinEntry& attr);
    // ---- class_choice.cc (Note [Classes chosen at run time])
    TypeRef ConstructChosen(const ast::CallExpr& e, const TypeRef& choice);
    TypeRef ChosenAttribute(const TypeRef& object, const std::string& attr, const ast::AttributeExpr& e);
    void CheckChosenCall(const ast::CallExpr& e, const TypeRef& object);
    TypeRef CallChosen(const ast::CallExpr& e, const TypeRef& object);
    /// Errors and warnings reported so far, those an expression still holds included.
    std::size_t DiagnosticsSoFar() const {
        return static_cast<std::size_t>(diags_.error_count() + diags_.warning_count()) +
               (pending_ != nullptr ? pending_->size() : 0);
    }
    // ---- array_examples.cc (Note [Datasets of arrays])
    /// Whether `e` (a concat_examples call, or dataset[i]) gives one array, as decided after the previous pass
    /// (nullopt in the first pass that meets it: its type is unknown until then).
    std::optional<bool> ExamplesAreArrays(const ast::Expr& e);
    /// Traces this pass's such expressions over its settled bindings; true when a decision was new.
    bool SettleArrayExamples();
    // ---- missing_attributes.cc (Note [An attribute nothing assigns])
    /// `obj.attr` of a user class that nothing assigns `attr` to: Never and a warning (true), or false where it
    /// stays an error (a name close to one the class has, one a derived class assigns).
    bool MissingAttributeRead(const ast::AttributeExpr& e, const ir::ClassInfo& cls,
                              const std::vector<std::string>& candidates);
    /// After `e`'s own analysis: `t` made Never (bool for a comparison) when an operand Python evaluates first is
    /// Never (never.h). True when e's own checks have nothing to say (then, or where this reported instead).
    bool TypeAroundNeverOperand(const ast::Expr& e, TypeRef& t);
    /// Narrows an incompletely typed local/field (e.g. `losses = []`) with what a use tells about it.
    void Refine(const ast::Expr& e, const TypeRef& type);

    // ---- analyzer_call.cc
    TypeRef Call(const ast::CallExpr& e);
    TypeRef CallBuiltin(const ast::CallExpr& e, const BuiltinEntry& entry);
    TypeRef CallLibMethod(const ast::CallExpr& e, const TypeRef& receiver, const BuiltinEntry& entry);
    TypeRef CallUser(const ast::CallExpr& e, ir::FunctionInfo* fn, const std::string& what);
    /// The types of a bound call's arguments against the user function's parameters (inferring untyped ones);
    /// the function or the instantiation of a generic one that the call runs.
    ir::FunctionInfo* UserArgTypes(ir::FunctionInfo* fn, ir::CallInfo& call, const std::string& what);
    TypeRef CallLink(const ast::CallExpr& e, const TypeRef& link);
    /// `obj(...)` of a library object whose surface row declares `__call__` (a link's forward, an Evaluator).
    TypeRef CallDunderCall(const ast::CallExpr& e, const std::string& lib_type, const BuiltinEntry& call_entry);
    TypeRef DictView(const BuiltinEntry& entry, const ast::Expr* arg);
    // ---- numpy_strings.cc
    TypeRef NumpyStrings(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call);
    // ---- optimizer_update.cc
    /// optimizer.update(lossfun, *args, **kwds): lossfun called with the arguments must give a Variable.
    TypeRef OptimizerUpdate(const ast::CallExpr& e);
    // ---- analyzer_argparse.cc
    void AddArgument(const ast::CallExpr& e);
    void SetDefaults(const ast::CallExpr& e);
    // ---- py_collections.cc
    TypeRef CallCollections(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call);
    TypeRef CallCounterMethod(const ast::CallExpr& e, const TypeRef& counter, const BuiltinEntry& entry,
                              const ir::CallInfo& call);
    TypeRef CounterKey(const ast::Expr& arg);
    TypeRef DefaultFactory(const ast::Expr& factory);
    // ---- py_builtins.cc: any, all, ord, chr, divmod
    TypeRef CallPyBuiltin(const ast::CallExpr& e, const std::string& name, const ir::CallInfo& call);
    // ---- py_container_methods.cc: list.sort / copy, dict.pop / setdefault / update / copy; null for other methods
    TypeRef CallContainerMethod(const ast::CallExpr& e, const TypeRef& receiver, const BuiltinEntry& entry,
                                ir::CallInfo& call);
    // ---- py_json.cc, py_copy.cc
    void CheckJsonValue(const BuiltinEntry& entry, const ir::CallInfo& call);
    TypeRef CallCopy(const ast::CallExpr& e, const BuiltinEntry& entry, const ir::CallInfo& call);
    /// Binds e's arguments, but for its first `skip` positional ones, to `params`.
    bool Bind(const ast::CallExpr& e, const std::string& what, const std::vector<BindParam>& params,
              ir::CallInfo& out, std::size_t skip = 0);
    std::vector<BindParam> LibParams(const BuiltinEntry& entry);
    std::vector<BindParam> UserParams(const ir::FunctionInfo& fn);
    /// call_of_function: a chainer.functions call, whose untyped parameters still refuse user objects.
    void VariableOfArrayName(ir::CallInfo& call);
    void CheckArgTypes(const ast::CallExpr& e, const std::string& what, ir::CallInfo& call, bool call_of_function = false);
    /// A call of numpy's own functions (which take lists as array_like), after its callee is analyzed.
    bool IsNumpyFunction(const ast::CallExpr& e);
    /// `f(*h.shape)` into a library `*shape: int` parameter (Note [Unpacking a shape]).
    void StarredShape(const ast::StarredExpr& star);
    void StarredList(const ast::StarredExpr& star, const ir::BoundArg& arg, const std::string& what);
    TypeRef ZipOfRows(const TypeRef& rows, const ast::Expr& arg);
    /// The values of a `*shape: shape` parameter: ints, or one tuple or list of ints (Note [Unpacking a shape]).
    void ShapeArguments(const std::vector<const ast::Expr*>& values, const std::string& name, const std::string& what);

    // ---- generic_functions.cc (Note [Generic functions])
    /// Why calls of `fn` cannot get their own instantiation; empty when they can.
    std::string NotGenericReason(const ir::FunctionInfo& fn) const;
    ir::FunctionInfo* Instantiate(const ir::FunctionInfo& original);
    /// The instantiation of `fn` that a call with argument types `types` binds to (made when none fits).
    ir::FunctionInfo* ChooseInstance(ir::FunctionInfo* fn, ir::CallInfo& call, const std::vector<TypeRef>& types);
    void AnalyzeInstances();
    void SpliceInstances();  // into Program::functions, after their originals
    /// An error already reported at the same place, in a program with instantiations (for another one).
    bool ReportedInOtherInstance(const SourceRange& range, const std::string& message);

    // ---- analyzer_try.cc
    void AnalyzeTry(const ast::TryStmt& s);
    void AnalyzeRaise(const ast::RaiseStmt& s);
    void CheckHandlerType(const ast::Expr& e);
    void CollectTryLocals(ir::FunctionInfo& fn, const ast::TryStmt& s);

    // ---- analyzer_kernel.cc (compiler/kernel/ does the kernel language)
    /// A CuPy-form kernel construction (cupy.ElementwiseKernel(...), cuda.reduce(...)): its kernel type; null when
    /// `e` is no such construction.
    TypeRef KernelConstruction(const ast::CallExpr& e);
    bool IsKernelConstruction(const ast::Expr& e);
    TypeRef CallKernelObject(const ast::CallExpr& e, const TypeRef& kernel);
    /// An @elementwise function: its kernel and derived gradients, bound to its name; false for other functions.
    bool CollectNativeKernel(const ast::FunctionDef& def);

    // ---- analyzer_closure.cc
    void CollectClosure(ir::FunctionInfo& fn, const ast::FunctionDef& def);
    ir::FunctionInfo* ClosureOf(const ast::Node& n) const;
    void AnalyzeClosure(ir::FunctionInfo& c);
    TypeRef Lambda(const ast::LambdaExpr& e);
    void MarkEscaping(const TypeRef& t);
    // ---- element_functions.cc (Note [Functions applied to elements])
    /// What `fn` (map's function, sorted's key) gives called with one element; types its parameter.
    TypeRef ElementFunctionResult(const ast::Expr& fn, const TypeRef& element, const std::string& role,
                                  const std::string& example);
    TypeRef Sorted(const ir::CallInfo& call);  // sorted(xs, key=lambda x: ...): the key's parameter is an element
    TypeRef Map(const ast::CallExpr& e, const ir::CallInfo& call);  // map(f, xs): a list
    // ---- analyzer_library_base.cc (Note [Library base classes])
    /// The library type a kLibrary user class derives from, or null.
    const LibType* UserLibraryType(const ir::ClassInfo* cls) const;
    /// A method or attribute of that library type (`self.get_iterator`, `self.retain_inputs`), or null.
    const BuiltinEntry* LibraryMember(const ir::ClassInfo* cls, const std::string& attr) const;
    /// The type the runtime gives parameter i of hook method fn (null when fn is no hook).
    TypeRef HookParamType(const ir::FunctionInfo& fn, std::size_t i);
    /// super().__init__(...) in a class deriving from a library class whose constructor takes arguments, or
    /// constructing such a class that has no __init__ (`BPTTUpdater(it, opt)`).
    TypeRef LibraryConstructorCall(const ast::CallExpr& e, const ir::ClassInfo& cls, bool super_init);
    const BuiltinEntry* LibraryConstructor(const ir::ClassInfo& cls) const;
    // Note [Forwarding constructors] (forwarding_init.cc)
    void SetUpForwardingInits();
    TypeRef ForwardingSuperInit(const ast::CallExpr& e);
    bool KwargsPop(const ast::CallExpr& e, TypeRef* type);
    void ConstructForwarding(const ast::CallExpr& e, ir::FunctionInfo& init, const std::string& what);
    /// A user function or method passed where the library takes a callable (loss_func=, eval_func=,
    /// eval_hook=, trainer.extend(f)): gives its parameters the types the library passes. True if handled.
    bool CallableArgument(const ir::CallInfo& call, const ir::BoundArg& arg, const TypeRef& value);
    TypeRef ConverterBatchType(const ir::CallInfo& call);  // Note [User converters]
    void GiveParamType(ir::FunctionInfo& fn, ir::ParamInfo& p, const TypeRef& type);
    void TypeConverter(const ast::CallExpr& e, const ir::CallInfo& call);
    ir::FunctionInfo* KeywordBatchLossFunction(const ir::CallInfo& call);  // keyword_batches.cc
    void KeywordBatchConverter(const ir::CallInfo& call, ir::FunctionInfo& converter, const ast::Expr& where);
    /// Calling an instance of a user chainer.Function subclass: `MulAdd()(x, y, z)`.
    TypeRef CallFunctionObject(const ast::CallExpr& e, const ir::ClassInfo& cls);
    /// What the runtime needs of a library subclass (Iterator.__next__, FunctionNode.forward, ...).
    void CheckLibraryClass(const ir::ClassInfo& cls);

    // ---- initializer_args.cc
    /// None, a number, an ndarray, a chainer.initializers object or a callable: what an initializer argument takes.
    bool IsInitializerValue(const TypeRef& value);
    /// initialW=, initial_bias=, lateral_init=, ... of a library call: an error unless an initializer (Bilinear's
    /// initial_bias: a tuple of three written in the call).
    void CheckInitializerArgument(const ir::BoundArg& arg, const ast::Expr& value, const TypeRef& type,
                                  const std::string& what);

    // ---- analyzer_placement.cc
    void PlaceDeclarations(ir::FunctionInfo& fn, const ast::StmtList& body);

    // ---- definite_assignment.cc (Note [Definite assignment])
    void CheckDefiniteAssignment(ir::FunctionInfo& fn, const std::vector<const ast::Stmt*>& body, bool module_level);
    void CheckDefiniteAssignmentEverywhere();

    // ---- narrowing.cc (Note [Narrowing])
    struct NarrowFacts {
        std::vector<std::string> when_true, when_false;  // paths proven not None when the test is true / false
        // paths of objects proven to hold a type by isinstance (Note [Values typed at run time])
        std::vector<std::pair<std::string, TypeRef>> kinds_true, kinds_false;
    };
    struct NarrowFact {
        std::string key;  // `x`, `self.left`; empty once the path was assigned
        const ir::FunctionInfo* fn;
        TypeRef to;  // the type assigned (an object's class, an ndarray into a Variable), or null: not None
    };
    NarrowFacts ConditionFacts(const ast::Expr& test) const;
    void PushFacts(const std::vector<std::string>& keys);
    void PushFacts(const NarrowFacts& facts, bool test_true);  // what holds where the test was true / false
    std::vector<std::string> AssignedLast(const ast::StmtList& body, const std::vector<std::string>& keys) const;
    void PopFacts(std::size_t size);
    /// The type of a read of `e` (typed `t`) where a fact narrows it (to T from `T | None`, to the class assigned,
    /// to an ndarray assigned to a Variable name); `t` elsewhere.
    TypeRef NarrowedType(const ast::Expr& e, const TypeRef& t) const;
    /// NarrowedType, recorded in `info` (narrowed_from) for codegen.
    TypeRef Narrowed(const ast::Expr& e, const TypeRef& t, ir::ExprInfo& info);
    void KillFacts(const ast::Expr& target);
    /// After `target = value` with `target` declared `declared`: the fact that reads see the value's type.
    void NoteAssigned(const ast::Expr& target, const TypeRef& declared, const TypeRef& value);
    void KillFactsAssignedIn(const ast::StmtList& body);
    static bool AlwaysLeaves(const ast::StmtList& body);
    void AnalyzeIf(const ast::IfStmt& s);
    TypeRef BoolOperands(const ast::BoolOpExpr& e);
    TypeRef Conditional(const ast::ConditionalExpr& c, const TypeRef& expected);

    // ---- rebinding.cc (Note [Rebinding to another type])
    /// Which variables each rebound name may be bound to at a point of the function being analyzed.
    struct Bindings {
        bool reachable = true;
        /// A name's first variable -> the variables it may be bound to here (absent: its first only).
        std::map<const ir::VarInfo*, std::set<ir::VarInfo*>> of;
        bool operator==(const Bindings& o) const { return reachable == o.reachable && of == o.of; }
    };
    struct LoopExits {
        Bindings at_break{false, {}}, at_continue{false, {}};
    };
    static Bindings MergeBindings(const Bindings& a, const Bindings& b);
    /// The one variable the name is bound to here (its first where nothing rebound it), or null where paths disagree.
    ir::VarInfo* SingleBinding(const ir::VarInfo& first) const;
    /// The variable a read of the name whose first variable is `first` means here (an error where it may be more
    /// than one); a read from a nested def or lambda (`nested`) of a name with versions is an error.
    ir::VarInfo* BoundVariable(ir::VarInfo& first, const ast::NameExpr& read, bool nested = false);
    /// The type of the variable the name is bound to here (the expected type of a value assigned to it).
    TypeRef BoundType(ir::VarInfo& first) const;
    /// Whether `value` may be stored in the name's first variable (as it always was before versions).
    bool WidenNoneParameter(ir::VarInfo& first, const TypeRef& value);
    bool WidenNoneParameter(ir::FunctionInfo& fn, ir::ParamInfo& p, const TypeRef& value);
    static bool FitsFirst(const ir::VarInfo& first, const TypeRef& value);
    /// The variable `name = value` stores into: the one the name is bound to, its first, a version of that type
    /// or a new version; the first where the name cannot be rebound (its old diagnostics stand).
    ir::VarInfo* VariableFor(ir::VarInfo& first, const TypeRef& value, const ast::Node& at);
    void BindTo(const ir::VarInfo& first, ir::VarInfo& var);
    /// A loop's head: the state before it merged with the state its body ended in (in the previous pass).
    Bindings EnterLoopBindings(const ast::Stmt& loop);
    void LeaveLoopBindings(const ast::Stmt& loop, const Bindings& head);
    void LeaveToLoopExit(bool is_break);  // `break` / `continue`
    Bindings bindings_;
    std::vector<LoopExits> loop_exits_;
    std::vector<Bindings*> try_states_;  // every state a `try` body passes through (a handler may start at any)
    std::map<std::pair<const ir::FunctionInfo*, const ast::Node*>, Bindings> loop_end_bindings_;  // across passes

    // ---- class_attributes.cc (Note [Class attributes])
    /// `insize = 227` in a class body: a field starting at that constant. False when `s` assigns no name.
    bool CollectClassAttribute(ir::ClassInfo& cls, const ast::Stmt& s);
    void MergeClassAttributes();    // after all classes are collected: subclasses repeating a base's constant
    void AnalyzeClassAttributes();  // the reporting pass: the constants' expressions
    const ir::FieldInfo* ClassAttribute(const ir::ClassInfo& cls, const std::string& attr) const;
    /// `Alex.insize = 5`: rejected (true) when `target` is a class attribute read through its class.
    bool RejectClassAttributeStore(const ast::AttributeExpr& target);

    // ---- base_calls.cc
    bool ExplicitBaseInit(const ast::CallExpr& e);
    void CheckSkippedBaseInit(const ast::CallExpr& e);
    TypeRef ExplicitBaseMethodCall(const ast::CallExpr& e);
    void CheckBaseConstruction();

    // ---- overrides.cc (Note [Overriding methods])
    void LinkOverrides();
    bool SettleOverrides();
    void CheckOverrides();

    // ---- complete_types.cc
    void CheckCompleteTypes();
    bool IsNamespaceDict(const ast::Expr& e) const;  // analyzer_stmt.cc
    void MarkUnusedFunctions();
    // ---- registered_attributes.cc (Note [Registered attributes])
    void RegisteredAttribute(const ast::CallExpr& call);
    void MarkUnusedMethods();
    void CheckTextMethods();
    TypeRef TransformExampleType(const ir::CallInfo& call);
    // ---- shape_check.cc (Note [Static shape checks])
    void CheckShapes();

    void Error(const SourceRange& range, const std::string& message);
    void ErrorWithNote(const SourceRange& range, const std::string& message, const SourceRange& note_at,
                       const std::string& note);
    void WarningWithNote(const SourceRange& range, const std::string& message, const SourceRange* note_at,
                         const std::string& note);
    /// A diagnostic of an expression's own checks, held until its operands are known not to be Never (an
    /// expression that raises before it runs has nothing to check: Analyzer::Expr).
    struct PendingDiagnostic {
        Severity severity;
        SourceRange range;
        std::string message;
        std::optional<std::pair<SourceRange, std::string>> note;
    };
    void Report(const PendingDiagnostic& d);
    /// Joins `value` into `slot`; marks a change; reports a conflict (in the reporting pass).
    bool JoinInto(TypeRef& slot, const TypeRef& value, const ast::Node& at, const std::string& what);
    std::vector<std::string> VisibleNames() const;

    const ast::Module& module_;
    DiagnosticEngine& diags_;
    ir::Program& program_;
    const BuiltinTable& table_;

    std::map<std::string, TypeRef> module_names_;  // imports, classes, functions
    std::map<std::string, const BuiltinEntry*> module_entries_;  // names bound to library entries
    std::map<std::string, const ast::Node*> module_decls_;  // where each module-level name comes from
    // `import matplotlib.pyplot as plt` inside a function (vae's save_images): modules are compile-time names,
    // so the import binds in that function's scope and emits nothing.
    struct FunctionImports {
        std::map<std::string, TypeRef> names;
        std::map<std::string, const BuiltinEntry*> entries;
        std::map<std::string, const ast::Node*> decls;
    };
    std::map<const ir::FunctionInfo*, FunctionImports> function_imports_;
    ir::FunctionInfo* fn_ = nullptr;
    /// The name a statement `name = value` assigns while its value is analyzed (a defaultdict numbering its own
    /// keys reads it), else null.
    const std::string* assigned_name_ = nullptr;
    ir::ClassInfo* cls_ = nullptr;
    std::vector<std::map<std::string, ir::VarInfo*>> comp_scopes_;
    int loop_depth_ = 0;
    int handler_depth_ = 0;
    std::vector<PendingDiagnostic>* pending_ = nullptr;  // the innermost Expr's, while its own checks run
    const ast::Expr* storing_attribute_ = nullptr;  // `obj.x = v` while its target is analyzed
    std::set<const ast::Node*> rejected_unpacking_;  // `f(*x)` already reported by Bind: Expr types only x
    std::set<const ast::Node*> generator_args_;  // generator expressions that are a call's positional argument  // inside an `except` block (a bare `raise` re-raises)
    std::vector<NarrowFact> narrowed_;  // Note [Narrowing]
    bool in_init_scope_ = false;
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::string>> reported_;  // ReportedInOtherInstance
    bool report_ = false;
    bool changed_ = false;
    bool forward_params_default_ = true;  // untyped forward parameters are Variables (Run: once the rest settled)
    /// concat_examples calls and dataset[i] of this pass, with their function; the decisions of earlier passes.
    std::vector<std::pair<const ast::Expr*, const ir::FunctionInfo*>> example_exprs_;
    std::map<const ast::Expr*, bool> examples_are_arrays_;
};

}  // namespace cnet::compiler::sema
