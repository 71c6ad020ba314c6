// errors.h — Python's built-in exception types that generated code and the py helpers raise, beside the
// runtime's own hierarchy in cnet/core/error.h (ValueError, LookupError, IndexError are there).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "cnet/core/error.h"

namespace cnet {
namespace py {

class TypeError : public Error {
public:
    using Error::Error;
};
class AttributeError : public Error {
public:
    using Error::Error;
};
class KeyError : public LookupError {
public:
    using LookupError::LookupError;
};
class RuntimeError : public Error {
public:
    using Error::Error;
};
class NotImplementedError : public RuntimeError {
public:
    using RuntimeError::RuntimeError;
};
class ArithmeticError : public Error {
public:
    using Error::Error;
};
class ZeroDivisionError : public ArithmeticError {
public:
    using ArithmeticError::ArithmeticError;
};
/// An int result past 64 bits (Python's ints are unbounded; cnet's are int64, and never wrap silently).
class OverflowError : public ArithmeticError {
public:
    using ArithmeticError::ArithmeticError;
};
/// open() of a missing or unreadable file, a failed read or write (Python's OSError; FileNotFoundError for ENOENT).
class OSError : public Error {
public:
    using Error::Error;
};
class FileNotFoundError : public OSError {
public:
    using OSError::OSError;
};
/// The error CPython raises when opening `path` failed with errno `err`: FileNotFoundError for ENOENT, else
/// OSError, with its message "[Errno 2] No such file or directory: 'path'".
[[noreturn]] void raise_os_error(int err, const std::string& path);
/// obj.attr on a user object: None has no attributes (AttributeError, as in Python; not a null dereference).
template <typename T>
const std::shared_ptr<T>& deref(const std::shared_ptr<T>& p, const char* attr) {
    if (!p) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return p;
}
/// obj.attr / obj.method() on a `T | None` value (a std::optional): the value itself, changed in place by a method.
template <typename T>
T& deref(std::optional<T>& o, const char* attr) {
    if (!o) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return *o;
}
template <typename T>
const T& deref(const std::optional<T>& o, const char* attr) {
    if (!o) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return *o;
}

/// A name read while it holds no value (Python's NameError and its subclass UnboundLocalError).
class NameError : public Error {
public:
    using Error::Error;
};
class UnboundLocalError : public NameError {
public:
    using NameError::NameError;
};
/// A local read where some paths to the read assign it and others do not (Note [Definite assignment] in the
/// compiler's sema/definite_assignment.cc): `assigned` is the flag every assignment to it sets.
template <typename T>
T& assigned_local(T& value, bool assigned, const char* name) {
    if (!assigned) {
        throw UnboundLocalError(std::string("cannot access local variable '") + name +
                                "' where it is not associated with a value");
    }
    return value;
}
/// The same at module level (a script's variables), where Python raises NameError.
template <typename T>
T& assigned_global(T& value, bool assigned, const char* name) {
    if (!assigned) throw NameError(std::string("name '") + name + "' is not defined");
    return value;
}

class RecursionError : public RuntimeError {
public:
    using RuntimeError::RuntimeError;
};

/// Python's recursion limit (1000) for the recursive functions of a .cnet program: one more nested call raises
/// RecursionError, as CPython does, instead of overflowing the C++ stack.
class RecursionGuard {
public:
    RecursionGuard() {
        if (++Depth() > 1000) {
            --Depth();
            throw RecursionError("maximum recursion depth exceeded");
        }
    }
    ~RecursionGuard() { --Depth(); }
    RecursionGuard(const RecursionGuard&) = delete;
    RecursionGuard& operator=(const RecursionGuard&) = delete;

private:
    static int& Depth() {
        thread_local int depth = 0;
        return depth;
    }
};

}  // namespace py
}  // namespace cnet
