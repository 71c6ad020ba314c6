// py_exceptions.h — Python's exception classes as .cnet knows them: which C++ exception types of the runtime an
// `except NAME:` catches (Python's hierarchy: LookupError covers IndexError and KeyError, Exception everything).
#pragma once

#include <string>
#include <vector>

#include "compiler/ast/expr.h"

namespace cnet::compiler::sema {

/// The C++ types an `except NAME:` clause catches, or null when NAME is not a known exception class.
/// "std::exception" means every exception (Exception, BaseException).
const std::vector<std::string>* CaughtCppTypes(const std::string& name);
/// The exception class names, for "did you mean" and the diagnostic's list.
std::vector<std::string> ExceptionNames();
/// The class an `except` clause names: `ValueError`, `InvalidType` (of `chainer.utils.type_check.InvalidType`), or a
/// module's own class with its module (`tarfile.ReadError`); empty for anything else.
std::string HandlerClassName(const ast::Expr& e);
/// The runtime header that declares a module's exception class (`tarfile.ReadError`), or null.
const char* ExceptionHeader(const std::string& name);

}  // namespace cnet::compiler::sema
