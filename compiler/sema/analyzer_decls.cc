// analyzer_decls.cc — sema stage 1: imports (known namespaces only), classes, functions, globals,
// the entry point, and type annotations / type text from the builtin table.
#include <cctype>
#include <functional>

#include "compiler/ast/traversal.h"
#include "compiler/diagnostics/edit_distance.h"
#include <algorithm>
#include <cctype>

#include "compiler/sema/analyzer.h"
#include "compiler/sema/constant_defaults.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/library_bases.h"
#include "compiler/sema/sema.h"

namespace cnet::compiler::sema {

std::unique_ptr<ir::Program> Analyze(ast::Module& module, DiagnosticEngine& diags) {
    PruneConstantDefaults(module);
    auto program = std::make_unique<ir::Program>();
    program->module = &module;
    std::string path = module.path();
    const std::size_t slash = path.find_last_of('/');
    program->file_name = slash == std::string::npos ? path : path.substr(slash + 1);
    Analyzer analyzer(module, diags, *program);
    analyzer.Run();
    return program;
}

Analyzer::Analyzer(const ast::Module& module, DiagnosticEngine& diags, ir::Program& program)
    : module_(module), diags_(diags), program_(program), table_(BuiltinTable::Get()) {}

ir::ParamInfo UntypedParam(const ast::Param& p) {
    ir::ParamInfo info;
    info.name = p.name();
    info.cpp_name = CppIdentifier(p.name());
    info.param = &p;
    info.default_value = p.default_value();
    info.type = types::Unknown();
    return info;
}

void Analyzer::Error(const SourceRange& range, const std::string& message) {
    Report({Severity::kError, range, message, std::nullopt});
}

void Analyzer::ErrorWithNote(const SourceRange& range, const std::string& message, const SourceRange& note_at,
                             const std::string& note) {
    Report({Severity::kError, range, message, std::make_pair(note_at, note)});
}

void Analyzer::WarningWithNote(const SourceRange& range, const std::string& message, const SourceRange* note_at,
                               const std::string& note) {
    Report({Severity::kWarning, range, message,
            note_at != nullptr ? std::make_optional(std::make_pair(*note_at, note)) : std::nullopt});
}

void Analyzer::Report(const PendingDiagnostic& d) {
    if (!report_) return;
    if (pending_ != nullptr) {
        pending_->push_back(d);
        return;
    }
    if (ReportedInOtherInstance(d.range, d.message)) return;
    DiagnosticBuilder b = diags_.Report(d.severity, d.range, d.message);
    if (d.note) b.Note(d.note->first, d.note->second);
}

bool Analyzer::JoinInto(TypeRef& slot, const TypeRef& value, const ast::Node& at, const std::string& what) {
    if (!value) return true;
    TypeRef joined = Join(slot, value);
    if (!joined) {
        Error(at.range(), what + " has type '" + PyName(slot) + "' but is given a value of type '" + PyName(value) +
                              "' (a name keeps one type in a scope)");
        return false;
    }
    if (!slot || !SameType(joined, slot)) {
        slot = joined;
        changed_ = true;
    }
    return true;
}

void Analyzer::Run() {
    CollectModule();
    SetUpForwardingInits();
    MergeClassAttributes();
    ChooseEntry();
    MarkLateGlobals();
    LinkOverrides();
    // Fixpoint: parameter types flow from call sites, return types from returns, element types of empty
    // lists from later appends. Diagnostics are reported only in the last pass, over settled types. A forward's
    // parameter that nothing types is a Variable, but only once the rest has settled: a call or a converter that
    // says otherwise (a list of arrays) would come too late for the functions the Variable had already reached.
    forward_params_default_ = false;
    for (int pass = 0; pass < 16; ++pass) {
        changed_ = false;
        program_.ClearFacts();
        example_exprs_.clear();
        program_.array_examples.clear();
        program_.chosen_attributes.clear();
        if (program_.entry == program_.script_function.get() && program_.entry != nullptr) {
            fn_ = program_.entry;
            cls_ = nullptr;
            bindings_ = Bindings{};
            for (const ast::Stmt* s : program_.script) AnalyzeStmt(*s);
            fn_ = nullptr;
        }
        for (auto& cls : program_.classes) {
            for (auto& m : cls->methods) AnalyzeFunction(*m);
        }
        for (auto& fn : program_.functions) AnalyzeFunction(*fn);
        AnalyzeInstances();
        if (SettleArrayExamples()) changed_ = true;
        if (SettleOverrides()) changed_ = true;
        if (!changed_ && forward_params_default_) break;
        if (!changed_) forward_params_default_ = true;
    }
    forward_params_default_ = true;
    report_ = true;
    program_.ClearFacts();
    program_.array_examples.clear();
    program_.chosen_attributes.clear();
    program_.headers.clear();
    program_.missing_attributes.clear();
    for (auto& g : program_.globals) {
        if (g->def != nullptr) Expr(g->def->value());
    }
    AnalyzeClassAttributes();
    if (program_.entry == program_.script_function.get() && program_.entry != nullptr) {
        fn_ = program_.entry;
        bindings_ = Bindings{};
        for (const ast::Stmt* s : program_.script) AnalyzeStmt(*s);
        fn_ = nullptr;
    }
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) AnalyzeFunction(*m);
    }
    for (auto& fn : program_.functions) AnalyzeFunction(*fn);
    AnalyzeInstances();
    SpliceInstances();
    CheckDefiniteAssignmentEverywhere();
    CheckBaseConstruction();
    MarkChangedParams();  // over settled types: the callees' kinds decide
    CheckOverrides();
    CheckSharedContainersEverywhere();

    for (const ast::Node* read : program_.checked_reads) {  // Note [Class aliases] in types.cc
        const ir::ExprInfo* info = program_.Info(*read);
        if (info == nullptr || info->local == nullptr || !IsClassAlias(info->local->type)) continue;
        Error(read->range(), "'" + info->local->name + "' stands for " + PyName(info->local->type) +
                                 " and may be read here before it is assigned; assign it on every path before");
    }
    for (auto& cls : program_.classes) CheckLibraryClass(*cls);
    CheckCompleteTypes();

    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) PlaceDeclarations(*m, m->def->body());
    }
    for (auto& fn : program_.functions) PlaceDeclarations(*fn, fn->def->body());
    for (auto& fn : program_.closures) {
        if (fn->def != nullptr) PlaceDeclarations(*fn, fn->def->body());
    }
    if (program_.script_function) {
        for (auto& v : program_.script_function->locals) v->hoisted = true;
    }
    CheckShapes();
}

// ---- module level

bool Analyzer::IsMainGuard(const ast::Stmt& s) const {
    const auto* ifs = ast::DynCast<ast::IfStmt>(&s);
    if (ifs == nullptr || !ifs->orelse().empty()) return false;
    const auto* cmp = ast::DynCast<ast::CompareExpr>(&ifs->test());
    if (cmp == nullptr || cmp->ops().size() != 1 || cmp->ops()[0] != ast::CompareOp::kEq) return false;
    const auto* name = ast::DynCast<ast::NameExpr>(&cmp->left());
    const auto* str = ast::DynCast<ast::StringLiteral>(cmp->comparators()[0].get());
    return name != nullptr && name->id() == "__name__" && str != nullptr && str->value() == "__main__";
}

void Analyzer::CollectModule() {
    report_ = true;
    // Classes and functions first, so that every body can refer to any of them.
    for (const ast::StmtPtr& s : module_.body()) {
        if (const auto* cls = ast::DynCast<ast::ClassDef>(s.get())) {
            auto info = std::make_unique<ir::ClassInfo>();
            info->def = cls;
            info->name = cls->name();
            info->cpp_name = CppIdentifier(cls->name());
            if (module_names_.count(cls->name()) != 0) Error(cls->name_range(), "redefinition of '" + cls->name() + "'");
            module_names_[cls->name()] = types::UserClassRef(info.get());
            module_decls_[cls->name()] = cls;
            program_.classes.push_back(std::move(info));
        } else if (const auto* fn = ast::DynCast<ast::FunctionDef>(s.get())) {
            if (module_names_.count(fn->name()) != 0) Error(fn->name_range(), "redefinition of '" + fn->name() + "'");
            if (CollectNativeKernel(*fn)) continue;  // @elementwise
            ir::FunctionInfo* info = CollectFunction(*fn, nullptr, program_.functions);
            module_names_[fn->name()] = types::UserFunction(info);
            module_decls_[fn->name()] = fn;
        }
    }
    const std::set<std::string> bound_again = ModuleNamesBoundAgain(module_);
    for (const ast::StmtPtr& s : module_.body()) {
        if (const auto* imp = ast::DynCast<ast::ImportStmt>(s.get())) {
            CollectImport(*imp, ModuleImports());
        } else if (const auto* imp_from = ast::DynCast<ast::ImportFromStmt>(s.get())) {
            CollectImportFrom(*imp_from, ModuleImports());
        } else if (const auto* cls = ast::DynCast<ast::ClassDef>(s.get())) {
            CollectClass(*cls);
        } else if (ast::Isa<ast::FunctionDef>(*s)) {
            continue;
        } else if (IsMainGuard(*s)) {
            for (const ast::StmtPtr& b : ast::Cast<ast::IfStmt>(*s).body()) program_.script.push_back(b.get());
        } else if (const auto* expr = ast::DynCast<ast::ExprStmt>(s.get());
                   expr != nullptr && ast::Isa<ast::StringLiteral>(expr->value())) {
            continue;  // a docstring
        } else {
            const auto* assign = ast::DynCast<ast::AssignStmt>(s.get());
            const ast::NameExpr* target = nullptr;
            if (assign != nullptr && assign->targets().size() == 1) {
                target = ast::DynCast<ast::NameExpr>(assign->targets()[0].get());
            }
            const ast::Expr* value = assign != nullptr ? &assign->value() : nullptr;
            const bool constant = value != nullptr &&
                                  (ast::Isa<ast::IntLiteral>(*value) || ast::Isa<ast::FloatLiteral>(*value) ||
                                   ast::Isa<ast::StringLiteral>(*value) || ast::Isa<ast::BoolLiteral>(*value) ||
                                   (ast::Isa<ast::UnaryExpr>(*value)) || IsKernelConstruction(*value));
            if (target != nullptr && constant && bound_again.count(target->id()) == 0) {
                auto g = std::make_unique<ir::GlobalInfo>();
                g->name = target->id();
                g->cpp_name = CppIdentifier(target->id());
                g->def = assign;
                module_decls_[g->name] = assign;
                program_.globals.push_back(std::move(g));
            } else {
                program_.script.push_back(s.get());
            }
        }
    }
    // Global constants' types (they may only use literals).
    report_ = false;
    for (auto& g : program_.globals) g->type = Expr(g->def->value());
}

namespace {
// The top-level modules of the surface tables a program may import, for the message naming them:
// "chainer, argparse, ..., six and time (and their submodules)".
std::string KnownModules(const BuiltinTable& table) {
    std::vector<std::string> top = {"chainer"};
    for (const std::string& path : table.ModulePaths()) {
        const std::string first = path.substr(0, path.find('.'));
        if (first != "builtins" && std::find(top.begin(), top.end(), first) == top.end()) top.push_back(first);
    }
    std::sort(top.begin() + 1, top.end(), [](const std::string& a, const std::string& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [](char x, char y) { return std::tolower(x) < std::tolower(y); });
    });
    std::string out;
    for (std::size_t i = 0; i < top.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == top.size() ? " and " : ", ") + top[i];
    }
    return out + " (and their submodules)";
}
}  // namespace

void Analyzer::CollectImport(const ast::ImportStmt& s, const ImportScope& into) {
    for (const auto& alias : s.names()) {
        const std::string& path = alias->name();
        if (!table_.IsModule(path)) {
            Error(alias->range(),
                  "module '" + path + "' is not available in .cnet; the known modules are " + KnownModules(table_));
            continue;
        }
        if (!alias->as_name().empty()) {
            into.names[alias->as_name()] = types::Module(path);
            into.decls[alias->as_name()] = alias.get();
        } else {
            const std::string first = path.substr(0, path.find('.'));
            into.names[first] = types::Module(first);
            into.decls[first] = alias.get();
        }
    }
}

void Analyzer::CollectImportFrom(const ast::ImportFromStmt& s, const ImportScope& into) {
    const std::string& path = s.module();
    if (s.level() == 0 && path == "__future__") return;  // Python 2 compatibility imports: no effect in Python 3
    if (s.level() != 0 || !table_.IsModule(path)) {
        Error(s.range(), "module '" + std::string(s.level(), '.') + path +
                             "' is not available in .cnet; the known modules are " + KnownModules(table_));
        return;
    }
    if (s.is_star()) {
        Error(s.range(), "'from " + path + " import *' is not supported; import the names you use");
        return;
    }
    for (const auto& alias : s.names()) {
        const std::string bound = alias->as_name().empty() ? alias->name() : alias->as_name();
        const std::string sub = path + "." + alias->name();
        TypeRef type;
        if (table_.IsModule(sub)) {
            type = types::Module(sub);
        } else if (const BuiltinEntry* entry = table_.Member(path, alias->name())) {
            type = EntryType(entry);
            into.entries[bound] = entry;
        } else {
            std::string message = "module '" + path + "' has no attribute '" + alias->name() + "'";
            if (auto s2 = SuggestClosest(alias->name(), table_.MemberNames(path))) {
                ErrorWithNote(alias->range(), message, alias->range(), "did you mean '" + *s2 + "'?");
            } else {
                Error(alias->range(), message);
            }
            continue;
        }
        into.names[bound] = type;
        into.decls[bound] = alias.get();
    }
}

TypeRef Analyzer::EntryType(const BuiltinEntry* entry) {
    switch (entry->kind) {
        case EntryKind::kFunction:
            return types::LibFunction(entry);
        case EntryKind::kClass:
            return types::LibClass(entry, entry->lib_type);
        case EntryKind::kConst:
            return ParseTypeText(entry->result, SourceRange());
        default:
            return types::Unknown();
    }
}

void Analyzer::CollectClass(const ast::ClassDef& def) {
    ir::ClassInfo* info = program_.FindClass(def.name());
    if (!def.decorators().empty()) Error(def.decorators()[0]->range(), "class decorators are not supported");
    if (def.bases().size() > 1) Error(def.bases()[1]->range(), "multiple inheritance is not supported");
    if (!def.bases().empty()) {
        const ast::Expr& base = *def.bases()[0];
        report_ = true;
        // `class SexpParser(object):` (Python 2 style): a plain record; `object` is no value of its own here.
        const auto* object = ast::DynCast<ast::NameExpr>(&base);
        const bool is_object = object != nullptr && object->id() == "object" && module_names_.count("object") == 0;
        TypeRef t = is_object ? types::Unknown() : Expr(base);
        if (t->kind == TypeKind::kLibClass && t->lib_type != nullptr &&
            (t->lib_type->name == "Chain" || t->lib_type->name == "ChainList" || t->lib_type->name == "Link")) {
            info->kind = t->lib_type->name == "Chain"       ? ir::ClassInfo::Kind::kChain
                         : t->lib_type->name == "ChainList" ? ir::ClassInfo::Kind::kChainList
                                                            : ir::ClassInfo::Kind::kLink;
        } else if (t->kind == TypeKind::kLibClass && t->lib_type != nullptr && FindLibraryBase(t->lib_type->name)) {
            info->kind = ir::ClassInfo::Kind::kLibrary;  // Note [Library base classes]
            info->lib_base = t->lib_type;
        } else if (t->kind == TypeKind::kUserClassRef) {
            info->user_base = const_cast<ir::ClassInfo*>(t->user_class);
            info->kind = t->user_class->kind;
        } else if (is_object) {
            info->kind = ir::ClassInfo::Kind::kRecord;
        } else if (t->kind != TypeKind::kUnknown) {
            Error(base.range(), "a class may derive from chainer.Chain, ChainList, Link, Function, FunctionNode, "
                                "chainer.dataset.Iterator, DatasetMixin, training.StandardUpdater, "
                                "training.Extension or another class of this file, not " + PyName(t));
        }
        program_.ClearFacts();
    }
    for (const ast::StmtPtr& s : def.body()) {
        if (const auto* fn = ast::DynCast<ast::FunctionDef>(s.get())) {
            ir::FunctionInfo* m = CollectFunction(*fn, info, info->methods);
            m->is_init = fn->name() == "__init__";
            m->is_forward = info->IsLink() && (fn->name() == "forward" || fn->name() == "__call__");
            m->cpp_name = LibraryMemberName(LibraryBaseOf(info), fn->name());
        } else if (ast::Isa<ast::PassStmt>(*s) || CollectClassAttribute(*info, *s)) {
            continue;
        } else if (const auto* e = ast::DynCast<ast::ExprStmt>(s.get());
                   e != nullptr && ast::Isa<ast::StringLiteral>(e->value())) {
            continue;
        } else {
            Error(s->range(), "a class body may only define methods and constant class attributes ('insize = 227'); "
                              "assign other attributes in '__init__' as 'self.name = value'");
        }
    }
}

ir::FunctionInfo* Analyzer::CollectFunction(const ast::FunctionDef& def, ir::ClassInfo* owner,
                                            std::vector<std::unique_ptr<ir::FunctionInfo>>& into) {
    auto fn = std::make_unique<ir::FunctionInfo>();
    fn->def = &def;
    fn->owner = owner;
    fn->name = def.name();
    fn->cpp_name = CppIdentifier(def.name());
    fn->return_type = types::Unknown();
    report_ = true;
    const auto* decorator = def.decorators().size() == 1 ? ast::DynCast<ast::NameExpr>(def.decorators()[0].get()) : nullptr;
    if (decorator != nullptr && decorator->id() == "property" && owner != nullptr) {
        fn->is_property = true;
    } else if (owner == nullptr && def.decorators().size() == 1 && IsMakeExtension(*def.decorators()[0])) {
        fn->extension_decorator = def.decorators()[0].get();  // used as an Extension (CallableArgument)
    } else if (!def.decorators().empty()) {
        Error(def.decorators()[0]->range(), "decorators are not supported in .cnet (only '@property' on a method)");
    }
    if (def.is_async()) Error(def.name_range(), "'async def' is not supported in .cnet");
    bool first = true;
    for (const auto& p : def.params()) {
        if (owner != nullptr && first) {
            first = false;
            if (p->param_kind() != ast::Param::Kind::kNormal || p->name() != "self") {
                Error(p->range(), "the first parameter of a method must be 'self'");
            }
            continue;
        }
        first = false;
        // Decided once the classes are known (SetUpForwardingInits): an __init__ may pass them on to its base.
        if (p->param_kind() == ast::Param::Kind::kVarArgs) {
            fn->var_args = p.get();
            continue;
        }
        if (p->param_kind() == ast::Param::Kind::kVarKeywords) {
            fn->var_kwargs = p.get();
            continue;
        }
        if (p->param_kind() != ast::Param::Kind::kNormal) continue;
        fn->params.push_back(UntypedParam(*p));
    }
    for (const ir::ParamInfo& p : fn->params) {
        auto v = std::make_unique<ir::VarInfo>();
        v->name = p.name;
        v->cpp_name = p.cpp_name;
        v->type = types::Unknown();
        v->is_param = true;
        v->first_def = p.param;
        fn->locals.push_back(std::move(v));
    }
    CollectLocals(*fn, def.body());
    ir::FunctionInfo* raw = fn.get();
    into.push_back(std::move(fn));
    return raw;
}

void Analyzer::ChooseEntry() {
    ir::FunctionInfo* main_fn = program_.FindFunction("main");
    bool only_calls_main = true;
    for (const ast::Stmt* s : program_.script) {
        const auto* e = ast::DynCast<ast::ExprStmt>(s);
        const auto* call = e != nullptr ? ast::DynCast<ast::CallExpr>(&e->value()) : nullptr;
        const auto* name = call != nullptr ? ast::DynCast<ast::NameExpr>(&call->func()) : nullptr;
        if (name == nullptr || name->id() != "main" || !call->args().empty()) only_calls_main = false;
    }
    // `def main(epoch: int = 20, out: str = 'result')`: each parameter becomes a command-line flag, so each
    // needs a default or an annotation to be typed by (LANGUAGE.md section 3).
    bool flags_ok = main_fn != nullptr;
    if (main_fn != nullptr) {
        for (const ir::ParamInfo& p : main_fn->params) {
            if (p.default_value == nullptr && p.param->annotation() == nullptr) flags_ok = false;
        }
    }
    // A main that the program itself calls (recursion) stays an ordinary function.
    bool called_inside = false;
    for (const ast::StmtPtr& s : module_.body()) {
        if (!ast::Isa<ast::FunctionDef>(*s) && !ast::Isa<ast::ClassDef>(*s)) continue;
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            const auto* call = ast::DynCast<ast::CallExpr>(&n);
            const auto* name = call != nullptr ? ast::DynCast<ast::NameExpr>(&call->func()) : nullptr;
            if (name != nullptr && name->id() == "main") called_inside = true;
        });
    }
    if (main_fn != nullptr && only_calls_main && flags_ok && !called_inside) {
        main_fn->is_entry = true;
        main_fn->called = true;
        program_.entry = main_fn;
        return;
    }
    if (main_fn != nullptr) main_fn->cpp_name = "main_";
    auto script = std::make_unique<ir::FunctionInfo>();
    script->name = "<module>";
    script->cpp_name = "main";
    script->is_entry = true;
    script->return_type = types::None();
    for (const ast::Stmt* s : program_.script) {
        // Collect names assigned by top-level statements.
        if (const auto* a = ast::DynCast<ast::AssignStmt>(s)) {
            for (const auto& t : a->targets()) CollectTargets(*script, *t);
        } else if (const auto* f = ast::DynCast<ast::ForStmt>(s)) {
            CollectTargets(*script, f->target());
            CollectLocals(*script, f->body());
        } else if (const auto* w = ast::DynCast<ast::WhileStmt>(s)) {
            CollectLocals(*script, w->body());
        } else if (const auto* i = ast::DynCast<ast::IfStmt>(s)) {
            CollectLocals(*script, i->body());
            CollectLocals(*script, i->orelse());
        } else if (const auto* w2 = ast::DynCast<ast::WithStmt>(s)) {
            CollectLocals(*script, w2->body());
        } else if (const auto* aa = ast::DynCast<ast::AnnAssignStmt>(s)) {
            CollectTargets(*script, aa->target());
        } else if (const auto* t = ast::DynCast<ast::TryStmt>(s)) {
            CollectTryLocals(*script, *t);
        }
    }
    program_.script_function = std::move(script);
    program_.entry = program_.script_function.get();
}

// ---- locals: every name a function assigns is local to the whole function (Python's rule)

void Analyzer::CollectTargets(ir::FunctionInfo& fn, const ast::Expr& target) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) {
        if (fn.FindLocal(n->id()) == nullptr) {
            auto v = std::make_unique<ir::VarInfo>();
            v->name = n->id();
            v->cpp_name = CppIdentifier(n->id());
            v->type = types::Unknown();
            fn.locals.push_back(std::move(v));
        }
    } else if (const auto* t = ast::DynCast<ast::TupleExpr>(&target)) {
        for (const auto& e : t->elements()) CollectTargets(fn, *e);
    } else if (const auto* l = ast::DynCast<ast::ListExpr>(&target)) {
        for (const auto& e : l->elements()) CollectTargets(fn, *e);
    }
}

void Analyzer::CollectLocals(ir::FunctionInfo& fn, const ast::StmtList& body) {
    for (const ast::StmtPtr& s : body) {
        if (const auto* a = ast::DynCast<ast::AssignStmt>(s.get())) {
            for (const auto& t : a->targets()) CollectTargets(fn, *t);
        } else if (const auto* aa = ast::DynCast<ast::AnnAssignStmt>(s.get())) {
            CollectTargets(fn, aa->target());
        } else if (const auto* au = ast::DynCast<ast::AugAssignStmt>(s.get())) {
            CollectTargets(fn, au->target());
        } else if (const auto* f = ast::DynCast<ast::ForStmt>(s.get())) {
            CollectTargets(fn, f->target());
            CollectLocals(fn, f->body());
            CollectLocals(fn, f->orelse());
        } else if (const auto* w = ast::DynCast<ast::WhileStmt>(s.get())) {
            CollectLocals(fn, w->body());
            CollectLocals(fn, w->orelse());
        } else if (const auto* i = ast::DynCast<ast::IfStmt>(s.get())) {
            CollectLocals(fn, i->body());
            CollectLocals(fn, i->orelse());
        } else if (const auto* w2 = ast::DynCast<ast::WithStmt>(s.get())) {
            for (const auto& item : w2->items()) {
                if (item->target() != nullptr) CollectTargets(fn, *item->target());
            }
            CollectLocals(fn, w2->body());
        } else if (const auto* t = ast::DynCast<ast::TryStmt>(s.get())) {
            CollectTryLocals(fn, *t);
        } else if (const auto* d = ast::DynCast<ast::FunctionDef>(s.get())) {
            CollectClosure(fn, *d);
        }
    }
}

// ---- type annotations and type text

namespace {

// A tiny parser for type text: `int`, `list[Variable]`, `Node | None`, `tuple[int, str]`, `Optional[T]`.
class TypeTextParser {
public:
    TypeTextParser(const std::string& text, Analyzer& a) : text_(text), a_(a) {}
    TypeRef Parse(bool* ok) {
        TypeRef t = Union();
        Skip();
        *ok = t != nullptr && pos_ == text_.size();
        return t;
    }

private:
    void Skip() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool Eat(char c) {
        Skip();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    TypeRef Union() {
        TypeRef t = Primary();
        while (t && Eat('|')) {
            TypeRef r = Primary();
            if (!r) return nullptr;
            // `bool | str`, `list[int] | list[str]` have no one type: a library parameter takes either through
            // C++ overloads (FitsUnion), not as one object that a conversion would copy (Note [Values typed at run
            // time]).
            t = StaticJoin(t, r);
        }
        return t;
    }
    std::vector<TypeRef> Args() {
        std::vector<TypeRef> args;
        if (!Eat('[')) return args;
        do {
            Skip();
            if (text_.compare(pos_, 3, "...") == 0) {
                pos_ += 3;
                args.push_back(nullptr);
                continue;
            }
            args.push_back(Union());
        } while (Eat(','));
        if (!Eat(']')) args.clear();
        return args;
    }
    TypeRef Primary() {
        Skip();
        std::size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                                       text_[pos_] == '.')) {
            ++pos_;
        }
        std::string name = text_.substr(start, pos_ - start);
        const std::size_t dot = name.find_last_of('.');
        if (dot != std::string::npos) name = name.substr(dot + 1);
        if (name.empty()) return nullptr;
        if (name == "int") return types::Int();
        if (name == "float") return types::Float();
        // A surface table's `number` (C++ cnet::Scalar) checks as a float; an int argument stays an int
        // (CheckArgTypes): np.arange(-2, 0) is int64, as in NumPy.
        if (name == "number") return types::Float();
        if (name == "bool") return types::Bool();
        if (name == "str") return types::Str();
        if (name == "None") return types::None();
        if (name == "Variable" || name == "Parameter") return types::Variable();
        if (name == "ndarray" || name == "array") {
            // ndarray[str] is a string array; ndarray[float32] and the like are numeric.
            std::vector<TypeRef> a = Args();
            return a.size() == 1 && a[0] && a[0]->kind == TypeKind::kStr ? types::StrArray() : types::Ndarray();
        }
        if (name == "dtype") return types::Dtype();
        if (name == "shape") return types::Shape();
        if (name == "args") return types::Args();
        if (name == "list" || name == "List") {
            std::vector<TypeRef> a = Args();
            return types::List(a.size() == 1 && a[0] ? a[0] : types::Unknown());
        }
        if (name == "tuple" || name == "Tuple") {
            std::vector<TypeRef> a = Args();
            if (a.size() == 2 && !a[1] && a[0] && a[0]->kind == TypeKind::kInt) return types::Shape();
            for (TypeRef& t : a) {
                if (!t) return nullptr;
            }
            return types::Tuple(a);
        }
        if (name == "dict" || name == "Dict") {
            std::vector<TypeRef> a = Args();
            if (a.size() != 2 || !a[0] || !a[1]) return types::Dict(types::Str(), types::Unknown());
            return types::Dict(a[0], a[1]);
        }
        if (name == "Counter") {  // collections.Counter[K]
            std::vector<TypeRef> a = Args();
            return a.size() == 1 && a[0] ? types::Dict(a[0], types::Int(), DictKind::kCounter) : nullptr;
        }
        if (name == "defaultdict" || name == "DefaultDict") {
            std::vector<TypeRef> a = Args();
            return a.size() == 2 && a[0] && a[1] ? types::Dict(a[0], a[1], DictKind::kDefaultDict) : nullptr;
        }
        if (name == "Optional") {
            std::vector<TypeRef> a = Args();
            return a.size() == 1 && a[0] ? types::Optional(a[0]) : nullptr;
        }
        if (ir::ClassInfo* cls = a_.program_.FindClass(name)) return types::UserClass(cls);
        if (const LibType* lib = a_.table_.FindType(name)) return types::LibObject(lib);
        return nullptr;
    }

    const std::string& text_;
    std::size_t pos_ = 0;
    Analyzer& a_;
};

}  // namespace

TypeRef Analyzer::ParseTypeText(const std::string& text, SourceRange where) {
    bool ok = false;
    TypeTextParser parser(text, *this);
    TypeRef t = parser.Parse(&ok);
    if (!ok) {
        if (where.IsValid()) Error(where, "unknown type '" + text + "'");
        return types::Unknown();
    }
    return t;
}

TypeRef Analyzer::ParseAnnotation(const ast::Expr& e) {
    if (const auto* s = ast::DynCast<ast::StringLiteral>(&e)) return ParseTypeText(s->value(), e.range());
    // Render the annotation expression back to text and parse that.
    std::string rendered;
    std::function<bool(const ast::Expr&)> render = [&](const ast::Expr& x) -> bool {
        if (const auto* n = ast::DynCast<ast::NameExpr>(&x)) {
            rendered += n->id();
        } else if (const auto* a = ast::DynCast<ast::AttributeExpr>(&x)) {
            if (!render(a->value())) return false;
            rendered += "." + a->attr();
        } else if (ast::Isa<ast::NoneLiteral>(x)) {
            rendered += "None";
        } else if (const auto* s = ast::DynCast<ast::StringLiteral>(&x)) {
            rendered += s->value();
        } else if (const auto* b = ast::DynCast<ast::BinaryExpr>(&x); b != nullptr && b->op() == ast::BinaryOp::kBitOr) {
            if (!render(b->lhs())) return false;
            rendered += " | ";
            return render(b->rhs());
        } else if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&x)) {
            if (!render(sub->value())) return false;
            rendered += "[";
            if (const auto* t = ast::DynCast<ast::TupleExpr>(&sub->index())) {
                for (std::size_t i = 0; i < t->elements().size(); ++i) {
                    if (i) rendered += ", ";
                    if (!render(*t->elements()[i])) return false;
                }
            } else if (!render(sub->index())) {
                return false;
            }
            rendered += "]";
        } else if (ast::Isa<ast::EllipsisLiteral>(x)) {
            rendered += "...";
        } else {
            return false;
        }
        return true;
    };
    if (!render(e)) {
        Error(e.range(), "unsupported type annotation");
        return types::Unknown();
    }
    return ParseTypeText(rendered, e.range());
}

TypeRef Analyzer::ResultType(const BuiltinEntry& entry, const ir::CallInfo* call) {
    std::string text = entry.result;
    const std::size_t if_pos = text.find(" if ");
    if (if_pos != std::string::npos) {
        const std::size_t else_pos = text.find(" else ", if_pos);
        const std::string a = text.substr(0, if_pos);
        const std::string param = text.substr(if_pos + 4, else_pos - if_pos - 4);
        const std::string b = text.substr(else_pos + 6);
        bool given = false;
        if (call != nullptr) {
            for (const ir::BoundArg& arg : call->args) {
                if (arg.spec != nullptr && arg.spec->name == param && (arg.value != nullptr || !arg.rest.empty())) {
                    given = true;
                }
            }
        }
        text = given ? a : b;
    }
    // `type(value)`: the type of the argument passed as `value` (serializer(key, value) returns a value of it);
    // `element(seq)`: an element of the list passed as `seq` (random.choice).
    for (const std::string form : {"type(", "element("}) {
        if (text.rfind(form, 0) != 0 || text.back() != ')') continue;
        const std::string param = text.substr(form.size(), text.size() - form.size() - 1);
        for (const ir::BoundArg& arg : call != nullptr ? call->args : std::vector<ir::BoundArg>{}) {
            if (arg.spec == nullptr || arg.spec->name != param || arg.value == nullptr) continue;
            const TypeRef t = program_.TypeOf(*arg.value);
            if (form == "type(") return t;
            return t->kind == TypeKind::kList ? t->args[0] : types::Unknown();
        }
        return types::Unknown();
    }
    if (const LibType* lib = table_.FindType(text)) {
        // An attribute whose getter template constructs its object (`xp.random` is cnet::cuda::ArrayModuleRandom(xp))
        // needs the type's header; an attribute row has none of its own.
        if (entry.kind == EntryKind::kAttr && !entry.cpp.empty() && entry.cpp[0] == '=' && !lib->header.empty()) {
            program_.headers.insert(lib->header);
        }
        return types::LibObject(lib);
    }
    return ParseTypeText(text, SourceRange());
}

std::vector<std::string> Analyzer::VisibleNames() const {
    std::vector<std::string> names;
    if (fn_ != nullptr) {
        for (const auto& v : fn_->locals) {
            if (!v->in_comprehension) names.push_back(v->name);
        }
    }
    for (const auto& scope : comp_scopes_) {
        for (const auto& [n, v] : scope) names.push_back(n);
    }
    for (const auto& [n, t] : module_names_) names.push_back(n);
    for (const auto& g : program_.globals) names.push_back(g->name);
    for (const std::string& b : table_.MemberNames("builtins")) names.push_back(b);
    return names;
}

}  // namespace cnet::compiler::sema
