// initializer_arg.h — an "initializer argument" of a link (initialW=..., initial_bias=...): None, a scalar,
// an array, an Initializer or a fill function, turned into an Initializer by Chainer's rule.
#pragma once

#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include "cnet/initializers/initializer.h"

namespace cnet {
namespace initializers {

/// What a link's `initialW` / `initial_bias` parameter accepts, e.g. `L::Linear(3, 2, false, 0.5)`,
/// `L::Linear(3, 2, false, I::HeNormal())`, `L::Linear(3, 2, false, w_array, 0)`, or `{}` for None.
class InitializerArg {
public:
    /// None: the link's default.
    InitializerArg() = default;
    InitializerArg(std::nullopt_t) {}  // NOLINT(runtime/explicit)
    InitializerArg(std::nullptr_t) {}  // NOLINT(runtime/explicit)
    /// A scalar: Constant(value).
    InitializerArg(Scalar value) : kind_(Kind::kScalar), scalar_(value) {}  // NOLINT(runtime/explicit)
    template <typename T, std::enable_if_t<std::is_arithmetic<T>::value, int> = 0>
    InitializerArg(T value) : InitializerArg(Scalar(value)) {}  // NOLINT(runtime/explicit)
    /// An array: Constant(copy of the array), broadcast to the parameter's shape.
    InitializerArg(const Array& array);  // NOLINT(runtime/explicit)
    /// An initializer object (shared, or copied when passed by value).
    InitializerArg(std::shared_ptr<Initializer> initializer);  // NOLINT(runtime/explicit)
    template <typename I, std::enable_if_t<std::is_base_of<Initializer, std::decay_t<I>>::value, int> = 0>
    InitializerArg(I&& initializer)  // NOLINT(runtime/explicit)
        : InitializerArg(std::shared_ptr<Initializer>(std::make_shared<std::decay_t<I>>(std::forward<I>(initializer)))) {}
    /// A callable that fills an array in place (Chainer accepts any callable).
    template <typename F,
              std::enable_if_t<!std::is_base_of<Initializer, std::decay_t<F>>::value &&
                                   !std::is_same<std::decay_t<F>, Array>::value &&
                                   !std::is_same<std::decay_t<F>, InitializerArg>::value &&
                                   std::is_invocable<F&, Array&>::value,
                               int> = 0>
    InitializerArg(F&& fill)  // NOLINT(runtime/explicit)
        : InitializerArg(FromFunction(std::function<void(Array&)>(std::forward<F>(fill)))) {}

    bool is_none() const { return kind_ == Kind::kNone; }

    /// Chainer's `initializers._get_initializer`: None gives `default_initializer` (LeCunNormal() when that is
    /// null), a scalar or an array gives a Constant, an initializer or callable is used as is.
    std::shared_ptr<Initializer> get(std::shared_ptr<Initializer> default_initializer = nullptr) const;

private:
    enum class Kind { kNone, kScalar, kArray, kInitializer };
    static InitializerArg FromFunction(std::function<void(Array&)> fill);

    Kind kind_ = Kind::kNone;
    Scalar scalar_;
    Array array_;
    std::shared_ptr<Initializer> initializer_;
};

/// chainer.initializers._get_initializer(initializer): None -> LeCunNormal(), scalar/array -> Constant.
std::shared_ptr<Initializer> get_initializer(const InitializerArg& initializer);

}  // namespace initializers
}  // namespace cnet
