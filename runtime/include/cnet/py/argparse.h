// argparse.h — the subset of Python's argparse that .cnet programs use (Chainer examples' command lines):
// optional flags with type/default/help/dest/action/choices/required, positionals, --help, and argparse's exact
// usage, help and error texts (errors exit with status 2, --help with 0).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace cnet {
namespace py {

/// A parsed or default value: None, bool, int, float or str.
using ArgValue = std::variant<std::monostate, bool, int64_t, double, std::string>;

class Argument {
public:
    /// type=int|float|str ("int", "float", "str"); the default is str, as in argparse.
    Argument& type(const std::string& name);
    Argument& default_value(int v) { return set_default(int64_t{v}); }
    Argument& default_value(int64_t v) { return set_default(v); }
    Argument& default_value(double v) { return set_default(v); }
    Argument& default_value(bool v) { return set_default(v); }
    Argument& default_value(const char* v) { return set_default(std::string(v)); }
    Argument& default_value(const std::string& v) { return set_default(v); }
    Argument& default_none() { return set_default(std::monostate{}); }
    Argument& help(const std::string& text);
    Argument& dest(const std::string& name);
    /// "store" (default), "store_true", "store_false".
    Argument& action(const std::string& name);
    Argument& required(bool value);
    Argument& metavar(const std::string& name);
    Argument& choices(const std::vector<ArgValue>& values);

private:
    friend class ArgumentParser;
    Argument& set_default(ArgValue v);
    ArgValue Convert(const std::string& text, const std::string& prog_error_prefix) const;
    std::string DisplayName() const;  // "--batchsize/-b" or the positional's name
    std::string Metavar() const;

    std::vector<std::string> flags_;  // empty for positionals
    std::string dest_;
    std::string type_ = "str";
    std::string action_ = "store";
    std::string help_;
    std::string metavar_;
    std::vector<ArgValue> choices_;
    ArgValue default_;
    bool has_default_ = false;
    bool required_ = false;
};

template <typename K, typename V>
class Dict;
class Object;

/// The parsed arguments (argparse.Namespace): typed getters by dest name.
class Namespace {
public:
    ArgValue get(const std::string& dest) const;
    int64_t get_int(const std::string& dest) const;
    double get_float(const std::string& dest) const;  // an int value converts, as in Python arithmetic
    std::string get_str(const std::string& dest) const;
    bool get_bool(const std::string& dest) const;  // Python truthiness
    bool is_none(const std::string& dest) const;
    /// An option left out with no default (None): std::nullopt; otherwise the value as get_int/... read it.
    std::optional<int64_t> get_optional_int(const std::string& dest) const;
    std::optional<double> get_optional_float(const std::string& dest) const;
    std::optional<std::string> get_optional_str(const std::string& dest) const;
    std::optional<bool> get_optional_bool(const std::string& dest) const;
    /// Namespace(batchsize=100, epoch=20, ...), in the attributes' order, as Python 3.9+ prints it.
    std::string repr() const;
    /// `args.__dict__`: the attributes in the order argparse sets them (the arguments as added, then
    /// set_defaults' others). It is the namespace's own dict, as in Python: what is stored in it
    /// (`args.__dict__['n_class'] = 4`) is an attribute, and copies of the Namespace share it.
    Dict<std::string, Object>& dict() const;

private:
    friend class ArgumentParser;
    std::map<std::string, ArgValue> values_;
    std::vector<std::string> order_;
    mutable std::shared_ptr<Dict<std::string, Object>> dict_;  // once dict() was called, the attributes
};

/// print(args), str(args), repr(args): Namespace(batchsize=100, ...).
inline std::string str(const Namespace& ns) { return ns.repr(); }
inline std::string repr(const Namespace& ns) { return ns.repr(); }

/// Thrown by parse_args instead of exiting when ArgumentParser::exit_on_error(false) was set (tests).
struct ArgumentExit {
    int status;
    std::string output;
};

class ArgumentParser {
public:
    explicit ArgumentParser(const std::string& description = "", const std::string& prog = "");
    /// add_argument('--batchsize', '-b', ...): names starting with '-' make an optional argument.
    Argument& add_argument(const std::vector<std::string>& names);
    /// set_defaults(dest=value): the default of the arguments with that dest, also of those added later without
    /// a default of their own; a dest no argument has is an attribute of the parsed arguments.
    void set_default(const std::string& dest, ArgValue value);
    /// Parses argv[1:]; prog defaults to basename(argv[0]).
    Namespace parse_args(int argc, char** argv);
    Namespace parse_args(const std::vector<std::string>& args);

    std::string format_usage() const;
    std::string format_help() const;
    /// When false, --help and errors throw ArgumentExit instead of printing and exiting.
    void exit_on_error(bool value) { exit_on_error_ = value; }

private:
    [[noreturn]] void Exit(int status, const std::string& text, bool to_stderr) const;
    [[noreturn]] void Error(const std::string& message) const;
    const Argument* FindOptional(const std::string& flag) const;

    std::string description_;
    std::string prog_;
    std::vector<std::unique_ptr<Argument>> arguments_;
    std::map<std::string, ArgValue> defaults_;  // set_defaults
    bool exit_on_error_ = true;
};

}  // namespace py
}  // namespace cnet
