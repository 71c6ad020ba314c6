// identity.h — Python's `a is b` between objects held by handles (Variables, user objects, shared library
// objects): the same object, not equal values. Objects of unrelated classes are never the same object; two
// Nones are. ndarrays have no identity in cnet (an Array is a view: storage, shape, strides), so sema rejects
// `is` between them.
#pragma once

#include <memory>
#include <type_traits>

#include "cnet/core/variable.h"

namespace cnet {
namespace py {

inline bool is_none_handle(const Variable& v) { return v.is_none(); }
template <typename T>
bool is_none_handle(const std::shared_ptr<T>& p) {
    return p == nullptr;
}

/// Handles of different kinds (a Variable and a user object): only None is None.
template <typename L, typename R>
bool same_object(const L& l, const R& r) {
    return is_none_handle(l) && is_none_handle(r);
}

inline bool same_object(const Variable& l, const Variable& r) { return l.is(r); }

/// One object seen through a base class pointer is the same object; unrelated classes share none but None.
template <typename L, typename R>
bool same_object(const std::shared_ptr<L>& l, const std::shared_ptr<R>& r) {
    if constexpr (std::is_convertible_v<R*, L*> || std::is_convertible_v<L*, R*>) {
        return l == r;
    } else {
        return l == nullptr && r == nullptr;
    }
}

}  // namespace py
}  // namespace cnet
