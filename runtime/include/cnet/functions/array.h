// array.h — differentiable array manipulation (chainer.functions.array): reshape, transpose, broadcast,
// joining and splitting, axis changes, indexing, tile/repeat/pad, where, cast, copy, identity.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/axis.h"
#include "cnet/core/device.h"
#include "cnet/core/scalar.h"
#include "cnet/core/variable.h"
#include "cnet/np/indexing.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace functions {

// ---- shape (array_reshape.cc)
/// F.reshape(x, shape): one dimension may be -1.
Variable reshape(const Variable& x, const Shape& shape);
/// F.transpose(x, axes=None): reverses the axes by default.
Variable transpose(const Variable& x, const OptionalAxis& axes = {});
/// F.broadcast_to(x, shape): the gradient sums over the broadcast axes.
Variable broadcast_to(const Variable& x, const Shape& shape);
/// F.sum_to(x, shape): sums x down to `shape` (the inverse of broadcast_to).
Variable sum_to(const Variable& x, const Shape& shape);
/// F.broadcast(*args): every argument broadcast to their common shape.
VarList broadcast(const VarList& args);

// ---- axes (array_axis.cc)
/// F.expand_dims(x, axis): a new size-1 axis; -ndim-1 <= axis <= ndim.
Variable expand_dims(const Variable& x, int axis);
/// F.squeeze(x, axis=None): removes size-1 axes (all, or the given ones, each of which must have size 1).
Variable squeeze(const Variable& x, const OptionalAxis& axis = {});
/// F.flatten(x): to 1-D (a 0-d x becomes (1,)).
Variable flatten(const Variable& x);
/// F.swapaxes(x, axis1, axis2)
Variable swapaxes(const Variable& x, int axis1, int axis2);
/// F.rollaxis(x, axis, start=0): numpy.rollaxis.
Variable rollaxis(const Variable& x, int axis, int start = 0);
/// F.flip(x, axis): reverses the order of elements along `axis`; F.fliplr / F.flipud flip axes 1 / 0.
Variable flip(const Variable& x, int axis);
Variable fliplr(const Variable& x);
Variable flipud(const Variable& x);

// ---- joining and splitting (array_join.cc)
/// F.concat(xs, axis=1): note the default axis is 1.
Variable concat(const VarList& xs, int axis = 1);
/// F.stack(xs, axis=0): joins along a new axis (-ndim-1 <= axis <= ndim); every x has one shape.
Variable stack(const VarList& xs, int axis = 0);
/// F.hstack(xs): along axis 1 (axis 0 for 1-D inputs; 0-d inputs become 1-D).
Variable hstack(const VarList& xs);
/// F.vstack(xs): along axis 0, with 1-D inputs (N,) taken as (1, N) and 0-d ones as (1, 1).
Variable vstack(const VarList& xs);
/// F.dstack(xs): along axis 2, with inputs promoted as numpy.atleast_3d.
Variable dstack(const VarList& xs);
/// F.split_axis(x, indices_or_sections, axis, force_tuple=True): `sections` equal pieces (they must divide
/// x.shape[axis]), or pieces cut at the sorted `indices`. Raises ValueError when a piece would be empty (as
/// Chainer v4). The result is always a list; force_tuple is accepted for Chainer's signature.
VarList split_axis(const Variable& x, int64_t sections, int axis, bool force_tuple = true);
VarList split_axis(const Variable& x, const std::vector<int64_t>& indices, int axis, bool force_tuple = true);
/// indices_or_sections as a NumPy integer array (seq2seq: `numpy.cumsum(lengths[:-1])`): 1-d, the indices; 0-d,
/// the sections. TypeError for another dtype, as Chainer's type check.
VarList split_axis(const Variable& x, const Array& indices_or_sections, int axis, bool force_tuple = true);
/// F.separate(x, axis=0): the slices of x along `axis`, with that axis removed (the inverse of stack).
VarList separate(const Variable& x, int axis = 0);

// ---- indexing (array_index.cc)
/// F.get_item(x, slices): NumPy basic and advanced indexing (see Note [Index syntax in C++] in
/// cnet/np/indexing.h). The gradient scatters into zeros with numpy.add.at (repeated indices accumulate).
Variable get_item(const Variable& x, const Indices& slices);
Variable get_item(const Variable& x, const Index& slices);
/// F.select_item(x, t): y[i] = x[i, t[i]] for x (B, N) and integer t (B,).
Variable select_item(const Variable& x, const Variable& t);
/// F.where(condition, x, y): condition is a bool array; x and y have condition's shape and one dtype.
Variable where(const Variable& condition, const Variable& x, const Variable& y);

// ---- copies (array_copy.cc)
/// F.tile(x, reps): numpy.tile (x.shape and reps padded with leading ones to one length).
Variable tile(const Variable& x, const Dims& reps);
Variable tile(const Variable& x, int64_t reps);
/// F.repeat(x, repeats, axis=None): numpy.repeat; with axis None x is flattened. `repeats` has one entry (used
/// for every element) or one per element along the axis.
Variable repeat(const Variable& x, const std::vector<int64_t>& repeats, std::optional<int> axis = std::nullopt);
Variable repeat(const Variable& x, int64_t repeats, std::optional<int> axis = std::nullopt);
/// F.pad(x, pad_width, mode, constant_values=0): numpy.pad; only mode 'constant' is supported.
using PadWidth = np::PadWidth;
Variable pad(const Variable& x, const PadWidth& pad_width, const std::string& mode = "constant",
             Scalar constant_values = 0);
/// F.cast(x, typ): dtype conversion; the gradient is cast back. Returns x itself when the dtype matches.
Variable cast(const Variable& x, Dtype typ);
/// F.copy(x, dst): copies x to device `dst` (an int: -1 is the host); the gradient is copied back.
Variable copy(const Variable& x, Device dst);
Variable copy(const Variable& x, int dst);
/// F.identity(*inputs): returns the inputs as new variables (gradients pass through unchanged).
VarList identity(const VarList& inputs);
Variable identity(const Variable& x);

}  // namespace functions
}  // namespace cnet
