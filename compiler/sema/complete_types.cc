// complete_types.cc — after the fixpoint, what is still not (fully) known cannot be generated: parameters, locals,
// return values and attributes of unknown types, or of lists and dicts whose elements nothing told.
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

void Analyzer::CheckCompleteTypes() {
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
        if (fn.return_type && fn.return_type->kind != TypeKind::kUnknown && !IsComplete(fn.return_type) && clean) {
            // (`return []` of a list nothing appends to)
            Error(fn.def != nullptr ? fn.def->name_range() : fn.lambda->range(),
                  "cannot infer the full type of the value '" + fn.name + "' returns (" + PyName(fn.return_type) +
                      "); annotate it, e.g. '-> list[int]'");
        }
        for (const ir::ParamInfo& p : fn.params) {
            if (!IsComplete(p.type)) {
                Error(p.param->range(), "cannot infer the type of parameter '" + p.name + "' of '" + fn.name +
                                            "'" + (fn.called ? "" : " (it is never called)") +
                                            "; annotate it, e.g. '" + p.name + ": int'");
            }
        }
        for (const auto& v : fn.locals) {
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
