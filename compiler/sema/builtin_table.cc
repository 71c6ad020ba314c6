// builtin_table.cc — builds the builtin table from the runtime's surface tables (cnet/surface.def and
// cnet/functions/ops.def); signature parsing.
#include "compiler/sema/builtin_table.h"

#include <cctype>

#include "compiler/diagnostics/internal_check.h"

namespace cnet::compiler::sema {
namespace {

std::string Trim(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

// Splits at top-level commas (not inside brackets or quotes).
std::vector<std::string> SplitTopLevel(std::string_view text, char sep) {
    std::vector<std::string> parts;
    int depth = 0;
    char quote = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote != 0) {
            if (c == quote) quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            ++depth;
        } else if (c == ')' || c == ']' || c == '}') {
            --depth;
        } else if (c == sep && depth == 0) {
            parts.push_back(Trim(text.substr(start, i - start)));
            start = i + 1;
        }
    }
    std::string last = Trim(text.substr(start));
    if (!last.empty() || !parts.empty()) parts.push_back(last);
    return parts;
}

// An ops.def signature "x, axis=0 -> list[Variable]": the parameters and the result (a Variable when no
// arrow is given, as for most of chainer.functions).
std::pair<std::string, std::string> SplitResult(std::string_view sig) {
    const std::size_t arrow = sig.find("->");
    if (arrow == std::string_view::npos) return {std::string(sig), "Variable"};
    return {Trim(sig.substr(0, arrow)), Trim(sig.substr(arrow + 2))};
}

// The table's rows call these rather than building strings inline: one constructor holding a thousand rows'
// std::string temporaries made GCC's AddressSanitizer instrumentation take a quarter of an hour to compile.
void AddEntry(std::vector<BuiltinEntry>& entries, EntryKind kind, std::string_view owner, std::string_view name,
              std::string_view cpp, std::string_view setter, std::string_view sig, std::string_view result,
              std::string_view header) {
    BuiltinEntry e;
    e.kind = kind;
    e.owner = std::string(owner);
    e.name = std::string(name);
    e.cpp = std::string(cpp);
    e.setter = std::string(setter);
    e.signature = Signature::Parse(sig);
    e.result = std::string(result);
    e.header = std::string(header);
    entries.push_back(std::move(e));
}

// A chainer.functions row of ops.def: its parameters pack a variadic argument into a list.
void AddOpsFunction(std::vector<BuiltinEntry>& entries, std::string_view name, std::string_view family,
                    std::string_view sig) {
    const auto [params, result] = SplitResult(sig);
    AddEntry(entries, EntryKind::kFunction, "chainer.functions", name, "cnet::functions::" + std::string(name), "",
             params, result, "cnet/functions/" + std::string(family) + ".h");
    BuiltinEntry& e = entries.back();
    e.from_ops_def = true;
    e.family = std::string(family);
    for (ParamSpec& p : e.signature.params) p.packed = p.var_positional;
}

void AddType(std::vector<LibType>& types, std::string_view name, std::string_view base, std::string_view cpp,
             std::string_view holder, std::string_view header) {
    types.push_back(LibType{std::string(name), std::string(base), std::string(cpp), holder == "shared",
                            holder == "scope", std::string(header)});
}

using NamePair = std::pair<std::string, std::string>;

void AddAlias(std::vector<std::pair<NamePair, NamePair>>& aliases, std::string_view module, std::string_view name,
              std::string_view target_module, std::string_view target_name) {
    aliases.push_back(
        {{std::string(module), std::string(name)}, {std::string(target_module), std::string(target_name)}});
}

void AddModule(std::map<std::string, std::string>& modules, std::string_view path, std::string_view ns) {
    modules[std::string(path)] = std::string(ns);
}

}  // namespace

Signature Signature::Parse(std::string_view text) {
    Signature sig;
    bool keyword_only = false;
    for (const std::string& part : SplitTopLevel(text, ',')) {
        if (part.empty()) continue;
        if (part == "*") {
            keyword_only = true;
            continue;
        }
        ParamSpec p;
        std::string decl = part;
        // `name: type = default` / `name=default`: the first top-level '=' that is not part of '=='.
        const std::vector<std::string> eq = SplitTopLevel(part, '=');
        if (eq.size() >= 2) {
            decl = eq[0];
            p.has_default = true;
            p.default_value = Trim(std::string_view(part).substr(part.find('=') + 1));
        }
        const std::size_t colon = decl.find(':');
        if (colon != std::string::npos) {
            p.type = Trim(std::string_view(decl).substr(colon + 1));
            decl = Trim(std::string_view(decl).substr(0, colon));
        }
        if (!decl.empty() && decl[0] == '*') {
            p.var_positional = true;
            decl = decl.substr(1);
            keyword_only = true;
            p.name = decl;
            sig.params.push_back(p);
            continue;
        }
        p.name = decl;
        p.keyword_only = keyword_only;
        sig.params.push_back(p);
    }
    return sig;
}

const ParamSpec* Signature::Find(const std::string& name) const {
    for (const ParamSpec& p : params) {
        if (p.name == name && !p.var_positional) return &p;
    }
    return nullptr;
}

std::size_t Signature::RequiredCount() const {
    std::size_t n = 0;
    for (const ParamSpec& p : params) {
        if (!p.has_default && !p.var_positional && !p.keyword_only) ++n;
    }
    return n;
}

const BuiltinTable& BuiltinTable::Get() {
    static const BuiltinTable table;
    return table;
}

BuiltinTable::BuiltinTable() {
#define CNET_MODULE(path, ns) AddModule(modules_, path, ns);
#define CNET_TYPE(name, base, cpp, holder, header) AddType(types_, name, base, cpp, #holder, header);
#define CNET_FUNC(module, name, cpp, sig, result, header) \
    AddEntry(entries_, EntryKind::kFunction, module, name, cpp, "", sig, result, header);
#define CNET_CLASS(module, name, type, sig, header) \
    AddEntry(entries_, EntryKind::kClass, module, name, type, "", sig, type, header);
#define CNET_METHOD(type, name, cpp, sig, result) \
    AddEntry(entries_, EntryKind::kMethod, type, name, cpp, "", sig, result, "");
#define CNET_ATTR(type, name, getter, setter, result) \
    AddEntry(entries_, EntryKind::kAttr, type, name, getter, setter, "", result, "");
#define CNET_CONST(module, name, cpp, type, header) \
    AddEntry(entries_, EntryKind::kConst, module, name, cpp, "", "", type, header);
    std::vector<std::pair<NamePair, NamePair>> aliases;
#define CNET_ALIAS(module, name, target_module, target_name) \
    AddAlias(aliases, module, name, target_module, target_name);
#include "runtime/include/cnet/surface.def"
#undef CNET_MODULE
#undef CNET_TYPE
#undef CNET_FUNC
#undef CNET_CLASS
#undef CNET_METHOD
#undef CNET_ATTR
#undef CNET_CONST
#undef CNET_ALIAS

#define CNET_FUNCTION(op_name_, op_family_, op_sig_, op_grad_) \
    AddOpsFunction(entries_, #op_name_, #op_family_, op_sig_);
#include "runtime/include/cnet/functions/ops.def"
#undef CNET_FUNCTION

    for (std::size_t i = 0; i < entries_.size(); ++i) {
        BuiltinEntry& e = entries_[i];
        if (e.kind == EntryKind::kClass) e.lib_type = FindType(e.cpp);
        if (e.kind == EntryKind::kMethod || e.kind == EntryKind::kAttr) {
            methods_[{e.owner, e.name}] = i;
        } else {
            members_.emplace(std::make_pair(e.owner, e.name), i);
        }
    }
    // An alias is the entry it names (six.moves.range is builtins.range): sema and codegen see one callee.
    for (const auto& [alias, target] : aliases) {
        auto it = members_.find(target);
        CNET_INTERNAL_CHECK(it != members_.end()) << "CNET_ALIAS to unknown " << target.first << "." << target.second;
        members_.emplace(alias, it->second);
    }
    // Library classes: constructor C++ names and headers come from their types.
    for (BuiltinEntry& e : entries_) {
        if (e.kind == EntryKind::kClass && e.lib_type != nullptr) {
            if (e.header.empty()) e.header = e.lib_type->header;
        }
    }
}

std::vector<std::string> BuiltinTable::ModulePaths() const {
    std::vector<std::string> out;
    for (const auto& [path, ns] : modules_) out.push_back(path);
    return out;
}

std::optional<std::string> BuiltinTable::ModuleNamespace(const std::string& path) const {
    auto it = modules_.find(path);
    if (it == modules_.end()) return std::nullopt;
    return it->second;
}

const BuiltinEntry* BuiltinTable::Member(const std::string& module, const std::string& name) const {
    auto it = members_.find({module, name});
    return it == members_.end() ? nullptr : &entries_[it->second];
}

std::vector<std::string> BuiltinTable::MemberNames(const std::string& module) const {
    std::vector<std::string> names;
    for (const auto& [key, index] : members_) {
        if (key.first == module) names.push_back(key.second);
    }
    const std::string prefix = module + ".";
    for (const auto& [path, ns] : modules_) {
        if (path.rfind(prefix, 0) == 0 && path.find('.', prefix.size()) == std::string::npos) {
            names.push_back(path.substr(prefix.size()));
        }
    }
    return names;
}

const BuiltinEntry* BuiltinTable::MethodOrAttr(const std::string& type, const std::string& name) const {
    std::string current = type;
    for (int depth = 0; depth < 8 && !current.empty(); ++depth) {
        auto it = methods_.find({current, name});
        if (it != methods_.end()) return &entries_[it->second];
        const LibType* t = FindType(current);
        current = t != nullptr ? t->base : "";
    }
    return nullptr;
}

std::vector<std::string> BuiltinTable::MethodAndAttrNames(const std::string& type) const {
    std::vector<std::string> names;
    std::string current = type;
    for (int depth = 0; depth < 8 && !current.empty(); ++depth) {
        for (const auto& [key, index] : methods_) {
            if (key.first == current) names.push_back(key.second);
        }
        const LibType* t = FindType(current);
        current = t != nullptr ? t->base : "";
    }
    return names;
}

const LibType* BuiltinTable::FindType(const std::string& name) const {
    for (const LibType& t : types_) {
        if (t.name == name) return &t;
    }
    return nullptr;
}

}  // namespace cnet::compiler::sema
