// edit_distance.cc — bounded Levenshtein distance with two rolling rows.
#include "compiler/diagnostics/edit_distance.h"

#include <algorithm>

namespace cnet::compiler {

std::size_t EditDistance(std::string_view a, std::string_view b, std::size_t max_distance) {
    const std::size_t length_gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
    if (length_gap > max_distance) return max_distance + 1;
    std::vector<std::size_t> previous(b.size() + 1);
    std::vector<std::size_t> current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        std::size_t row_min = current[0];
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitute = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitute});
            row_min = std::min(row_min, current[j]);
        }
        if (row_min > max_distance) return max_distance + 1;  // every later row is at least as large
        std::swap(previous, current);
    }
    return std::min(previous[b.size()], max_distance + 1);
}

std::optional<std::string> SuggestClosest(std::string_view name, const std::vector<std::string>& candidates) {
    const std::size_t threshold = std::max<std::size_t>(1, name.size() / 3);
    std::optional<std::string> best;
    std::size_t best_distance = threshold + 1;
    for (const std::string& candidate : candidates) {
        if (candidate == name) continue;
        const std::size_t d = EditDistance(name, candidate, threshold);
        if (d < best_distance) {
            best_distance = d;
            best = candidate;
        }
    }
    return best;
}

}  // namespace cnet::compiler
