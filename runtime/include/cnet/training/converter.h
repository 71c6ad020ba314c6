// converter.h — the `converter` argument of StandardUpdater and Evaluator: a batch to input arrays.
#pragma once

#include <functional>
#include <optional>
#include <type_traits>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/dataset/convert.h"
#include "cnet/iterators/iterator.h"

namespace cnet {
namespace training {

/// None (concat_examples), `dataset::concat_examples` itself (or any dataset::Converter), or any callable
/// `std::vector<Array>(const iterators::Batch&, std::optional<int> device)`.
class ConverterArg {
public:
    ConverterArg() = default;
    ConverterArg(std::nullptr_t) {}  // NOLINT(runtime/explicit)
    ConverterArg(dataset::Converter fn)  // NOLINT(runtime/explicit)
        : fn_([fn](const iterators::Batch& batch, std::optional<int> device) { return fn(batch, device, std::nullopt); }) {}
    template <typename F,
              std::enable_if_t<std::is_invocable_r<std::vector<Array>, F&, const iterators::Batch&,
                                                   std::optional<int>>::value &&
                                   !std::is_convertible<F, dataset::Converter>::value,
                               int> = 0>
    ConverterArg(F fn) : fn_(std::move(fn)) {}  // NOLINT(runtime/explicit)

    /// converter(batch, device)
    std::vector<Array> operator()(const iterators::Batch& batch, std::optional<int> device) const {
        return fn_ ? fn_(batch, device) : dataset::concat_examples(batch, device);
    }

private:
    std::function<std::vector<Array>(const iterators::Batch&, std::optional<int>)> fn_;
};

}  // namespace training
}  // namespace cnet
