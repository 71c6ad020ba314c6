// type_check.h — helpers that raise InvalidType with Chainer's exact messages, e.g.
//   Invalid operation is performed in: ReLU (Forward)
//   Expect: in_types[0].dtype.kind == f
//   Actual: i != f
#pragma once

#include <string>

#include "cnet/core/array.h"
#include "cnet/core/error.h"
#include "cnet/core/small_vector.h"
#include "cnet/core/variable.h"

namespace cnet {
namespace type_check {

/// expect(in_types.size() == n)
void ExpectSize(const char* label, const ArrayList& in, size_t n);
/// expect(in_types[i].dtype.kind == 'f')
void ExpectFloat(const char* label, const ArrayList& in, size_t i);
/// expect(in_types[i].dtype.kind == kind) for 'i' (signed int)
void ExpectKind(const char* label, const ArrayList& in, size_t i, char kind);
/// expect(in_types[i].dtype == in_types[j].dtype)
void ExpectSameDtype(const char* label, const ArrayList& in, size_t i, size_t j);
/// expect(in_types[i].dtype == <class 'numpy.float32'>)
void ExpectDtype(const char* label, const ArrayList& in, size_t i, Dtype dtype);
/// expect(in_types[i].ndim == n)
void ExpectNdim(const char* label, const ArrayList& in, size_t i, int n);
/// expect(in_types[i].ndim >= n)
void ExpectNdimAtLeast(const char* label, const ArrayList& in, size_t i, int n);
/// expect(in_types[i].shape == in_types[j].shape)
void ExpectSameShape(const char* label, const ArrayList& in, size_t i, size_t j);
/// expect(<lhs_text> == <rhs_text>) with integer values: "Actual: 4 != 3".
void ExpectEq(const char* label, int64_t lhs, int64_t rhs, const std::string& lhs_text, const std::string& rhs_text);
/// The same for literal texts: nothing is allocated when the check passes.
inline void ExpectEq(const char* label, int64_t lhs, int64_t rhs, const char* lhs_text, const char* rhs_text) {
    if (lhs != rhs) ExpectEq(label, lhs, rhs, std::string(lhs_text), std::string(rhs_text));
}
/// Generic: raise with the given expectation text and actual text when !ok.
void Expect(const char* label, bool ok, const std::string& expect, const std::string& actual);

/// "in_types[i]" — the prefix Chainer prints.
std::string In(size_t i);

}  // namespace type_check
}  // namespace cnet
