// csv.cc — load_csv: split lines into fields, then np.unique(..., return_inverse=True) per column.
#include "cnet/datasets/csv.h"

#include <algorithm>
#include <fstream>
#include <map>

#include "cnet/core/error.h"
#include "cnet/np/manipulation.h"

namespace cnet {
namespace datasets {
namespace {

std::vector<std::string> Split(const std::string& line, char delimiter) {
    std::vector<std::string> fields;
    size_t start = 0;
    for (;;) {
        const size_t end = line.find(delimiter, start);
        fields.push_back(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return fields;
        start = end + 1;
    }
}

// A line without its '#' comment and trailing '\r' (genfromtxt's comments='#').
std::string Clean(std::string line) {
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

}  // namespace

CsvTable load_csv(const std::string& path, char delimiter, int skip_header) {
    std::ifstream in(path);
    CNET_CHECK(in.good(), "cannot open CSV file '", path, "'");
    CsvTable table;
    std::string line;
    int64_t line_number = 0;
    for (int k = 0; k < skip_header && std::getline(in, line); ++k) {
        ++line_number;
        if (k == 0) table.header = Split(Clean(line), delimiter);
    }
    std::vector<std::vector<std::string>> rows;
    while (std::getline(in, line)) {
        ++line_number;
        line = Clean(line);
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        rows.push_back(Split(line, delimiter));
        CNET_CHECK_AS(ValueError, rows.back().size() == rows.front().size(), path, ":", line_number, ": expected ",
                      rows.front().size(), " columns, got ", rows.back().size());
    }
    const int64_t n = static_cast<int64_t>(rows.size());
    const int64_t columns = static_cast<int64_t>(rows.empty() ? table.header.size() : rows.front().size());
    table.codes = Array::Empty({n, columns}, Dtype::kInt32);
    int32_t* codes = table.codes.data<int32_t>();
    for (int64_t c = 0; c < columns; ++c) {
        std::map<std::string, int32_t> index;  // sorted by bytes, as np.unique sorts strings
        for (const auto& row : rows) index.emplace(row[c], 0);
        std::vector<std::string> values;
        for (auto& [value, code] : index) {
            code = static_cast<int32_t>(values.size());
            values.push_back(value);
        }
        for (int64_t r = 0; r < n; ++r) codes[r * columns + c] = index.at(rows[r][c]);
        table.categories.push_back(std::move(values));
    }
    return table;
}

Array CsvTable::one_hot(int64_t column, Dtype dtype) const {
    const int64_t columns = static_cast<int64_t>(categories.size());
    CNET_CHECK_AS(IndexError, column >= 0 && column < columns, "CsvTable.one_hot: column ", column,
                  " out of range for ", columns, " columns");
    const int64_t n = codes.shape()[0];
    const int64_t k = static_cast<int64_t>(categories[column].size());
    std::vector<double> values(static_cast<size_t>(n * k), 0.0);
    const int32_t* p = codes.data<int32_t>();
    for (int64_t r = 0; r < n; ++r) values[r * k + p[r * columns + column]] = 1.0;
    return Array::FromVector(values, Shape{n, k}).astype(dtype);
}

Array CsvTable::one_hot(int64_t first, int64_t last, Dtype dtype) const {
    const int64_t columns = static_cast<int64_t>(categories.size());
    if (last < 0) last = columns;
    CNET_CHECK_AS(IndexError, first >= 0 && first < last && last <= columns, "CsvTable.one_hot: bad column range [",
                  first, ", ", last, ") for ", columns, " columns");
    std::vector<Array> parts;
    for (int64_t c = first; c < last; ++c) parts.push_back(one_hot(c, dtype));
    return np::concatenate(parts, 1);
}

}  // namespace datasets
}  // namespace cnet
