// convert.h — chainer.dataset.concat_examples and to_device: a list of examples to batched arrays.
#pragma once

#include <optional>
#include <vector>

#include "cnet/core/array.h"
#include "cnet/datasets/dataset.h"
#include "cnet/datasets/dict_dataset.h"

namespace cnet {
namespace dataset {

using datasets::Example;

/// chainer.dataset.to_device(device, x): None leaves x where it is; a negative id moves it to the CPU, an
/// id >= 0 to that GPU.
Array to_device(std::optional<int> device, const Array& x);

/// concat_examples(batch, device=None, padding=None): stacks slot j of every example along a new axis 0, so
/// [(x0, t0), (x1, t1)] gives {stack(x0, x1), stack(t0, t1)}; a batch of 1-tuples gives one array.
/// - Without padding every example's slot must have the same shape (ShapeError naming the example, the slot
///   and both shapes). Dtypes are promoted as numpy.concatenate does.
/// - With padding, slot arrays of equal rank are padded to their elementwise maximum shape with the value.
/// - ValueError for an empty batch ("batch is empty", as Chainer) or examples of different lengths.
std::vector<Array> concat_examples(const std::vector<Example>& batch, std::optional<int> device = std::nullopt,
                                   std::optional<Scalar> padding = std::nullopt);
/// concat_examples on a batch of a dataset of bare arrays (Chainer's get_mnist(withlabel=False), an
/// ImageDataset): the one stacked array, where Chainer returns an array rather than a tuple. The runtime holds
/// such examples as 1-tuples; ValueError naming the example when one holds other than one array. Chosen by
/// cnetc where it traces the batch to such a dataset (Note [Datasets of arrays] in compiler/sema).
Array concat_examples_of_arrays(const std::vector<Example>& batch, std::optional<int> device = std::nullopt,
                                std::optional<Scalar> padding = std::nullopt);
/// A converter's result on a batch of bare arrays (`self.converter(batch, self.device)` in an updater whose main
/// iterator cnetc traces to a dataset of arrays): its one array, as Chainer's converter returns. ValueError when
/// there is other than one.
Array the_array_of(const std::vector<Array>& converted);
/// Per-slot padding values (Chainer's tuple padding), one per slot.
std::vector<Array> concat_examples(const std::vector<Example>& batch, std::optional<int> device,
                                   const std::vector<Scalar>& padding);

/// concat_examples on dict examples (DictDataset.get_example_dict): {key: the stacked key of every example},
/// keys in the first example's order; every example must have the same keys (ValueError naming the missing
/// one). A separate name because an overload would make `concat_examples({})` and the Converter ambiguous.
datasets::DictExample concat_dict_examples(const std::vector<datasets::DictExample>& batch,
                                      std::optional<int> device = std::nullopt,
                                      std::optional<Scalar> padding = std::nullopt);

/// The converter type the updaters and Evaluator take (concat_examples fits it).
using Converter =
    std::vector<Array> (*)(const std::vector<Example>& batch, std::optional<int> device, std::optional<Scalar> padding);

}  // namespace dataset
}  // namespace cnet
