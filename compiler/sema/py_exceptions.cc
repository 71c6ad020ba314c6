// py_exceptions.cc — the table behind CaughtCppTypes. The C++ classes are in cnet/core/error.h and
// cnet/py/errors.h; their inheritance mirrors Python's where both have the class.
#include "compiler/sema/py_exceptions.h"

#include <map>

#include "compiler/ast/postfix_expr.h"

namespace cnet::compiler::sema {
namespace {

const std::map<std::string, std::vector<std::string>>& Table() {
    static const std::map<std::string, std::vector<std::string>> table = {
        {"BaseException", {"std::exception"}},
        {"Exception", {"std::exception"}},
        {"ValueError", {"cnet::ValueError"}},
        {"RuntimeError", {"cnet::py::RuntimeError"}},
        {"NotImplementedError", {"cnet::py::NotImplementedError"}},
        {"RecursionError", {"cnet::py::RecursionError"}},
        {"IndexError", {"cnet::IndexError"}},
        {"KeyError", {"cnet::py::KeyError"}},
        {"LookupError", {"cnet::LookupError"}},  // (IndexError and KeyError derive from it)
        {"TypeError", {"cnet::py::TypeError"}},
        {"AttributeError", {"cnet::py::AttributeError"}},
        {"ArithmeticError", {"cnet::py::ArithmeticError"}},
        {"ZeroDivisionError", {"cnet::py::ZeroDivisionError"}},
        {"OverflowError", {"cnet::py::OverflowError"}},
        {"StopIteration", {"cnet::StopIteration"}},
        {"OSError", {"cnet::py::OSError"}},
        {"IOError", {"cnet::py::OSError"}},
        {"EnvironmentError", {"cnet::py::OSError"}},
        {"FileNotFoundError", {"cnet::py::FileNotFoundError"}},
        {"NameError", {"cnet::py::NameError"}},
        {"UnboundLocalError", {"cnet::py::UnboundLocalError"}},
        {"InvalidType", {"cnet::InvalidType"}},  // chainer.utils.type_check.InvalidType
        // A module's classes, named with the module (cnet/py/tarfile.h)
        {"tarfile.TarError", {"cnet::py::tarfile::TarError"}},
        {"tarfile.ReadError", {"cnet::py::tarfile::ReadError"}},
        {"tarfile.CompressionError", {"cnet::py::tarfile::CompressionError"}},
        {"tarfile.FilterError", {"cnet::py::tarfile::FilterError"}},
    };
    return table;
}

}  // namespace

const std::vector<std::string>* CaughtCppTypes(const std::string& name) {
    auto it = Table().find(name);
    return it == Table().end() ? nullptr : &it->second;
}

std::string HandlerClassName(const ast::Expr& e) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&e)) return n->id();
    const auto* a = ast::DynCast<ast::AttributeExpr>(&e);
    if (a == nullptr) return "";
    if (const auto* m = ast::DynCast<ast::NameExpr>(&a->value())) {
        const std::string qualified = m->id() + "." + a->attr();
        if (CaughtCppTypes(qualified) != nullptr) return qualified;
    }
    return a->attr();
}

const char* ExceptionHeader(const std::string& name) {
    return name.rfind("tarfile.", 0) == 0 ? "cnet/py/tarfile.h" : nullptr;
}

std::vector<std::string> ExceptionNames() {
    std::vector<std::string> names;
    for (const auto& [name, cpp] : Table()) names.push_back(name);
    return names;
}

}  // namespace cnet::compiler::sema
