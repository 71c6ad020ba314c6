// csv.h — categorical CSV tables as numbers: what "Chainer at a Glance" does to mushrooms.csv with
//   data = np.genfromtxt(path, delimiter=',', dtype=str, skip_header=1)
//   for col in range(data.shape[1]): data[:, col] = np.unique(data[:, col], return_inverse=True)[1]
#pragma once

#include <string>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace datasets {

/// A CSV file with every column encoded by its sorted distinct values.
struct CsvTable {
    /// (rows, columns) int32: codes[r, c] is the index of cell (r, c) in categories[c] (np.unique's inverse).
    Array codes;
    /// categories[c]: the sorted distinct strings of column c (np.unique's values, byte order).
    std::vector<std::vector<std::string>> categories;
    /// The skipped header line split by the delimiter (empty when skip_header is 0).
    std::vector<std::string> header;

    /// Column c one-hot encoded: (rows, categories[c].size()) of `dtype`.
    Array one_hot(int64_t column, Dtype dtype = Dtype::kFloat32) const;
    /// Columns [first, last) one-hot encoded and concatenated along axis 1 (last = -1: to the end).
    Array one_hot(int64_t first, int64_t last, Dtype dtype = Dtype::kFloat32) const;
};

/// Reads `path` (fields separated by `delimiter`, no quoting, fields kept as they are like genfromtxt's
/// autostrip=False; a trailing '\r', blank lines and '#' comments dropped), skipping the first `skip_header`
/// lines, and encodes every column ordinally. Error naming the file (and line) when it is missing or a row has the wrong number
/// of fields.
CsvTable load_csv(const std::string& path, char delimiter = ',', int skip_header = 1);

}  // namespace datasets
}  // namespace cnet
