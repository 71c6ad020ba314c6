// io.cc — genfromtxt / loadtxt: tokenize lines (whitespace or a delimiter), parse numbers, squeeze.
#include "cnet/np/io.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace np {
namespace {

std::vector<std::string> Tokenize(const std::string& line, const std::string& delimiter) {
    std::vector<std::string> out;
    if (delimiter.empty()) {
        size_t i = 0;
        for (;;) {
            i = line.find_first_not_of(" \t\r\v\f", i);
            if (i == std::string::npos) return out;
            const size_t end = line.find_first_of(" \t\r\v\f", i);
            out.push_back(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
            if (end == std::string::npos) return out;
            i = end;
        }
    }
    size_t start = 0;
    for (;;) {
        const size_t end = line.find(delimiter, start);
        out.push_back(line.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) return out;
        start = end + delimiter.size();
    }
}

std::string Strip(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r\v\f");
    if (a == std::string::npos) return "";
    return s.substr(a, s.find_last_not_of(" \t\r\v\f") - a + 1);
}

// Parses one field; NaN (float) when empty or unparsable and `lenient`, else ValueError.
double ParseField(const std::string& raw, Dtype dtype, bool lenient, const std::string& where) {
    const std::string s = Strip(raw);
    const bool is_float = IsFloat(dtype);
    if (is_float || IsBool(dtype)) {
        if (IsBool(dtype) && (s == "True" || s == "true")) return 1;
        if (IsBool(dtype) && (s == "False" || s == "false")) return 0;
        char* end = nullptr;
        errno = 0;
        const double v = s.empty() ? 0 : std::strtod(s.c_str(), &end);
        if (!s.empty() && end == s.c_str() + s.size()) return v;
        if (is_float && lenient) return std::numeric_limits<double>::quiet_NaN();
        throw ValueError(where + ": could not convert string '" + s + "' to " + DtypeName(dtype));
    }
    char* end = nullptr;
    const long long v = s.empty() ? 0 : std::strtoll(s.c_str(), &end, 10);
    if (s.empty() || end != s.c_str() + s.size())
        throw ValueError(where + ": invalid literal for int() with base 10: '" + s + "'");
    return static_cast<double>(v);
}

Array ReadTable(const std::string& fname, Dtype dtype, const std::string& delimiter, int skip, bool lenient) {
    std::ifstream in(fname);
    CNET_CHECK_AS(ValueError, in.good(), "cannot open '", fname, "'");
    std::string line;
    int64_t line_number = 0;
    for (int k = 0; k < skip && std::getline(in, line); ++k) ++line_number;
    std::vector<double> values;
    int64_t rows = 0, columns = -1;
    while (std::getline(in, line)) {
        ++line_number;
        const size_t hash = line.find('#');
        if (hash != std::string::npos) line.erase(hash);
        if (Strip(line).empty()) continue;
        const std::vector<std::string> fields = Tokenize(line, delimiter);
        if (columns < 0) columns = static_cast<int64_t>(fields.size());
        CNET_CHECK_AS(ValueError, static_cast<int64_t>(fields.size()) == columns, fname, ":", line_number,
                      ": expected ", columns, " columns, got ", fields.size());
        const std::string where = fname + ":" + std::to_string(line_number);
        for (const std::string& f : fields) values.push_back(ParseField(f, dtype, lenient, where));
        ++rows;
    }
    if (columns < 0) columns = 0;
    Array table = Array::FromVector(values, Shape{rows, columns}).astype(dtype);
    if (rows == 1 || columns == 1) return table.reshape({rows * columns});  // numpy squeezes
    return table;
}

}  // namespace

Array genfromtxt(const std::string& fname, Dtype dtype, const std::string& delimiter, int skip_header) {
    return ReadTable(fname, dtype, delimiter, skip_header, /*lenient=*/true);
}

Array loadtxt(const std::string& fname, Dtype dtype, const std::string& delimiter, int skiprows) {
    return ReadTable(fname, dtype, delimiter, skiprows, /*lenient=*/false);
}

}  // namespace np
}  // namespace cnet
