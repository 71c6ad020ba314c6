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
/// An int result past 64 bits (Python's ints are unbounded; cnet's are int64, and never wrap silently).
class OverflowError : public Error {
public:
    using Error::Error;
};
/// obj.attr on a user object: None has no attributes (AttributeError, as in Python; not a null dereference).
template <typename T>
const std::shared_ptr<T>& deref(const std::shared_ptr<T>& p, const char* attr) {
    if (!p) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    return p;
}

class RecursionError : public Error {
public:
    using Error::Error;
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
