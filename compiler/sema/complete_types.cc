// complete_types.cc — after the fixpoint, what is still not (fully) known cannot be generated: parameters, locals,
// return values and attributes of unknown types, or of lists and dicts whose elements nothing told.
#include <algorithm>
#include <set>
#include <string>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

// Module-level functions whose parameters' types nothing tells and whose name nothing reads but functions of the
// same kind (text_classification's unused `read_vocab_list(path)`; a helper only such a function calls): Python
// never runs them, and they are not compiled.
void Analyzer::MarkUnusedFunctions() {
    auto candidate = [](const ir::FunctionInfo& fn) {
        if (fn.owner != nullptr || fn.enclosing != nullptr || fn.def == nullptr || fn.is_entry || fn.unused ||
            fn.generic_of != nullptr) {
            return false;
        }
        return !std::all_of(fn.params.begin(), fn.params.end(), [](const ir::ParamInfo& p) { return IsComplete(p.type); });
    };
    for (bool grew = true; grew;) {
        grew = false;
        std::set<std::string> named;  // names read outside the unused functions
        ast::WalkPreorderWhile(module_, [&](const ast::Node& n) {
            if (const auto* def = ast::DynCast<ast::FunctionDef>(&n)) {
                for (const auto& fn : program_.functions) {
                    if (fn->def == def && fn->unused) return false;
                }
            }
            if (const auto* e = ast::DynCast<ast::NameExpr>(&n)) named.insert(e->id());
            return true;
        });
        for (auto& fn : program_.functions) {
            if (candidate(*fn) && named.count(fn->name) == 0) fn->unused = grew = true;
        }
    }
    for (const auto& fn : program_.functions) {
        if (fn->unused) {
            WarningWithNote(fn->def->name_range(), "'" + fn->name + "' is never used and nothing gives its parameters "
                            "a type: it is not compiled", nullptr, "");
        }
    }
    MarkUnusedMethods();
    CheckTextMethods();
}

// __str__ and __repr__ must return a str (CPython's TypeError at print time; here before the program runs).
void Analyzer::CheckTextMethods() {
    for (const auto& cls : program_.classes) {
        for (const auto& m : cls->methods) {
            if ((m->name != "__str__" && m->name != "__repr__") || m->def == nullptr || m->unused) continue;
            if (m->params.size() > 0) {
                Error(m->def->name_range(), m->name + "() of '" + cls->name + "' must take no argument besides self");
            } else if (m->return_type == nullptr || m->return_type->kind != TypeKind::kStr) {
                Error(m->def->name_range(), m->name + " returned non-string (type " +
                      (m->return_type != nullptr ? PyName(m->return_type) : std::string("None")) + ")");
            }
        }
    }
}

// Methods no `obj.name` reads (nor `Base.name(self, ...)` calls), whose parameters nothing types (pos's
// `CRF.argmax(self, xs)`): Python never runs them either. Not dunders, forwards, properties, overrides or
// overridden methods (a virtual function runs where nothing names it), nor what a library base calls.
void Analyzer::MarkUnusedMethods() {
    for (const auto& cls : program_.classes) {
        const LibraryBase* lib = LibraryBaseOf(cls.get());
        for (auto& m : cls->methods) {
            const bool dunder = m->name.size() > 4 && m->name.rfind("__", 0) == 0;
            if (m->named || m->called || m->def == nullptr || dunder || m->is_init || m->is_forward ||
                m->is_property || m->overrides != nullptr || m->overridden ||
                (lib != nullptr && FindLibraryHook(*lib, m->name) != nullptr) ||
                std::all_of(m->params.begin(), m->params.end(), [](const ir::ParamInfo& p) { return IsComplete(p.type); })) {
                continue;
            }
            m->unused = true;
            WarningWithNote(m->def->name_range(), "method '" + cls->name + "." + m->name + "' is never used and "
                            "nothing gives its parameters a type: it is not compiled", nullptr, "");
        }
    }
}

namespace {

// Whether `s` holds a `return <value>` of its own function (not of a nested def or lambda).
bool ReturnsValue(const ast::Stmt& s) {
    bool found = false;
    ast::WalkPreorderWhile(s, [&](const ast::Node& n) {
        if (const auto* r = ast::DynCast<ast::ReturnStmt>(&n); r != nullptr && r->value() != nullptr) found = true;
        return !found && !ast::Isa<ast::FunctionDef>(n) && !ast::Isa<ast::LambdaExpr>(n);
    });
    return found;
}

}  // namespace

void Analyzer::CheckCompleteTypes() {
    MarkUnusedFunctions();
    // (After another error, a value's type is often incomplete for that reason: no second message.)
    const bool clean = !diags_.HasErrors();
    // An attribute only ever given None holds None, as a local does; `self.xs = []` with nothing appended has no
    // element type.
    auto check_field = [&](const ir::ClassInfo& cls, ir::FieldInfo& f) {
        if (f.type && f.type->kind == TypeKind::kUnknown) f.type = types::None();
        if (f.type && !IsComplete(f.type) && clean) {
            const auto* at = f.decl != nullptr ? ast::DynCast<ast::AttributeExpr>(f.decl) : nullptr;
            const std::string example = f.type->kind == TypeKind::kDict ? ": dict[str, int] = {}" : ": list[int] = []";
            Error(at != nullptr ? at->range() : cls.def->name_range(),
                  "cannot infer the full type of attribute '" + f.name + "' of '" + cls.name + "' (" +
                      PyName(f.type) + "); annotate it, e.g. 'self." + f.name + example + "'");
        }
    };
    auto check_fn = [&](ir::FunctionInfo& fn) {
        const bool returns_value = fn.def != nullptr && std::any_of(fn.def->body().begin(), fn.def->body().end(),
                                                                   [](const ast::StmtPtr& s) { return ReturnsValue(*s); });
        if (returns_value && !fn.is_entry && fn.return_type && fn.return_type->kind == TypeKind::kUnknown && clean &&
            !fn.unused) {
            // (`def depth(n): if n == 0: raise ...; return depth(n - 1) + 1`: only its own calls tell)
            Error(fn.def->name_range(), "cannot infer the type of the value '" + fn.name + "' returns (each return "
                                        "gives what a call of it returns); annotate it, e.g. '-> int'");
        }
        if (fn.return_type && fn.return_type->kind != TypeKind::kUnknown && !IsComplete(fn.return_type) && clean &&
            !fn.unused) {
            // (`return []` of a list nothing appends to)
            Error(fn.def != nullptr ? fn.def->name_range() : fn.lambda->range(),
                  "cannot infer the full type of the value '" + fn.name + "' returns (" + PyName(fn.return_type) +
                      "); annotate it, e.g. '-> list[int]'");
        }
        for (const ir::FunctionInfo* f = &fn; f != nullptr; f = f->enclosing) {
            if (f->unused) return;  // (not compiled, nor what it defines: MarkUnusedFunctions)
        }
        for (const ir::ParamInfo& p : fn.params) {
            if (!IsComplete(p.type)) {
                Error(p.param->range(), "cannot infer the type of parameter '" + p.name + "' of '" + fn.name +
                                            "'" + (fn.called ? "" : " (it is never called)") +
                                            "; annotate it, e.g. '" + p.name + ": int'");
            }
        }
        for (const auto& v : fn.locals) {
            // A choice of classes nothing constructs still has a variable (Note [Classes chosen at run time]).
            if (v->type && v->type->kind == TypeKind::kClassChoice) program_.headers.insert("cnet/py/one_of.h");
            // A local only ever assigned None (`head = None` in dead code) holds None; one whose values have no
            // type (`p = p[0]` with nothing assigned to p before) cannot be generated.
            if (!v->is_param && !v->in_comprehension && v->type && v->type->kind == TypeKind::kUnknown) {
                // (After another error the value's type is often unknown for that reason: no second message.)
                if (v->first_def != nullptr && !diags_.HasErrors()) {
                    Error(v->first_def->range(), "cannot infer the type of '" + v->name +
                                                     "': is it read before anything is assigned to it?");
                }
                v->type = types::None();
            }
            if (!v->is_param && !IsComplete(v->type) && v->type && v->type->kind != TypeKind::kUnknown) {
                // An example annotation of the same kind: a dict for a dict.
                const std::string example = v->type->kind == TypeKind::kDict ? ": dict[str, int] = {}"
                                                                              : ": list[Variable] = []";
                Error(v->first_def != nullptr ? v->first_def->range() : fn.def->name_range(),
                      "cannot infer the full type of '" + v->name + "' (" + PyName(v->type) +
                          "); annotate it, e.g. '" + v->name + example + "'");
            }
        }
    };
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) {
            check_fn(*m);
            // A forward the runtime calls with a batch holding lists reads it with cnet::adapters::BatchReader.
            for (const ir::ParamInfo& p : m->params) {
                if (m->is_forward && p.type && p.type->kind == TypeKind::kList && IsBatchArgument(p.type)) {
                    program_.headers.insert("cnet/core/keyword_batch.h");
                }
            }
        }
        for (auto& f : cls->fields) check_field(*cls, *f);
    }
    for (auto& fn : program_.functions) check_fn(*fn);
    for (auto& fn : program_.closures) check_fn(*fn);
    if (program_.script_function) check_fn(*program_.script_function);
    if (program_.entry != nullptr && program_.entry->def != nullptr) {
        for (const ir::ParamInfo& p : program_.entry->params) {
            const TypeKind k = p.type ? p.type->kind : TypeKind::kUnknown;
            if (k != TypeKind::kInt && k != TypeKind::kFloat && k != TypeKind::kStr && k != TypeKind::kBool &&
                IsComplete(p.type)) {
                Error(p.param->range(), "parameter '" + p.name + "' of 'main' becomes the command-line flag '--" +
                                            p.name + "' and must be int, float, str or bool, not '" +
                                            PyName(p.type) + "'");
            }
        }
    }
}

}  // namespace cnet::compiler::sema
