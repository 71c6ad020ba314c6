// codegen.h — the C++ generator's internal state (not a public header), split over codegen_*.cc:
// expressions, calls, statements, and the module skeleton (classes, functions, main).
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "compiler/ast/visitor.h"
#include "compiler/codegen/code_writer.h"
#include "compiler/codegen/cpp_codegen.h"
#include "compiler/ir/program.h"
#include "compiler/kernel/fusion.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::codegen {

using sema::TypeKind;
using sema::TypeRef;

/// `t` with what nothing decided (`[[]]`'s element, a key never stored, `set()` printed) as None: any type would do.
TypeRef Completed(const TypeRef& t);

class Generator {
public:
    Generator(const ir::Program& program, const CodegenOptions& options) : program_(program), options_(options) {}
    // ---- codegen_skeleton.cc
    std::string Run();
    ProjectSources RunProject();
    std::string ModelHeader();
    std::string MainProgram(const std::string& model);


    // ---- codegen_module.cc
    void EmitClass(const ir::ClassInfo& cls);
    void EmitFunction(const ir::FunctionInfo& fn, bool prototype_only);
    void EmitEntry();
    void EmitEntryFlags(const ir::FunctionInfo& fn);
    std::vector<const ir::ClassInfo*> ClassOrder() const;
    std::string Signature(const ir::FunctionInfo& fn, bool qualified);
    std::string ParamDecl(const ir::ParamInfo& p);
    void EmitHoisted(const ir::FunctionInfo& fn);
    void EmitFallOffEnd(const ir::FunctionInfo& fn);
    bool EndsInReturn(const ast::StmtList& body) const;

    // ---- codegen_kernel.cc
    void EmitKernels();
    std::string KernelCall(const ast::CallExpr& e, const kernel::KernelDef& def);
    std::string FusedCall(const ast::Expr& root, const kernel::FusedExpr& fused);
    // ---- codegen_library_base.cc (Note [Library base classes])
    std::string LibraryBaseClause(const ir::ClassInfo& cls);
    std::string LibraryBaseInitializer(const ir::FunctionInfo& fn);
    void EmitLibraryOverrides(const ir::ClassInfo& cls);
    void EmitLinkClone(const ir::ClassInfo& cls);
    void EmitTextMethods(const ir::ClassInfo& cls);
    void EmitSerializeOverride(const ir::ClassInfo& cls);
    std::string CallableAdapter(const ir::BoundArg& arg);
    /// `return callee(...)` of a loss function or forward called with the converted batch `args`.
    std::string BatchCall(const ir::FunctionInfo& fn, const std::string& callee, const std::string& args);
    std::string CallFunctionObject(const ast::CallExpr& e);

    // ---- codegen_order.cc (Note [Evaluation order])
    bool HasEffects(const ast::Expr& e) const;
    bool Stable(const ast::Expr& e) const;
    std::string InOrder(const ast::Expr& e, const std::function<std::string()>& emit);
    std::string OrderedOperand(const ast::Expr& e, const TypeRef& want, bool* found);

    // ---- codegen_globals.cc (Note [Late globals] in sema/late_globals.cc)
    void DeclareGlobalFlag(const ir::GlobalInfo& g);
    std::string GlobalRead(const ast::NameExpr& e, const ir::GlobalInfo& g);
    void SetGlobalFlags(const SourceLocation& before);
    void EmitModuleVariables();
    std::string ModuleVariableRead(const ast::NameExpr& e, const ir::VarInfo& v);

    // ---- codegen_recursion.cc
    std::set<const ir::FunctionInfo*> RecursiveFunctions() const;

    // ---- codegen_stmt.cc
    /// `self.add_param('W', ...)`: the field it declares (Note [Registered attributes] in sema), else null.
    const ir::FieldInfo* RegisteredParam(const ast::Expr& e);
    void Block(const ast::StmtList& body);
    void Stmt(const ast::Stmt& s);
    void Marker(const ast::Node& s, bool set_line);
    void LineDirective(const ast::Node& n);  // `#line` for n's line, when options_.line_directives
    void Assign(const ast::Expr& target, const std::string& value, const TypeRef& value_type, const ast::Stmt& s);
    void AssignStmt(const ast::AssignStmt& s);
    void DeclareUnassigned(const ast::Expr& target, const ast::Stmt& s);  // the names `s` declares, of a Never value
    void For(const ast::ForStmt& s);
    void If(const ast::IfStmt& s, bool is_elif);
    void With(const ast::WithStmt& s);

    // ---- codegen_closure.cc
    void ClosureDef(const ast::FunctionDef& def);
    std::string Lambda(const ast::LambdaExpr& e);
    std::string ClosureHead(const ir::FunctionInfo& c);

    // ---- codegen_try.cc
    void Try(const ast::TryStmt& s);
    void Raise(const ast::RaiseStmt& s);

    // ---- codegen_expr.cc
    std::string E(const ast::Expr& e, const TypeRef& want = nullptr);
    std::string ExprImpl(const ast::Expr& e, const TypeRef& want);
    std::string Convert(const std::string& code, const ast::Expr& e, const TypeRef& from, const TypeRef& to);
    /// A value stored into or read out of a place typed with objects (Note [Values typed at run time]): converted
    /// where either type holds an object; `code` unchanged otherwise (it was converted on its way already).
    std::string ObjectConverted(const std::string& code, const ast::Expr& e, const TypeRef& from, const TypeRef& to);
    std::string ShapeCode(const ast::Expr& value);
    std::string Name(const ast::NameExpr& e);
    std::string Attribute(const ast::AttributeExpr& e);
    std::string Receiver(const ast::Expr& value, std::string* op, const std::string& attr = "");
    // element_copy: a[i] with integers on every axis copies the element out (NumPy's scalar); see Kept.
    std::string Subscript(const ast::SubscriptExpr& e, bool element_copy = false);
    std::string Kept(const ast::Expr& e, const TypeRef& want = nullptr);
    std::string IndexItem(const ast::Expr& e);
    std::string SliceBounds(const ast::SliceExpr& s);
    std::string Binary(ast::BinaryOp op, const std::string& l, const TypeRef& lt, const std::string& r,
                       const TypeRef& rt);
    std::string Compare(const ast::CompareExpr& e);
    std::string IsNone(const std::string& code, const TypeRef& t, bool negate);
    std::string Truth(const ast::Expr& e);
    std::string Int64Arg(const ast::Expr& e);  // codegen_call.cc
    std::string TruthOf(const std::string& code, const TypeRef& t);  // of a value already computed (`code`)
    std::string BoolOpValue(const ast::BoolOpExpr& b);
    std::string FString(const ast::FStringExpr& e);
    std::string Collection(const ast::Expr& e, const TypeRef& want);
    std::string Value(const ast::Expr& e);
    bool VoidInCpp(const ast::Expr& e) const;  // a call (or @property) returning None: a void C++ expression
    std::string Iterable(const ast::Expr& e, const TypeRef& element);
    std::string ItemsByIndex(const std::string& code, const std::string& item_type, std::string size, std::string item);
    std::string ListComp(const ast::ComprehensionExpr& e);
    std::string ComprehensionLoops(const ast::ComprehensionExpr& e, int* depth);
    std::string ComprehensionBindings(const ast::Expr& target, const std::string& value, bool of_tuple,
                                      const std::vector<const ast::Expr*>& last_bindings);
    std::string NoneOf(const TypeRef& t);
    std::string FunctionValue(const sema::BuiltinEntry& entry);
    std::string Source(const ast::Node& n) const { return program_.file_name + ":" + Line(n); }

    // ---- codegen_call.cc
    std::string Call(const ast::CallExpr& e);
    std::string ChosenCall(const ast::CallExpr& e, const std::vector<ir::CallInfo>& calls);  // codegen_class_choice.cc
    std::string IsinstanceTest(const std::string& value, const TypeRef& t, const TypeRef& c);
    std::string SubscriptedValue(const ast::Expr& value);
    std::string Args(const ir::CallInfo& call, bool fill_all, bool lib);
    std::string Default(const ir::BoundArg& arg, bool lib);
    std::string PyDefault(const std::string& py, const TypeRef& type);
    static std::string LibResult(const sema::BuiltinEntry& entry, const std::string& code);
    std::string Template(const std::string& templ, const std::string& self, const ir::CallInfo& call);
    std::string Builtin(const ast::CallExpr& e, const sema::BuiltinEntry& entry, const ir::CallInfo& call);
    std::string LibMethod(const ast::CallExpr& e, const TypeRef& receiver, const sema::BuiltinEntry& entry,
                          const ir::CallInfo& call);
    std::string AddArgument(const ast::CallExpr& e, const std::string& parser);
    std::string NumpyStrings(const ast::CallExpr& e, const sema::BuiltinEntry& entry, const ir::CallInfo& call);
    // codegen_collections.cc
    bool IsCollectionsCall(const ast::CallExpr& e);
    std::string CollectionsCall(const ast::CallExpr& e, const TypeRef& want);
    std::string CounterUpdate(const ast::CallExpr& e, const std::string& counter, const TypeRef& type);
    // ---- codegen_never.cc (Note [An attribute nothing assigns] in sema/missing_attributes.cc)
    /// `e` raises before it produces a value: it is Never, or an operand Python evaluates first is.
    bool RaisesFirst(const ast::Expr& e) const;
    /// Such an `e`: cnet::py::Never, or a `want` (the type of `e` when it has one) made of it.
    std::string NeverValue(const ast::Expr& e, const TypeRef& want);
    std::string MissingAttribute(const ast::AttributeExpr& e, const std::string& cls);
    /// "static_cast<void>(e), " where evaluating `e` does something, else "".
    std::string Effects(const ast::Expr& e);
    /// `return wrap(call);` of a library override calling the user's method `m` (`call`), where m may raise first.
    std::string HookResult(const ir::FunctionInfo& m, const std::string& call, const std::string& wrap);
    /// `e` as a statement of its own.
    std::string Discarded(const ast::Expr& e);
    // ---- codegen_element_functions.cc
    /// map's function or sorted's key as a C++ callable of one `element`.
    std::string ElementFunction(const ast::Expr& fn, const TypeRef& element);
    std::string Map(const ast::CallExpr& e, const ir::CallInfo& call);
    // ---- codegen_py_builtins.cc
    /// any(xs) / all(xs): a loop that stops at the deciding element; `element` is what iterating xs gives.
    std::string AnyAll(const ast::Expr& iterable, const TypeRef& element, bool any);
    std::string Divmod(const ast::CallExpr& e, const ast::Expr& a, const ast::Expr& b);
    /// xs.sort(key=..., reverse=...) of the list `list` (C++ code naming it).
    std::string ListSort(const std::string& list, const TypeRef& element, const ir::CallInfo& call);
    // ---- codegen_optimizer_update.cc
    std::string OptimizerUpdate(const ast::CallExpr& e, const std::string& optimizer);

    TypeRef TypeOf(const ast::Node& e) const { return program_.TypeOf(e); }
    /// The function a call of `fn` runs: the instantiation of a generic function it binds to, else `fn`.
    static const ir::FunctionInfo& Callee(const ir::CallInfo& call, const ir::FunctionInfo& fn) {
        return call.instance != nullptr ? *call.instance : fn;
    }
    std::string Line(const ast::Node& n) const { return std::to_string(n.range().begin.line); }
    /// A fresh temporary, from the names no user identifier maps to (Note [Hygienic names]).
    std::string Temp(const std::string& base) { return sema::GeneratedName(base, ++temp_counter_); }

    const ir::Program& program_;
    const CodegenOptions& options_;
    CodeWriter w_;
    const ir::FunctionInfo* fn_ = nullptr;
    const ir::ClassInfo* cls_ = nullptr;
    int temp_counter_ = 0;
    std::string entry_name_;  // the function holding the program's body, called by main
    std::set<const ir::FunctionInfo*> recursive_;
    kernel::FusionPlan fusion_;  // elementwise chains run as one generated kernel
    std::map<const ast::Node*, std::string> fused_leaf_code_;  // while emitting a chain's unfused form
    const ast::Node* unfused_root_ = nullptr;  // functions on a call cycle (RecursiveFunctions)
    std::map<const ir::VarInfo*, std::string> assigned_flags_;  // ir::VarInfo::check_assigned => its flag
    std::map<const ir::VarInfo*, std::string> module_flags_;    // a module variable's "assigned" flag
    struct OrderSlot {  // an operand evaluated into a temporary (Note [Evaluation order])
        std::string temp, code;
        bool emitted = false, busy = false, braced = false;
    };
    std::map<const ast::Expr*, OrderSlot> ordered_;
    std::map<const ir::GlobalInfo*, std::string> global_flags_;  // late globals' "assigned" flags
    std::set<const ir::GlobalInfo*> global_flags_set_;           // those the entry code has set so far
};

}  // namespace cnet::compiler::codegen
