// io.h — numpy file input and output: genfromtxt / loadtxt for numeric tables, load / save for .npy files.
// (String tables, as "Chainer at a Glance" reads mushrooms.csv with dtype=str, are cnet::datasets::load_csv.)
#pragma once

#include <string>

#include "cnet/core/array.h"

namespace cnet {
namespace np {

/// numpy.genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0) for numbers.
/// `delimiter` "" splits on runs of whitespace (None). Empty or unparsable fields are NaN for float dtypes
/// and a ValueError for integer and bool dtypes. The result is squeezed as NumPy does: (rows, cols), or 1-D
/// when there is a single row or a single column. Error naming the file and line for a missing file or a
/// row with a different number of fields.
Array genfromtxt(const std::string& fname, Dtype dtype = Dtype::kFloat64, const std::string& delimiter = "",
                 int skip_header = 0);

/// numpy.loadtxt(fname, dtype=float, delimiter=None, skiprows=0): like genfromtxt, but every field must parse.
Array loadtxt(const std::string& fname, Dtype dtype = Dtype::kFloat64, const std::string& delimiter = "",
              int skiprows = 0);

/// numpy.load(file) of a .npy file (as numpy.save writes it; any byte order, C or Fortran order). An .npz
/// archive or another file is a ValueError naming the path (read .npz files with chainer.serializers.load_npz).
Array load(const std::string& file);

/// numpy.save(file, arr): writes `arr` as a .npy file (format 1.0, what NumPy writes), appending ".npy" to a
/// name without it, as NumPy does. Written atomically (a temporary file renamed over the path).
void save(const std::string& file, const Array& arr);

}  // namespace np
}  // namespace cnet
