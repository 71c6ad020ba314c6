// error.h — the runtime's exception hierarchy and the always-on CNET_CHECK macro.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace cnet {

/// Base of every error the runtime raises. Library code throws; it never exits.
class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

class ShapeError : public Error {
public:
    using Error::Error;
};
class DtypeError : public Error {
public:
    using Error::Error;
};
class DeviceError : public Error {
public:
    using Error::Error;
};
/// Python's LookupError: the base of IndexError and KeyError (cnet/py/errors.h), raised itself for a missing
/// resource (nltk.data's "Resource 'brown' not found").
class LookupError : public Error {
public:
    using Error::Error;
};
class IndexError : public LookupError {
public:
    using LookupError::LookupError;
};
class ValueError : public Error {
public:
    using Error::Error;
};
class CudaError : public Error {
public:
    using Error::Error;
};
class SerializationError : public Error {
public:
    using Error::Error;
};
class GradientCheckError : public Error {
public:
    using Error::Error;
};
/// Raised when an iterator is exhausted (Python's StopIteration).
class StopIteration : public Error {
public:
    StopIteration() : Error("StopIteration") {}
};

/// Chainer's type_check.InvalidType: "Invalid operation is performed in: ReLU (Forward)\nExpect: ...\nActual: ...".
class InvalidType : public Error {
public:
    InvalidType(const std::string& function_label, const std::string& expect, const std::string& actual)
        : Error("Invalid operation is performed in: " + function_label + " (Forward)\nExpect: " + expect +
                "\nActual: " + actual),
          expect_(expect),
          actual_(actual) {}
    const std::string& expect() const { return expect_; }
    const std::string& actual() const { return actual_; }

private:
    std::string expect_;
    std::string actual_;
};

namespace internal {

inline void AppendAll(std::ostringstream&) {}
template <typename T, typename... Rest>
void AppendAll(std::ostringstream& os, const T& first, const Rest&... rest) {
    os << first;
    AppendAll(os, rest...);
}

/// Builds a message from any streamable arguments (TORCH_CHECK style).
template <typename... Args>
std::string StrCat(const Args&... args) {
    std::ostringstream os;
    AppendAll(os, args...);
    return os.str();
}

}  // namespace internal
}  // namespace cnet

/// Always-on user-input check: CNET_CHECK(x.ndim() == 2, "Linear: expected 2-D input, got ", x.shape());
#define CNET_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) throw ::cnet::Error(::cnet::internal::StrCat(__VA_ARGS__)); \
    } while (0)

/// Same, with a specific error class: CNET_CHECK_AS(ShapeError, cond, ...).
#define CNET_CHECK_AS(ErrorClass, cond, ...)                                        \
    do {                                                                            \
        if (!(cond)) throw ::cnet::ErrorClass(::cnet::internal::StrCat(__VA_ARGS__)); \
    } while (0)

/// Internal invariant; compiled out in release builds. Never use it for user input.
#ifdef NDEBUG
#define CNET_ASSERT(cond) ((void)0)
#else
#define CNET_ASSERT(cond)                                                                                  \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            throw ::cnet::Error(::cnet::internal::StrCat("internal error: assertion '", #cond, "' failed (", \
                                                         __FILE__, ":", __LINE__, ")"));                     \
    } while (0)
#endif
