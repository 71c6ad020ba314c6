// py_exceptions.cc — the table behind CaughtCppTypes. The C++ classes are in cnet/core/error.h and
// cnet/py/errors.h; their inheritance mirrors Python's where both have the class.
#include "compiler/sema/py_exceptions.h"

#include <map>

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
        {"LookupError", {"cnet::IndexError", "cnet::py::KeyError"}},
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
    };
    return table;
}

}  // namespace

const std::vector<std::string>* CaughtCppTypes(const std::string& name) {
    auto it = Table().find(name);
    return it == Table().end() ? nullptr : &it->second;
}

std::vector<std::string> ExceptionNames() {
    std::vector<std::string> names;
    for (const auto& [name, cpp] : Table()) names.push_back(name);
    return names;
}

}  // namespace cnet::compiler::sema
