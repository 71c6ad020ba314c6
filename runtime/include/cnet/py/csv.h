// csv.h — Python's csv.reader with the default (excel) dialect for generated code: the rows of a text file as
// lists of strings, with quoted fields (a delimiter or a line break inside quotes, "" for a quote), an empty
// line as an empty row. The rows are read when the reader is made (Python reads them as it iterates: the same
// rows unless the file is read elsewhere in between).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cnet/py/file.h"

namespace cnet {
namespace py {
namespace csv {

std::vector<std::vector<std::string>> reader(const std::shared_ptr<File>& csvfile, const std::string& delimiter = ",");

}  // namespace csv
}  // namespace py
}  // namespace cnet
