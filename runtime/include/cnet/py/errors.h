// errors.h — Python's built-in exception types that generated code and the py helpers raise, beside the
// runtime's own hierarchy in cnet/core/error.h (ValueError, IndexError are there).
#pragma once

#include <memory>
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
class KeyError : public Error {
public:
    using Error::Error;
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
/// obj.attr on a user object: None has no attributes (AttributeError, as in Python; not a null dereference).
template <typename T>
const std::shared_ptr<T>& deref(const std::shared_ptr<T>& p, const char* attr) {
    if (!p) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return p;
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
