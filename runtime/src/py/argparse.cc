// argparse.cc — see argparse.h. Texts follow CPython 3.11's argparse (HelpFormatter with width 80).
#include "cnet/py/argparse.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <type_traits>
#include <utility>

#include "cnet/py/errors.h"
#include "cnet/py/object.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {
namespace {

constexpr size_t kTextWidth = 78;      // COLUMNS (80) - 2, argparse's default
constexpr size_t kMaxHelpPosition = 24;

bool IsFlag(const std::string& s) { return !s.empty() && s[0] == '-'; }

std::string Upper(std::string s) {
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::string Join(const std::vector<std::string>& parts, const std::string& sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
    return out;
}

// Greedy word wrap of `text` to `width` columns (argparse's textwrap.wrap of whitespace-collapsed help).
std::vector<std::string> Wrap(const std::string& text, size_t width) {
    std::istringstream in(text);
    std::vector<std::string> lines;
    std::string word, line;
    while (in >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

// Python's repr of a parsed value. Not an overload of py::repr in the header: a string literal converts to the
// variant as well as to std::string, which made every program's repr('abc') ambiguous once argparse.h was included.
std::string ArgValueRepr(const ArgValue& v) {
    struct Visitor {
        std::string operator()(std::monostate) const { return "None"; }
        std::string operator()(bool b) const { return b ? "True" : "False"; }
        std::string operator()(int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const { return cnet::py::repr(d); }
        std::string operator()(const std::string& s) const { return cnet::py::repr(s); }
    };
    return std::visit(Visitor{}, v);
}

}  // namespace


// ---- Argument

Argument& Argument::type(const std::string& name) {
    if (name != "int" && name != "float" && name != "str")
        throw ValueError("argparse: unsupported type " + name + " (int, float or str)");
    type_ = name;
    return *this;
}
Argument& Argument::set_default(ArgValue v) {
    default_ = std::move(v);
    has_default_ = true;
    return *this;
}
Argument& Argument::help(const std::string& text) {
    help_ = text;
    return *this;
}
Argument& Argument::dest(const std::string& name) {
    dest_ = name;
    return *this;
}
Argument& Argument::action(const std::string& name) {
    if (name != "store" && name != "store_true" && name != "store_false")
        throw ValueError("argparse: unsupported action " + name + " (store, store_true or store_false)");
    action_ = name;
    if (!has_default_ && name != "store") default_ = name == "store_false";
    return *this;
}
Argument& Argument::required(bool value) {
    required_ = value;
    return *this;
}
Argument& Argument::metavar(const std::string& name) {
    metavar_ = name;
    return *this;
}
Argument& Argument::choices(const std::vector<ArgValue>& values) {
    choices_ = values;
    return *this;
}

std::string Argument::DisplayName() const { return flags_.empty() ? dest_ : Join(flags_, "/"); }
std::string Argument::Metavar() const {
    if (!metavar_.empty()) return metavar_;
    return flags_.empty() ? dest_ : Upper(dest_);
}

ArgValue Argument::Convert(const std::string& text, const std::string& error_prefix) const {
    ArgValue value;
    try {
        size_t used = 0;
        if (type_ == "int") {
            value = static_cast<int64_t>(std::stoll(text, &used, 10));
        } else if (type_ == "float") {
            value = std::stod(text, &used);
        } else {
            value = text;
            used = text.size();
        }
        if (used != text.size()) throw std::invalid_argument(text);
    } catch (const std::logic_error&) {
        throw ValueError(error_prefix + "invalid " + type_ + " value: " + cnet::py::repr(text));
    }
    if (!choices_.empty()) {
        bool found = false;
        std::vector<std::string> names;
        for (const ArgValue& c : choices_) {
            found = found || c == value;
            names.push_back(ArgValueRepr(c));
        }
        if (!found)
            throw ValueError(error_prefix + "invalid choice: " + ArgValueRepr(value) + " (choose from " +
                             Join(names, ", ") + ")");
    }
    return value;
}

// ---- Namespace

ArgValue Namespace::get(const std::string& dest) const {
    if (dict_ != nullptr) {  // the attributes live in the dict now (dict())
        if (dict_->count(dest) == 0) throw AttributeError("'Namespace' object has no attribute '" + dest + "'");
        const Object& o = std::as_const(*dict_).at(dest);
        switch (o.kind()) {
            case Object::Kind::kNone: return std::monostate{};
            case Object::Kind::kBool: return o.as_bool();
            case Object::Kind::kInt: return o.as_int();
            case Object::Kind::kFloat: return o.as_float();
            case Object::Kind::kStr: return o.as_str();
            default: throw TypeError("argument '" + dest + "' holds a " + o.type_name() + ", not an option value");
        }
    }
    auto it = values_.find(dest);
    if (it == values_.end()) throw AttributeError("'Namespace' object has no attribute '" + dest + "'");
    return it->second;
}

Dict<std::string, Object>& Namespace::dict() const {
    if (dict_ == nullptr) {
        dict_ = std::make_shared<Dict<std::string, Object>>();
        for (const std::string& dest : order_) {
            (*dict_)[dest] = std::visit([](const auto& v) {
                if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>) return Object();
                else return Object(v);
            }, values_.at(dest));
        }
    }
    return *dict_;
}
int64_t Namespace::get_int(const std::string& dest) const {
    const ArgValue v = get(dest);
    if (auto* i = std::get_if<int64_t>(&v)) return *i;
    if (auto* b = std::get_if<bool>(&v)) return *b;
    throw TypeError("argument '" + dest + "' is " + ArgValueRepr(v) + ", not an int");
}
double Namespace::get_float(const std::string& dest) const {
    const ArgValue v = get(dest);
    if (auto* d = std::get_if<double>(&v)) return *d;
    if (auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
    throw TypeError("argument '" + dest + "' is " + ArgValueRepr(v) + ", not a float");
}
std::string Namespace::get_str(const std::string& dest) const {
    const ArgValue v = get(dest);
    if (auto* s = std::get_if<std::string>(&v)) return *s;
    if (std::holds_alternative<std::monostate>(v)) return "None";
    return ArgValueRepr(v);
}
bool Namespace::get_bool(const std::string& dest) const {
    const ArgValue v = get(dest);
    struct Truth {
        bool operator()(std::monostate) const { return false; }
        bool operator()(bool b) const { return b; }
        bool operator()(int64_t i) const { return i != 0; }
        bool operator()(double d) const { return d != 0; }
        bool operator()(const std::string& s) const { return !s.empty(); }
    };
    return std::visit(Truth{}, v);
}
bool Namespace::is_none(const std::string& dest) const { return std::holds_alternative<std::monostate>(get(dest)); }
std::optional<int64_t> Namespace::get_optional_int(const std::string& dest) const {
    return is_none(dest) ? std::nullopt : std::optional<int64_t>(get_int(dest));
}
std::optional<double> Namespace::get_optional_float(const std::string& dest) const {
    return is_none(dest) ? std::nullopt : std::optional<double>(get_float(dest));
}
std::optional<std::string> Namespace::get_optional_str(const std::string& dest) const {
    return is_none(dest) ? std::nullopt : std::optional<std::string>(get_str(dest));
}
std::optional<bool> Namespace::get_optional_bool(const std::string& dest) const {
    return is_none(dest) ? std::nullopt : std::optional<bool>(get_bool(dest));
}
std::string Namespace::repr() const {
    std::vector<std::string> parts;
    for (const auto& [k, v] : dict()) parts.push_back(k + "=" + py::repr(v));
    return "Namespace(" + Join(parts, ", ") + ")";
}

// ---- ArgumentParser

ArgumentParser::ArgumentParser(const std::string& description, const std::string& prog)
    : description_(description), prog_(prog) {}

Argument& ArgumentParser::add_argument(const std::vector<std::string>& names) {
    if (names.empty()) throw ValueError("add_argument() needs at least one name");
    auto arg = std::make_unique<Argument>();
    if (IsFlag(names[0])) {
        std::string dest;
        for (const std::string& n : names) {
            if (!IsFlag(n)) throw ValueError("invalid option string " + py::repr(n) + ": must start with a character '-'");
            if (n == "-h" || n == "--help")
                throw ValueError("argument " + Join(names, "/") + ": conflicting option string: " + n);
            if (dest.empty() && n.rfind("--", 0) == 0) dest = n.substr(2);
        }
        if (dest.empty()) dest = names[0].substr(1);
        for (char& c : dest)
            if (c == '-') c = '_';
        arg->flags_ = names;
        arg->dest_ = dest;
    } else {
        if (names.size() != 1) throw ValueError("invalid option string " + py::repr(names[1]) + ": must start with a character '-'");
        arg->dest_ = names[0];
        arg->required_ = true;
    }
    arguments_.push_back(std::move(arg));
    return *arguments_.back();
}

const Argument* ArgumentParser::FindOptional(const std::string& flag) const {
    for (const auto& a : arguments_)
        for (const std::string& f : a->flags_)
            if (f == flag) return a.get();
    return nullptr;
}

std::string ArgumentParser::format_usage() const {
    std::vector<std::string> opt_parts{"[-h]"}, pos_parts;
    for (const auto& a : arguments_) {
        if (a->flags_.empty()) {
            pos_parts.push_back(a->Metavar());
            continue;
        }
        std::string part = a->flags_[0];
        if (a->action_ == "store") part += " " + a->Metavar();
        opt_parts.push_back(a->required_ ? part : "[" + part + "]");
    }
    const std::string prefix = "usage: ";
    std::vector<std::string> all{prog_};
    all.insert(all.end(), opt_parts.begin(), opt_parts.end());
    all.insert(all.end(), pos_parts.begin(), pos_parts.end());
    std::string one_line = Join(all, " ");
    if (prefix.size() + one_line.size() <= kTextWidth) return prefix + one_line + "\n";

    // argparse's get_lines: wrap optionals after "usage: prog", positionals on their own lines below.
    const std::string indent(prefix.size() + prog_.size() + 1, ' ');
    auto get_lines = [&](const std::vector<std::string>& parts, bool first) {
        std::vector<std::string> lines, line;
        size_t line_len = first ? prefix.size() - 1 : indent.size() - 1;
        for (const std::string& part : parts) {
            if (line_len + 1 + part.size() > kTextWidth && !line.empty()) {
                lines.push_back(indent + Join(line, " "));
                line.clear();
                line_len = indent.size() - 1;
            }
            line.push_back(part);
            line_len += part.size() + 1;
        }
        if (!line.empty()) lines.push_back(indent + Join(line, " "));
        if (first && !lines.empty()) lines[0] = lines[0].substr(indent.size());
        return lines;
    };
    std::vector<std::string> first{prog_};
    first.insert(first.end(), opt_parts.begin(), opt_parts.end());
    std::vector<std::string> lines = get_lines(first, true);
    for (const std::string& l : get_lines(pos_parts, false)) lines.push_back(l);
    return prefix + Join(lines, "\n") + "\n";
}

std::string ArgumentParser::format_help() const {
    struct Row {
        std::string invocation, help;
    };
    std::vector<Row> positionals, optionals{{"-h, --help", "show this help message and exit"}};
    for (const auto& a : arguments_) {
        if (a->flags_.empty()) {
            positionals.push_back({a->Metavar(), a->help_});
            continue;
        }
        std::vector<std::string> forms;
        for (const std::string& f : a->flags_) forms.push_back(a->action_ == "store" ? f + " " + a->Metavar() : f);
        optionals.push_back({Join(forms, ", "), a->help_});
    }
    size_t max_len = 0;
    for (const auto* rows : {&positionals, &optionals})
        for (const Row& r : *rows) max_len = std::max(max_len, r.invocation.size() + 2);
    const size_t help_position = std::min(max_len + 2, kMaxHelpPosition);
    const size_t help_width = std::max<size_t>(kTextWidth - help_position, 11);

    auto section = [&](const std::string& title, const std::vector<Row>& rows) {
        std::string out = title + ":\n";
        for (const Row& r : rows) {
            const size_t action_width = help_position - 2 - 2;
            std::string line = "  " + r.invocation;
            std::vector<std::string> help = Wrap(r.help, help_width);
            if (help.empty()) {
                out += line + "\n";
                continue;
            }
            size_t first = 0;
            if (r.invocation.size() <= action_width) {
                out += line + std::string(help_position - line.size(), ' ') + help[0] + "\n";
                first = 1;
            } else {
                out += line + "\n";
            }
            for (size_t i = first; i < help.size(); ++i) out += std::string(help_position, ' ') + help[i] + "\n";
        }
        return out;
    };
    std::string out = format_usage();
    if (!description_.empty()) {
        out += "\n";
        for (const std::string& l : Wrap(description_, kTextWidth)) out += l + "\n";
    }
    if (!positionals.empty()) out += "\n" + section("positional arguments", positionals);
    out += "\n" + section("options", optionals);
    return out;
}

void ArgumentParser::Exit(int status, const std::string& text, bool to_stderr) const {
    if (!exit_on_error_) throw ArgumentExit{status, text};
    (to_stderr ? std::cerr : std::cout) << text << std::flush;
    std::exit(status);
}

void ArgumentParser::Error(const std::string& message) const {
    Exit(2, format_usage() + prog_ + ": error: " + message + "\n", true);
}

Namespace ArgumentParser::parse_args(int argc, char** argv) {
    if (prog_.empty() && argc > 0) {
        std::string p = argv[0];
        const size_t slash = p.find_last_of('/');
        prog_ = slash == std::string::npos ? p : p.substr(slash + 1);
    }
    std::vector<std::string> args;
    for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
    return parse_args(args);
}

void ArgumentParser::set_default(const std::string& dest, ArgValue value) {
    for (auto& a : arguments_) {
        if (a->dest_ == dest) a->default_ = value;
    }
    defaults_[dest] = std::move(value);
}

Namespace ArgumentParser::parse_args(const std::vector<std::string>& args) {
    Namespace ns;
    for (const auto& [dest, value] : defaults_) ns.values_[dest] = value;
    for (const auto& a : arguments_) {
        auto d = defaults_.find(a->dest_);
        ns.values_[a->dest_] = !a->has_default_ && d != defaults_.end() ? d->second : a->default_;
        if (std::find(ns.order_.begin(), ns.order_.end(), a->dest_) == ns.order_.end()) ns.order_.push_back(a->dest_);
    }
    for (const auto& [dest, value] : defaults_) {
        if (std::find(ns.order_.begin(), ns.order_.end(), dest) == ns.order_.end()) ns.order_.push_back(dest);
    }
    std::vector<std::string> unrecognized;
    std::vector<const Argument*> seen;
    size_t next_positional = 0;
    auto positional_at = [&](size_t k) -> const Argument* {
        size_t i = 0;
        for (const auto& a : arguments_)
            if (a->flags_.empty() && i++ == k) return a.get();
        return nullptr;
    };
    bool only_positionals = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& tok = args[i];
        if (!only_positionals && tok == "--") {
            only_positionals = true;
            continue;
        }
        if (!only_positionals && IsFlag(tok) && tok.size() > 1 && !(std::isdigit(static_cast<unsigned char>(tok[1])))) {
            if (tok == "-h" || tok == "--help") Exit(0, format_help(), false);
            std::string flag = tok, attached;
            bool has_attached = false;
            const size_t eq = tok.find('=');
            if (tok.rfind("--", 0) == 0 && eq != std::string::npos) {
                flag = tok.substr(0, eq), attached = tok.substr(eq + 1), has_attached = true;
            }
            const Argument* arg = FindOptional(flag);
            if (!arg && tok.rfind("--", 0) != 0 && tok.size() > 2) {  // -b100
                arg = FindOptional(tok.substr(0, 2));
                if (arg) flag = tok.substr(0, 2), attached = tok.substr(2), has_attached = true;
            }
            if (!arg && tok.rfind("--", 0) == 0) {  // unique prefix of a long option, as argparse allows
                std::vector<const Argument*> matches;
                std::vector<std::string> names;
                for (const auto& a : arguments_)
                    for (const std::string& f : a->flags_)
                        if (f.rfind("--", 0) == 0 && f.rfind(flag, 0) == 0) matches.push_back(a.get()), names.push_back(f);
                if (matches.size() > 1)
                    Error("ambiguous option: " + flag + " could match " + Join(names, ", "));
                if (matches.size() == 1) arg = matches[0];
            }
            if (!arg) {
                unrecognized.push_back(tok);
                continue;
            }
            const std::string prefix = "argument " + arg->DisplayName() + ": ";
            if (arg->action_ != "store") {
                if (has_attached) Error(prefix + "ignored explicit argument " + py::repr(attached));
                ns.values_[arg->dest_] = arg->action_ == "store_true";
            } else {
                std::string text;
                if (has_attached) {
                    text = attached;
                } else if (i + 1 < args.size() && !(IsFlag(args[i + 1]) && args[i + 1].size() > 1 &&
                                                      !std::isdigit(static_cast<unsigned char>(args[i + 1][1])))) {
                    text = args[++i];
                } else {
                    Error(prefix + "expected one argument");
                }
                try {
                    ns.values_[arg->dest_] = arg->Convert(text, prefix);
                } catch (const ValueError& e) {
                    Error(e.what());
                }
            }
            seen.push_back(arg);
            continue;
        }
        const Argument* pos = positional_at(next_positional);
        if (!pos) {
            unrecognized.push_back(tok);
            continue;
        }
        ++next_positional;
        try {
            ns.values_[pos->dest_] = pos->Convert(tok, "argument " + pos->dest_ + ": ");
        } catch (const ValueError& e) {
            Error(e.what());
        }
        seen.push_back(pos);
    }
    std::vector<std::string> missing;
    for (const auto& a : arguments_) {
        if (!a->required_) continue;
        bool found = false;
        for (const Argument* s : seen) found = found || s == a.get();
        if (!found) missing.push_back(a->flags_.empty() ? a->dest_ : Join(a->flags_, "/"));
    }
    if (!missing.empty()) Error("the following arguments are required: " + Join(missing, ", "));
    if (!unrecognized.empty()) Error("unrecognized arguments: " + Join(unrecognized, " "));
    return ns;
}

}  // namespace py
}  // namespace cnet
