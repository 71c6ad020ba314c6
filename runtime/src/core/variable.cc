// variable.cc — Variable and Parameter handles.
#include "cnet/core/variable.h"

#include <limits>
#include <sstream>

#include "cnet/backends/cuda.h"
#include "cnet/core/function_node.h"
#include "cnet/core/grad_rows.h"
#include "cnet/core/pool.h"
#include "cnet/initializers/initializer.h"
#include "cnet/np/math.h"

namespace cnet {

Array::operator Variable() const { return as_variable(*this); }

// A None array (an `ndarray | None` holding None) is a None Variable, so `F.linear(x, W, b)` with b None has no bias.
Variable as_variable(const Array& a) { return a.defined() ? Variable(a, /*requires_grad=*/false) : Variable(); }

std::vector<Variable> as_variables(const std::vector<Array>& arrays) {
    std::vector<Variable> out;
    out.reserve(arrays.size());
    for (const Array& a : arrays) out.push_back(as_variable(a));
    return out;
}

Variable::Variable(const Array& data, bool requires_grad)
    : Variable(internal::MakeShared<VariableImpl>(data, requires_grad)) {}

Variable::Variable(const Array& data, const std::string& name, bool requires_grad) : Variable(data, requires_grad) {
    impl_->name = name;
}

void Variable::ThrowNone() { throw ValueError("'NoneType' object is not a Variable"); }

void Variable::set_array(const Array& a) { checked().array = a; }

Array Variable::grad() const {
    const VariableImpl& v = checked();
    return v.grad.defined() ? v.grad.impl()->array : Array();
}

void Variable::set_grad(const Array& g) {
    VariableImpl& v = checked();
    if (!g.defined()) {
        v.grad = Variable();
        return;
    }
    v.grad = Variable(internal::MakeShared<VariableImpl>(g));
}

Variable Variable::grad_var() const { return checked().grad; }

void Variable::set_grad_var(const Variable& g) { checked().grad = g; }

void Variable::cleargrad() {
    VariableImpl& v = checked();
    internal::KeepClearedGrad(&v);
    v.grad = Variable();
    if (v.param && !v.array.defined()) v.param->grad_init = ParameterState::GradInit::kNone;
}

void Variable::LastHandleGone() noexcept {
    if (!internal::InBackwardPass()) impl_->grad = Variable();
}

void Variable::zerograd() {
    VariableImpl& v = checked();
    if (!v.array.defined()) {
        if (v.param) v.param->grad_init = ParameterState::GradInit::kZero;
        return;
    }
    if (v.grad.defined() && v.grad.impl()->array.defined() && !v.grad.impl()->creator) {
        v.grad.impl()->array.fill(Scalar(0));
    } else {
        set_grad(Array::Zeros(v.array.shape(), v.array.dtype(), v.array.device()));
    }
}

void Variable::addgrad(const Variable& other) {
    const Array g = other.grad();
    if (!g.defined()) return;
    const Array mine = grad();
    if (!mine.defined()) {
        set_grad(g.to_device(device()).copy());
    } else {
        set_grad(mine + g.to_device(device()));
    }
}

const std::string& Variable::name() const { return checked().name; }
void Variable::set_name(const std::string& name) { checked().name = name; }
std::shared_ptr<FunctionNode> Variable::creator() const { return checked().creator; }
int Variable::rank() const { return checked().rank; }

void Variable::set_creator(std::shared_ptr<FunctionNode> creator) {
    VariableImpl& v = checked();
    v.rank = creator ? creator->rank() + 1 : 0;
    v.creator = std::move(creator);
}

void Variable::unchain() { checked().creator.reset(); }

void Variable::to_cpu() { to_device(Device::Cpu()); }

void Variable::to_gpu(std::optional<int> device) {
    to_device(Device::Cuda(device ? *device : cuda::current_device_id()));
}

void Variable::to_device(Device device) {
    VariableImpl& v = checked();
    RequireDevice(device);
    if (v.array.defined()) v.array = v.array.to_device(device);
    if (v.grad.defined() && v.grad.impl()->array.defined()) {
        Array& g = v.grad.impl()->array;
        g = g.to_device(device);
    }
    if (v.param) {
        v.param->device = device;
        v.param->zeroed_grad = Array();
    }
}

void Variable::copydata(const Variable& other) {
    VariableImpl& v = checked();
    const Array& src = other.array();
    if (!v.array.defined() && v.param) {  // an uninitialized parameter: initialized on its own device and dtype
        Array a = Array::Empty(src.shape(), v.param->dtype, v.param->device);
        a.assign(src.to_device(v.param->device));
        v.array = a;
    } else if (!v.array.defined()) {
        v.array = src.copy();
    } else {
        v.array.assign(src.to_device(v.array.device()));
    }
}

std::string Variable::label() const {
    const Array& a = array();
    if (!a.defined()) return "None";
    std::string shape = a.shape().ToString();
    if (a.ndim() == 0) shape = "()";
    return shape + ", " + DtypeName(a.dtype());
}

std::string Variable::repr() const {
    if (is_none()) return "None";
    const std::string prefix = impl_->name.empty() ? "variable" : "variable " + impl_->name;
    const Array& a = array();
    if (!a.defined()) return prefix + "(None)";
    if (a.size() == 0 && !(a.ndim() == 1))
        return prefix + "([], shape=" + a.shape().ToString() + ")";
    return prefix + "(" + internal::Array2String(a, static_cast<int>(prefix.size()) + 1, ", ") + ")";
}

std::ostream& operator<<(std::ostream& os, const Variable& v) { return os << v.repr(); }

// ---- Parameter

Parameter::Parameter(std::shared_ptr<Initializer> initializer, std::optional<Shape> shape, const std::string& name)
    : Variable(internal::MakeShared<VariableImpl>()) {
    VariableImpl* v = impl();
    v->name = name;
    v->param = std::make_unique<ParameterState>();
    v->param->initializer = std::move(initializer);
    if (v->param->initializer && v->param->initializer->dtype()) v->param->dtype = *v->param->initializer->dtype();
    if (shape) initialize(*shape);
}

Parameter::Parameter(const Array& array, const std::string& name) : Variable(internal::MakeShared<VariableImpl>()) {
    VariableImpl* v = impl();
    v->name = name;
    v->array = array;
    v->param = std::make_unique<ParameterState>();
    v->param->dtype = array.dtype();
    v->param->device = array.device();
}

Parameter Parameter::FromVariable(const Variable& var) {
    CNET_CHECK_AS(ValueError, var.defined() && var.impl()->param, "the variable is not a Parameter");
    Parameter p;
    static_cast<Variable&>(p) = var;
    return p;
}

void Parameter::initialize(const Shape& shape) {
    VariableImpl* v = impl();
    CNET_CHECK(v != nullptr && v->param, "initialize() called on a None Parameter");
    Array a = Array::Empty(shape, v->param->dtype);
    if (v->param->initializer) {
        (*v->param->initializer)(a);
    } else {
        a.fill(Scalar(std::numeric_limits<double>::quiet_NaN()));  // Chainer's default: NaN until assigned
    }
    // Drawn on the host, so that one seed gives the same initial values on every device.
    v->array = a.to_device(v->param->device);
    // Chainer gives an initialized parameter a NaN gradient (Parameter's _grad_initializer), so a backward pass
    // without cleargrads() accumulates into NaN and shows the mistake; none or zeros after cleargrads() or
    // zerograds() of the uninitialized parameter (a loop that clears before the forward that initializes it).
    switch (v->param->grad_init) {
        case ParameterState::GradInit::kNone: v->grad = Variable(); break;
        case ParameterState::GradInit::kZero: set_grad(Array::Zeros(shape, v->param->dtype, v->param->device)); break;
        case ParameterState::GradInit::kNaN: {
            Array nan_grad = Array::Empty(shape, v->param->dtype);
            nan_grad.fill(Scalar(std::numeric_limits<double>::quiet_NaN()));
            set_grad(nan_grad.to_device(v->param->device));
            break;
        }
    }
}

std::shared_ptr<Initializer> Parameter::initializer() const { return impl()->param->initializer; }

void Parameter::set_initializer(std::shared_ptr<Initializer> initializer) {
    impl()->param->initializer = std::move(initializer);
}

std::shared_ptr<UpdateRule> Parameter::update_rule() const { return impl()->param->update_rule; }

void Parameter::set_update_rule(std::shared_ptr<UpdateRule> rule) { impl()->param->update_rule = std::move(rule); }

}  // namespace cnet
