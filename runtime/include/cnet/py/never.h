// never.h — the C++ form of .cnet's Never type: the value of a read that raises when it runs (an attribute
// nothing assigns; Note [An attribute nothing assigns] in compiler/sema/missing_attributes.cc).
#pragma once

#include <string>

#include "cnet/py/errors.h"

namespace cnet {
namespace py {

/// No code makes one that is used: the functions returning one raise, and a variable declared Never (a name only
/// Never is given) is never read while it is unbound. It converts to any type, so that generated code using it
/// where a value of a type is wanted compiles; codegen converts with never_as<T> where overloads could not choose.
struct Never {
    template <typename T>
    [[noreturn]] operator T() const {
        used();
    }
    [[noreturn]] static void used() {
        throw RuntimeError("internal error: a value that is never produced was used (please report this cnet bug)");
    }
};

template <typename T>
[[noreturn]] T never_as(const Never&) {
    Never::used();
}

/// `self.x` where nothing assigns x: Python's AttributeError, "'C' object has no attribute 'x'".
[[noreturn]] inline Never missing_attribute(const std::string& message) { throw AttributeError(message); }

/// `obj.x` where nothing assigns x, of an object that may be None (a T | None, unless narrowed).
template <typename P>
[[noreturn]] Never missing_attribute(const P& object, const std::string& message, const char* attr) {
    if (!object) throw AttributeError(std::string("'NoneType' object has no attribute '") + attr + "'");
    throw AttributeError(message);
}

}  // namespace py
}  // namespace cnet
