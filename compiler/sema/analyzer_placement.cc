// analyzer_placement.cc — where each local is declared in C++: at its first assignment when every use
// follows it in the same block (the readable form), else hoisted to the top of the function (a name
// first assigned inside an `if` and used after it, a tuple-unpacking target, a loop variable used
// after its loop).
#include <functional>
#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

using Path = std::vector<std::pair<const ast::StmtList*, std::size_t>>;

struct Ref {
    Path path;
};

class RefCollector {
public:
    explicit RefCollector(const ir::Program& program) : program_(program) {}

    void Block(const ast::StmtList& body, Path& path) {
        for (std::size_t i = 0; i < body.size(); ++i) {
            path.emplace_back(&body, i);
            Stmt(*body[i], path);
            path.pop_back();
        }
    }

    std::map<const ir::VarInfo*, std::vector<Path>> refs;

private:
    void Stmt(const ast::Stmt& s, Path& path) {
        ast::ForEachChild(s, [&](const char*, const ast::Node& child) {
            if (const auto* block_owner = &child; ast::Isa<ast::Stmt>(*block_owner)) return;  // handled below
            Walk(child, path);
        });
        if (const auto* i = ast::DynCast<ast::IfStmt>(&s)) {
            Block(i->body(), path);
            Block(i->orelse(), path);
        } else if (const auto* w = ast::DynCast<ast::WhileStmt>(&s)) {
            Block(w->body(), path);
        } else if (const auto* f = ast::DynCast<ast::ForStmt>(&s)) {
            Block(f->body(), path);
        } else if (const auto* w2 = ast::DynCast<ast::WithStmt>(&s)) {
            Block(w2->body(), path);
        } else if (const auto* t = ast::DynCast<ast::TryStmt>(&s)) {
            Block(t->body(), path);  // (the handlers are children, walked above)
            Block(t->orelse(), path);
            Block(t->finalbody(), path);
        }
    }
    void Walk(const ast::Node& n, Path& path) {
        ast::WalkPreorder(n, [&](const ast::Node& node) {
            if (!ast::Isa<ast::NameExpr>(node)) return;
            const ir::ExprInfo* info = program_.Info(node);
            if (info != nullptr && info->local != nullptr) refs[info->local].push_back(path);
        });
    }
    const ir::Program& program_;
};

// True if `p` is at or after `def` inside def's block (or nested in a later statement of it).
bool Follows(const Path& def, const Path& p) {
    if (p.size() < def.size()) return false;
    for (std::size_t i = 0; i + 1 < def.size(); ++i) {
        if (p[i] != def[i]) return false;
    }
    const auto& d = def.back();
    const auto& q = p[def.size() - 1];
    return q.first == d.first && q.second >= d.second;
}

}  // namespace

void Analyzer::PlaceDeclarations(ir::FunctionInfo& fn, const ast::StmtList& body) {
    ir::InstanceScope facts(program_, fn);  // Note [Generic functions]
    RefCollector collector(program_);
    Path path;
    collector.Block(body, path);
    // The path of each plain `name = value` statement.
    std::map<const ast::Node*, Path> stmt_paths;
    std::function<void(const ast::StmtList&, Path&)> index = [&](const ast::StmtList& b, Path& p) {
        for (std::size_t i = 0; i < b.size(); ++i) {
            p.emplace_back(&b, i);
            stmt_paths[b[i].get()] = p;
            if (const auto* s = ast::DynCast<ast::IfStmt>(b[i].get())) {
                index(s->body(), p);
                index(s->orelse(), p);
            } else if (const auto* w = ast::DynCast<ast::WhileStmt>(b[i].get())) {
                index(w->body(), p);
            } else if (const auto* f = ast::DynCast<ast::ForStmt>(b[i].get())) {
                index(f->body(), p);
            } else if (const auto* w2 = ast::DynCast<ast::WithStmt>(b[i].get())) {
                index(w2->body(), p);
            }
            p.pop_back();
        }
    };
    Path p2;
    index(body, p2);
    // Locals a nested def or lambda reads live at function scope: the closure may run after the block that
    // assigned them has ended (seq2seq's `@make_extension def translate(trainer)` inside an `if`, run by the
    // trainer later), and it captures them by reference.
    std::set<const ir::VarInfo*> captured;
    for (const auto& c : program_.closures) {
        if (c->enclosing != &fn) continue;
        const ast::Node* closure_body = c->def != nullptr ? static_cast<const ast::Node*>(c->def) : c->lambda;
        ast::WalkPreorder(*closure_body, [&](const ast::Node& node) {
            const ir::ExprInfo* info = ast::Isa<ast::NameExpr>(node) ? program_.Info(node) : nullptr;
            if (info != nullptr && info->local != nullptr) captured.insert(info->local);
        });
    }
    for (auto& v : fn.locals) {
        if (v->is_param || v->in_comprehension) continue;
        v->hoisted = true;
        if (v->check_assigned || captured.count(v.get()) != 0) continue;  // (at function scope)
        const ast::Node* def = v->first_def;
        const ast::NameExpr* target = nullptr;
        if (const auto* a = ast::DynCast<ast::AssignStmt>(def); a != nullptr && a->targets().size() == 1) {
            target = ast::DynCast<ast::NameExpr>(a->targets()[0].get());
        } else if (const auto* aa = ast::DynCast<ast::AnnAssignStmt>(def); aa != nullptr && aa->value() != nullptr) {
            target = ast::DynCast<ast::NameExpr>(&aa->target());
        }
        if (const auto* f = ast::DynCast<ast::ForStmt>(def)) {
            // `for x in ...:` declares x in the loop header when x is used only inside the loop.
            const auto* t = ast::DynCast<ast::NameExpr>(&f->target());
            auto fp = stmt_paths.find(def);
            if (t == nullptr || t->id() != v->name || fp == stmt_paths.end()) continue;
            bool inside = true;
            for (const Path& r : collector.refs[v.get()]) {
                if (r.size() < fp->second.size() ||
                    !std::equal(fp->second.begin(), fp->second.end(), r.begin())) {
                    inside = false;
                }
            }
            if (inside) v->hoisted = false;
            continue;
        }
        if (target == nullptr || target->id() != v->name) continue;
        auto sp = stmt_paths.find(def);
        if (sp == stmt_paths.end()) continue;
        bool ok = true;
        for (const Path& r : collector.refs[v.get()]) {
            if (!Follows(sp->second, r)) ok = false;
        }
        // Uses inside the defining statement's own value (`x = x + 1` before any x) keep it hoisted.
        if (ok) v->hoisted = false;
    }
    for (const auto& v : fn.locals) {
        if (v->reference && v->hoisted) {  // Note [The parsed arguments' dict] in analyzer_stmt.cc
            Error(v->first_def->range(), "'" + v->name + "' is bound to the parsed arguments' dict (args.__dict__) "
                                         "and read where that binding may not have run; cnet keeps it as a "
                                         "reference, declared where it is bound: bind it before the block");
        }
    }
}

}  // namespace cnet::compiler::sema
