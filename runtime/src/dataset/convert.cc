// convert.cc — concat_examples: stack (or pad and stack) each slot of a batch of examples; to_device.
#include "cnet/dataset/convert.h"

#include <algorithm>

#include "cnet/core/error.h"

namespace cnet {
namespace dataset {
namespace {

// Stacks the arrays along a new axis 0; pads to the elementwise max shape when `padding` is set.
// x_k: shape S_k  ->  out: (B, max_k S_k)
Array ConcatSlot(const std::vector<Array>& arrays, size_t slot, const std::optional<Scalar>& padding) {
    const Array& first = arrays[0];
    Dtype dtype = first.dtype();
    Shape shape = first.shape();
    for (size_t k = 1; k < arrays.size(); ++k) {
        const Array& a = arrays[k];
        dtype = PromoteTypes(dtype, a.dtype());
        if (!padding) {
            CNET_CHECK_AS(ShapeError, a.shape() == first.shape(), "concat_examples: example ", k, " has shape ",
                          a.shape(), " in slot ", slot, " but example 0 has ", first.shape(),
                          " (pass padding to pad them)");
            continue;
        }
        CNET_CHECK_AS(ShapeError, a.ndim() == first.ndim(), "concat_examples: example ", k, " has ", a.ndim(),
                      " dimensions in slot ", slot, " but example 0 has ", first.ndim());
        for (int d = 0; d < a.ndim(); ++d) shape[d] = std::max(shape[d], a.shape()[d]);
    }
    Shape out_shape{static_cast<int64_t>(arrays.size())};
    for (int64_t d : shape) out_shape.push_back(d);
    const Device device = first.device();
    Array out = padding ? Array::Full(out_shape, *padding, dtype, device) : Array::Empty(out_shape, dtype, device);
    for (size_t k = 0; k < arrays.size(); ++k) {
        const Array& a = arrays[k];
        Array row = out[static_cast<int64_t>(k)];
        if (padding && a.shape() != shape) row = row.as_strided(a.shape(), row.strides(), row.offset());
        row.assign(a.to_device(device));  // contiguous rows of one dtype are one memcpy (kernels/copy.h)
    }
    return out;
}

std::vector<Array> Concat(const std::vector<Example>& batch, std::optional<int> device,
                          const std::vector<std::optional<Scalar>>& paddings, bool per_slot) {
    CNET_CHECK_AS(ValueError, !batch.empty(), "batch is empty");
    const size_t slots = batch[0].size();
    CNET_CHECK_AS(ValueError, slots > 0, "concat_examples: examples are empty tuples");
    if (per_slot)
        CNET_CHECK_AS(ValueError, paddings.size() == slots, "concat_examples: ", paddings.size(),
                      " padding values for examples of ", slots, " arrays");
    std::vector<Array> result;
    result.reserve(slots);
    std::vector<Array> arrays(batch.size());
    for (size_t j = 0; j < slots; ++j) {
        for (size_t k = 0; k < batch.size(); ++k) {
            CNET_CHECK_AS(ValueError, batch[k].size() == slots, "concat_examples: example ", k, " has ",
                          batch[k].size(), " arrays but example 0 has ", slots);
            CNET_CHECK_AS(ValueError, batch[k][j].defined(), "concat_examples: example ", k, " slot ", j,
                          " is None");
            arrays[k] = batch[k][j];
        }
        result.push_back(to_device(device, ConcatSlot(arrays, j, per_slot ? paddings[j] : paddings[0])));
    }
    return result;
}

}  // namespace

Array to_device(std::optional<int> device, const Array& x) {
    if (!device) return x;
    return x.to_device(Device::FromId(*device));
}

std::vector<Array> concat_examples(const std::vector<Example>& batch, std::optional<int> device,
                                   std::optional<Scalar> padding) {
    return Concat(batch, device, {padding}, false);
}

Array concat_examples_of_arrays(const std::vector<Example>& batch, std::optional<int> device,
                                std::optional<Scalar> padding) {
    for (size_t k = 0; k < batch.size(); ++k) {
        CNET_CHECK_AS(ValueError, batch[k].size() == 1, "concat_examples: example ", k, " of a dataset of arrays has ",
                      batch[k].size(), " arrays");
    }
    return Concat(batch, device, {padding}, false)[0];
}

Array the_array_of(const std::vector<Array>& converted) {
    CNET_CHECK_AS(ValueError, converted.size() == 1, "converter: a batch of a dataset of arrays converted to ",
                  converted.size(), " arrays");
    return converted[0];
}

datasets::DictExample concat_dict_examples(const std::vector<datasets::DictExample>& batch, std::optional<int> device,
                                      std::optional<Scalar> padding) {
    CNET_CHECK_AS(ValueError, !batch.empty(), "batch is empty");
    // Each key is stacked as a batch of 1-tuples, so padding and dtype promotion follow the tuple case.
    datasets::DictExample out;
    for (const auto& item : batch[0]) {
        const std::string& key = item.first;
        std::vector<Example> column;
        column.reserve(batch.size());
        for (size_t n = 0; n < batch.size(); ++n) {
            auto it = batch[n].find(key);
            CNET_CHECK_AS(ValueError, it != batch[n].end(), "concat_examples: example ", n, " has no key '", key, "'");
            column.push_back(Example{it->second});
        }
        out[key] = concat_examples(column, device, padding)[0];
    }
    return out;
}

std::vector<Array> concat_examples(const std::vector<Example>& batch, std::optional<int> device,
                                   const std::vector<Scalar>& padding) {
    std::vector<std::optional<Scalar>> paddings(padding.begin(), padding.end());
    return Concat(batch, device, paddings, true);
}

}  // namespace dataset
}  // namespace cnet
