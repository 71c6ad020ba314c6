// library_bases.h — the library classes a user class may derive from besides Chain, ChainList and Link, and
// the hooks the runtime calls on such a subclass (Note [Library base classes]).
//
// Note [Library base classes]
// Chainer programs subclass chainer.Function / FunctionNode, chainer.dataset.Iterator / DatasetMixin,
// training.StandardUpdater and training.Extension, and the library then calls the user's methods: the
// updater calls the iterator's __next__, the trainer calls update_core and the extensions, backprop calls
// the node's backward. A user class deriving from one of these becomes a C++ class deriving from the
// runtime's class (ir::ClassInfo::lib_base), and codegen writes the runtime's virtual functions as
// adapters that call the user's methods or read the user's attributes (codegen_library_base.cc), converting
// between the .cnet types and the runtime's (a tuple of arrays to an Example, a list of Variables to a
// VarList). The runtime passes arguments the user never annotates, so each hook here gives the types of
// the parameters the runtime passes. A user attribute or method whose C++ name is a member of the runtime
// class (an Iterator's `epoch` field against Iterator::epoch()) is renamed in C++ (LibraryMemberName).
#pragma once

#include <string>
#include <vector>

namespace cnet::compiler::ast {
class Expr;
}  // namespace cnet::compiler::ast

namespace cnet::compiler::ir {
struct ClassInfo;
}  // namespace cnet::compiler::ir

namespace cnet::compiler::sema {

/// A method or attribute of the user's subclass that the runtime calls or reads.
struct LibraryHook {
    std::string name;                 // Python name ("__next__", "get_example", "epoch")
    std::vector<std::string> params;  // .cnet types of the arguments the runtime passes, in order
};

struct LibraryBase {
    std::string type;                      // the builtin table's type ("Iterator", "FunctionNode")
    std::vector<LibraryHook> hooks;
    std::vector<std::string> cpp_members;  // members of the runtime class that a user name must not hide
};

/// True for `@make_extension`, `@training.make_extension(...)` (a function decorated to be an Extension).
bool IsMakeExtension(const ast::Expr& decorator);

/// The description of library type `type` when user classes may derive from it, else null.
const LibraryBase* FindLibraryBase(const std::string& type);

/// The hook `name` of `base` (searching nothing else), or null.
const LibraryHook* FindLibraryHook(const LibraryBase& base, const std::string& name);

/// The library base of `cls` or of its nearest user base class, or null.
const LibraryBase* LibraryBaseOf(const ir::ClassInfo* cls);

/// The C++ name of user attribute or method `name` of a class derived from `base`: CppIdentifier(name), or a
/// generated name when that would hide a member of the runtime class.
std::string LibraryMemberName(const LibraryBase* base, const std::string& name);

}  // namespace cnet::compiler::sema
