// npy_format.h — the NumPy .npy format: one array as bytes, as numpy.save writes and numpy.load reads it.
#pragma once

#include <string>

#include "cnet/core/array.h"

namespace cnet {
namespace serializers {

/// Serializes an array as .npy bytes (format 1.0, little-endian, C order), byte for byte what numpy.save
/// writes (NumPy >= 1.23 header padding). An undefined array (Python's None) is written as NumPy writes
/// `numpy.asarray(None)`: a 0-d object array whose data is a pickle; Chainer loads it back as None.
std::string EncodeNpy(const Array& array);

/// Parses .npy bytes: format 1.0/2.0/3.0, either byte order, C or Fortran order (the result is always
/// C-contiguous). Dtypes cnet lacks are widened: int8/int16/uint16 -> int32, uint32/uint64 -> int64.
/// A pickled object array holding None gives an undefined Array; object arrays of Python numbers give
/// int64/float64/bool arrays. Anything else (strings, complex, structured) raises SerializationError, as do
/// truncated or corrupt data; `source` names the data in messages.
Array DecodeNpy(const std::string& bytes, const std::string& source);

}  // namespace serializers
}  // namespace cnet
