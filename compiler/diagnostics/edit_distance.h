// edit_distance.h — Levenshtein distance and "did you mean" suggestions for later stages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cnet::compiler {

/// Levenshtein distance (insert, delete, substitute; each costs 1). Stops early and returns
/// `max_distance + 1` once the distance is known to exceed `max_distance`.
std::size_t EditDistance(std::string_view a, std::string_view b, std::size_t max_distance = 1000);

/// The candidate closest to `name`, if it is close enough to be a plausible typo: distance at most
/// max(1, name.size() / 3). Ties go to the earliest candidate; `name` itself is never suggested.
/// Use: `if (auto s = SuggestClosest(name, scope_names)) diag.Note(decl, "did you mean '" + *s + "'?");`
std::optional<std::string> SuggestClosest(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace cnet::compiler
