// exception.h — the value `except ... as e` binds in generated code: the caught exception's Python class name
// and message, printed as CPython prints exceptions (str(e) is the message, repr(e) is `ValueError('msg')`).
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

/// The Python name of a caught exception's class (the most derived one cnet knows).
inline std::string exception_class_name(const std::exception& e) {
    if (dynamic_cast<const ValueError*>(&e) != nullptr) return "ValueError";
    if (dynamic_cast<const IndexError*>(&e) != nullptr) return "IndexError";
    if (dynamic_cast<const KeyError*>(&e) != nullptr) return "KeyError";
    if (dynamic_cast<const LookupError*>(&e) != nullptr) return "LookupError";
    if (dynamic_cast<const TypeError*>(&e) != nullptr) return "TypeError";
    if (dynamic_cast<const AttributeError*>(&e) != nullptr) return "AttributeError";
    if (dynamic_cast<const ZeroDivisionError*>(&e) != nullptr) return "ZeroDivisionError";
    if (dynamic_cast<const OverflowError*>(&e) != nullptr) return "OverflowError";
    if (dynamic_cast<const ArithmeticError*>(&e) != nullptr) return "ArithmeticError";
    if (dynamic_cast<const NotImplementedError*>(&e) != nullptr) return "NotImplementedError";
    if (dynamic_cast<const RecursionError*>(&e) != nullptr) return "RecursionError";
    if (dynamic_cast<const RuntimeError*>(&e) != nullptr) return "RuntimeError";
    if (dynamic_cast<const FileNotFoundError*>(&e) != nullptr) return "FileNotFoundError";
    if (dynamic_cast<const OSError*>(&e) != nullptr) return "OSError";
    if (dynamic_cast<const StopIteration*>(&e) != nullptr) return "StopIteration";
    if (dynamic_cast<const InvalidType*>(&e) != nullptr) return "InvalidType";
    return "Exception";
}

/// A caught exception as a .cnet value (copyable; the C++ exception object itself is not kept).
class Exception {
public:
    explicit Exception(const std::exception& e)
        : class_name_(exception_class_name(e)),
          message_(dynamic_cast<const StopIteration*>(&e) != nullptr ? std::string() : std::string(e.what())) {}
    const std::string& class_name() const { return class_name_; }
    const std::string& message() const { return message_; }

private:
    std::string class_name_;
    std::string message_;
};

inline std::string str(const Exception& e) { return e.message(); }
inline std::string repr(const Exception& e) {
    return e.class_name() + "(" + (e.message().empty() ? std::string() : repr(e.message())) + ")";
}

/// True if `e` is one of the classes Ts (an `except (A, B):` clause).
template <typename... Ts>
bool exception_is(const std::exception& e) {
    return ((dynamic_cast<const Ts*>(&e) != nullptr) || ...);
}

/// Runs a `finally` block when the try statement is left: normally, by return/break/continue, or by an
/// exception. An exception the finally block raises while another one propagates is dropped (CPython would
/// chain them; C++ cannot have two in flight).
template <typename F>
class FinallyGuard {
public:
    explicit FinallyGuard(F f) : f_(std::move(f)), uncaught_(std::uncaught_exceptions()) {}
    ~FinallyGuard() noexcept(false) {
        if (std::uncaught_exceptions() > uncaught_) {
            try {
                f_();
            } catch (...) {
            }
        } else {
            f_();
        }
    }
    FinallyGuard(const FinallyGuard&) = delete;
    FinallyGuard& operator=(const FinallyGuard&) = delete;

private:
    F f_;
    int uncaught_;
};

}  // namespace py
}  // namespace cnet
