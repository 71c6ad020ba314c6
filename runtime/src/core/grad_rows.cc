// grad_rows.cc — the table of row-sparse gradients (see Note [Row-sparse gradients] in grad_rows.h). An entry
// is valid while the parameter's grad is the same array (same VariableImpl and storage) it was recorded for.
#include "cnet/core/grad_rows.h"

#include <mutex>
#include <unordered_map>

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

void NoteGradRows(const VariableImpl* param, const int64_t* rows, size_t n) {
    std::lock_guard<std::mutex> lock(TableMutex());
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

void ForgetGradRows(const VariableImpl* param) {
    std::lock_guard<std::mutex> lock(TableMutex());
    Table().erase(param);
}

bool AccumulatingIntoLeafGrads() { return g_accumulating; }

LeafGradScope::LeafGradScope(bool on) : previous_(g_accumulating) { g_accumulating = on; }
LeafGradScope::~LeafGradScope() { g_accumulating = previous_; }

}  // namespace internal
}  // namespace cnet
