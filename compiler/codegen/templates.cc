// templates.cc — renders the embedded file skeletons (templates.h): `{{key}}` placeholders only, no logic.
#include "compiler/codegen/templates.h"

#include <set>

#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler::codegen {

std::string RenderTemplate(std::string_view name, const std::map<std::string, std::string>& values) {
    const char* text = nullptr;
    for (std::size_t i = 0; i < kEmbeddedTemplateCount; ++i) {
        if (name == kEmbeddedTemplates[i].name) text = kEmbeddedTemplates[i].text;
    }
    CNET_INTERNAL_CHECK(text != nullptr) << "no template '" << name << "' is embedded (templates/" << name << ".tmpl)";
    const std::string_view source(text);
    std::string out;
    std::set<std::string> used;
    std::size_t pos = 0;
    while (true) {
        const std::size_t open = source.find("{{", pos);
        out.append(source.substr(pos, open == std::string_view::npos ? std::string_view::npos : open - pos));
        if (open == std::string_view::npos) break;
        const std::size_t close = source.find("}}", open + 2);
        CNET_INTERNAL_CHECK(close != std::string_view::npos) << "templates/" << name << ".tmpl: '{{' without '}}'";
        const std::string key(source.substr(open + 2, close - open - 2));
        const auto it = values.find(key);
        CNET_INTERNAL_CHECK(it != values.end()) << "templates/" << name << ".tmpl: no value for {{" << key << "}}";
        out += it->second;
        used.insert(key);
        pos = close + 2;
    }
    for (const auto& [key, value] : values) {
        CNET_INTERNAL_CHECK(used.count(key) != 0) << "templates/" << name << ".tmpl has no {{" << key << "}}";
    }
    return out;
}

}  // namespace cnet::compiler::codegen
