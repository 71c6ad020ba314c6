// variable.h — chainer.Variable and chainer.Parameter: an array with a gradient and a creator on the tape.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#endif

#include "cnet/core/array.h"
#include "cnet/core/small_vector.h"

namespace cnet {

class FunctionNode;
class VariableImpl;
class Initializer;
class UpdateRule;

/// What a Parameter adds to a variable: its initializer and the optimizer's update rule.
struct ParameterState {
    std::shared_ptr<Initializer> initializer;
    std::shared_ptr<UpdateRule> update_rule;
    Dtype dtype = Dtype::kFloat32;
    Device device;  // where initialize() puts the array (set by to_device)
    Array zeroed_grad;  // a cleared row-sparse grad, zeroed, for the next fresh one (Note [Row-sparse gradients])
    // The grad initialize() gives the array (Chainer's _grad_initializer): NaN, so a backward without cleargrads()
    // shows the mistake, unless cleargrads() (none) or zerograds() (zeros) ran while it was uninitialized.
    enum class GradInit : uint8_t { kNaN, kNone, kZero } grad_init = GradInit::kNaN;
};

/// A handle to a variable. Copies refer to the same variable (Python reference semantics); a
/// default-constructed handle is None.
class Variable {
public:
    Variable() = default;
    // Copies, moves and destruction keep VariableImpl::handles (Note [Variable handles]).
    Variable(const Variable& other) noexcept;
    Variable(Variable&& other) noexcept : impl_(std::move(other.impl_)) {}
    Variable& operator=(const Variable& other);
    Variable& operator=(Variable&& other) noexcept;
    ~Variable() { Release(); }
    /// chainer.Variable(data, requires_grad=True)
    explicit Variable(const Array& data, bool requires_grad = true);
    Variable(const Array& data, const std::string& name, bool requires_grad = true);
    explicit Variable(std::shared_ptr<VariableImpl> impl) noexcept;

    bool is_none() const { return impl_ == nullptr; }
    bool defined() const { return impl_ != nullptr; }
    /// Python's `a is b`.
    bool is(const Variable& other) const { return impl_ == other.impl_; }

    // ---- data
    const Array& array() const;
    const Array& data() const { return array(); }
    void set_array(const Array& a);
    void set_data(const Array& a) { set_array(a); }

    // ---- gradient
    /// The gradient array (undefined when None).
    Array grad() const;
    void set_grad(const Array& g);
    Variable grad_var() const;
    void set_grad_var(const Variable& g);
    void cleargrad();
    /// Deprecated in Chainer: fills the gradient with zeros.
    void zerograd();
    /// Adds other's gradient into this one (initializing it when None).
    void addgrad(const Variable& other);

    // ---- graph
    const std::string& name() const;
    void set_name(const std::string& name);
    bool requires_grad() const;
    std::shared_ptr<FunctionNode> creator() const;
    void set_creator(std::shared_ptr<FunctionNode> creator);
    int rank() const;
    /// creator = None
    void unchain();
    /// Cuts every reference backward from this variable (truncated BPTT).
    void unchain_backward();
    /// Runs backprop from this variable (Chainer's rules: a one-element output with no grad starts from 1).
    void backward(bool retain_grad = false, bool enable_double_backprop = false,
                  std::optional<double> loss_scale = std::nullopt) const;
    /// Copies other's data into this variable's array.
    void copydata(const Variable& other);
    /// Chainer's to_cpu / to_gpu(device=None) / to_device: moves the data and grad in place (the current CUDA
    /// device when `device` is absent; DeviceError where it is not available).
    void to_cpu();
    void to_gpu(std::optional<int> device = std::nullopt);
    void to_device(Device device);

    // ---- array attributes
    const Shape& shape() const { return array().shape(); }
    Dtype dtype() const { return array().dtype(); }
    int ndim() const { return array().ndim(); }
    int64_t size() const { return array().size(); }
    Device device() const { return array().device(); }
    /// Python's len(v): the first dimension.
    int64_t len() const { return array().len(); }
    /// Chainer's label: "(2, 3), float32".
    std::string label() const;
    std::string repr() const;

    // ---- differentiable shortcuts (implemented by the functions layer)
    Variable T() const;
    Variable transpose() const;
    Variable transpose(const Dims& axes) const;
    Variable reshape(const Shape& shape) const;
    /// x[index] / x[{Slice(), 0}]: F.get_item (see Note [Index syntax in C++] in cnet/np/indexing.h).
    Variable operator[](const Index& index) const;
    Variable operator[](std::initializer_list<Index> indices) const;

    VariableImpl* impl() const { return impl_.get(); }
    const std::shared_ptr<VariableImpl>& impl_ptr() const { return impl_; }

private:
    [[noreturn]] static void ThrowNone();
    VariableImpl& checked() const;
    void Release() noexcept;
    void LastHandleGone() noexcept;  // drops the gradient (Note [Variable handles])
    std::shared_ptr<VariableImpl> impl_;
};

std::ostream& operator<<(std::ostream& os, const Variable& v);

/// chainer.as_variable: returns a Variable as is; wraps an array as a constant (requires_grad=False), None as None.
Variable as_variable(const Array& a);
inline Variable as_variable(const Variable& v) { return v; }
/// as_variable of each array: a list of arrays where generated code wants a list of Variables.
std::vector<Variable> as_variables(const std::vector<Array>& arrays);
inline const std::vector<Variable>& as_variables(const std::vector<Variable>& variables) { return variables; }

/// A learnable array registered to a Link. Its array is created lazily by `initialize(shape)` when the
/// shape is not known at construction (Chainer's uninitialized parameter).
class Parameter : public Variable {
public:
    Parameter() = default;
    /// Uninitialized (shape unknown) or initialized with `shape`, using `initializer` (None: NaN-free default
    /// chosen by the link; a Parameter with no initializer and no shape is filled by the first `initialize`).
    explicit Parameter(std::shared_ptr<Initializer> initializer, std::optional<Shape> shape = std::nullopt,
                       const std::string& name = "");
    /// From an existing array (copied by reference).
    explicit Parameter(const Array& array, const std::string& name = "");
    /// A handle to an existing parameter variable.
    static Parameter FromVariable(const Variable& v);

    bool is_initialized() const { return array().defined(); }
    void initialize(const Shape& shape);
    std::shared_ptr<Initializer> initializer() const;
    void set_initializer(std::shared_ptr<Initializer> initializer);
    std::shared_ptr<UpdateRule> update_rule() const;
    void set_update_rule(std::shared_ptr<UpdateRule> rule);
    /// Applies the update rule (Chainer's Parameter.update()).
    void update();
};

// Note [Variable handles]
// A VariableImpl is Chainer's Variable and VariableNode in one object. Function nodes hold their inputs' impls
// (the graph), and a Variable handle holds one too; Chainer's ownership differs in one place that matters: a
// gradient belongs to the Variable, not to the node the graph holds. Otherwise double backprop makes a cycle no
// reference count frees: x.grad's graph (recorded by backward) retains x itself as an input, so
// x -> grad -> creator -> inputs -> x. So the impl counts the handles (Variable objects, the `grad` slot of
// another variable included) apart from the graph's references, and when the last handle goes, the gradient goes
// with it, as Chainer drops a dead Variable's grad_var. During a backward pass the engine's temporary handles come
// and go on the thread running it, so there the drop is left to the engine: at the end of the pass it discards
// the gradients it wrote to variables no handle refers to (Chainer discards those too).
/// The shared state behind Variable handles (Chainer's Variable and VariableNode in one object).
class VariableImpl {
public:
    VariableImpl() = default;
    // Built around its array: an Array defaulted and then assigned zeroes its shape and strides first.
    explicit VariableImpl(Array a, bool requires_grad_ = true) : requires_grad(requires_grad_), array(std::move(a)) {}

    // What the backward pass reads of every input comes first, in the cache line of the pool block that also
    // holds the reference counts: graphs of small ops are bound on these loads (the tree RNN's).
    bool requires_grad = true;
    bool grad_rows_noted = false;  // the row table may hold rows of this grad (Note [Row-sparse gradients])
    std::atomic<int> handles{0};  // Variable handles referring to this impl (the graph's references not counted)
    int rank = 0;
    uint64_t grad_pass = 0;  // backward pass that last wrote `grad` (see Note [Gradient accumulation])
    std::shared_ptr<FunctionNode> creator;
    Variable grad;  // grad_var; has a creator after double backprop. A handle: see Note [Variable handles]
    Array array;
    std::unique_ptr<ParameterState> param;
    std::string name;
};

namespace internal {
/// True while a backward pass runs on this thread (Note [Variable handles]: the engine then owns the drop).
bool InBackwardPass();

// Note [Handle counts]
// VariableImpl::handles is atomic because Variables may be copied on several threads (iterator workers, user
// threads). While the process has a single thread (glibc's __libc_single_threaded, the flag libstdc++'s
// shared_ptr checks for the same purpose) a plain load and store do: a locked add costs tens of cycles, and
// graphs of small operations (the tree RNN) copy handles a few times per operation.
inline bool SingleThreaded() {
#if defined(__GLIBC__) && __has_include(<sys/single_threaded.h>)
    return __libc_single_threaded != 0;
#else
    return false;
#endif
}
inline void AddHandle(std::atomic<int>& handles) {
    if (SingleThreaded()) handles.store(handles.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    else handles.fetch_add(1, std::memory_order_relaxed);
}
/// Returns the count before the decrement.
inline int DropHandle(std::atomic<int>& handles) {
    if (!SingleThreaded()) return handles.fetch_sub(1, std::memory_order_acq_rel);
    const int before = handles.load(std::memory_order_relaxed);
    handles.store(before - 1, std::memory_order_relaxed);
    return before;
}
}  // namespace internal

inline Variable::Variable(const Variable& other) noexcept : impl_(other.impl_) {
    if (impl_) internal::AddHandle(impl_->handles);
}
inline Variable::Variable(std::shared_ptr<VariableImpl> impl) noexcept : impl_(std::move(impl)) {
    if (impl_) internal::AddHandle(impl_->handles);
}
inline Variable& Variable::operator=(const Variable& other) {
    Variable copy(other);
    std::swap(impl_, copy.impl_);
    return *this;
}
inline Variable& Variable::operator=(Variable&& other) noexcept {
    if (this != &other) {
        Release();
        impl_ = std::move(other.impl_);
    }
    return *this;
}
// Inline: every operation reads its inputs' arrays and flags through these.
inline VariableImpl& Variable::checked() const {
    if (__builtin_expect(impl_ == nullptr, 0)) ThrowNone();
    return *impl_;
}
inline const Array& Variable::array() const { return checked().array; }
inline bool Variable::requires_grad() const { return checked().requires_grad; }
inline void Variable::Release() noexcept {
    if (impl_ && internal::DropHandle(impl_->handles) == 1) LastHandleGone();
    impl_.reset();
}

using VarList = SmallVector<Variable, 4>;
using ArrayList = SmallVector<Array, 4>;
using IndexList = SmallVector<int, 4>;

}  // namespace cnet
