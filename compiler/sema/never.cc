// never.cc — the operands whose Never type makes their expression raise (never.h).
#include "compiler/sema/never.h"

#include "compiler/ast/collection_expr.h"
#include "compiler/ast/expr.h"
#include "compiler/ast/postfix_expr.h"

namespace cnet::compiler::sema {

std::vector<const ast::Expr*> StrictOperands(const ast::Expr& e) {
    std::vector<const ast::Expr*> out;
    auto all = [&](const ast::ExprList& list) {
        for (const auto& x : list) {
            if (x) out.push_back(x.get());
        }
    };
    switch (e.kind()) {
        case ast::NodeKind::kUnaryExpr: out.push_back(&ast::Cast<ast::UnaryExpr>(e).operand()); break;
        case ast::NodeKind::kBinaryExpr:
            out.push_back(&ast::Cast<ast::BinaryExpr>(e).lhs());
            out.push_back(&ast::Cast<ast::BinaryExpr>(e).rhs());
            break;
        case ast::NodeKind::kBoolOpExpr: out.push_back(ast::Cast<ast::BoolOpExpr>(e).values()[0].get()); break;
        case ast::NodeKind::kCompareExpr: {  // `a < b < c` compares with c only when a < b
            const auto& c = ast::Cast<ast::CompareExpr>(e);
            out.push_back(&c.left());
            out.push_back(c.comparators()[0].get());
            break;
        }
        case ast::NodeKind::kConditionalExpr: out.push_back(&ast::Cast<ast::ConditionalExpr>(e).test()); break;
        case ast::NodeKind::kCallExpr: {
            const auto& c = ast::Cast<ast::CallExpr>(e);
            out.push_back(&c.func());
            all(c.args());
            for (const auto& k : c.keywords()) out.push_back(&k->value());
            break;
        }
        case ast::NodeKind::kAttributeExpr: out.push_back(&ast::Cast<ast::AttributeExpr>(e).value()); break;
        case ast::NodeKind::kSubscriptExpr: {  // the parts of its index: a slice or a tuple is not a value itself
            const auto& sub = ast::Cast<ast::SubscriptExpr>(e);
            out.push_back(&sub.value());
            auto item = [&](const ast::Expr& x) {
                if (const auto* s = ast::DynCast<ast::SliceExpr>(&x)) {
                    for (const ast::Expr* part : {s->lower(), s->upper(), s->step()}) {
                        if (part != nullptr) out.push_back(part);
                    }
                } else {
                    out.push_back(&x);
                }
            };
            if (const auto* t = ast::DynCast<ast::TupleExpr>(&sub.index())) {
                for (const auto& x : t->elements()) item(*x);
            } else {
                item(sub.index());
            }
            break;
        }
        case ast::NodeKind::kTupleExpr: all(ast::Cast<ast::TupleExpr>(e).elements()); break;
        case ast::NodeKind::kListExpr: all(ast::Cast<ast::ListExpr>(e).elements()); break;
        case ast::NodeKind::kDictExpr: {  // each key, then its value
            const auto& d = ast::Cast<ast::DictExpr>(e);
            for (std::size_t i = 0; i < d.values().size(); ++i) {
                if (d.keys()[i]) out.push_back(d.keys()[i].get());
                out.push_back(d.values()[i].get());
            }
            break;
        }
        case ast::NodeKind::kFStringExpr:
            for (const auto& part : ast::Cast<ast::FStringExpr>(e).parts()) {
                if (const auto* fv = ast::DynCast<ast::FormattedValueExpr>(part.get())) out.push_back(&fv->value());
            }
            break;
        case ast::NodeKind::kStarredExpr: out.push_back(&ast::Cast<ast::StarredExpr>(e).value()); break;
        case ast::NodeKind::kListCompExpr:
        case ast::NodeKind::kDictCompExpr:
        case ast::NodeKind::kGeneratorExpr:
            out.push_back(&ast::Cast<ast::ComprehensionExpr>(e).generators()[0]->iter());
            break;
        default:
            break;
    }
    return out;
}

const ast::Expr* FirstNeverOperand(const ir::Program& program, const ast::Expr& e) {
    for (const ast::Expr* op : StrictOperands(e)) {
        if (IsNever(program.TypeOf(*op))) return op;
    }
    return nullptr;
}

TypeRef TypeAroundNever(const ast::Expr& e) {
    return ast::Isa<ast::CompareExpr>(e) ? types::Bool() : types::Never();
}

}  // namespace cnet::compiler::sema
