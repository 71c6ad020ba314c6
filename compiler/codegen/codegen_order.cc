// codegen_order.cc — Python evaluates a call's arguments and a binary operator's operands left to right; C++
// leaves the order of function arguments (and of an overloaded operator's operands) unspecified, and GCC goes
// right to left, so `print(f(), g())` ran g first (also f-strings and comparisons). Where the order can be observed (Note [Evaluation order]),
// the operands are evaluated into ordered temporaries of an immediately invoked lambda, in source order:
//
//     [&] { auto arg_1_ = f(); auto arg_2_ = g(); return cnet::py::print(arg_1_, arg_2_); }()
//
// Everywhere else the C++ stays as it was.
#include "compiler/codegen/codegen.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/builtin_table.h"

namespace cnet::compiler::codegen {

// Note [Evaluation order]
// ~~~~~~~~~~~~~~~~~~~~~~~
// An operand is *stable* when evaluating it earlier or later gives the same result and does nothing: a literal,
// a name (a call cannot rebind a local: there is no `nonlocal`/`global` assignment through a call), a lambda, a
// module's attribute (np.float32, F.relu), and displays and operators (but `/ // % ** @`, which may raise) of
// stable parts. An operand has *effects* when it contains a call that may print, mutate or draw random numbers
// (anything but the pure library functions and array and string methods below) or a `:=`. The order matters only when some operand has
// effects and at least two are not stable (`print(f(), x / y)`: a ZeroDivisionError comes after f's output);
// then every unstable operand goes into a temporary, and the call reads the temporaries. A display's elements
// are ordered one by one (the code that builds the display looks at its braces). A temporary holds a call's
// result by value, and a part of a named object by reference (`auto&&`: Python passes the object itself), but
// for ints, floats, bools, strings and tuples, which are copied, as an immutable Python value read before a
// later operand changes the variable holding it.

namespace {

bool PureLibraryFunction(const sema::BuiltinEntry& entry) {
    const std::string& owner = entry.owner;
    if (owner == "builtins") {
        return entry.name != "print" && entry.name != "next" && entry.name != "open" && entry.name != "input";
    }
    if (owner == "math" || owner == "numpy") return true;
    if (owner == "chainer.functions") {
        for (const char* random : {"dropout", "noise", "gaussian", "dropconnect", "zoneout", "sample"}) {
            if (entry.name.find(random) != std::string::npos) return false;
        }
        return true;
    }
    return false;
}

bool PureReceiver(const TypeRef& receiver) {
    if (!receiver) return false;
    switch (sema::StripOptional(receiver)->kind) {
        case TypeKind::kNdarray:
        case TypeKind::kVariable:
        case TypeKind::kStr:
        case TypeKind::kShape:
        case TypeKind::kDtype:
            return true;
        default:
            return false;
    }
}

bool MutatingMethod(const std::string& name) {
    for (const char* m : {"backward", "cleargrad", "zerograd", "unchain_backward", "to_gpu", "to_cpu", "to_device",
                          "fill", "sort", "resize", "shuffle"}) {
        if (name == m) return true;
    }
    return false;
}

// How a temporary holds its operand. Python's immutable values are copied (a later operand may change the
// variable an lvalue names). A part of a named object (`self.items`, `xs[0]`) is held by reference, as Python
// holds the object; anything else by value, since a reference into a call's result (`f().array`) would dangle.
std::string Held(const ast::Expr& e, const TypeRef& type) {
    const ast::Expr* root = &e;
    for (;;) {
        if (const auto* a = ast::DynCast<ast::AttributeExpr>(root)) {
            root = &a->value();
        } else if (const auto* s = ast::DynCast<ast::SubscriptExpr>(root)) {
            root = &s->value();
        } else {
            break;
        }
    }
    if (root == &e || !ast::Isa<ast::NameExpr>(*root)) return "auto ";
    const TypeRef t = sema::StripOptional(type);
    switch (t->kind) {
        case TypeKind::kInt:
        case TypeKind::kFloat:
        case TypeKind::kBool:
        case TypeKind::kStr:
        case TypeKind::kNone:
        case TypeKind::kTuple:
            return "auto ";
        default:
            return "auto&& ";
    }
}

}  // namespace

bool Generator::Stable(const ast::Expr& e) const {
    switch (e.kind()) {
        case ast::NodeKind::kIntLiteral:
        case ast::NodeKind::kFloatLiteral:
        case ast::NodeKind::kStringLiteral:
        case ast::NodeKind::kBoolLiteral:
        case ast::NodeKind::kNoneLiteral:
        case ast::NodeKind::kEllipsisLiteral:
        case ast::NodeKind::kNameExpr:
        case ast::NodeKind::kLambdaExpr:
            return true;
        case ast::NodeKind::kAttributeExpr: {  // np.float32, F.relu, args.epoch: nothing a call changes
            const TypeKind value = TypeOf(ast::Cast<ast::AttributeExpr>(e).value())->kind;
            const TypeKind attr = TypeOf(e)->kind;
            return value == TypeKind::kModule || value == TypeKind::kArgs || attr == TypeKind::kLibFunction ||
                   attr == TypeKind::kLibClass || attr == TypeKind::kDtype;
        }
        case ast::NodeKind::kUnaryExpr:
            return Stable(ast::Cast<ast::UnaryExpr>(e).operand());
        case ast::NodeKind::kBinaryExpr: {  // `e + 1`; not the operators that may raise
            const auto& b = ast::Cast<ast::BinaryExpr>(e);
            const ast::BinaryOp op = b.op();
            if (op == ast::BinaryOp::kDiv || op == ast::BinaryOp::kFloorDiv || op == ast::BinaryOp::kMod ||
                op == ast::BinaryOp::kPow || op == ast::BinaryOp::kMatMul) {
                return false;
            }
            return Stable(b.lhs()) && Stable(b.rhs());
        }
        case ast::NodeKind::kTupleExpr:
        case ast::NodeKind::kListExpr: {
            const ast::ExprList& items = e.kind() == ast::NodeKind::kTupleExpr
                                             ? ast::Cast<ast::TupleExpr>(e).elements()
                                             : ast::Cast<ast::ListExpr>(e).elements();
            for (const auto& item : items) {
                if (!Stable(*item)) return false;
            }
            return true;
        }
        default:
            return false;
    }
}

bool Generator::HasEffects(const ast::Expr& e) const {
    bool effects = false;
    ast::WalkPreorder(e, [&](const ast::Node& n) {
        if (effects || n.kind() == ast::NodeKind::kLambdaExpr) return;
        if (n.kind() == ast::NodeKind::kNamedExpr) effects = true;
        if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&n)) {  // defaultdict's d[k] inserts k
            const TypeRef c = sema::StripOptional(TypeOf(sub->value()));
            if (c->kind == TypeKind::kDict && c->dict_kind == sema::DictKind::kDefaultDict) effects = true;
        }
        if (const auto* call = ast::DynCast<ast::CallExpr>(&n)) {
            const TypeRef callee = TypeOf(call->func());
            if (callee && callee->kind == TypeKind::kDtype) return;  // np.float32(x)
            if (callee && callee->kind == TypeKind::kBoundMethod && callee->function == nullptr &&
                PureReceiver(callee->args[0]) && !MutatingMethod(callee->entry->name)) {
                return;  // a.mean(axis=0), s.upper(): a library method of a value it does not change
            }
            if (!callee || callee->kind != TypeKind::kLibFunction || callee->entry == nullptr ||
                !PureLibraryFunction(*callee->entry)) {
                effects = true;
            }
        }
    });
    return effects;
}

// The operands of `e` in Python's order of evaluation, displays opened into their elements.
static void Operands(const ast::Expr& e, std::vector<const ast::Expr*>* out) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) {
        for (const auto& item : t->elements()) Operands(*item, out);
    } else if (const auto* l = ast::DynCast<ast::ListExpr>(&e)) {
        for (const auto& item : l->elements()) Operands(*item, out);
    } else if (!ast::Isa<ast::StarredExpr>(e)) {
        out->push_back(&e);
    }
}

std::string Generator::InOrder(const ast::Expr& e, const std::function<std::string()>& emit) {
    std::vector<const ast::Expr*> operands;
    if (const auto* call = ast::DynCast<ast::CallExpr>(&e)) {
        if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&call->func()); attr != nullptr && HasEffects(attr->value())) {
            operands.push_back(&attr->value());
        }
        for (const auto& a : call->args()) Operands(*a, &operands);
        for (const auto& k : call->keywords()) Operands(k->value(), &operands);
    } else if (const auto* b = ast::DynCast<ast::BinaryExpr>(&e)) {
        Operands(b->lhs(), &operands);
        Operands(b->rhs(), &operands);
    } else if (const auto* c = ast::DynCast<ast::CompareExpr>(&e)) {
        Operands(c->left(), &operands);
        for (const auto& right : c->comparators()) Operands(*right, &operands);
    } else if (const auto* f = ast::DynCast<ast::FStringExpr>(&e)) {
        for (const auto& part : f->parts()) {
            if (const auto* fv = ast::DynCast<ast::FormattedValueExpr>(part.get())) operands.push_back(&fv->value());
        }
    }
    int unstable = 0;
    bool effects = false;
    for (const ast::Expr* op : operands) {
        if (!Stable(*op)) ++unstable;
        if (!effects && HasEffects(*op)) effects = true;
    }
    if (unstable < 2 || !effects) return emit();
    std::vector<const ast::Expr*> hoisted;
    for (const ast::Expr* op : operands) {
        if (Stable(*op) || ordered_.count(op) != 0) continue;
        ordered_[op].temp = Temp("arg");
        hoisted.push_back(op);
    }
    const std::string body = emit();
    std::string out = "[&] { ";
    for (const ast::Expr* op : hoisted) {
        const OrderSlot& slot = ordered_[op];
        // A call returning None is void in C++: its temporary holds None after it (Value reads the temporary).
        const std::string code = VoidInCpp(*op) ? "(" + slot.code + ", cnet::py::None)" : slot.code;
        if (slot.emitted && !slot.braced) out += Held(*op, TypeOf(*op)) + slot.temp + " = " + code + "; ";
        ordered_.erase(op);
    }
    return out + "return " + body + "; }()";
}

std::string Generator::OrderedOperand(const ast::Expr& e, const TypeRef& want, bool* found) {
    auto slot = ordered_.find(&e);
    *found = slot != ordered_.end() && !slot->second.busy;
    if (!*found) return "";
    if (!slot->second.emitted) {
        slot->second.busy = true;
        slot->second.code = ExprImpl(e, want);
        slot->second.busy = false;
        slot->second.emitted = true;
        // A braced initializer ({1, "epoch"}) has no type of its own to give a temporary; it stays in place.
        slot->second.braced = !slot->second.code.empty() && slot->second.code[0] == '{';
    }
    return slot->second.braced ? slot->second.code : slot->second.temp;
}

}  // namespace cnet::compiler::codegen
