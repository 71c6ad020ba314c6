// errors.h — Python's built-in exception types that generated code and the py helpers raise, beside the
// runtime's own hierarchy in cnet/core/error.h (ValueError, IndexError are there).
#pragma once

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

}  // namespace py
}  // namespace cnet
