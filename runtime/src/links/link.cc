// link.cc — Link: parameter/persistent registration, traversal, gradients, copies and serialization.
#include "cnet/links/link.h"

#include <algorithm>
#include <limits>
#include <typeinfo>

#include "cnet/backends/cuda.h"
#include "cnet/initializers/constant.h"
#include "cnet/optimizers/update_rule.h"

namespace cnet {

InitScope::InitScope(Link& link) : link_(&link), previous_(link.within_init_scope_) {
    link.within_init_scope_ = true;
}

InitScope::~InitScope() {
    if (link_) link_->within_init_scope_ = previous_;
}

Variable Link::call(const std::vector<Variable>& args) {
    throw Error(internal::StrCat("this link (", typeid(*this).name(), ", name '", name_, "') cannot be called with ",
                                 args.size(), " argument(s) generically: override Link::call"));
}

namespace {

template <typename Entries>
auto FindEntry(Entries& entries, const std::string& name) {
    return std::find_if(entries.begin(), entries.end(), [&](const auto& e) { return e.first == name; });
}

}  // namespace

Parameter Link::add_param(const std::string& name, Parameter param) {
    CNET_CHECK_AS(ValueError, !name_taken(name), "cannot register a new parameter ", name,
                  ": attribute exists");
    CNET_CHECK_AS(ValueError, param.defined(), "cannot register None as the parameter ", name);
    if (param.name().empty()) param.set_name(name);
    params_.emplace_back(name, param);
    return param;
}

Parameter Link::add_param(const std::string& name, std::optional<Shape> shape, Dtype dtype,
                          const initializers::InitializerArg& initializer) {
    // Chainer's deprecated add_param fills NaN when no initializer is given.
    std::shared_ptr<Initializer> init =
        initializer.get(std::make_shared<initializers::Constant>(std::numeric_limits<double>::quiet_NaN()));
    Parameter param(init, std::nullopt, name);
    param.impl()->param->dtype = init->dtype() ? *init->dtype() : dtype;
    if (shape) param.initialize(*shape);
    return add_param(name, param);
}

void Link::delete_attribute(const std::string& name) {
    if (auto p = FindEntry(params_, name); p != params_.end()) params_.erase(p);
    if (auto v = FindEntry(persistent_, name); v != persistent_.end()) persistent_.erase(v);
}

PersistentValue& Link::add_persistent(const std::string& name, PersistentValue value) {
    CNET_CHECK_AS(ValueError, !name_taken(name), "cannot register a new persistent value ",
                  name, ": attribute exists");
    persistent_.emplace_back(name, std::move(value));
    return persistent_.back().second;
}

void Link::register_persistent(const std::string& name) {
    auto it = FindEntry(params_, name);
    CNET_CHECK_AS(ValueError, it != params_.end(), "cannot register non-existent attribute ", name,
                  " as a persistent value");
    Array data = it->second.array();
    params_.erase(it);
    persistent_.emplace_back(name, data);
}

PersistentValue& Link::persistent(const std::string& name) {
    auto it = FindEntry(persistent_, name);
    CNET_CHECK_AS(ValueError, it != persistent_.end(), "no persistent value named '", name, "'");
    return it->second;
}

bool Link::has_param(const std::string& name) const { return FindEntry(params_, name) != params_.end(); }

bool Link::has_persistent(const std::string& name) const {
    return FindEntry(persistent_, name) != persistent_.end();
}

Parameter Link::param(const std::string& name) const {
    auto it = FindEntry(params_, name);
    CNET_CHECK_AS(ValueError, it != params_.end(), "no parameter named '", name, "'");
    return it->second;
}

// ---- traversal

std::vector<std::pair<std::string, Parameter>> Link::namedparams(bool include_uninit) const {
    std::vector<std::pair<std::string, Parameter>> out;
    for (const auto& [name, p] : params_)
        if (include_uninit || p.is_initialized()) out.emplace_back("/" + name, p);
    for (const auto& [path, link] : const_cast<Link*>(this)->namedlinks(/*skipself=*/true)) {
        for (const auto& [name, p] : link->params_)
            if (include_uninit || p.is_initialized()) out.emplace_back(path + "/" + name, p);
    }
    return out;
}

// Same order as namedparams (pre-order over links), without building paths.
void Link::collect_params(bool include_uninit, std::vector<Parameter>& out) const {
    for (const auto& [name, p] : params_)
        if (include_uninit || p.is_initialized()) out.push_back(p);
    for (size_t i = 0, n = num_children(); i < n; ++i) child_at(i)->collect_params(include_uninit, out);
}

std::vector<Parameter> Link::params(bool include_uninit) const {
    std::vector<Parameter> out;
    collect_params(include_uninit, out);
    return out;
}

void Link::collect_namedlinks(const std::string& prefix, std::vector<std::pair<std::string, Link*>>& out) {
    for (const auto& child : children()) {
        const std::string path = prefix + "/" + child->name();
        out.emplace_back(path, child.get());
        child->collect_namedlinks(path, out);
    }
}

std::vector<std::pair<std::string, Link*>> Link::namedlinks(bool skipself) {
    std::vector<std::pair<std::string, Link*>> out;
    if (!skipself) out.emplace_back("/", this);
    collect_namedlinks("", out);
    return out;
}

std::vector<Link*> Link::links(bool skipself) {
    std::vector<Link*> out;
    for (const auto& [path, link] : namedlinks(skipself)) out.push_back(link);
    return out;
}

// ---- gradients and parameters

void Link::cleargrads() {
    for (Parameter& p : params()) p.cleargrad();
}

void Link::zerograds() {
    for (Parameter& p : params()) p.zerograd();
}

void Link::addgrads(Link& link) {
    std::vector<Parameter> mine = params();
    std::vector<Parameter> theirs = link.params();
    CNET_CHECK_AS(ValueError, mine.size() == theirs.size(), "addgrads: the links have different parameters");
    for (size_t i = 0; i < mine.size(); ++i) {
        if (!theirs[i].is_initialized()) continue;
        if (!mine[i].is_initialized()) mine[i].initialize(theirs[i].shape());  // Chainer's Parameter.addgrad
        mine[i].addgrad(theirs[i]);
    }
}

void Link::copyparams(Link& link) {
    std::vector<Parameter> mine = params();
    std::vector<Parameter> theirs = link.params();
    CNET_CHECK_AS(ValueError, mine.size() == theirs.size(), "copyparams: the links have different parameters");
    for (size_t i = 0; i < mine.size(); ++i) {
        if (theirs[i].is_initialized()) mine[i].copydata(theirs[i]);
    }
}

int64_t Link::count_params() const {
    int64_t n = 0;
    for (const Parameter& p : params())
        if (p.is_initialized()) n += p.size();
    return n;
}

void Link::enable_update() {
    for (Parameter& p : params())
        if (auto rule = p.update_rule()) rule->enabled = true;
}

void Link::disable_update() {
    for (Parameter& p : params())
        if (auto rule = p.update_rule()) rule->enabled = false;
}

bool Link::update_enabled() const {
    for (const Parameter& p : params()) {
        auto rule = p.update_rule();
        if (!rule || rule->enabled) return true;
    }
    return false;
}

Link& Link::to_cpu() { return to_device(Device::Cpu()); }

Link& Link::to_gpu(std::optional<int> device) {
    return to_device(Device::Cuda(device ? *device : cuda::current_device_id()));
}

Link& Link::to_device(Device device) {
    RequireDevice(device);  // fails here, before anything moves, where the device is not available
    for (auto& link : links()) {
        for (auto& [name, p] : link->params_) {
            p.to_device(device);
            if (const std::shared_ptr<UpdateRule> rule = p.update_rule()) {  // optimizer state follows its parameter
                std::vector<std::string> keys;
                for (const auto& [key, a] : rule->states()) keys.push_back(key);
                for (const std::string& key : keys) {
                    Array& a = rule->state(key);
                    if (a.defined()) a = a.to_device(device);
                }
            }
        }
        for (auto& [name, v] : link->persistent_)
            if (auto* a = std::get_if<Array>(&v); a && a->defined()) *a = a->to_device(device);
    }
    return *this;
}

Device Link::device() const {
    // An uninitialized parameter (L.Linear(None, n)) remembers where to_device put it, so a lazily initialized
    // link moved to a GPU is there before its first call (its `xp` is cupy, as in Chainer).
    const Parameter* uninitialized = nullptr;
    for (Link* link : const_cast<Link*>(this)->links()) {
        for (const auto& [name, p] : link->params_) {
            if (p.is_initialized()) return p.device();
            if (uninitialized == nullptr && p.impl() != nullptr && p.impl()->param) uninitialized = &p;
        }
    }
    return uninitialized != nullptr ? uninitialized->impl()->param->device : Device::Cpu();
}

// ---- copies

std::shared_ptr<Link> Link::clone(const std::string&) const {
    throw Error(internal::StrCat("copy() is not supported by this link (", typeid(*this).name(),
                                 "): it must override Link::clone"));
}

std::shared_ptr<Link> Link::copy(const std::string& mode) const {
    CNET_CHECK_AS(ValueError, mode == "share" || mode == "copy" || mode == "init",
                  "The 'mode' argument should be either 'init','copy', or 'share'. But ", mode, " was given.");
    std::shared_ptr<Link> ret = clone(mode);
    ret->name_.clear();
    return ret;
}

void Link::copy_own_state(const std::string& mode) {
    for (auto& [name, p] : params_) {
        Parameter fresh(p.initializer(), std::nullopt, p.name());
        fresh.impl()->param->dtype = p.impl()->param->dtype;
        fresh.impl()->param->device = p.impl()->param->device;  // "init" and lazy parameters stay on the link's device
        if (p.is_initialized()) {
            if (mode == "share") fresh.set_array(p.array());
            else if (mode == "copy") fresh.set_array(p.array().copy());
            else fresh.initialize(p.shape());
        }
        p = fresh;
    }
    if (mode == "share") return;
    for (auto& [name, v] : persistent_)
        if (auto* a = std::get_if<Array>(&v); a && a->defined()) *a = a->copy();
}

// ---- serialization

void Link::serialize(Serializer& serializer) {
    for (auto& [name, p] : params_) {
        Array data = p.is_initialized() ? p.array() : Array();
        const bool was_initialized = data.defined();
        serializer.serialize(name, data);
        if (!was_initialized && data.defined()) {
            // Lazy parameter loaded before its first use: take the stored shape (Chainer's param.initialize).
            const Dtype dtype = p.impl()->param->dtype;
            const Array typed = data.dtype() == dtype ? data.as_contiguous() : data.astype(dtype);
            p.set_array(typed.to_device(p.impl()->param->device));  // on the device to_gpu chose
        }
    }
    for (auto& [name, v] : persistent_) {
        std::visit([&, &key = name](auto& value) { serializer.serialize(key, value); }, v);
    }
}

// ---- Chain

void Chain::add_link_impl(const std::string& name, std::shared_ptr<Link> link) {
    CNET_CHECK_AS(ValueError, link != nullptr, "cannot register None as the link ", name);
    CNET_CHECK_AS(ValueError, !name_taken(name), "cannot register a new link ", name, ": attribute exists");
    link->set_name(name);
    children_.emplace_back(name, std::move(link));
}

void Chain::delete_attribute(const std::string& name) {
    Link::delete_attribute(name);
    if (auto c = FindEntry(children_, name); c != children_.end()) children_.erase(c);
}

std::shared_ptr<Link> Chain::operator[](const std::string& name) const {
    auto it = FindEntry(children_, name);
    CNET_CHECK_AS(ValueError, it != children_.end(), "no child link named '", name, "'");
    return it->second;
}

bool Chain::has_link(const std::string& name) const { return FindEntry(children_, name) != children_.end(); }

std::vector<std::shared_ptr<Link>> Chain::children() const {
    std::vector<std::shared_ptr<Link>> out;
    out.reserve(children_.size());
    for (const auto& [name, link] : children_) out.push_back(link);
    return out;
}

void Chain::copy_children(const std::string& mode) {
    for (auto& [name, child] : children_) {
        child = child->copy(mode);
        child->set_name(name);
    }
}

void Chain::serialize(Serializer& serializer) {
    Link::serialize(serializer);
    for (auto& [name, link] : children_) link->serialize(*serializer[name]);
}

// ---- ChainList

ChainList::ChainList(std::vector<std::shared_ptr<Link>> links) {
    for (auto& link : links) append_impl(std::move(link));
}

void ChainList::append_impl(std::shared_ptr<Link> link) {
    CNET_CHECK_AS(ValueError, link != nullptr, "cannot append None to a ChainList");
    link->set_name(std::to_string(children_.size()));
    children_.push_back(std::move(link));
}

std::shared_ptr<Link> ChainList::operator[](int64_t index) const {
    const int64_t n = len();
    const int64_t i = index < 0 ? index + n : index;
    CNET_CHECK_AS(IndexError, i >= 0 && i < n, "ChainList index ", index, " out of range for ", n, " links");
    return children_[static_cast<size_t>(i)];
}

void ChainList::serialize(Serializer& serializer) {
    Link::serialize(serializer);
    for (size_t i = 0; i < children_.size(); ++i) children_[i]->serialize(*serializer[std::to_string(i)]);
}

std::shared_ptr<Link> ChainList::clone(const std::string& mode) const {
    auto ret = std::make_shared<ChainList>(*this);
    ret->copy_own_state(mode);
    ret->copy_children(mode);
    return ret;
}

void ChainList::copy_children(const std::string& mode) {
    for (auto& child : children_) {
        const std::string name = child->name();
        child = child->copy(mode);
        child->set_name(name);
    }
}

}  // namespace cnet
