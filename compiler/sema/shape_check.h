// shape_check.h — the static shape checks' internal state (not a public header), split over shape_*.cc by concern:
// shape_bindings.cc (what the program binds: locals, ints, link constructions, datasets), shape_inference.cc (the
// shapes of expressions and the checked operations), shape_check.cc (the walk, the Classifier pipeline, reporting;
// Note [Static shape checks]).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/ast/traversal.h"
#include "compiler/diagnostics/diagnostic_engine.h"
#include "compiler/ir/program.h"

namespace cnet::compiler::sema::shapes {

constexpr std::int64_t kUnknownDim = -1;
constexpr std::int64_t kBatchDim = -2;  // the batch axis of a dataset's batches: unknown, printed as N
using Dims = std::vector<std::int64_t>;
using Shape = std::optional<Dims>;

inline bool Known(std::int64_t d) { return d >= 0; }

inline std::string Str(const Dims& d) {
    std::string s = "(";
    for (std::size_t i = 0; i < d.size(); ++i) {
        if (i > 0) s += ", ";
        s += d[i] == kBatchDim ? "N" : Known(d[i]) ? std::to_string(d[i]) : "?";
    }
    return s + (d.size() == 1 ? ",)" : ")");
}

/// One analysis of a function: its parameters' shapes where known (from a call site or a dataset).
struct Ctx {
    const ir::FunctionInfo* fn = nullptr;
    std::map<const ir::VarInfo*, Dims> params;
    const ast::Node* note_at = nullptr;  // where the parameters' shapes come from (a note on each error)
    std::string note;
    int depth = 0;
    std::map<const ir::VarInfo*, Shape> memo;
    std::set<const ir::VarInfo*> busy;
};

/// One binding of a local: the assigned value (element `index` of it when unpacked), or null for a binding
/// whose value is not tracked (loop target, augmented assignment, ...).
struct Source {
    const ast::Expr* value = nullptr;
    int index = -1;
};

class ShapeChecker {
public:
    ShapeChecker(const ir::Program& program, DiagnosticEngine& diags) : p_(program), diags_(diags) {}
    void Run();

private:
    std::vector<const ir::FunctionInfo*> AllFunctions() const;
    const ast::StmtList& Body(const ir::FunctionInfo& fn) const;

    struct LinkCtor {
        const ast::CallExpr* call = nullptr;
        const ir::FunctionInfo* fn = nullptr;  // the method constructing it
        std::string kind;                      // "Linear", "Convolution2D", ...
    };
    struct Example {
        Dims dims;  // one example's x
        const ast::Node* origin = nullptr;
    };

    // ---- bindings of locals
    const std::map<const ir::VarInfo*, std::vector<Source>>& Sources(const ir::FunctionInfo& fn);
    /// The one value assigned to local `v` (element index of it), when it has exactly one binding.
    std::optional<Source> OnlySource(const ir::FunctionInfo& fn, const ir::VarInfo* v);
    /// `value` if it is not unpacked, else element `index` of the tuple literal `value`.
    static const ast::Expr* Element(const Source& s);

    // ---- calls
    std::string Callee(const ast::CallExpr& e) const;  // "chainer.links.Linear", "numpy.zeros", ""
    std::string LibMethod(const ast::CallExpr& e) const;  // "reshape" of x.reshape(...), ""
    /// The argument bound to parameter `name` (null when absent or defaulted); `given` says whether it was written.
    const ast::Expr* Arg(const ast::CallExpr& e, const std::string& name, bool* given = nullptr) const;
    bool Given(const ast::CallExpr& e, const std::string& name) const;

    // ---- integers known at compile time
    std::optional<std::int64_t> IntValue(const ast::Expr& e, const ir::FunctionInfo* fn, int depth = 0);
    /// A parameter of a link's __init__: known when every construction of the class passes the same int.
    std::optional<std::int64_t> InitParamValue(const ir::FunctionInfo& fn, const ir::VarInfo& v, int depth);
    Shape ShapeArg(const ast::Expr& e, const ir::FunctionInfo* fn);  // np.zeros's `shape`: an int or a tuple
    Shape IntList(const ast::ExprList& xs, const ir::FunctionInfo* fn);
    static Shape Reshaped(const Shape& from, Dims to);  // resolves one -1 when the size is known

    // ---- links held in fields: the construction call
    std::optional<LinkCtor> LinkOf(const ast::Expr& callee, const Ctx& ctx);
    /// A link's int argument: the parameter of the constructor if written as an int, else nullopt.
    std::optional<std::int64_t> LinkInt(const LinkCtor& link, const std::string& name);

    // ---- shapes of expressions
    Shape LocalShape(const ir::VarInfo* v, Ctx& ctx);
    bool IsScalar(const ast::Expr& e) const;
    Shape ShapeOf(const ast::Expr& e, Ctx& ctx);
    Shape CallShape(const ast::CallExpr& e, Ctx& ctx);

    // ---- the checked operations (report=false: the result shape only)
    static Shape MatmulResult(const Shape& a, const Shape& b);
    Shape MatmulCheck(const ast::CallExpr& e, Ctx& ctx, bool report);
    void MatmulOperator(const ast::BinaryExpr& e, Ctx& ctx);
    Shape ConcatCheck(const ast::CallExpr& e, Ctx& ctx, bool report);
    static std::optional<std::int64_t> ConvOut(std::int64_t in, std::optional<std::int64_t> k,
                                               std::optional<std::int64_t> s, std::optional<std::int64_t> p,
                                               bool deconv);
    Shape LinkCheck(const ast::CallExpr& e, const LinkCtor& link, Ctx& ctx, bool report);

    // ---- datasets and the Classifier pipeline
    std::optional<Example> DatasetOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0);
    /// The examples of get_mnist(...) and the like (the x of an (x, t) pair), or nullopt.
    std::optional<Example> Builtin(const ast::CallExpr& c, const ir::FunctionInfo& fn);
    /// The user class a Classifier built by `e` predicts with, when `e` is (through locals) `L.Classifier(C(...))`.
    const ir::ClassInfo* PredictorOf(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0);
    /// The exact user class of `e` when it is (through locals) a construction `C(...)`.
    const ir::ClassInfo* Constructed(const ast::Expr& e, const ir::FunctionInfo& fn, int depth = 0);
    /// The optimizer `opt`'s target: `opt.setup(model)` in `fn`.
    const ast::Expr* SetupTarget(const ast::Expr& opt, const ir::FunctionInfo& fn);
    /// Evaluator(it, model) / StandardUpdater(it, optimizer): the predictor's forward gets the dataset's batches.
    void Pipeline(const ast::CallExpr& c, Ctx& ctx);
    /// A call of a user function, method or link with arrays of known shape: the callee is checked with them.
    void UserCall(const ast::CallExpr& c, Ctx& ctx);
    /// `self.child` assigned once, in a method, to `C(...)`: C.
    const ir::ClassInfo* FieldClass(const ast::AttributeExpr& a);

    // ---- the walk
    void Enter(Ctx& sub);
    /// Checks the operations that run whenever the function runs: not those in an `if` branch, a conditional
    /// expression, the right of `and`/`or` or an `except` block, which may be guarded by a test of the shapes.
    void Check(Ctx& ctx);
    void Report(const ast::Node& at, const std::string& message, const Ctx& ctx);

    const ir::Program& p_;
    DiagnosticEngine& diags_;
    std::map<const ir::FunctionInfo*, std::map<const ir::VarInfo*, std::vector<Source>>> sources_;
    std::map<const ast::CallExpr*, const ir::FunctionInfo*> enclosing_;
    std::set<const ast::Node*> reported_;
    int contexts_ = 0;
};

}  // namespace cnet::compiler::sema::shapes
