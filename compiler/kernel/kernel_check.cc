// kernel_check.cc — names and types in kernel code (CuPy's rules: `i` is the loop index, `_ind.size()` the
// loop size, names starting with '_' and `n` are reserved; input parameters are read-only elements, raw
// parameters are arrays indexed by the code).
#include "compiler/kernel/kernel_check.h"

#include <cctype>
#include <map>
#include <set>

#include "compiler/diagnostics/edit_distance.h"
#include "compiler/kernel/kernel_parser.h"

namespace cnet::compiler::kernel {
namespace {

/// What the checker knows of a value's type: enough to refuse what C++ (and nvcc) would refuse.
enum class Cls { kBool, kInt, kFloat, kGeneric, kArray, kError };

struct Sym {
    Cls cls = Cls::kGeneric;
    bool writable = true;
    bool raw = false;
    SourceRange decl;
};

Cls ClassOfType(const std::string& type) {
    if (type.size() == 1) return Cls::kGeneric;
    const std::string cpp = CppTypeName(type);
    if (cpp == "bool") return Cls::kBool;
    if (cpp == "float" || cpp == "double") return Cls::kFloat;
    return Cls::kInt;
}

const std::set<std::string>& CppKeywords() {
    static const std::set<std::string> k = {
        "auto", "case", "catch", "class", "const", "default", "delete", "do", "else", "enum", "explicit", "extern",
        "for", "friend", "goto", "if", "inline", "mutable", "namespace", "new", "operator", "private", "protected",
        "public", "register", "return", "sizeof", "static", "struct", "switch", "template", "this", "throw", "try",
        "typedef", "typename", "union", "using", "virtual", "void", "volatile", "while", "and", "or", "not", "xor",
        "true", "false", "nullptr", "break", "continue"};
    return k;
}

class Checker {
public:
    Checker(const KernelDef& def, DiagnosticEngine& diags) : def_(def), diags_(diags) {}

    bool Run() {
        for (const Param& p : def_.in) Placeholder(p);
        for (const Param& p : def_.out) Placeholder(p);
        std::set<std::string> seen;
        for (const auto* list : {&def_.in, &def_.out}) {
            for (const Param& p : *list) {
                CheckDeclaredName(p.name, p.range);
                if (!seen.insert(p.name).second) Error(p.range, "duplicate kernel parameter '" + p.name + "'");
            }
        }
        scopes_.emplace_back();
        if (def_.kind == KernelDef::Kind::kElementwise) {
            for (const Param& p : def_.in) Declare(p, false);
            for (const Param& p : def_.out) Declare(p, true);
            scopes_.back()["i"] = Sym{Cls::kInt, false, false, {}};
            for (const StmtPtr& s : def_.body) Statement(*s);
        } else {
            if (def_.identity) Expression(*def_.identity);  // no names in scope
            for (const Param& p : def_.in) Declare(p, false);
            if (def_.map) Expression(*def_.map);
            scopes_.back().clear();
            const Cls rt = ClassOfType(def_.reduce_type);
            scopes_.back()["a"] = Sym{rt, false, false, {}};
            scopes_.back()["b"] = Sym{rt, false, false, {}};
            if (def_.reduce) Expression(*def_.reduce);
            scopes_.back().erase("b");
            for (const Param& p : def_.out) Declare(p, true);
            for (const StmtPtr& s : def_.body) Statement(*s);
        }
        return ok_;
    }

private:
    void Error(const SourceRange& at, const std::string& message) {
        diags_.Error(at, message);
        ok_ = false;
    }

    void Placeholder(const Param& p) {
        if (p.IsPlaceholder() && !std::isupper(static_cast<unsigned char>(p.type[0]))) {
            Error(p.range, "type placeholder '" + p.type + "' of '" + p.name +
                               "' must be an upper-case letter (T, U, ...)");
        }
    }

    void CheckDeclaredName(const std::string& name, const SourceRange& at) {
        if (name == "i" || name == "n" || name[0] == '_') {
            Error(at, "'" + name + "' is reserved in kernel code (CuPy reserves i, n and names starting with '_')");
        } else if (CppKeywords().count(name) != 0 || IsCTypeName(name)) {
            Error(at, "'" + name + "' is a C++ keyword or type name and cannot name a kernel variable");
        }
    }

    void Declare(const Param& p, bool writable) {
        Sym s;
        s.cls = p.raw ? Cls::kArray : ClassOfType(p.type);
        elem_[p.name] = ClassOfType(p.type);
        s.writable = writable;
        s.raw = p.raw;
        s.decl = p.range;
        scopes_.back()[p.name] = s;
    }

    const Sym* Lookup(const std::string& name) const {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            auto f = it->find(name);
            if (f != it->end()) return &f->second;
        }
        return nullptr;
    }

    std::vector<std::string> Visible() const {
        std::vector<std::string> names;
        for (const auto& scope : scopes_) {
            for (const auto& [n, s] : scope) names.push_back(n);
        }
        return names;
    }

    void CheckTypeName(const std::string& type, const SourceRange& at) {
        if (type.size() != 1) return;
        for (const auto* list : {&def_.in, &def_.out}) {
            for (const Param& p : *list) {
                if (p.type == type) return;
            }
        }
        Error(at, "unknown type placeholder '" + type + "': no kernel parameter has this type");
    }

    void Statement(const Stmt& s) {
        switch (s.kind) {
            case StmtKind::kExpr:
                Expression(*s.expr);
                break;
            case StmtKind::kDecl:
                CheckTypeName(s.type, s.range);
                for (std::size_t k = 0; k < s.names.size(); ++k) {
                    if (s.inits[k]) Expression(*s.inits[k]);
                    CheckDeclaredName(s.names[k], s.name_ranges[k]);
                    if (scopes_.back().count(s.names[k]) != 0) {
                        Error(s.name_ranges[k], "redefinition of '" + s.names[k] + "'");
                    }
                    scopes_.back()[s.names[k]] = Sym{ClassOfType(s.type), true, false, s.name_ranges[k]};
                }
                break;
            case StmtKind::kBlock:
                scopes_.emplace_back();
                for (const StmtPtr& b : s.body) Statement(*b);
                scopes_.pop_back();
                break;
            case StmtKind::kIf:
            case StmtKind::kWhile:
                Condition(*s.expr);
                ++loops_;
                for (const StmtPtr& b : s.body) {
                    scopes_.emplace_back();
                    Statement(*b);
                    scopes_.pop_back();
                }
                --loops_;
                break;
            case StmtKind::kFor:
                scopes_.emplace_back();
                Statement(*s.init);
                if (s.expr) Condition(*s.expr);
                if (s.step) Expression(*s.step);
                ++loops_;
                Statement(*s.body[0]);
                --loops_;
                scopes_.pop_back();
                break;
            case StmtKind::kBreak:
            case StmtKind::kContinue:
                if (loops_ == 0) Error(s.range, "'break'/'continue' outside a loop");
                break;
            case StmtKind::kEmpty:
                break;
        }
    }

    void Condition(const Expr& e) {
        if (Expression(e) == Cls::kArray) Error(e.range, "a raw array is not a condition; index it");
    }

    bool IsLvalue(const Expr& e) const { return e.kind == ExprKind::kName || e.kind == ExprKind::kIndex; }

    void CheckWritable(const Expr& target, const std::string& op) {
        if (!IsLvalue(target)) {
            Error(target.range, "the left side of '" + op + "' must be a variable, an output or a raw element");
            return;
        }
        const Expr* base = target.kind == ExprKind::kIndex ? target.kids[0].get() : &target;
        if (base->kind != ExprKind::kName) return;
        const Sym* s = Lookup(base->text);
        if (s == nullptr) return;
        if (!s->writable) {
            if (base->text == "i") {
                Error(target.range, "'i' is the loop index and cannot be assigned");
            } else if (base->text == "a" || base->text == "b") {
                Error(target.range, "'" + base->text + "' cannot be assigned here");
            } else {
                Error(target.range, "input parameter '" + base->text +
                                        "' is read-only; assign to an output parameter or a local variable");
            }
        } else if (s->raw && target.kind == ExprKind::kName) {
            Error(target.range, "raw parameter '" + base->text + "' is an array; assign to an element, '" +
                                    base->text + "[i] = ...'");
        }
    }

    static bool IntegerOnly(const std::string& op) {
        return op == "%" || op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^" || op == "%=" ||
               op == "<<=" || op == ">>=" || op == "&=" || op == "|=" || op == "^=" || op == "~";
    }

    Cls Value(const Expr& e, Cls c) {
        if (c == Cls::kArray) {
            Error(e.range, "raw parameter '" + e.text + "' is an array; index it, e.g. '" + e.text + "[i]'");
            return Cls::kError;
        }
        return c;
    }

    static Cls Join(Cls a, Cls b) {
        if (a == Cls::kError || b == Cls::kError) return Cls::kError;
        if (a == Cls::kFloat || b == Cls::kFloat) return Cls::kFloat;
        if (a == Cls::kGeneric || b == Cls::kGeneric) return Cls::kGeneric;
        return Cls::kInt;
    }

    Cls Expression(const Expr& e) {
        switch (e.kind) {
            case ExprKind::kNumber: {
                const std::string& t = e.text;
                const bool hex = t.size() > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
                const bool is_float = !hex && t.find_first_of(".eEfF") != std::string::npos;
                return is_float ? Cls::kFloat : Cls::kInt;
            }
            case ExprKind::kBool:
                return Cls::kBool;
            case ExprKind::kIndSize:
                if (def_.kind != KernelDef::Kind::kElementwise) {
                    Error(e.range, "'_ind.size()' is available in elementwise kernels only");
                }
                return Cls::kInt;
            case ExprKind::kName: {
                const Sym* s = Lookup(e.text);
                if (s == nullptr) {
                    std::string message = "unknown name '" + e.text + "' in kernel '" + def_.name + "'";
                    if (auto near = SuggestClosest(e.text, Visible())) message += "; did you mean '" + *near + "'?";
                    Error(e.range, message);
                    return Cls::kError;
                }
                return s->cls;
            }
            case ExprKind::kIndex: {
                const Expr& base = *e.kids[0];
                const Sym* s = base.kind == ExprKind::kName ? Lookup(base.text) : nullptr;
                const Cls index = Expression(*e.kids[1]);
                if (index == Cls::kFloat) Error(e.kids[1]->range, "an array index must be an integer, not floating point");
                if (base.kind == ExprKind::kName && s == nullptr) {
                    Expression(base);
                    return Cls::kError;
                }
                if (s == nullptr || !s->raw) {
                    Error(base.range, base.kind == ExprKind::kName
                                          ? "'" + base.text + "' is an element, not an array; declare it 'raw " +
                                                std::string("T ") + base.text + "' to index it"
                                          : "only raw parameters can be indexed");
                    return Cls::kError;
                }
                return elem_[base.text];
            }
            case ExprKind::kUnary: {
                const Cls c = Value(*e.kids[0], Expression(*e.kids[0]));
                if (e.text == "++" || e.text == "--" || e.text == "p++" || e.text == "p--") {
                    CheckWritable(*e.kids[0], e.text[0] == 'p' ? e.text.substr(1) : e.text);
                }
                if (e.text == "~" && c == Cls::kFloat) {
                    Error(e.range, "operator '~' needs an integer operand, got a floating-point value");
                }
                return e.text == "!" ? Cls::kBool : c;
            }
            case ExprKind::kBinary: {
                const std::string& op = e.text;
                const bool assign = op.back() == '=' && op != "==" && op != "!=" && op != "<=" && op != ">=";
                const Cls l = assign ? Expression(*e.kids[0]) : Value(*e.kids[0], Expression(*e.kids[0]));
                const Cls r = Value(*e.kids[1], Expression(*e.kids[1]));
                if (assign) CheckWritable(*e.kids[0], op);
                if (IntegerOnly(op) && (l == Cls::kFloat || r == Cls::kFloat)) {
                    Error(e.range, "operator '" + op + "' needs integer operands, got a floating-point value" +
                                       (op[0] == '%' ? "; use fmod(a, b)" : ""));
                    return Cls::kError;
                }
                if (op == "==" || op == "!=" || op == "<" || op == ">" || op == "<=" || op == ">=" || op == "&&" ||
                    op == "||") {
                    return Cls::kBool;
                }
                return assign ? l : Join(l, r);
            }
            case ExprKind::kTernary: {
                Condition(*e.kids[0]);
                return Join(Value(*e.kids[1], Expression(*e.kids[1])), Value(*e.kids[2], Expression(*e.kids[2])));
            }
            case ExprKind::kCall: {
                const int arity = MathFunctionArity(e.text);
                Cls c = Cls::kInt;
                for (const ExprPtr& a : e.kids) c = Join(c, Value(*a, Expression(*a)));
                if (arity < 0) {
                    Error(SourceRange(e.range.file, e.range.begin,
                                      SourceLocation{e.range.begin.line,
                                                     e.range.begin.column + static_cast<std::uint32_t>(e.text.size())}),
                          "unknown function '" + e.text + "' in kernel code; the math functions of CUDA and <cmath> "
                          "(sqrt, exp, log, tanh, pow, fabs, min, max, ...) are available");
                    return Cls::kError;
                }
                if (static_cast<int>(e.kids.size()) != arity) {
                    Error(e.range, "'" + e.text + "' takes " + std::to_string(arity) + " argument" +
                                       (arity == 1 ? "" : "s") + ", got " + std::to_string(e.kids.size()));
                    return Cls::kError;
                }
                if (e.text == "isnan" || e.text == "isinf" || e.text == "isfinite" || e.text == "signbit") return Cls::kBool;
                if (e.text == "min" || e.text == "max" || e.text == "abs") return c;
                return c == Cls::kGeneric ? Cls::kGeneric : Cls::kFloat;
            }
            case ExprKind::kCast:
                CheckTypeName(e.text, e.range);
                Value(*e.kids[0], Expression(*e.kids[0]));
                return ClassOfType(e.text);
        }
        return Cls::kError;
    }

    const KernelDef& def_;
    DiagnosticEngine& diags_;
    std::vector<std::map<std::string, Sym>> scopes_;
    std::map<std::string, Cls> elem_;  // element class of each raw parameter
    int loops_ = 0;
    bool ok_ = true;
};

}  // namespace

int MathFunctionArity(const std::string& name) {
    static const std::map<std::string, int> arity = {
        {"sqrt", 1},  {"rsqrt", 1}, {"cbrt", 1},   {"exp", 1},      {"exp2", 1},     {"expm1", 1}, {"log", 1},
        {"log2", 1},  {"log10", 1}, {"log1p", 1},  {"sin", 1},      {"cos", 1},      {"tan", 1},   {"asin", 1},
        {"acos", 1},  {"atan", 1},  {"sinh", 1},   {"cosh", 1},     {"tanh", 1},     {"asinh", 1}, {"acosh", 1},
        {"atanh", 1}, {"erf", 1},   {"erfc", 1},   {"lgamma", 1},   {"tgamma", 1},   {"fabs", 1},  {"abs", 1},
        {"floor", 1}, {"ceil", 1},  {"round", 1},  {"trunc", 1},    {"rint", 1},     {"isnan", 1}, {"isinf", 1},
        {"isfinite", 1}, {"signbit", 1}, {"atan2", 2}, {"pow", 2},  {"fmod", 2},     {"fmin", 2},  {"fmax", 2},
        {"min", 2},   {"max", 2},   {"hypot", 2},  {"copysign", 2}, {"fma", 3},
    };
    auto it = arity.find(name);
    return it == arity.end() ? -1 : it->second;
}

bool CheckKernel(const KernelDef& def, DiagnosticEngine& diags) { return Checker(def, diags).Run(); }

}  // namespace cnet::compiler::kernel
