// derivative.cc — symbolic differentiation of kernel expressions: the chain rule over + - * / pow, the math
// functions, conditionals (each branch differentiated, the condition constant) and min/max.
#include "compiler/kernel/derivative.h"

#include <cstdio>

namespace cnet::compiler::kernel {
namespace {

ExprPtr Make(ExprKind kind, std::string text, std::vector<ExprPtr> kids) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->text = std::move(text);
    e->kids = std::move(kids);
    return e;
}

bool IsNumber(const Expr& e, double v) {
    if (e.kind != ExprKind::kNumber) return false;
    try {
        return std::stod(e.text) == v;
    } catch (...) {
        return false;
    }
}

ExprPtr Neg(ExprPtr a) { return Make(ExprKind::kUnary, "-", [&] { std::vector<ExprPtr> k; k.push_back(std::move(a)); return k; }()); }

ExprPtr Mul(ExprPtr a, ExprPtr b) { return Binary("*", std::move(a), std::move(b)); }

ExprPtr Ternary(ExprPtr c, ExprPtr a, ExprPtr b) {
    std::vector<ExprPtr> kids;
    kids.push_back(std::move(c));
    kids.push_back(std::move(a));
    kids.push_back(std::move(b));
    return Make(ExprKind::kTernary, "?:", std::move(kids));
}

bool IsComparison(const std::string& op) {
    return op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=" || op == "&&" || op == "||";
}

/// d f(a) / d a for the one-argument math functions, in terms of a clone of `a`.
ExprPtr UnaryDerivative(const std::string& fn, const Expr& a) {
    auto c = [&] { return Clone(a); };
    auto call = [&](const std::string& f) { std::vector<ExprPtr> k; k.push_back(c()); return Call(f, std::move(k)); };
    if (fn == "exp") return call("exp");
    if (fn == "expm1") return call("exp");
    if (fn == "log") return Binary("/", Number("1.0"), c());
    if (fn == "log1p") return Binary("/", Number("1.0"), Binary("+", Number("1.0"), c()));
    if (fn == "sqrt") return Binary("/", Number("0.5"), call("sqrt"));
    if (fn == "tanh") return Binary("-", Number("1.0"), Mul(call("tanh"), call("tanh")));
    if (fn == "sin") return call("cos");
    if (fn == "cos") return Neg(call("sin"));
    if (fn == "fabs" || fn == "abs") {
        return Ternary(Binary(">", c(), Number("0.0")), Number("1.0"),
                       Ternary(Binary("<", c(), Number("0.0")), Number("-1.0"), Number("0.0")));
    }
    if (fn == "floor" || fn == "ceil" || fn == "round" || fn == "trunc" || fn == "rint") return Number("0.0");
    return nullptr;
}

}  // namespace

std::string FloatLiteralText(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    std::string s = buf;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
    return s;
}

ExprPtr Number(const std::string& text) { return Make(ExprKind::kNumber, text, {}); }
ExprPtr Name(const std::string& name) { return Make(ExprKind::kName, name, {}); }
ExprPtr Binary(const std::string& op, ExprPtr a, ExprPtr b) {
    std::vector<ExprPtr> kids;
    kids.push_back(std::move(a));
    kids.push_back(std::move(b));
    return Make(ExprKind::kBinary, op, std::move(kids));
}
ExprPtr Call(const std::string& fn, std::vector<ExprPtr> args) { return Make(ExprKind::kCall, fn, std::move(args)); }

ExprPtr Clone(const Expr& e) {
    auto out = std::make_unique<Expr>();
    out->kind = e.kind;
    out->text = e.text;
    out->range = e.range;
    for (const ExprPtr& k : e.kids) out->kids.push_back(Clone(*k));
    return out;
}

ExprPtr Substitute(const Expr& e, const std::map<std::string, const Expr*>& values) {
    if (e.kind == ExprKind::kName) {
        auto it = values.find(e.text);
        if (it != values.end()) return Clone(*it->second);
    }
    auto out = std::make_unique<Expr>();
    out->kind = e.kind;
    out->text = e.text;
    out->range = e.range;
    for (const ExprPtr& k : e.kids) out->kids.push_back(Substitute(*k, values));
    return out;
}

ExprPtr Derive(const Expr& e, const std::string& var) {
    switch (e.kind) {
        case ExprKind::kNumber:
        case ExprKind::kBool:
        case ExprKind::kIndSize:
            return Number("0.0");
        case ExprKind::kName:
            return Number(e.text == var ? "1.0" : "0.0");
        case ExprKind::kUnary:
            if (e.text == "-") {
                ExprPtr d = Derive(*e.kids[0], var);
                return d ? Simplify(Neg(std::move(d))) : nullptr;
            }
            if (e.text == "+") return Derive(*e.kids[0], var);
            return Number("0.0");  // ! ~
        case ExprKind::kCast:
            return Derive(*e.kids[0], var);
        case ExprKind::kTernary: {
            ExprPtr d1 = Derive(*e.kids[1], var), d2 = Derive(*e.kids[2], var);
            if (!d1 || !d2) return nullptr;
            return Simplify(Ternary(Clone(*e.kids[0]), std::move(d1), std::move(d2)));
        }
        case ExprKind::kBinary: {
            const std::string& op = e.text;
            const Expr& a = *e.kids[0];
            const Expr& b = *e.kids[1];
            if (IsComparison(op)) return Number("0.0");
            ExprPtr da = Derive(a, var), db = Derive(b, var);
            if (!da || !db) return nullptr;
            if (op == "+" || op == "-") return Simplify(Binary(op, std::move(da), std::move(db)));
            if (op == "*") {
                return Simplify(Binary("+", Simplify(Mul(std::move(da), Clone(b))), Simplify(Mul(Clone(a), std::move(db)))));
            }
            if (op == "/") {
                // (da * b - a * db) / (b * b), written as da / b - a * db / (b * b).
                ExprPtr first = Simplify(Binary("/", std::move(da), Clone(b)));
                ExprPtr second = Simplify(Binary("/", Simplify(Mul(Clone(a), std::move(db))), Mul(Clone(b), Clone(b))));
                return Simplify(Binary("-", std::move(first), std::move(second)));
            }
            return nullptr;  // not differentiable (integer operators are refused before)
        }
        case ExprKind::kCall: {
            const std::string& fn = e.text;
            if (e.kids.size() == 1) {
                ExprPtr outer = UnaryDerivative(fn, *e.kids[0]);
                ExprPtr inner = Derive(*e.kids[0], var);
                if (!outer || !inner) return nullptr;
                return Simplify(Mul(std::move(outer), std::move(inner)));
            }
            if (fn == "pow") {
                const Expr& a = *e.kids[0];
                const Expr& b = *e.kids[1];
                ExprPtr db = Derive(b, var), da = Derive(a, var);
                if (!da || !db) return nullptr;
                // d a^b = b a^(b-1) da + a^b log(a) db; the second term vanishes for a constant exponent.
                std::vector<ExprPtr> args;
                args.push_back(Clone(a));
                args.push_back(Simplify(Binary("-", Clone(b), Number("1.0"))));
                ExprPtr term1 = Simplify(Mul(Simplify(Mul(Clone(b), Call("pow", std::move(args)))), std::move(da)));
                if (IsNumber(*db, 0)) return term1;
                std::vector<ExprPtr> log_args;
                log_args.push_back(Clone(a));
                ExprPtr term2 = Simplify(Mul(Simplify(Mul(Clone(e), Call("log", std::move(log_args)))), std::move(db)));
                return Simplify(Binary("+", std::move(term1), std::move(term2)));
            }
            if (fn == "max" || fn == "min" || fn == "fmax" || fn == "fmin") {
                const bool is_max = fn == "max" || fn == "fmax";
                ExprPtr d0 = Derive(*e.kids[0], var), d1 = Derive(*e.kids[1], var);
                if (!d0 || !d1) return nullptr;
                return Simplify(Ternary(Binary(is_max ? ">=" : "<=", Clone(*e.kids[0]), Clone(*e.kids[1])),
                                        std::move(d0), std::move(d1)));
            }
            return nullptr;
        }
        case ExprKind::kIndex:
            return nullptr;
    }
    return nullptr;
}

ExprPtr Simplify(ExprPtr e) {
    if (!e) return e;
    if (e->kind == ExprKind::kUnary && e->text == "-") {
        if (IsNumber(*e->kids[0], 0)) return Number("0.0");
        if (e->kids[0]->kind == ExprKind::kNumber && e->kids[0]->text[0] != '-') return Number("-" + e->kids[0]->text);
        if (e->kids[0]->kind == ExprKind::kUnary && e->kids[0]->text == "-") return std::move(e->kids[0]->kids[0]);
    }
    if (e->kind == ExprKind::kTernary && e->kids[1]->kind == ExprKind::kNumber && e->kids[2]->kind == ExprKind::kNumber &&
        e->kids[1]->text == e->kids[2]->text) {
        return std::move(e->kids[1]);
    }
    if (e->kind != ExprKind::kBinary) return e;
    Expr& a = *e->kids[0];
    Expr& b = *e->kids[1];
    const std::string& op = e->text;
    if (op == "*") {
        if (IsNumber(a, 0) || IsNumber(b, 0)) return Number("0.0");
        if (IsNumber(a, 1)) return std::move(e->kids[1]);
        if (IsNumber(b, 1)) return std::move(e->kids[0]);
        if (IsNumber(a, -1)) return Simplify(Neg(std::move(e->kids[1])));
        if (IsNumber(b, -1)) return Simplify(Neg(std::move(e->kids[0])));
    } else if (op == "+") {
        if (IsNumber(a, 0)) return std::move(e->kids[1]);
        if (IsNumber(b, 0)) return std::move(e->kids[0]);
    } else if (op == "-") {
        if (IsNumber(b, 0)) return std::move(e->kids[0]);
        if (IsNumber(a, 0)) return Simplify(Neg(std::move(e->kids[1])));
    } else if (op == "/") {
        if (IsNumber(a, 0)) return Number("0.0");
        if (IsNumber(b, 1)) return std::move(e->kids[0]);
    }
    return e;
}

}  // namespace cnet::compiler::kernel
