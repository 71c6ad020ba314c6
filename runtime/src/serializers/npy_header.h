// npy_header.h — the .npy header: magic, version, and the Python dict literal with descr/fortran_order/shape.
#pragma once

#include <string>

#include "cnet/core/shape.h"

namespace cnet {
namespace serializers {
namespace internal {

struct NpyHeader {
    std::string descr;  // e.g. "<f4", "|b1", "|O"
    bool fortran_order = false;
    Shape shape;
    size_t data_offset = 0;  // where the array data starts
};

/// Parses the magic string, version (1.0, 2.0, 3.0) and header dict. SerializationError naming `source`.
NpyHeader ParseNpyHeader(const std::string& bytes, const std::string& source);

/// The complete version-1.0 header (magic through the final '\n') exactly as NumPy >= 1.23 writes it for a
/// C-order array: sorted keys, repr'd shape, growth-axis spare spaces, padded to a multiple of 64 bytes.
std::string FormatNpyHeader(const std::string& descr, const Shape& shape);

}  // namespace internal
}  // namespace serializers
}  // namespace cnet
