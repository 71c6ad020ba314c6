// type_check.cc — Chainer-format InvalidType messages.
#include "cnet/core/type_check.h"

namespace cnet {
namespace type_check {

// Every check below returns before building its message when it passes: they run on every function call.
std::string In(size_t i) { return "in_types[" + std::to_string(i) + "]"; }

void Expect(const char* label, bool ok, const std::string& expect, const std::string& actual) {
    if (!ok) throw InvalidType(label, expect, actual);
}

void ExpectSize(const char* label, const ArrayList& in, size_t n) {
    if (in.size() == n) return;
    Expect(label, in.size() == n, "in_types.size == " + std::to_string(n),
           std::to_string(in.size()) + " != " + std::to_string(n));
}

void ExpectFloat(const char* label, const ArrayList& in, size_t i) { ExpectKind(label, in, i, 'f'); }

void ExpectKind(const char* label, const ArrayList& in, size_t i, char kind) {
    const char actual = DtypeKind(in[i].dtype());
    if (actual == kind) return;
    Expect(label, actual == kind, In(i) + ".dtype.kind == " + kind, std::string(1, actual) + " != " + kind);
}

void ExpectSameDtype(const char* label, const ArrayList& in, size_t i, size_t j) {
    if (in[i].dtype() == in[j].dtype()) return;
    Expect(label, in[i].dtype() == in[j].dtype(), In(i) + ".dtype == " + In(j) + ".dtype",
           std::string(DtypeName(in[i].dtype())) + " != " + DtypeName(in[j].dtype()));
}

void ExpectDtype(const char* label, const ArrayList& in, size_t i, Dtype dtype) {
    if (in[i].dtype() == dtype) return;
    const std::string cls = std::string("<class 'numpy.") + DtypeName(dtype) + "'>";
    Expect(label, in[i].dtype() == dtype, In(i) + ".dtype == " + cls,
           std::string(DtypeName(in[i].dtype())) + " != " + cls);
}

void ExpectNdim(const char* label, const ArrayList& in, size_t i, int n) {
    if (in[i].ndim() == n) return;
    Expect(label, in[i].ndim() == n, In(i) + ".ndim == " + std::to_string(n),
           std::to_string(in[i].ndim()) + " != " + std::to_string(n));
}

void ExpectNdimAtLeast(const char* label, const ArrayList& in, size_t i, int n) {
    if (in[i].ndim() >= n) return;
    Expect(label, in[i].ndim() >= n, In(i) + ".ndim >= " + std::to_string(n),
           std::to_string(in[i].ndim()) + " < " + std::to_string(n));
}

void ExpectSameShape(const char* label, const ArrayList& in, size_t i, size_t j) {
    if (in[i].shape() == in[j].shape()) return;
    Expect(label, in[i].shape() == in[j].shape(), In(i) + ".shape == " + In(j) + ".shape",
           in[i].shape().ToString() + " != " + in[j].shape().ToString());
}

void ExpectEq(const char* label, int64_t lhs, int64_t rhs, const std::string& lhs_text, const std::string& rhs_text) {
    if (lhs == rhs) return;
    Expect(label, lhs == rhs, lhs_text + " == " + rhs_text, std::to_string(lhs) + " != " + std::to_string(rhs));
}

}  // namespace type_check
}  // namespace cnet
