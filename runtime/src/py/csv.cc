// csv.cc — the excel dialect's parser (Python's Modules/_csv.c states: start of field, in field, in quoted
// field, quote in quoted field).
#include "cnet/py/csv.h"

#include "cnet/core/error.h"

namespace cnet {
namespace py {
namespace csv {

std::vector<std::vector<std::string>> reader(const std::shared_ptr<File>& csvfile, const std::string& delimiter) {
    if (delimiter.size() != 1) throw TypeError("\"delimiter\" must be a 1-character string");
    const char delim = delimiter[0];
    const std::string text = csvfile->read();
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;       // inside a quoted field
    bool after_quote = false;  // a quote seen inside a quoted field: the end, or the first of ""
    bool field_started = false;
    auto end_field = [&] {
        row.push_back(field);
        field.clear();
        field_started = false;
    };
    auto end_row = [&] {
        if (field_started || !row.empty()) end_field();
        rows.push_back(row);
        row.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (after_quote) {
                after_quote = false;
                if (c == '"') {  // "" inside quotes is one quote
                    field += '"';
                    continue;
                }
                quoted = false;  // the closing quote; c is handled as outside quotes
            } else if (c == '"') {
                after_quote = true;
                continue;
            } else {
                field += c;
                continue;
            }
        }
        if (c == delim) {
            field_started = true;
            end_field();
            field_started = true;  // a delimiter starts the next field (a trailing ',' gives a last '')
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            end_row();
        } else if (c == '"' && field.empty()) {  // a quote opens a field only as its first character
            quoted = true;
            field_started = true;
        } else {
            field += c;
            field_started = true;
        }
    }
    if (quoted && !after_quote) throw ValueError("unexpected end of data");
    if (field_started || !row.empty()) end_row();
    return rows;
}

}  // namespace csv
}  // namespace py
}  // namespace cnet
