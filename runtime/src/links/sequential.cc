// sequential.cc — Sequential: layer list maintenance and the forward chain.
#include "cnet/links/sequential.h"

namespace cnet {

int64_t Sequential::normalize_index(int64_t i, int64_t n, bool for_insert) const {
    const int64_t limit = for_insert ? n + 1 : n;
    CNET_CHECK_AS(IndexError, -n <= i && i < limit, "Sequential index ", i, " out of range for ", n, " layers");
    return i < 0 ? i + n : i;
}

void Sequential::insert_layer(int64_t i, Layer layer) {
    const int64_t at = normalize_index(i, len(), /*for_insert=*/true);
    layers_.insert(layers_.begin() + at, std::move(layer));
    sync_children();
}

void Sequential::insert(int64_t i, std::shared_ptr<Link> link) {
    CNET_CHECK_AS(ValueError, link != nullptr, "cannot add None to a Sequential");
    insert_layer(i, Layer{std::move(link), nullptr});
}

void Sequential::insert(int64_t i, Function function) {
    CNET_CHECK_AS(ValueError, function != nullptr, "cannot add None to a Sequential");
    insert_layer(i, Layer{nullptr, std::move(function)});
}

Sequential::Layer Sequential::pop(int64_t i) {
    const int64_t at = normalize_index(i, len(), /*for_insert=*/false);
    Layer layer = layers_[static_cast<size_t>(at)];
    layers_.erase(layers_.begin() + at);
    sync_children();
    return layer;
}

void Sequential::clear() {
    layers_.clear();
    sync_children();
}

const Sequential::Layer& Sequential::layer(int64_t i) const {
    return layers_[static_cast<size_t>(normalize_index(i, len(), /*for_insert=*/false))];
}

void Sequential::sync_children() {
    children_.clear();
    for (const Layer& layer : layers_) {
        if (!layer.link) continue;
        layer.link->set_name(std::to_string(children_.size()));
        children_.push_back(layer.link);
    }
}

Variable Sequential::forward(const Variable& x) {
    Variable h = x;
    for (const Layer& layer : layers_) h = layer.link ? layer.link->call({h}) : layer.function(h);
    return h;
}

Variable Sequential::call(const std::vector<Variable>& args) {
    CNET_CHECK_AS(ValueError, args.size() == 1, "Sequential takes 1 argument here, got ", args.size());
    return forward(args[0]);
}

std::shared_ptr<Sequential> Link::repeat(int64_t n_repeat, const std::string& mode) const {
    auto ret = std::make_shared<Sequential>();
    if (n_repeat <= 0) return ret;
    CNET_CHECK_AS(ValueError, mode == "init" || mode == "copy" || mode == "share",
                  "The 'mode' argument should be either 'init','copy', or 'share'. But ", mode, " was given.");
    for (int64_t i = 0; i < n_repeat; ++i) ret->append(copy(mode));
    return ret;
}

std::shared_ptr<Link> Sequential::clone(const std::string& mode) const {
    auto ret = std::make_shared<Sequential>(*this);
    ret->copy_own_state(mode);
    for (Layer& layer : ret->layers_)
        if (layer.link) layer.link = layer.link->copy(mode);
    ret->sync_children();
    return ret;
}

}  // namespace cnet
