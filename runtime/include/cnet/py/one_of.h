// one_of.h — classes chosen at run time (Note [Classes chosen at run time] in compiler/sema): the choice itself
// (`Encoder = RNNEncoder` on one path, `CNNEncoder` on another), and reading an attribute of an object one made
// (imagenet's `model = archs[args.arch](); model.insize`): cnetc lists the classes it may be, most derived first,
// and the value comes from the first one the object is.
#pragma once

#include <cstring>
#include <memory>
#include <string>

#include "cnet/py/errors.h"

namespace cnet {
namespace py {

/// Which of the program's classes was chosen: its C++ name. Constructing it or calling an object it made tests
/// the name (cnetc emits one branch per class, each with its own constructor's arguments).
class ClassChoice {
public:
    ClassChoice() = default;
    explicit ClassChoice(const char* cpp_name) : name_(cpp_name) {}
    bool is(const char* cpp_name) const { return std::strcmp(name_, cpp_name) == 0; }

private:
    const char* name_ = "";
};

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
