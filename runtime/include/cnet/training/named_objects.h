// named_objects.h — StandardUpdater's `iterator` and `optimizer` arguments: one object, or a dict of them by name
// (dcgan's `optimizer={'gen': opt_gen, 'dis': opt_dis}`), as Chainer takes either.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace cnet {
namespace training {

/// One object (named "main", the one update_core uses by default) or several by name.
template <typename T>
class NamedObjects {
public:
    template <typename U, std::enable_if_t<std::is_convertible_v<std::shared_ptr<U>, std::shared_ptr<T>>, int> = 0>
    NamedObjects(std::shared_ptr<U> one) : objects_{{"main", std::move(one)}} {}  // NOLINT(runtime/explicit)

    /// Any map-like range of (name, object) pairs: a std::map or the compiled program's dict.
    template <typename Map, typename = decltype(std::string(std::declval<const Map&>().begin()->first)),
              std::enable_if_t<std::is_convertible_v<decltype(std::declval<const Map&>().begin()->second),
                                                     std::shared_ptr<T>>,
                               int> = 0>
    NamedObjects(const Map& objects) {  // NOLINT(runtime/explicit)
        for (const auto& [name, object] : objects) objects_[name] = object;
    }

    std::map<std::string, std::shared_ptr<T>> release() && { return std::move(objects_); }

private:
    std::map<std::string, std::shared_ptr<T>> objects_;
};

}  // namespace training
}  // namespace cnet
