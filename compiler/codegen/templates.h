// templates.h — the file skeletons of emitted code (templates/*.tmpl, embedded into cnetc at build time by
// cmake/embed_templates.cmake) and their one renderer.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace cnet::compiler::codegen {

struct EmbeddedTemplate {
    const char* name;  // the file name without ".tmpl": "program.cc", "model.h", "CMakeLists.txt"
    const char* text;
};
extern const EmbeddedTemplate kEmbeddedTemplates[];
extern const std::size_t kEmbeddedTemplateCount;

/// templates/NAME.tmpl with each `{{key}}` replaced by `values.at(key)`, in one pass: a value is never scanned
/// for placeholders itself (it may hold user text). A placeholder with no value, a value no placeholder uses, or
/// an unknown template is a bug in cnetc (an internal compiler error).
std::string RenderTemplate(std::string_view name, const std::map<std::string, std::string>& values);

}  // namespace cnet::compiler::codegen
