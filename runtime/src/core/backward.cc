// backward.cc — the backprop engine behind Variable::backward and chainer.grad.
//
// Note [Gradient accumulation]
// As in Chainer v4, gradients reaching a leaf (a variable with no creator) are added to the grad it already
// has, so repeated backward() calls accumulate until cleargrads(). An intermediate variable's grad from an
// earlier pass is not accumulated: its grad is overwritten by the first contribution of this pass
// (VariableImpl::grad_pass records which pass wrote it). Without retain_grad, intermediate grads are freed
// as soon as their creator has consumed them.
#include <algorithm>
#include <atomic>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "cnet/core/config.h"
#include "cnet/core/function_node.h"
#include "cnet/core/grad_rows.h"
#include "cnet/np/math.h"
#include "cnet/np/reduction.h"

namespace cnet {

class BackwardEngine {
public:
    struct Options {
        bool retain_grad = false;
        bool enable_double_backprop = false;
        // grad() mode: results go to a table, leaves are untouched, traversal limited to paths to targets.
        bool table_mode = false;
    };

    explicit BackwardEngine(Options options) : options_(options), pass_(NextPass()) { ++t_pass_depth; }
    ~BackwardEngine();
    BackwardEngine(const BackwardEngine&) = delete;
    BackwardEngine& operator=(const BackwardEngine&) = delete;

    void AddRoot(const std::shared_ptr<VariableImpl>& root, const std::shared_ptr<VariableImpl>& grad);
    void SetTargets(const std::vector<Variable>& targets);
    void Run();
    std::shared_ptr<VariableImpl> TableGrad(VariableImpl* v) const {
        auto it = table_.find(v);
        return it == table_.end() ? nullptr : it->second;
    }

    static thread_local int t_pass_depth;  // backward passes running on this thread (Note [Variable handles])

private:
    struct Candidate {
        int rank;
        uint64_t order;
        FunctionNode* node;
        bool operator<(const Candidate& o) const { return rank != o.rank ? rank < o.rank : order > o.order; }
    };

    static uint64_t NextPass() {
        static std::atomic<uint64_t> counter{0};
        return ++counter;
    }
    void Push(const std::shared_ptr<FunctionNode>& node);
    std::shared_ptr<VariableImpl> GetGrad(VariableImpl* v) const;
    void SetGrad(const std::shared_ptr<VariableImpl>& v, std::shared_ptr<VariableImpl> g);
    void Accumulate(const std::shared_ptr<VariableImpl>& v, const Variable& gx, const FunctionNode& node,
                    size_t index);
    void Process(FunctionNode* node);
    bool LeadsToTarget(VariableImpl* v) const;
    void MarkPaths(const std::vector<std::shared_ptr<VariableImpl>>& roots);

    Options options_;
    uint64_t pass_;
    uint64_t order_ = 0;
    std::priority_queue<Candidate> heap_;
    std::vector<std::shared_ptr<FunctionNode>> keep_alive_;
    std::vector<VariableImpl*> roots_;
    std::unordered_map<VariableImpl*, std::shared_ptr<VariableImpl>> table_;
    std::unordered_set<VariableImpl*> targets_;
    std::unordered_set<FunctionNode*> on_path_;
    std::vector<std::shared_ptr<VariableImpl>> written_;  // variables whose grad this pass wrote
};

thread_local int BackwardEngine::t_pass_depth = 0;

// The gradients this pass wrote to variables that no handle refers to (dead intermediates, leaves whose
// Variable is gone) are discarded, as Chainer does: nobody can read them, and one recorded by double backprop
// may refer back to its own variable (Note [Variable handles]).
BackwardEngine::~BackwardEngine() {
    --t_pass_depth;
    for (const auto& v : written_)
        if (v->handles.load(std::memory_order_acquire) == 0) v->grad = Variable();
}

namespace internal {
bool InBackwardPass() { return BackwardEngine::t_pass_depth > 0; }
}  // namespace internal

void BackwardEngine::Push(const std::shared_ptr<FunctionNode>& node) {
    if (!node || node->visit_mark_ == pass_) return;
    node->visit_mark_ = pass_;
    keep_alive_.push_back(node);
    heap_.push(Candidate{node->rank(), order_++, node.get()});
}

std::shared_ptr<VariableImpl> BackwardEngine::GetGrad(VariableImpl* v) const {
    if (options_.table_mode) return TableGrad(v);
    if (v->creator && v->grad_pass != pass_) return nullptr;  // stale grad of an intermediate
    return v->grad.impl_ptr();
}

void BackwardEngine::SetGrad(const std::shared_ptr<VariableImpl>& v, std::shared_ptr<VariableImpl> g) {
    if (options_.table_mode) {
        table_[v.get()] = g;
        if (options_.retain_grad) {
            v->grad = Variable(std::move(g));
            written_.push_back(v);
        }
        return;
    }
    v->grad = Variable(std::move(g));
    v->grad_pass = pass_;
    written_.push_back(v);
}

void BackwardEngine::AddRoot(const std::shared_ptr<VariableImpl>& root, const std::shared_ptr<VariableImpl>& grad) {
    roots_.push_back(root.get());
    if (!options_.table_mode) {
        SetGrad(root, grad);
        return;
    }
    // The same variable may be given as several outputs: their gradients add up.
    auto it = table_.find(root.get());
    if (it == table_.end()) table_[root.get()] = grad;
    else it->second = internal::AccumulateGrad(Variable(it->second), Variable(grad)).impl_ptr();
}

bool BackwardEngine::LeadsToTarget(VariableImpl* v) const {
    return targets_.count(v) || (v->creator && on_path_.count(v->creator.get()));
}

// Marks the function nodes from which some target is reachable (iterative post-order DFS).
void BackwardEngine::MarkPaths(const std::vector<std::shared_ptr<VariableImpl>>& roots) {
    std::unordered_set<FunctionNode*> done;
    std::vector<std::pair<FunctionNode*, bool>> stack;
    for (const auto& r : roots)
        if (r->creator) stack.emplace_back(r->creator.get(), false);
    while (!stack.empty()) {
        auto [node, expanded] = stack.back();
        stack.pop_back();
        if (expanded) {
            for (const auto& in : node->inputs())
                if (LeadsToTarget(in.get())) on_path_.insert(node);
            continue;
        }
        if (!done.insert(node).second) continue;
        stack.emplace_back(node, true);
        for (const auto& in : node->inputs())
            if (in->creator && !targets_.count(in.get()) && !done.count(in->creator.get()))
                stack.emplace_back(in->creator.get(), false);
    }
}

void BackwardEngine::SetTargets(const std::vector<Variable>& targets) {
    for (const Variable& t : targets) targets_.insert(t.impl());
}

void BackwardEngine::Accumulate(const std::shared_ptr<VariableImpl>& v, const Variable& gx, const FunctionNode& node,
                                size_t index) {
    const Array& ga = gx.array();
    const Array& xa = v->array;
    if (xa.defined() && (ga.shape() != xa.shape() || ga.dtype() != xa.dtype())) {
        throw Error(internal::StrCat("gradient mismatch in the backward of ", node.label(), ": input ", index,
                                     " has shape ", xa.shape(), " and dtype ", DtypeName(xa.dtype()),
                                     ", but its gradient has shape ", ga.shape(), " and dtype ",
                                     DtypeName(ga.dtype())));
    }
    if (config().debug() && IsFloat(ga.dtype()) && np::any(np::isnan(ga)).item<bool>())
        throw Error(internal::StrCat("NaN is detected on backward computation of ", node.label()));
    std::shared_ptr<VariableImpl> existing = GetGrad(v.get());
    if (!existing) {
        SetGrad(v, gx.impl_ptr());
        return;
    }
    // In-place when nobody else can observe the old gradient (the common case of a parameter used several
    // times in one graph); otherwise a new (possibly recorded) sum. The old gradient must be contiguous: a
    // broadcast view (stride 0, e.g. from the backward of sum) aliases its elements, and += would then
    // write every sum into the same place.
    if (!options_.enable_double_backprop && existing.use_count() <= 2 && !existing->creator &&
        existing->array.storage().use_count() == 1 && existing->array.is_contiguous() &&
        existing.get() != gx.impl()) {
        existing->array += ga;
        internal::ForgetGradRows(v.get());  // See Note [Row-sparse gradients]
        if (!options_.table_mode) v->grad_pass = pass_;
        return;
    }
    SetGrad(v, internal::AccumulateGrad(Variable(existing), gx).impl_ptr());
}

void BackwardEngine::Process(FunctionNode* node) {
    IndexList targets;
    const auto& inputs = node->inputs();
    for (size_t i = 0; i < inputs.size(); ++i) {
        VariableImpl* x = inputs[i].get();
        if (!x->requires_grad) continue;
        if (options_.table_mode && !LeadsToTarget(x)) continue;
        targets.push_back(static_cast<int>(i));
    }
    if (targets.empty()) return;
    VarList out_grads;
    bool any = false;
    for (size_t i = 0; i < node->outputs_.size(); ++i) {
        VariableImpl* y = node->live_output(i);
        std::shared_ptr<VariableImpl> gy = y ? GetGrad(y) : nullptr;
        any = any || gy != nullptr;
        out_grads.push_back(Variable(std::move(gy)));
    }
    if (!any) return;
    VarList gxs = node->backward(targets, out_grads);
    CNET_CHECK(gxs.size() == targets.size() || gxs.size() == inputs.size(), "internal: backward of ",
               node->label(), " returned ", gxs.size(), " gradients for ", inputs.size(), " inputs");
    if (!options_.retain_grad) {
        for (size_t i = 0; i < node->outputs_.size(); ++i) {
            VariableImpl* y = node->live_output(i);  // looked up again: backward may have dropped a handle
            if (!y || std::find(roots_.begin(), roots_.end(), y) != roots_.end()) continue;
            if (options_.table_mode) table_.erase(y);
            else y->grad = Variable();
        }
    }
    for (size_t k = 0; k < targets.size(); ++k) {
        const size_t i = static_cast<size_t>(targets[k]);
        const Variable& gx = gxs.size() == targets.size() ? gxs[k] : gxs[i];
        if (gx.is_none()) continue;
        const std::shared_ptr<VariableImpl>& x = inputs[i];
        Accumulate(x, gx, *node, i);
        if (options_.table_mode && targets_.count(x.get())) continue;  // grad() stops at its inputs
        if (x->creator) Push(x->creator);
    }
}

void BackwardEngine::Run() {
    if (options_.table_mode) {
        std::vector<std::shared_ptr<VariableImpl>> roots;
        for (VariableImpl* r : roots_)
            if (r->creator) {
                // Recover an owning pointer through the creator's outputs.
                for (const Variable& out : r->creator->outputs())
                    if (out.impl() == r) roots.push_back(out.impl_ptr());
            }
        MarkPaths(roots);
    }
    for (VariableImpl* r : roots_)
        if (r->creator && (!options_.table_mode || !targets_.count(r))) Push(r->creator);
    using_config scope("enable_backprop", options_.enable_double_backprop);
    internal::LeafGradScope leaf_scope(!options_.table_mode && !options_.enable_double_backprop);
    while (!heap_.empty()) {
        FunctionNode* node = heap_.top().node;
        heap_.pop();
        if (options_.table_mode && !on_path_.count(node)) continue;
        Process(node);
    }
}

namespace {

std::shared_ptr<VariableImpl> OnesLike(const Array& a, std::optional<double> loss_scale) {
    return internal::MakeShared<VariableImpl>(
        Array::Full(a.shape(), Scalar(loss_scale ? *loss_scale : 1.0), a.dtype(), a.device()));
}

}  // namespace

void Variable::backward(bool retain_grad, bool enable_double_backprop, std::optional<double> loss_scale) const {
    VariableImpl& self = checked();
    if (!self.creator) return;
    std::shared_ptr<VariableImpl> g = self.grad.impl_ptr();
    if (!g) {
        CNET_CHECK_AS(ValueError, self.array.size() == 1, "backward() of a variable of shape ", self.array.shape(),
                      " needs its grad set first (only a one-element output starts from 1)");
        g = OnesLike(self.array, loss_scale);
    }
    BackwardEngine::Options options;
    options.retain_grad = retain_grad;
    options.enable_double_backprop = enable_double_backprop;
    BackwardEngine engine(options);
    engine.AddRoot(impl_, g);
    engine.Run();
}

void Variable::unchain_backward() {
    VariableImpl& self = checked();
    std::vector<std::shared_ptr<FunctionNode>> stack;
    std::unordered_set<FunctionNode*> seen;
    if (self.creator) stack.push_back(self.creator);
    while (!stack.empty()) {
        std::shared_ptr<FunctionNode> node = std::move(stack.back());
        stack.pop_back();
        if (!seen.insert(node.get()).second) continue;
        for (const auto& in : node->inputs())
            if (in->creator) stack.push_back(in->creator);
        node->unchain();
    }
}

std::vector<Variable> grad(const std::vector<Variable>& outputs, const std::vector<Variable>& inputs,
                           const std::vector<Variable>& grad_outputs, const std::vector<Variable>& grad_inputs,
                           bool set_grad, bool retain_grad, bool enable_double_backprop,
                           std::optional<double> loss_scale) {
    CNET_CHECK_AS(ValueError, grad_outputs.empty() || grad_outputs.size() == outputs.size(),
                  "grad_outputs must be of the same length as outputs");
    CNET_CHECK_AS(ValueError, grad_inputs.empty() || grad_inputs.size() == inputs.size(),
                  "grad_inputs must be of the same length as inputs");
    BackwardEngine::Options options;
    options.retain_grad = retain_grad;
    options.enable_double_backprop = enable_double_backprop;
    options.table_mode = true;
    BackwardEngine engine(options);
    for (size_t i = 0; i < outputs.size(); ++i) {
        const Variable& gy = grad_outputs.empty() ? Variable() : grad_outputs[i];
        engine.AddRoot(outputs[i].impl_ptr(),
                       gy.defined() ? gy.impl_ptr() : OnesLike(outputs[i].array(), loss_scale));
    }
    engine.SetTargets(inputs);
    engine.Run();
    std::vector<Variable> result;
    for (size_t i = 0; i < inputs.size(); ++i) {
        Variable g(engine.TableGrad(inputs[i].impl()));
        if (!grad_inputs.empty() && grad_inputs[i].defined())
            g = g.defined() ? internal::AccumulateGrad(g, grad_inputs[i]) : grad_inputs[i];
        if (set_grad && !retain_grad) Variable(inputs[i]).set_grad_var(g);
        result.push_back(g);
    }
    return result;
}

}  // namespace cnet
