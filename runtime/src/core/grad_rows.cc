// grad_rows.cc — the table of row-sparse gradients (see Note [Row-sparse gradients] in grad_rows.h). An entry
// is valid while the parameter's grad is the same array (same VariableImpl and storage) it was recorded for.
#include "cnet/core/grad_rows.h"

#include <mutex>
#include <unordered_map>
#include <utility>

#include "cnet/core/variable.h"

namespace cnet {
namespace internal {
namespace {

struct Entry {
    const VariableImpl* grad = nullptr;
    const Storage* storage = nullptr;
    std::shared_ptr<std::vector<int64_t>> rows;
};

std::mutex& TableMutex() {
    static std::mutex m;
    return m;
}

std::unordered_map<const VariableImpl*, Entry>& Table() {
    static std::unordered_map<const VariableImpl*, Entry> t;
    return t;
}

thread_local bool g_accumulating = false;

bool Matches(const VariableImpl* param, const Entry& e) {
    return param->grad.defined() && e.grad == param->grad.impl() && param->grad.array().defined() &&
           e.storage == param->grad.array().storage().get();
}

}  // namespace

void NoteGradRows(VariableImpl* param, const int64_t* rows, size_t n) {
    std::lock_guard<std::mutex> lock(TableMutex());
    param->grad_rows_noted = true;
    Entry& e = Table()[param];
    if (!Matches(param, e) || !e.rows) {
        e.grad = param->grad.impl();
        e.storage = param->grad.array().storage().get();
        e.rows = std::make_shared<std::vector<int64_t>>();
    } else if (e.rows.use_count() > 1) {
        e.rows = std::make_shared<std::vector<int64_t>>(*e.rows);  // a reader holds the old list
    }
    e.rows->insert(e.rows->end(), rows, rows + n);
}

std::shared_ptr<const std::vector<int64_t>> GradRows(const VariableImpl* param) {
    std::lock_guard<std::mutex> lock(TableMutex());
    auto it = Table().find(param);
    if (it == Table().end()) return nullptr;
    if (!Matches(param, it->second)) {
        Table().erase(it);
        return nullptr;
    }
    return it->second.rows;
}

void ForgetGradRows(VariableImpl* param) {
    if (!param->grad_rows_noted) return;  // the common case, without the lock
    std::lock_guard<std::mutex> lock(TableMutex());
    Table().erase(param);
    param->grad_rows_noted = false;
}

void KeepClearedGrad(VariableImpl* param) {
    if (!param->grad_rows_noted) return;
    const std::shared_ptr<const std::vector<int64_t>> rows = GradRows(param);
    ForgetGradRows(param);
    if (!rows || !param->param || !param->grad.defined()) return;
    const std::shared_ptr<VariableImpl>& grad = param->grad.impl_ptr();
    Array& g = grad->array;
    const bool exclusive = grad.use_count() == 1 && !grad->creator && g.storage().use_count() == 1 &&
                           g.is_contiguous() && g.device().is_cpu() && g.ndim() == 2 &&
                           g.dtype() == param->array.dtype() && g.shape() == param->array.shape();
    if (!exclusive) return;
    // Row views filled through the kernels (a few rows: no dense pass). Repeated rows are filled again, harmlessly.
    const Strides row_strides{g.strides()[1]};
    for (int64_t r : *rows) {
        const int64_t offset = g.offset() + r * g.strides()[0];
        Array::View(g.storage(), Shape{g.shape()[1]}, row_strides, offset, g.dtype()).fill(Scalar(0));
    }
    param->param->zeroed_grad = std::move(g);
}

Array FreshZeroGrad(VariableImpl* param) {
    const Array& w = param->array;
    if (param->param) {
        Array kept = std::exchange(param->param->zeroed_grad, Array());
        if (kept.defined() && kept.shape() == w.shape() && kept.dtype() == w.dtype() && kept.device() == w.device())
            return kept;
    }
    return Array::Zeros(w.shape(), w.dtype(), w.device());
}

bool AccumulatingIntoLeafGrads() { return g_accumulating; }

LeafGradAccess LeafGradAccessFor(const VariableImpl* x, Dtype dtype, Device device) {
    if (!g_accumulating || x->creator || dtype != x->array.dtype() || device != x->array.device())
        return LeafGradAccess::kEngine;
    if (!x->grad.defined() || !x->grad.array().defined()) return LeafGradAccess::kFresh;
    // Exclusively owned: the grad variable only by x, its storage only by that variable's array. The engine's
    // in-place accumulation asks the same.
    const Array& g = x->grad.array();
    const bool exclusive = x->grad.impl_ptr().use_count() == 1 && !x->grad.impl()->creator &&
                           g.storage().use_count() == 1 && g.is_contiguous() && g.dtype() == x->array.dtype() &&
                           g.shape() == x->array.shape();
    return exclusive ? LeafGradAccess::kInPlace : LeafGradAccess::kEngine;
}

LeafGradScope::LeafGradScope(bool on) : previous_(g_accumulating) { g_accumulating = on; }
LeafGradScope::~LeafGradScope() { g_accumulating = previous_; }

}  // namespace internal
}  // namespace cnet
