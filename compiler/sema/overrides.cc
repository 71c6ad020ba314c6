// overrides.cc — methods that a subclass overrides (Note [Overriding methods]).
#include <string>

#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {

// Note [Overriding methods]
// Python looks a method up on the object's class at every call, so `self.area()` in a base class's method, or
// `s.area()` of a list of base-class objects, runs a subclass's override. Such a method is a C++ virtual
// function (codegen: `virtual` on the base's, `override` on the subclass's), which needs one signature for
// both: parameter types flow between the two methods as between call sites (a call through the base types the
// override's unannotated parameters and the other way round), a call of either counts as a call of both, and
// what still differs once types settle (the parameters, the return type, a property overriding a method) is an
// error at the override. Constructors are not looked up this way.

namespace {

bool ShareParamType(ir::FunctionInfo& to, ir::ParamInfo& p, const TypeRef& from) {
    if (p.param->annotation() != nullptr || !from || from->kind == TypeKind::kUnknown) return false;
    const TypeRef joined = Join(p.type, from);
    if (!joined || SameType(joined, p.type)) return false;
    p.type = joined;
    if (ir::VarInfo* v = to.FindLocal(p.name)) v->type = joined;
    return true;
}

std::string SignatureText(const ir::FunctionInfo& fn) {
    std::string s = "(";
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        s += (i ? ", " : "") + fn.params[i].name + ": " + PyName(fn.params[i].type);
    }
    return s + ") -> " + PyName(fn.return_type);
}

// Whether the two methods have one signature in Python's types (then one in C++, but for how a parameter is
// passed: PassedAlike).
// (An unknown type is reported where it is, by CheckCompleteTypes or the error that made it: no second message.)
bool SameTypes(const ir::FunctionInfo& a, const ir::FunctionInfo& b) {
    auto same = [](const TypeRef& x, const TypeRef& y) {
        return !x || !y || x->kind == TypeKind::kUnknown || y->kind == TypeKind::kUnknown || SameType(x, y);
    };
    if (a.params.size() != b.params.size() || a.is_property != b.is_property || a.var_args != nullptr ||
        b.var_args != nullptr || a.var_kwargs != nullptr || b.var_kwargs != nullptr ||
        !same(a.return_type, b.return_type)) {
        return false;
    }
    for (std::size_t i = 0; i < a.params.size(); ++i) {
        if (!same(a.params[i].type, b.params[i].type)) return false;
    }
    return true;
}

// The parameter the two C++ declarations pass differently (changed_params.cc), else null.
const ir::ParamInfo* PassedDifferently(const ir::FunctionInfo& a, const ir::FunctionInfo& b) {
    for (std::size_t i = 0; i < a.params.size() && i < b.params.size(); ++i) {
        if (ParamCppType(a.params[i]) != ParamCppType(b.params[i])) return &a.params[i];
    }
    return nullptr;
}

}  // namespace

void Analyzer::LinkOverrides() {
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) {
            if (m->is_init || m->def == nullptr) continue;
            for (ir::ClassInfo* base = cls->user_base; base != nullptr && m->overrides == nullptr;
                 base = base->user_base) {
                for (auto& b : base->methods) {
                    if (b->name != m->name) continue;
                    m->overrides = b.get();
                    b->overridden = true;
                    break;
                }
            }
        }
    }
}

bool Analyzer::SettleOverrides() {
    bool changed = false;
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) {
            ir::FunctionInfo* base = m->overrides;
            if (base == nullptr) continue;
            if (base->called != m->called) changed = base->called = m->called = true;
            if (base->params.size() != m->params.size()) continue;  // (CheckOverrides)
            for (std::size_t i = 0; i < m->params.size(); ++i) {
                changed = ShareParamType(*m, m->params[i], base->params[i].type) || changed;
                changed = ShareParamType(*base, base->params[i], m->params[i].type) || changed;
            }
        }
    }
    return changed;
}

void Analyzer::CheckOverrides() {
    // A parameter one method changes in place and the other takes as a value: both by reference (Python passes
    // the caller's object to either), unless one also binds it to another object; repeated along chains.
    for (bool again = true; again;) {
        again = false;
        for (auto& cls : program_.classes) {
            for (auto& m : cls->methods) {
                if (m->overrides == nullptr) continue;
                for (std::size_t i = 0; i < m->params.size() && i < m->overrides->params.size(); ++i) {
                    ir::ParamInfo& a = m->params[i];
                    ir::ParamInfo& b = m->overrides->params[i];
                    if (a.changed_in_place != b.changed_in_place && !a.rebound && !b.rebound) {
                        a.changed_in_place = b.changed_in_place = again = true;
                    } else if (a.rebound != b.rebound && !a.changed_in_place && !b.changed_in_place) {
                        a.rebound = b.rebound = again = true;
                    }
                }
            }
        }
    }
    for (auto& cls : program_.classes) {
        for (auto& m : cls->methods) {
            ir::FunctionInfo* base = m->overrides;
            if (base == nullptr) continue;
            const std::string what = "'" + cls->name + "." + m->name + "' overrides '" + base->owner->name + "." +
                                     base->name + "'";
            if (!SameTypes(*m, *base)) {
                Error(m->def->name_range(), what + " with another signature: " + SignatureText(*m) + " here, " +
                                                SignatureText(*base) + " there; a call through '" + base->owner->name +
                                                "' runs the override, so both need the same parameter and return types");
            } else if (const ir::ParamInfo* p = PassedDifferently(*m, *base)) {
                Error(m->def->name_range(), what + ", and one of them changes parameter '" + p->name +
                                                "' in place where the other binds it to another object; give the "
                                                "new object another name");
            }
        }
    }
}

}  // namespace cnet::compiler::sema
