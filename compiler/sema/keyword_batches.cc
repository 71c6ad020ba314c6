// keyword_batches.cc — a user converter that returns a dict: Chainer's `loss_func(**in_arrays)`.
//
// A converter given to StandardUpdater or Evaluator may return a dict (seq2seq's `{'xs': [...], 'ys': [...]}`),
// whose entries the updater passes as keyword arguments to the loss function: loss_func= when given, else the
// optimizer's target (StandardUpdater: `optimizer.setup(model)` in the same function) or the Evaluator's target.
// Each return of the converter must be a dict display with string keys, naming every parameter of that function;
// the parameters take the dict's value type (an array, or a list of arrays). The runtime passes the batch on as
// positional arrays: Note [Keyword batches] in cnet/core/keyword_batch.h.
#include <algorithm>

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/optimizer_setup.h"

namespace cnet::compiler::sema {

namespace {
// The keys of the dicts `converter` returns, in the first one's order; null after an error (`bad` the return).
std::optional<std::vector<std::string>> ReturnedKeys(const ir::FunctionInfo& converter, const ast::Node** bad) {
    std::optional<std::vector<std::string>> keys;
    bool ok = true;
    for (const ast::StmtPtr& s : converter.def->body()) {
        ast::WalkPreorderWhile(*s, [&](const ast::Node& n) {
            const auto* r = ast::DynCast<ast::ReturnStmt>(&n);
            if (r == nullptr || !ok) return ok && !ast::IsNestedScope(n);
            const auto* d = r->value() != nullptr ? ast::DynCast<ast::DictExpr>(r->value()) : nullptr;
            std::vector<std::string> these;
            for (std::size_t i = 0; d != nullptr && i < d->keys().size(); ++i) {
                const auto* k = d->keys()[i] ? ast::DynCast<ast::StringLiteral>(d->keys()[i].get()) : nullptr;
                if (k == nullptr) d = nullptr;
                else these.push_back(k->value());
            }
            std::vector<std::string> sorted_these = these, sorted_keys = keys.value_or(these);
            std::sort(sorted_these.begin(), sorted_these.end());
            std::sort(sorted_keys.begin(), sorted_keys.end());
            if (d == nullptr || sorted_these != sorted_keys) {
                ok = false;
                *bad = &n;
                return false;
            }
            if (!keys) keys = these;
            return false;
        });
    }
    if (!ok) return std::nullopt;
    return keys;
}
}  // namespace

// The function a dict batch is passed to (see the top of this file); null when it cannot be seen.
ir::FunctionInfo* Analyzer::KeywordBatchLossFunction(const ir::CallInfo& call) {
    const ast::Expr* optimizer = nullptr;
    for (const ir::BoundArg& a : call.args) {
        if (a.spec == nullptr || a.value == nullptr) continue;
        const TypeRef t = program_.TypeOf(*a.value);
        if ((a.spec->name == "loss_func" || a.spec->name == "eval_func") && t->function != nullptr &&
            (t->kind == TypeKind::kUserFunction || t->kind == TypeKind::kBoundMethod)) {
            return const_cast<ir::FunctionInfo*>(t->function);
        }
        if (a.spec->name == "target" && t->kind == TypeKind::kUserClass) {
            return const_cast<ir::FunctionInfo*>(t->user_class->Forward());
        }
        if (a.spec->name == "optimizer") optimizer = a.value;
    }
    const ast::Expr* target =
        optimizer != nullptr && fn_ != nullptr ? OptimizerSetupTarget(program_, *optimizer, *fn_) : nullptr;
    const TypeRef t = target != nullptr ? StripOptional(program_.TypeOf(*target)) : nullptr;
    if (!t || t->kind != TypeKind::kUserClass) return nullptr;
    return const_cast<ir::FunctionInfo*>(t->user_class->Forward());
}

void Analyzer::KeywordBatchConverter(const ir::CallInfo& call, ir::FunctionInfo& converter, const ast::Expr& where) {
    const TypeRef value = converter.return_type->args[1];
    const TypeRef item = value->kind == TypeKind::kList ? value->args[0] : value;
    if (!IsArrayLike(item) && item->kind != TypeKind::kUnknown) {
        Error(where.range(), "the converter '" + converter.name + "' returns a dict of '" + PyName(value) + "'; its "
                             "values must be arrays or lists of arrays (the loss function's keyword arguments)");
        return;
    }
    const ast::Node* bad = nullptr;
    const std::optional<std::vector<std::string>> keys = ReturnedKeys(converter, &bad);
    if (!keys) {
        Error(bad->range(), "a converter that returns a dict returns a dict display with the same string keys on "
                            "every path (`return {'xs': xs, 'ys': ys}`): its keys name the loss function's parameters");
        return;
    }
    ir::FunctionInfo* loss = KeywordBatchLossFunction(call);
    if (loss == nullptr) {
        Error(where.range(), "the converter '" + converter.name + "' returns a dict, passed to the loss function as "
                             "keyword arguments; pass loss_func=, or set up the optimizer with its model in this "
                             "function (`optimizer.setup(model)`), so that cnetc sees which function takes them");
        return;
    }
    std::vector<std::string> order;
    for (ir::ParamInfo& p : loss->params) {
        if (std::find(keys->begin(), keys->end(), p.name) == keys->end()) {
            Error(where.range(), "the converter '" + converter.name + "' returns a dict without '" + p.name +
                                     "', a parameter of '" + loss->name + "'");
            return;
        }
        order.push_back(p.name);
        if (p.param != nullptr && p.param->annotation() != nullptr) {
            if (!Assignable(value, p.type)) {
                Error(where.range(), "the converter '" + converter.name + "' gives '" + p.name + "' a '" +
                                         PyName(value) + "'; the parameter of '" + loss->name + "' is '" +
                                         PyName(p.type) + "'");
            }
        } else if (const TypeRef j = p.type ? Join(p.type, value) : value; j && !SameType(p.type, j)) {
            // (joined: pos's `xs = F.transpose_sequence(xs)` makes the parameter a list of Variables)
            p.type = j;
            changed_ = true;
            if (ir::VarInfo* v = loss->FindLocal(p.name)) v->type = j;
        }
    }
    for (const std::string& k : *keys) {
        if (std::find(order.begin(), order.end(), k) == order.end()) {
            Error(where.range(), "'" + loss->name + "' takes no parameter '" + k + "', a key of the dict the converter '" +
                                     converter.name + "' returns");
            return;
        }
    }
    loss->called = true;
    converter.keyword_batch = order;
    program_.headers.insert("cnet/core/keyword_batch.h");
}

}  // namespace cnet::compiler::sema
