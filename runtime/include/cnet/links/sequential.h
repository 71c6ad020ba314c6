// sequential.h — chainer.Sequential: a ChainList whose layers (links or plain functions) are applied in
// order, each output feeding the next layer.
//
//   auto model = std::make_shared<cnet::Sequential>(std::make_shared<L::Linear>(100), F::relu,
//                                                   std::make_shared<L::Linear>(10));
//   Variable y = (*model)(x);
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cnet/links/link.h"

namespace cnet {

/// Sequential(*layers). Links among the layers are the children, named by their index among the links
/// ("0", "1", ...), so npz keys match Chainer's. Layers take and return one variable here.
class Sequential : public ChainList {
    template <typename T>
    struct IsLinkList : std::false_type {};
    template <typename L>
    struct IsLinkList<std::vector<std::shared_ptr<L>>> : std::true_type {};
    template <typename T>
    struct IsLinkList<T&> : IsLinkList<std::remove_cv_t<T>> {};

public:
    using Function = std::function<Variable(const Variable&)>;
    /// One layer: a link (called through Link::call) or a function.
    struct Layer {
        std::shared_ptr<Link> link;
        Function function;
    };

    Sequential() = default;
    template <typename First, typename... Rest,
              std::enable_if_t<!std::is_base_of<Sequential, std::decay_t<First>>::value && !IsLinkList<First>::value,
                               int> = 0>
    explicit Sequential(First&& first, Rest&&... rest) {
        append(std::forward<First>(first));
        (append(std::forward<Rest>(rest)), ...);
    }

    /// Sequential(*layers) of a list of links (of any one link class).
    template <typename L>
    explicit Sequential(const std::vector<std::shared_ptr<L>>& links) {
        for (const auto& link : links) append(link);
    }

    /// Appends a link (returned with its own type) or a function.
    template <typename L>
    std::shared_ptr<L> append(std::shared_ptr<L> link) {
        insert(len(), std::static_pointer_cast<Link>(link));
        return link;
    }
    void append(Function function) { insert(len(), std::move(function)); }
    template <typename L>
    std::shared_ptr<L> add_link(std::shared_ptr<L> link) {
        return append(std::move(link));
    }
    /// Inserts before position i (negative counts from the end); IndexError when out of range.
    void insert(int64_t i, std::shared_ptr<Link> link);
    void insert(int64_t i, Function function);
    /// Removes and returns the layer at i (default: the last one).
    Layer pop(int64_t i = -1);
    /// Removes every layer.
    void clear();

    /// Number of layers (links and functions), as Python's len(seq).
    int64_t len() const { return static_cast<int64_t>(layers_.size()); }
    size_t size() const { return layers_.size(); }
    /// Chainer's seq[i]: the layer (negative indices count from the end). Note: the inherited
    /// ChainList::operator[] indexes the links only.
    const Layer& layer(int64_t i) const;
    const std::vector<Layer>& layers() const { return layers_; }

    /// Applies the layers in order.
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;

private:
    void insert_layer(int64_t i, Layer layer);
    int64_t normalize_index(int64_t i, int64_t n, bool for_insert) const;
    /// Rebuilds the children (the links among the layers, in order) and their names.
    void sync_children();

    std::vector<Layer> layers_;
};

}  // namespace cnet
