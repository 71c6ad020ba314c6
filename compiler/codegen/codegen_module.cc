// codegen_module.cc — the module's declarations: classes (chainer.Chain subclasses become cnet::Chain subclasses
// with typed members, a constructor, forward and a `call` override), functions, and the entry function with its
// error report. The files around them come from templates/ (codegen_skeleton.cc).
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "compiler/ast/traversal.h"
#include "compiler/codegen/codegen.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

// Scalars and handles (Variable, arrays, objects) by value: copies are cheap and share the object, as
// Python references do. Lists, dicts and tuples by reference: by `&` when the function changes them
// (sema/changed_params.cc; sema::ParamCppType, shared with a closure's std::function type).
std::string Generator::ParamDecl(const ir::ParamInfo& p) { return sema::ParamCppType(p) + " " + p.cpp_name; }

std::string Generator::Signature(const ir::FunctionInfo& fn, bool qualified) {
    std::string params;
    for (std::size_t i = 0; i < fn.params.size(); ++i) params += (i ? ", " : "") + ParamDecl(fn.params[i]);
    if (fn.forwarded_ctor != nullptr) {  // Note [Forwarding constructors] in sema: the base built by the caller
        params += (params.empty() ? "" : ", ") + fn.forwarded_ctor->lib_type->cpp + " base_";
    }
    if (fn.is_init) return fn.owner->cpp_name + "(" + params + ")";
    const std::string ret = fn.return_type->kind == TypeKind::kNone ? "void" : sema::CppName(fn.return_type);
    return ret + " " + (qualified && fn.owner != nullptr ? fn.owner->cpp_name + "::" : "") + fn.cpp_name + "(" +
           params + ")";
}

void Generator::EmitHoisted(const ir::FunctionInfo& fn) {
    for (const auto& v : fn.locals) {
        if (v->module_variable) {  // declared at namespace scope (Note [Module variables] in sema)
            assigned_flags_[v.get()] = module_flags_.at(v.get());
            continue;
        }
        if (v->is_param || v->in_comprehension || !v->hoisted || !v->type) continue;
        if (v->type->kind == TypeKind::kUnknown || sema::IsClassAlias(v->type)) continue;
        w_.Line(std::string(v->type->kind == TypeKind::kNone ? "[[maybe_unused]] " : "") + sema::CppName(v->type) + " " +
                v->cpp_name + "{};");
        if (v->check_assigned) {  // Note [Definite assignment] in sema/definite_assignment.cc
            const bool plain = v->cpp_name.back() != '_';
            const std::string flag = Temp(plain ? v->cpp_name + "_assigned" : "assigned");
            assigned_flags_[v.get()] = flag;
            w_.Line("bool " + flag + " = false;");
        }
    }
}

void Generator::EmitFunction(const ir::FunctionInfo& fn, bool prototype_only) {
    ir::InstanceScope facts(program_, fn);  // Note [Generic functions] in sema/generic_functions.cc
    fn_ = &fn;
    cls_ = fn.owner;
    if (prototype_only) {
        w_.Line(Signature(fn, false) + ";");
        return;
    }
    if (fn.owner == nullptr && fn.def != nullptr) {
        w_.Comment(Source(*fn.def) + ": def " + fn.name);
    }
    LineDirective(*fn.def);
    std::string base_init;  // super().__init__(args) of a user base class: C++ constructs bases before the body
    if (fn.base_init_call != nullptr && fn.owner != nullptr && fn.owner->user_base != nullptr) {
        if (const ir::CallInfo* call = program_.Call(*fn.base_init_call)) {
            base_init = " : " + fn.owner->user_base->cpp_name + "(" + Args(*call, true, false) + ")";
        }
    }
    if (base_init.empty()) base_init = LibraryBaseInitializer(fn);  // a library base (Note [Library base classes])
    // Python dispatches every method on the object's class (Note [Overriding methods] in sema/overrides.cc).
    const std::string virtual_ = fn.overridden && fn.overrides == nullptr ? "virtual " : "";
    const std::string override_ = fn.overrides != nullptr ? " override" : "";
    w_.Line(virtual_ + Signature(fn, false) + override_ + base_init + " {");
    w_.Indent();
    if (recursive_.count(&fn) != 0) w_.Line("cnet::py::RecursionGuard " + Temp("recursion") + ";");
    EmitHoisted(fn);
    Block(fn.def->body());
    EmitFallOffEnd(fn);
    w_.Dedent();
    w_.Line("}");
    fn_ = nullptr;
}

// Falling off the end returns None in Python: where the C++ return type can hold no None, a clear error
// instead of undefined behaviour (a fuzzer finding: `for ...: return i` and nothing after the loop).
void Generator::EmitFallOffEnd(const ir::FunctionInfo& fn) {
    if (!fn.is_init && fn.return_type->kind != TypeKind::kNone && fn.return_type->kind != TypeKind::kUnknown &&
        !EndsInReturn(fn.def->body())) {
        const TypeRef t = fn.return_type;
        if (t->kind == TypeKind::kOptional || sema::IsHandle(t)) {
            w_.Line("return " + NoneOf(t) + ";");
        } else {
            w_.Line("throw cnet::py::TypeError(" +
                    sema::CppStringLiteral("'" + fn.name + "' ended without returning a value; it returns None there, "
                                           "which is no '" + sema::PyName(t) + "'") + ");");
        }
    }
}

// True if the block cannot complete normally: it ends in return or raise, or in an if whose branches all do.
bool Generator::EndsInReturn(const ast::StmtList& body) const {
    if (body.empty()) return false;
    const ast::Stmt& last = *body.back();
    if (ast::Isa<ast::ReturnStmt>(last) || ast::Isa<ast::RaiseStmt>(last)) return true;
    if (const auto* i = ast::DynCast<ast::IfStmt>(&last)) return EndsInReturn(i->body()) && EndsInReturn(i->orelse());
    return false;
}

void Generator::EmitClass(const ir::ClassInfo& cls) {
    cls_ = &cls;
    std::string base;
    switch (cls.kind) {
        case ir::ClassInfo::Kind::kChain: base = " : public cnet::Chain"; break;
        case ir::ClassInfo::Kind::kChainList: base = " : public cnet::ChainList"; break;
        case ir::ClassInfo::Kind::kLink: base = " : public cnet::Link"; break;
        case ir::ClassInfo::Kind::kRecord: break;
        case ir::ClassInfo::Kind::kLibrary: base = LibraryBaseClause(cls); break;
    }
    if (cls.user_base != nullptr) base = " : public " + cls.user_base->cpp_name;
    w_.Comment(Source(*cls.def) + ": class " + cls.name);
    LineDirective(*cls.def);
    w_.Line("class " + cls.cpp_name + base + " {");
    w_.Line("public:");
    w_.Indent();
    bool first = true;
    bool own_init = false;
    for (const auto& m : cls.methods) own_init = own_init || m->is_init;
    if (cls.user_base != nullptr && !own_init) {  // Python calls the inherited __init__
        w_.Line("using " + cls.user_base->cpp_name + "::" + cls.user_base->cpp_name + ";");
        first = false;
    }
    for (const auto& m : cls.methods) {
        if (m->unused) continue;  // (sema warned: Analyzer::MarkUnusedMethods)
        if (!first) w_.Line("");
        first = false;
        EmitFunction(*m, false);
        cls_ = &cls;
    }
    // Generic entry point for Classifier, Evaluator and updaters: link(*args) => forward(args...).
    const ir::FunctionInfo* fwd = cls.Forward();
    if (cls.IsLink() && fwd != nullptr && fwd->owner == &cls && fwd->return_type->kind == TypeKind::kVariable) {
        bool all_variables = true;
        for (const ir::ParamInfo& p : fwd->params) all_variables = all_variables && sema::IsBatchArgument(p.type);
        if (all_variables) {
            w_.Line("");
            w_.Line("cnet::Variable call(const std::vector<cnet::Variable>& args) override { " +
                    BatchCall(*fwd, fwd->cpp_name, "args") + " }");
        }
    }
    if (cls.kind == ir::ClassInfo::Kind::kLibrary) EmitLibraryOverrides(cls);
    if (cls.IsLink()) EmitLinkClone(cls);
    if (cls.kind == ir::ClassInfo::Kind::kRecord) {
        // print/str/repr of a user object name its class, as CPython does (`<__main__.Point object at 0x...>`).
        if (!first) w_.Line("");
        first = false;
        const char* spec = cls.user_base != nullptr ? " const override" : " const";
        w_.Line(std::string(cls.user_base != nullptr ? "" : "virtual ") + "const char* py_class_name()" + spec +
                " { return \"" + cls.name + "\"; }");
        if (cls.user_base == nullptr) w_.Line("virtual ~" + cls.cpp_name + "() = default;");
    }
    EmitTextMethods(cls);
    if (!cls.fields.empty()) w_.Line("");
    for (const auto& f : cls.fields) {
        if (f->is_persistent) continue;  // the link's persistent value (Note [Registered attributes] in sema)
        // A class attribute starts at its constant (Note [Class attributes] in sema).
        const std::string init = f->class_value != nullptr ? " = " + E(*f->class_value, f->type) : "{}";
        w_.Line(sema::CppName(f->type) + " " + f->cpp_name + init + ";");
    }
    w_.Dedent();
    w_.Line("};");
    cls_ = nullptr;
}

// A class's __str__ and __repr__ as the members print, str() and repr() call (py_str and py_repr, cnet/py/format.h);
// virtual, so that an object seen through its base class prints by its own class's methods.
void Generator::EmitTextMethods(const ir::ClassInfo& cls) {
    static constexpr std::pair<const char*, const char*> kBridges[] = {{"__str__", "py_str"}, {"__repr__", "py_repr"}};
    for (const auto& [dunder, member] : kBridges) {
        const ir::FunctionInfo* m = cls.FindMethod(dunder);
        if (m == nullptr || m->owner != &cls || m->unused) continue;
        const bool inherited = cls.user_base != nullptr && cls.user_base->FindMethod(dunder) != nullptr;
        const std::string head = std::string(inherited ? "" : "virtual ") + "std::string " + member + "()";
        w_.Line(head + (inherited ? " override" : "") + " { return " + m->cpp_name + "(); }");
    }
}

// def main(epoch: int = 20, out: str = 'result', plot: bool = True, lr: float = 0.01): the parameters are the
// executable's command line (argparse, so --help and errors read as Python's): --epoch N, --out S, --lr X; a bool
// defaulting to False is a switch --name, one defaulting to True is switched off by --no-name; a parameter
// without a default is a required flag. The docstring's first line is the description.
void Generator::EmitEntryFlags(const ir::FunctionInfo& fn) {
    std::string description;
    const ast::StmtList& body = fn.def->body();
    if (!body.empty()) {
        if (const auto* es = ast::DynCast<ast::ExprStmt>(body.front().get())) {
            if (const auto* doc = ast::DynCast<ast::StringLiteral>(&es->value())) {
                description = doc->value();
                const std::size_t start = description.find_first_not_of(" \n\t");
                description = start == std::string::npos ? "" : description.substr(start);
                description = description.substr(0, description.find('\n'));
            }
        }
    }
    w_.Comment(Source(*fn.def) + ": the parameters of main are the command line");
    const std::string parser = Temp("parser");
    w_.Line("cnet::py::ArgumentParser " + parser + "(" + sema::CppStringLiteral(description) + ");");
    for (const ir::ParamInfo& p : fn.params) {
        const TypeKind k = p.type->kind;
        std::string flag = "--" + p.name;
        std::string line;
        const bool negated = k == TypeKind::kBool && p.default_value != nullptr &&
                             !(ast::Isa<ast::BoolLiteral>(*p.default_value) &&
                               !ast::Cast<ast::BoolLiteral>(*p.default_value).value());
        if (negated) flag = "--no-" + p.name;
        line = parser + ".add_argument({" + sema::CppStringLiteral(flag) + "})";
        if (k == TypeKind::kInt) line += ".type(\"int\")";
        if (k == TypeKind::kFloat) line += ".type(\"float\")";
        if (k == TypeKind::kBool) {
            line += negated ? ".dest(" + sema::CppStringLiteral(p.name) + ").action(\"store_false\").help(" +
                                  sema::CppStringLiteral("set " + p.name + " to False") + ")"
                            : ".action(\"store_true\").help(" + sema::CppStringLiteral("set " + p.name + " to True") + ")";
        } else if (p.default_value == nullptr) {
            line += ".required(true)";
        } else {
            const std::string v = E(*p.default_value, p.type);
            const std::string value = k == TypeKind::kInt     ? "int64_t{" + v + "}"
                                      : k == TypeKind::kFloat ? "static_cast<double>(" + v + ")"
                                                              : "std::string(" + v + ")";
            line += ".default_value(" + value + ").help(\"(default: \" + cnet::py::str(" + value + ") + \")\")";
        }
        w_.Line(line + ";");
    }
    const std::string args = Temp("args");
    w_.Line("cnet::py::Namespace " + args + " = " + parser + ".parse_args(" + sema::GeneratedName("program_argc") + ", " +
            sema::GeneratedName("program_argv") + ");");
    for (const ir::ParamInfo& p : fn.params) {
        const ir::VarInfo* v = fn.FindLocal(p.name);
        const std::string cpp = v != nullptr ? v->cpp_name : p.cpp_name;
        const TypeKind k = p.type->kind;
        const char* getter = k == TypeKind::kInt     ? "get_int"
                             : k == TypeKind::kFloat ? "get_float"
                             : k == TypeKind::kBool  ? "get_bool"
                                                     : "get_str";
        w_.Line(sema::CppName(p.type) + " " + cpp + " = " + args + "." + getter + "(" + sema::CppStringLiteral(p.name) +
                ");");
    }
}

void Generator::EmitEntry() {
    const ir::FunctionInfo& fn = *program_.entry;
    fn_ = &fn;
    cls_ = nullptr;
    CodeWriter body;
    std::swap(body, w_);
    w_.Indent();
    w_.Indent();
    EmitHoisted(fn);
    if (fn.def != nullptr && !fn.params.empty()) EmitEntryFlags(fn);
    if (fn.def != nullptr) {
        Block(fn.def->body());
    } else {
        for (const ast::Stmt* s : program_.script) {
            SetGlobalFlags(s->range().begin);
            Stmt(*s);
        }
    }
    std::swap(body, w_);
    // The program's body is a function inside the anonymous namespace, so the user's functions, classes and
    // globals there hide same-named C library functions (::log, ::y0) for unqualified lookup; main calls it.
    entry_name_ = sema::GeneratedName("run_program");
    if (fn.def != nullptr) w_.Comment(Source(*fn.def) + ": def main");
    w_.Line("int " + entry_name_ + "() {");
    w_.Indent();
    w_.Line("try {");
    w_.Raw(body.str());
    w_.Line("} catch (const std::exception& e) {");
    w_.Indent();
    w_.Comment("A runtime error: print it with the .cnet line that was executing, and fail.");
    w_.Line("const cnet::SourceLocation& loc = cnet::current_source_location();");
    w_.Line("std::cerr << (loc.file != nullptr ? loc.file : kCnetSource) << \":\" << loc.line << \": error: \" << "
            "e.what() << std::endl;");
    w_.Line("return 1;");
    w_.Dedent();
    w_.Line("}");
    w_.Line("return 0;");
    w_.Dedent();
    w_.Line("}");
}

// Classes in an order C++ accepts: the method bodies are written inside the class, so a class whose methods
// construct or call another class (or that derives from it) comes after it. Source order otherwise; a cycle
// (A uses B and B uses A) keeps source order for the classes in it.
std::vector<const ir::ClassInfo*> Generator::ClassOrder() const {
    std::vector<const ir::ClassInfo*> classes;
    for (const auto& cls : program_.classes) classes.push_back(cls.get());
    std::map<const ir::ClassInfo*, std::set<const ir::ClassInfo*>> uses;
    std::function<void(const ir::ClassInfo*, const TypeRef&)> note = [&](const ir::ClassInfo* owner, const TypeRef& t) {
        if (!t) return;
        if ((t->kind == TypeKind::kUserClass || t->kind == TypeKind::kUserClassRef) && t->user_class != owner) {
            uses[owner].insert(t->user_class);
        }
        for (const TypeRef& a : t->args) note(owner, a);
    };
    for (const ir::ClassInfo* cls : classes) {
        if (cls->user_base != nullptr) uses[cls].insert(cls->user_base);
        if (cls->def == nullptr) continue;
        const SourceRange range = cls->def->range();
        for (const auto& [node, info] : program_.exprs) {
            const SourceRange r = node->range();
            if (r.file == range.file && range.begin <= r.begin && r.end <= range.end) note(cls, info.type);
        }
    }
    std::vector<const ir::ClassInfo*> order;
    std::set<const ir::ClassInfo*> done, visiting;
    std::function<void(const ir::ClassInfo*)> visit = [&](const ir::ClassInfo* c) {
        if (done.count(c) != 0 || visiting.count(c) != 0) return;
        visiting.insert(c);
        for (const ir::ClassInfo* dep : classes) {  // dependencies in source order
            if (uses[c].count(dep) != 0) visit(dep);
        }
        visiting.erase(c);
        done.insert(c);
        order.push_back(c);
    };
    for (const ir::ClassInfo* c : classes) visit(c);
    return order;
}

}  // namespace cnet::compiler::codegen
