// one_of.h — reading an attribute of an object made by a class chosen at run time (imagenet's
// `model = archs[args.arch](); model.insize`): cnetc lists the classes it may be, most derived first, and the
// value comes from the first one the object is (Note [Classes chosen at run time] in compiler/sema).
#pragma once

#include <memory>
#include <string>

#include "cnet/py/errors.h"

namespace cnet {
namespace py {

/// read(std::shared_ptr<C>) for the first C among Classes that `object` is; TypeError naming `attribute`
/// when it is none of them.
template <typename C, typename... Rest, typename Base, typename Read>
auto read_as_one_of(const std::shared_ptr<Base>& object, const Read& read, const char* attribute) {
    if (auto c = std::dynamic_pointer_cast<C>(object)) return read(c);
    if constexpr (sizeof...(Rest) > 0) {
        return read_as_one_of<Rest...>(object, read, attribute);
    } else {
        throw TypeError(std::string("cannot read '") + attribute +
                        "': the object is of none of the classes it was chosen from");
    }
}

}  // namespace py
}  // namespace cnet
