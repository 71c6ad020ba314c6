// link.h — chainer.Link, chainer.Chain and chainer.ChainList: building blocks of models that own
// parameters, persistent values and child links, and serialize them with Chainer's npz key layout.
//
//   class MLP : public cnet::Chain {
//   public:
//       MLP(int64_t n_units, int64_t n_out) {
//           auto scope = init_scope();
//           l1 = add_link("l1", std::make_shared<L::Linear>(std::nullopt, n_units));
//           l2 = add_link("l2", std::make_shared<L::Linear>(n_out));
//       }
//       Variable forward(const Variable& x) { return (*l2)(F::relu((*l1)(x))); }
//       Variable call(const std::vector<Variable>& args) override { return forward(args.at(0)); }
//       std::shared_ptr<L::Linear> l1, l2;
//   };
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/serializers/serializer.h"

namespace cnet {

class Link;
class Sequential;

/// The RAII form of `with link.init_scope():` (sets `within_init_scope()` until destroyed). Registration
/// in C++ is explicit (add_param / add_link / add_persistent), so the scope only records the flag that
/// Chainer exposes; code generated from `.cnet` sources opens it where the source does.
class InitScope {
public:
    explicit InitScope(Link& link);
    ~InitScope();
    InitScope(const InitScope&) = delete;
    InitScope& operator=(const InitScope&) = delete;
    InitScope(InitScope&& other) noexcept : link_(std::exchange(other.link_, nullptr)), previous_(other.previous_) {}
    InitScope& operator=(InitScope&&) = delete;

private:
    Link* link_;
    bool previous_;
};

/// A persistent value (Chainer's add_persistent): an array or a scalar, saved and loaded by serialize().
using PersistentValue = std::variant<Array, int64_t, double, bool>;

/// chainer.Link: holds parameters (in registration order) and persistent values. Always held by
/// std::shared_ptr (children are shared with their parents).
class Link : public std::enable_shared_from_this<Link> {
public:
    Link() = default;
    virtual ~Link() = default;
    Link& operator=(const Link&) = delete;

    /// Chainer's `link(*args)` for generic callers (Classifier, Evaluator, updaters). Links with a single
    /// forward signature override it; the default throws.
    virtual Variable call(const std::vector<Variable>& args);

    /// The name given by the parent chain ("" for a root or an unregistered link).
    const std::string& name() const { return name_; }
    void set_name(const std::string& name) { name_ = name; }

    // ---- registration
    /// `with self.init_scope():` — see InitScope.
    InitScope init_scope() { return InitScope(*this); }
    bool within_init_scope() const { return within_init_scope_; }
    /// Registers `param` under `name` (Chainer's `self.name = Parameter(...)` inside init_scope); returns it.
    /// Throws ValueError when the name is taken.
    Parameter add_param(const std::string& name, Parameter param);
    /// Chainer's add_param(name, shape=None, dtype=float32, initializer=None): uninitialized when shape is
    /// None; the default initializer fills NaN.
    Parameter add_param(const std::string& name, std::optional<Shape> shape, Dtype dtype = Dtype::kFloat32,
                        const initializers::InitializerArg& initializer = {});
    /// The same with a shape written as Python does: a tuple (`{2, 3}` in C++) or an int.
    Parameter add_param(const std::string& name, const Shape& shape, Dtype dtype = Dtype::kFloat32,
                        const initializers::InitializerArg& initializer = {}) {
        return add_param(name, std::optional<Shape>(shape), dtype, initializer);
    }
    Parameter add_param(const std::string& name, int64_t size, Dtype dtype = Dtype::kFloat32,
                        const initializers::InitializerArg& initializer = {}) {
        return add_param(name, std::optional<Shape>(Shape{size}), dtype, initializer);
    }
    /// Chainer's add_persistent(name, value): an array or scalar saved by serialize(). Returns a reference
    /// to the stored value (stable until the next add_persistent/register_persistent).
    PersistentValue& add_persistent(const std::string& name, PersistentValue value);
    /// Numbers: integers are stored as int64, floating-point values as double.
    template <typename T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
    PersistentValue& add_persistent(const std::string& name, T value) {
        if constexpr (std::is_same<T, bool>::value) {
            return add_persistent(name, PersistentValue(value));
        } else if constexpr (std::is_integral<T>::value) {
            return add_persistent(name, PersistentValue(static_cast<int64_t>(value)));
        } else {
            return add_persistent(name, PersistentValue(static_cast<double>(value)));
        }
    }
    /// Chainer's register_persistent(name): turns a registered parameter into a persistent array (its data).
    void register_persistent(const std::string& name);
    /// Chainer's `del self.name` (Link.__delattr__): forgets the parameter, persistent value or (in Chain)
    /// child link registered as `name`, if any, so the name can be registered anew.
    virtual void delete_attribute(const std::string& name);
    void delete_attributes(std::initializer_list<std::string> names) {
        for (const std::string& n : names) delete_attribute(n);
    }
    /// The persistent value `name` (KeyError-like ValueError when absent); persistent<T>(name) for its content.
    PersistentValue& persistent(const std::string& name);
    template <typename T>
    T& persistent(const std::string& name) {
        return std::get<T>(persistent(name));
    }
    bool has_param(const std::string& name) const;
    bool has_persistent(const std::string& name) const;
    /// The parameter `name` (ValueError when absent).
    Parameter param(const std::string& name) const;

    // ---- traversal (registration order; paths are '/'-joined and start with '/')
    std::vector<Parameter> params(bool include_uninit = true) const;
    std::vector<std::pair<std::string, Parameter>> namedparams(bool include_uninit = true) const;
    /// This link (unless skipself) and every descendant, depth first.
    std::vector<Link*> links(bool skipself = false);
    /// ("/", self), ("/predictor", ...), ("/predictor/l1", ...), ...
    std::vector<std::pair<std::string, Link*>> namedlinks(bool skipself = false);
    /// Direct child links.
    virtual std::vector<std::shared_ptr<Link>> children() const { return {}; }

    // ---- gradients and parameters
    /// Sets every parameter's grad to None.
    void cleargrads();
    /// Deprecated in Chainer: fills every grad with zeros.
    void zerograds();
    /// Adds `link`'s grads to this link's (same structure).
    void addgrads(Link& link);
    /// Copies `link`'s parameter data (not grads) into this link's (same structure).
    void copyparams(Link& link);
    /// Total number of parameter elements; uninitialized parameters count as 0 (Chainer warns).
    int64_t count_params() const;
    /// Sets update_rule.enabled of every parameter (layer freezing).
    void enable_update();
    void disable_update();
    /// True when some parameter's update rule is enabled (or has no rule yet).
    bool update_enabled() const;

    // ---- devices
    /// Moves parameters (and their grads) and persistent arrays to the host; returns this link.
    Link& to_cpu();
    /// Chainer's to_gpu(device=None): moves them to CUDA device `device` (the current CUDA device when absent,
    /// see cnet/backends/cuda.h). Throws DeviceError "CUDA device N is not available: ..." where it cannot.
    Link& to_gpu(std::optional<int> device = std::nullopt);
    /// Moves them to `device` (Chainer's to_device); returns this link.
    Link& to_device(Device device);
    /// The device of the parameters (an initialized one's, else where to_device put the uninitialized ones; the
    /// CPU when there are none): Link.xp is the array module of this device.
    Device device() const;

    /// Chainer's copy(mode='share'): 'share' shares parameter arrays (grads reset), 'copy' deep-copies them,
    /// 'init' deep-copies and re-initializes. The copy's name is reset. ValueError for another mode. Needs
    /// clone() (links that do not override it throw; cnetc writes one for each .cnet Chain and Link class).
    std::shared_ptr<Link> copy(const std::string& mode = "share") const;
    /// Chainer's repeat(n_repeat, mode='init'): a Sequential of n_repeat copies (empty when n_repeat <= 0).
    std::shared_ptr<Sequential> repeat(int64_t n_repeat, const std::string& mode = "init") const;

    /// Saves or loads parameters (by name) and persistent values, then children (Chain/ChainList).
    /// Uninitialized parameters are saved as None and initialized from the loaded array's shape.
    virtual void serialize(Serializer& serializer);

protected:
    /// Member-wise copy (parameter handles and persistent values shared); used by clone().
    Link(const Link&) = default;
    /// The copy behind copy(mode): a new link of the same class whose parameters, persistent arrays and
    /// children are copied per `mode` (see copy_own_state). Concrete links override it; the default throws.
    virtual std::shared_ptr<Link> clone(const std::string& mode) const;
    /// After a member-wise copy: replaces this link's own parameters (new handles; arrays shared for 'share',
    /// copied for 'copy', re-initialized for 'init') and deep-copies persistent arrays unless 'share'.
    void copy_own_state(const std::string& mode);

    friend class InitScope;

    std::string name_;
    bool within_init_scope_ = false;
    std::vector<std::pair<std::string, Parameter>> params_;
    std::vector<std::pair<std::string, PersistentValue>> persistent_;

    /// True when `name` is used by a parameter, a persistent value or (in Chain) a child link.
    virtual bool name_taken(const std::string& name) const { return has_param(name) || has_persistent(name); }
    /// Non-allocating access to the direct children (for the per-step traversals of optimizers).
    virtual size_t num_children() const { return 0; }
    virtual Link* child_at(size_t) const { return nullptr; }

private:
    void collect_namedlinks(const std::string& prefix, std::vector<std::pair<std::string, Link*>>& out);
    void collect_params(bool include_uninit, std::vector<Parameter>& out) const;
};

/// chainer.Chain: a link with named child links (registration order).
class Chain : public Link {
public:
    /// Registers `link` as the child `name` (sets its name) and returns it with its own type, so that
    /// `l1 = add_link("l1", std::make_shared<L::Linear>(3));` keeps a typed handle. ValueError when the
    /// name is taken by a parameter, persistent value or child.
    template <typename L>
    std::shared_ptr<L> add_link(const std::string& name, std::shared_ptr<L> link) {
        add_link_impl(name, std::static_pointer_cast<Link>(link));
        return link;
    }
    /// chain[name] (Chainer's __getitem__): the child `name` (ValueError when absent).
    std::shared_ptr<Link> operator[](const std::string& name) const;
    bool has_link(const std::string& name) const;
    std::vector<std::shared_ptr<Link>> children() const override;
    void serialize(Serializer& serializer) override;
    void delete_attribute(const std::string& name) override;

protected:
    bool name_taken(const std::string& name) const override { return Link::name_taken(name) || has_link(name); }
    size_t num_children() const override { return children_.size(); }
    Link* child_at(size_t i) const override { return children_[i].second.get(); }
    /// The children part of Chainer's Chain.copy(mode), on a member-wise copy of this chain: each child is
    /// replaced by its copy(mode), keeping its name. A subclass then points its typed handles at the new
    /// children (this[name]).
    void copy_children(const std::string& mode);
    std::vector<std::pair<std::string, std::shared_ptr<Link>>> children_;

private:
    void add_link_impl(const std::string& name, std::shared_ptr<Link> link);
};

/// chainer.ChainList: a link with an ordered list of child links named "0", "1", ...
class ChainList : public Link {
public:
    ChainList() = default;
    explicit ChainList(std::vector<std::shared_ptr<Link>> links);

    /// Appends `link` (its name becomes its index) and returns it with its own type.
    template <typename L>
    std::shared_ptr<L> add_link(std::shared_ptr<L> link) {
        append_impl(std::static_pointer_cast<Link>(link));
        return link;
    }
    template <typename L>
    std::shared_ptr<L> append(std::shared_ptr<L> link) {
        return add_link(std::move(link));
    }
    /// list[i]; negative indices count from the end (IndexError when out of range).
    std::shared_ptr<Link> operator[](int64_t index) const;
    size_t size() const { return children_.size(); }
    /// Python's len().
    int64_t len() const { return static_cast<int64_t>(children_.size()); }
    std::vector<std::shared_ptr<Link>>::const_iterator begin() const { return children_.begin(); }
    std::vector<std::shared_ptr<Link>>::const_iterator end() const { return children_.end(); }
    std::vector<std::shared_ptr<Link>> children() const override { return children_; }
    void serialize(Serializer& serializer) override;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
    /// The children part of Chainer's ChainList.copy(mode): each child replaced by its copy(mode), keeping its
    /// name (used by clone and by the clone of a .cnet ChainList class).
    void copy_children(const std::string& mode);
    size_t num_children() const override { return children_.size(); }
    Link* child_at(size_t i) const override { return children_[i].get(); }
    std::vector<std::shared_ptr<Link>> children_;

private:
    void append_impl(std::shared_ptr<Link> link);
};

/// link.copy(mode) as .cnet calls it: the copy keeps the receiver's static type, as Chainer's copy is
/// copy.copy(self), an object of the same class (`model.copy().predictor` of a Classifier).
template <typename L>
std::shared_ptr<L> copy_as(const std::shared_ptr<L>& link, const std::string& mode = "share") {
    return std::static_pointer_cast<L>(link->copy(mode));
}
/// self.copy() inside a .cnet link class.
template <typename L>
std::shared_ptr<L> copy_as(L* link, const std::string& mode = "share") {
    return std::static_pointer_cast<L>(link->copy(mode));
}

}  // namespace cnet
