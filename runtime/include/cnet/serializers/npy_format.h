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

/// A Python str as NumPy stores it (what Chainer's serializer writes for `serializer('_log', text)`):
/// numpy.asarray(text), a 0-d '<U{n}' array of UCS-4 code points ('<U1' for ""). `utf8` is the text.
std::string EncodeNpyString(const std::string& utf8);

/// Parses .npy bytes: format 1.0/2.0/3.0, either byte order, C or Fortran order (the result is always
/// C-contiguous). Dtypes cnet lacks are widened: int8/int16/uint16 -> int32, uint32/uint64 -> int64.
/// A pickled object array holding None gives an undefined Array; object arrays of Python numbers give
/// int64/float64/bool arrays. A 0-d str array ('<U{n}') gives its text as a 1-D uint8 array of UTF-8 bytes
/// (cnet's in-memory form of a serialized std::string). Anything else (str arrays of other shapes, complex,
/// structured) raises SerializationError, as do truncated or corrupt data; `source` names the data.
Array DecodeNpy(const std::string& bytes, const std::string& source);

/// True when the .npy `bytes` hold a str array (descr '<U{n}' / '>U{n}').
bool IsNpyString(const std::string& bytes, const std::string& source);

}  // namespace serializers
}  // namespace cnet
