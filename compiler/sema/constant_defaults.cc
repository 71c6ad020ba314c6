// constant_defaults.cc — branches on a parameter that every call leaves at its default, pruned before analysis.
//
// Note [Parameters no call passes]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Chainer's text_classification example writes
//     def convert_seq(batch, device=None, with_label=True):
//         ...
//         if with_label:
//             return {'xs': to_device_batch([x for x, _ in batch]), 'ys': ...}
//         else:
//             return to_device_batch([x for x in batch])
// and passes `converter=convert_seq`, which the updater calls as converter(batch, device). Python never runs the
// else branch; typed as written, the function returns a dict on one path and a list on the other, which no one
// type holds. So before anything is analyzed, a module-level function's parameter whose default is a literal
// (True, False, None, a number, a string) is a constant of the function when every use of the function's name is a
// call that leaves it out (or `converter=f`, called with two arguments), no call unpacks `*args`/`**kwargs` into
// it, and the function never binds the name itself (`main` has none: its parameters are command-line flags). An
// `if` (or `elif`) testing such a constant (`p`, `not p`, `p is None`, `p is not None`) is replaced by the branch
// it takes, and when that branch ends in a return or raise, the statements after the `if` go too: what is
// dropped is never analyzed or compiled, as Python never runs it. Any other use of the name
// (`f = convert_seq`, passing it elsewhere) keeps every parameter a parameter: a call cnetc cannot see might pass
// it.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/compound_stmt.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"
#include "compiler/ast/stmt.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/constant_defaults.h"

namespace cnet::compiler::sema {
namespace {

struct Uses {
    std::set<std::string> passed;  // parameter names some call passes
    bool all_passed = false;       // a use cnetc cannot read (a call with `*xs`, the name used as a value)
};

// Records which parameters of `fn` the call `c` (whose callee is fn's name) passes.
void RecordCall(const ast::FunctionDef& fn, const ast::CallExpr& c, Uses& uses) {
    std::size_t positional = 0;
    for (const auto& a : c.args()) {
        if (ast::Isa<ast::StarredExpr>(*a)) uses.all_passed = true;
        ++positional;
    }
    for (const auto& k : c.keywords()) {
        if (k->IsDoubleStar()) uses.all_passed = true;
        uses.passed.insert(k->name());
    }
    for (std::size_t i = 0; i < positional && i < fn.params().size(); ++i) uses.passed.insert(fn.params()[i]->name());
}

// Whether `callee` is Chainer's StandardUpdater or Evaluator (not a class of the file's), which call a converter
// with (batch, device) only.
bool CallsConverterWithTwo(const ast::Expr& callee, const std::set<std::string>& classes) {
    std::string name;
    if (const auto* n = ast::DynCast<ast::NameExpr>(&callee)) name = n->id();
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&callee)) name = a->attr();
    return (name == "StandardUpdater" || name == "Evaluator") && classes.count(name) == 0;
}

// The uses of each function in `functions` anywhere in `module`.
std::map<std::string, Uses> FindUses(const ast::Module& module,
                                     const std::map<std::string, const ast::FunctionDef*>& functions,
                                     const std::set<std::string>& classes) {
    std::map<std::string, Uses> uses;
    std::set<const ast::Node*> read_as_callee;
    ast::WalkPreorder(module, [&](const ast::Node& n) {
        if (const auto* c = ast::DynCast<ast::CallExpr>(&n)) {
            const auto* callee = ast::DynCast<ast::NameExpr>(&c->func());
            if (callee != nullptr && functions.count(callee->id()) != 0) {
                RecordCall(*functions.at(callee->id()), *c, uses[callee->id()]);
                read_as_callee.insert(callee);
            }
            for (const auto& k : c->keywords()) {  // `converter=f`: the updater calls converter(batch, device)
                const auto* value = ast::DynCast<ast::NameExpr>(&k->value());
                if (k->name() == "converter" && value != nullptr && functions.count(value->id()) != 0 &&
                    CallsConverterWithTwo(c->func(), classes)) {
                    const ast::FunctionDef& fn = *functions.at(value->id());
                    for (std::size_t i = 0; i < 2 && i < fn.params().size(); ++i) {
                        uses[value->id()].passed.insert(fn.params()[i]->name());
                    }
                    read_as_callee.insert(value);
                }
            }
        } else if (const auto* name = ast::DynCast<ast::NameExpr>(&n)) {
            if (functions.count(name->id()) != 0 && read_as_callee.count(name) == 0) uses[name->id()].all_passed = true;
        }
    });
    return uses;
}

bool NameIn(const ast::Node& target, const std::string& name) {
    bool found = false;
    ast::WalkPreorder(target, [&](const ast::Node& n) {
        if (const auto* e = ast::DynCast<ast::NameExpr>(&n); e != nullptr && e->id() == name) found = true;
    });
    return found;
}

// Whether `fn` (nested functions included) binds `name` anywhere: assigns it, loops over it, declares it global...
bool Binds(const ast::FunctionDef& fn, const std::string& name) {
    bool binds = false;
    for (const auto& s : fn.body()) {
        ast::WalkPreorder(*s, [&](const ast::Node& n) {
            if (const auto* a = ast::DynCast<ast::AssignStmt>(&n)) {
                for (const auto& t : a->targets()) binds = binds || NameIn(*t, name);
            } else if (const auto* g = ast::DynCast<ast::AugAssignStmt>(&n)) {
                binds = binds || NameIn(g->target(), name);
            } else if (const auto* h = ast::DynCast<ast::AnnAssignStmt>(&n)) {
                binds = binds || NameIn(h->target(), name);
            } else if (const auto* f = ast::DynCast<ast::ForStmt>(&n)) {
                binds = binds || NameIn(f->target(), name);
            } else if (const auto* w = ast::DynCast<ast::WithItem>(&n)) {
                binds = binds || (w->target() != nullptr && NameIn(*w->target(), name));
            } else if (const auto* x = ast::DynCast<ast::NamedExpr>(&n)) {
                binds = binds || NameIn(x->target(), name);
            } else if (const auto* d = ast::DynCast<ast::DelStmt>(&n)) {
                for (const auto& t : d->targets()) binds = binds || NameIn(*t, name);
            } else if (const auto* e = ast::DynCast<ast::ExceptHandler>(&n)) {
                binds = binds || e->name() == name;
            } else if (const auto* gl = ast::DynCast<ast::GlobalStmt>(&n)) {
                for (const auto& v : gl->names()) binds = binds || v == name;
            } else if (const auto* nl = ast::DynCast<ast::NonlocalStmt>(&n)) {
                for (const auto& v : nl->names()) binds = binds || v == name;
            }
        });
    }
    return binds;
}

// Python's truth of a literal default; nullopt for anything else.
std::optional<bool> LiteralTruth(const ast::Expr& e) {
    if (const auto* b = ast::DynCast<ast::BoolLiteral>(&e)) return b->value();
    if (ast::Isa<ast::NoneLiteral>(e)) return false;
    if (const auto* i = ast::DynCast<ast::IntLiteral>(&e)) return i->value() != 0;
    if (const auto* f = ast::DynCast<ast::FloatLiteral>(&e)) return f->value() != 0.0;
    if (const auto* s = ast::DynCast<ast::StringLiteral>(&e)) return !s->value().empty();
    return std::nullopt;
}

using Constants = std::map<std::string, const ast::Expr*>;  // parameter -> its literal default

// The value of a test on the constants: `p`, `not t`, `p is None`, `p is not None`; nullopt for anything else.
std::optional<bool> TestValue(const ast::Expr& test, const Constants& constants) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&test)) {
        const auto it = constants.find(n->id());
        return it == constants.end() ? std::nullopt : LiteralTruth(*it->second);
    }
    if (const auto* u = ast::DynCast<ast::UnaryExpr>(&test); u != nullptr && u->op() == ast::UnaryOp::kNot) {
        const std::optional<bool> v = TestValue(u->operand(), constants);
        return v ? std::optional<bool>(!*v) : std::nullopt;
    }
    const auto* c = ast::DynCast<ast::CompareExpr>(&test);
    if (c == nullptr || c->ops().size() != 1 || !ast::Isa<ast::NoneLiteral>(*c->comparators()[0])) return std::nullopt;
    const auto* n = ast::DynCast<ast::NameExpr>(&c->left());
    const auto it = n != nullptr ? constants.find(n->id()) : constants.end();
    if (it == constants.end()) return std::nullopt;
    const bool is_none = ast::Isa<ast::NoneLiteral>(*it->second);
    if (c->ops()[0] == ast::CompareOp::kIs) return is_none;
    if (c->ops()[0] == ast::CompareOp::kIsNot) return !is_none;
    return std::nullopt;
}

// Replaces each `if` in `block` (and the blocks inside it, not nested functions or classes) whose test the
// constants decide by the branch it takes.
void Prune(ast::StmtList& block, const Constants& constants) {
    for (std::size_t i = 0; i < block.size();) {
        auto* s = block[i].get();
        const auto* i_stmt = ast::DynCast<ast::IfStmt>(s);
        if (const std::optional<bool> taken = i_stmt != nullptr ? TestValue(i_stmt->test(), constants) : std::nullopt) {
            ast::StmtList branch = std::move(*taken ? ast::Cast<ast::IfStmt>(*s).mutable_body()
                                                    : ast::Cast<ast::IfStmt>(*s).mutable_orelse());
            // `if with_label: return {...}` then `return [...]`: after a branch that returns or raises, the rest
            // of the block never runs either.
            const bool leaves = !branch.empty() && (ast::Isa<ast::ReturnStmt>(*branch.back()) ||
                                                    ast::Isa<ast::RaiseStmt>(*branch.back()));
            block.erase(block.begin() + static_cast<std::ptrdiff_t>(i), leaves ? block.end()
                                                                               : block.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            block.insert(block.begin() + static_cast<std::ptrdiff_t>(i), std::make_move_iterator(branch.begin()),
                         std::make_move_iterator(branch.end()));
            continue;  // the branch's statements are looked at next (an elif is an if now)
        }
        if (!ast::IsNestedScope(*s)) {
            for (ast::StmtList* inner : ast::MutableBlocks(*s)) Prune(*inner, constants);
        }
        ++i;
    }
}

}  // namespace

void PruneConstantDefaults(ast::Module& module) {
    std::map<std::string, const ast::FunctionDef*> functions;
    std::set<std::string> classes;
    for (const auto& s : module.body()) {
        if (const auto* c = ast::DynCast<ast::ClassDef>(s.get())) classes.insert(c->name());
        const auto* fn = ast::DynCast<ast::FunctionDef>(s.get());
        if (fn == nullptr) continue;
        if (fn->name() == "main") {  // its parameters are the command line's flags (LANGUAGE.md, `main`)
            functions[fn->name()] = nullptr;
            continue;
        }
        const bool plain = std::all_of(fn->params().begin(), fn->params().end(), [](const auto& p) {
            return p->param_kind() == ast::Param::Kind::kNormal;  // no `*`, `/` or `**`: positions are parameters
        });
        if (!plain) {
            functions[fn->name()] = nullptr;
            continue;
        }
        if (functions.count(fn->name()) != 0) functions[fn->name()] = nullptr;  // defined twice: left alone
        else functions[fn->name()] = fn;
    }
    for (auto it = functions.begin(); it != functions.end();) it = it->second == nullptr ? functions.erase(it) : ++it;
    const std::map<std::string, Uses> uses = FindUses(module, functions, classes);
    for (const auto& s : module.body()) {
        auto* fn = ast::DynCast<ast::FunctionDef>(s.get());
        const auto u = fn != nullptr ? uses.find(fn->name()) : uses.end();
        if (fn == nullptr || functions.count(fn->name()) == 0 || u == uses.end() || u->second.all_passed) continue;
        Constants constants;
        for (const auto& p : fn->params()) {
            if (p->default_value() == nullptr) continue;
            if (u->second.passed.count(p->name()) != 0 || !LiteralTruth(*p->default_value())) continue;
            if (!Binds(*fn, p->name())) constants[p->name()] = p->default_value();
        }
        if (!constants.empty()) Prune(fn->mutable_body(), constants);
    }
}

}  // namespace cnet::compiler::sema
