// types.h — the static types of .cnet values (LANGUAGE.md §4): scalars, Variable, ndarray, containers,
// user classes, library objects, and the "callable" kinds (modules, functions, classes, bound methods).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cnet::compiler::sema {

struct BuiltinEntry;
struct LibType;

}  // namespace cnet::compiler::sema

namespace cnet::compiler::kernel {
struct KernelDef;
}  // namespace cnet::compiler::kernel

namespace cnet::compiler::ir {
struct ClassInfo;
struct FunctionInfo;
struct ParamInfo;
}  // namespace cnet::compiler::ir

namespace cnet::compiler::sema {

enum class TypeKind {
    kUnknown,  // not inferred yet (an empty list's element, an unused parameter)
    kNone,
    kBool,
    kInt,
    kFloat,
    kStr,
    kVariable,
    kNdarray,
    kStrArray,  // ndarray[str]: NumPy's '<U{n}' string arrays (np.genfromtxt(..., dtype=str))
    kDtype,
    kShape,  // a tuple of ints (x.shape)
    kList,
    kTuple,
    kDict,
    kSet,         // set[T] (cnet::py::Set: sorted iteration)
    kOptional,    // T | None
    kUserClass,   // an instance of a user class (Chain subclass or record)
    kLibObject,   // an instance of a library class (optimizer, iterator, trainer, link, ...)
    kArgs,        // the namespace returned by ArgumentParser.parse_args()
    kClassChoice,  // one of several link classes, chosen at run time (Note [Classes chosen at run time])
    kNever,        // a value never produced: its evaluation raises (Note [An attribute nothing assigns])
    kObject,       // data whose Python type is decided at run time (Note [Values typed at run time])
    // Values that are not data: they can only be called or have attributes taken.
    kModule,       // F, L, np, chainer.training, ...
    kLibFunction,  // F.relu, np.zeros, print, ...
    kLibClass,     // L.Linear, optimizers.Adam (calling constructs)
    kUserFunction,
    kUserClassRef,  // the class object MLP (calling constructs)
    kBoundMethod,   // obj.method (user method or library method)
    kKernel,        // a kernel object (cupy.ElementwiseKernel, cuda.reduce, ...): calling runs it
};

/// The dicts of Python's collections module: one kDict type, told apart by how a missing key reads.
enum class DictKind {
    kDict,         // dict: KeyError
    kDefaultDict,  // collections.defaultdict: inserts factory()
    kCounter,      // collections.Counter (values int): 0, not inserted
};

struct Type;
using TypeRef = std::shared_ptr<const Type>;

struct Type {
    TypeKind kind = TypeKind::kUnknown;
    std::vector<TypeRef> args;                // list/tuple/dict/optional element types; bound method: receiver
    const ir::ClassInfo* user_class = nullptr;   // kUserClass, kUserClassRef
    const ir::FunctionInfo* function = nullptr;  // kUserFunction, kBoundMethod (user)
    const LibType* lib_type = nullptr;           // kLibObject, kLibClass
    const BuiltinEntry* entry = nullptr;         // kLibFunction, kLibClass, kBoundMethod (library)
    std::string module;                          // kModule: the dotted path ("chainer.functions")
    const kernel::KernelDef* kernel = nullptr;   // kKernel
    DictKind dict_kind = DictKind::kDict;        // kDict
};

namespace types {
TypeRef Unknown();
TypeRef Never();
TypeRef None();
TypeRef Bool();
TypeRef Int();
TypeRef Float();
TypeRef Str();
TypeRef Variable();
TypeRef Ndarray();
TypeRef StrArray();
TypeRef Dtype();
TypeRef Shape();
TypeRef Args();
TypeRef Object();
TypeRef List(TypeRef element);
TypeRef Tuple(std::vector<TypeRef> elements);
TypeRef Dict(TypeRef key, TypeRef value, DictKind kind = DictKind::kDict);
TypeRef Set(TypeRef element);
TypeRef Optional(TypeRef element);
TypeRef UserClass(const ir::ClassInfo* cls);
TypeRef UserClassRef(const ir::ClassInfo* cls);
TypeRef UserFunction(const ir::FunctionInfo* fn);
TypeRef LibObject(const LibType* type);
TypeRef LibClass(const BuiltinEntry* entry, const LibType* type);
TypeRef LibFunction(const BuiltinEntry* entry);
TypeRef Module(std::string path);
TypeRef BoundUserMethod(TypeRef receiver, const ir::FunctionInfo* fn);
TypeRef BoundLibMethod(TypeRef receiver, const BuiltinEntry* entry);
TypeRef Kernel(const kernel::KernelDef* def);
}  // namespace types

bool SameType(const TypeRef& a, const TypeRef& b);
/// True if the type is fully known (no Unknown inside).
bool IsComplete(const TypeRef& t);
/// The least type holding both (int ⊔ float = float, T ⊔ None = T | None, Variable ⊔ ndarray = Variable,
/// list[Unknown] ⊔ list[T] = list[T], Never ⊔ T = T); null when there is none.
TypeRef Join(const TypeRef& a, const TypeRef& b);
/// True if a value of type `from` may be used where `to` is expected (numeric widening, ndarray -> Variable,
/// None -> optional/handle types).
bool Assignable(const TypeRef& from, const TypeRef& to);
/// A NumPy integer (a 0-d ndarray: `max(train) + 1`) given where a library parameter wants an int: Chainer takes
/// it as the int (codegen converts with Python's operator.index, a TypeError for a non-integer array at run time).
bool NumpyIntegerArgument(const TypeRef& arg, const TypeRef& expected);
/// A NumPy float (`1 / np.sqrt(2)`, imagenet's HeNormal scale) where a library parameter wants a float: Python
/// takes it as the float (codegen converts with float(), a TypeError for an array of more than one element).
bool NumpyFloatArgument(const TypeRef& arg, const TypeRef& expected);
/// A dtype's name where a dtype is wanted (`dtype='f'`, `x.astype('i')`, `np.array(xs, 'float32')`): NumPy's names
/// and codes, read at run time by cnet::DtypeFromName ("data type 'x' not understood" for one it does not know).
bool StrAsDtypeArgument(const TypeRef& arg, const TypeRef& expected);
/// True if `derived` is `base` or a library subtype of it.
bool LibDerives(const LibType* derived, const LibType* base);
/// Whether user class `derived` is `base` or derives from it.
bool UserDerives(const ir::ClassInfo* derived, const ir::ClassInfo* base);
/// A library iterator object (SerialIterator, MultiprocessIterator, ...): iterable, usable in `with ... as`.
bool IsLibIterator(const TypeRef& t);
/// A Python number where a NumPy function wants an array (`np.sqrt(2)`, `np.exp(loss)`): NumPy makes it a 0-d
/// array (int64 for an int, float64 for a float), so codegen does.
bool NumberAsArrayArgument(const TypeRef& arg, const TypeRef& expected);
/// A (nested) list of numbers or bools, a list of arrays, or a tuple of numbers, where a NumPy function wants an array
/// (`np.argsort([-len(x) for x in xs])`): NumPy's array_like, made an array by np.array as NumPy does.
bool ListAsArrayArgument(const TypeRef& arg, const TypeRef& expected);
/// A shape, or a (nested) tuple of numbers: array_like to NumPy's functions (`np.prod(x.shape)`, cnet::np::array(tuple)).
bool IsNumberTuple(const TypeRef& t);
/// A list of examples (tuples of arrays or numbers, or arrays) where a library parameter wants a Batch: the batch
/// an Iterator's own __next__ returns, called directly (ptb's custom loop: concat_examples(batch)).
bool ExamplesAsBatchArgument(const TypeRef& arg, const TypeRef& expected);
/// An ndarray (its rows) or a list of examples where the library takes a Dataset (cnet::adapters::ToDataset).
bool SequenceAsDatasetArgument(const TypeRef& arg, const TypeRef& expected);
/// Chainer's "a trigger" argument type, `trigger` (Note [Trigger arguments] in types.cc).
bool IsTriggerArgType(const TypeRef& t);
bool IsTriggerArg(const TypeRef& t);  // an interval tuple (1, 'epoch') or a trigger object
bool IsNumpyModule(const TypeRef& t);  // `np`: where an array module value is wanted, the CPU's (cuda.h ArrayModule)
bool IsArrayModule(const TypeRef& t);
bool IsNever(const TypeRef& t);
/// A file, or a library object with a `close` method (a TarFile), that `with X as x:` closes when the block is left.
bool ClosedByWith(const TypeRef& t);
/// A context that `with X:` enters for its block: a context guard (holder `scope` in surface.def: using_config,
/// cuda.Device, ...) or a library value whose __enter__ returns one (`with cuda.get_device_from_id(1):`).
bool EnteredByWith(const TypeRef& t);
/// The __enter__ method of t's library type (nullptr when t is a guard itself or no context).
const BuiltinEntry* EnterMethod(const TypeRef& t);
/// T | None -> T; other types unchanged.
TypeRef StripOptional(const TypeRef& t);
bool IsNumeric(const TypeRef& t);  // bool, int, float
bool IsContainer(const TypeRef& t);  // list, dict, tuple, set: C++ values, passed by reference
bool IsArrayLike(const TypeRef& t);  // Variable, ndarray
/// True for types whose C++ form is a nullable handle (None is its default value): Variable, ndarray, ndarray[str],
/// user classes, shared library objects.
bool IsHandle(const TypeRef& t);
bool IsValueType(const TypeRef& t);  // something that can be stored in a variable
// A library or user class: `HSM = L.BinaryHierarchicalSoftmax` makes HSM another name for it (Note [Class
// aliases] in types.cc).
bool IsClassAlias(const TypeRef& t);
bool IsArraysTuple(const TypeRef& t);
/// isinstance(value, cls) of a Variable or an ndarray against chainer.Variable, decided by the type (an ndarray is
/// not a Variable, though it converts to one); nullopt for other values and classes. (Note [Arrays and isinstance])
std::optional<bool> VariableIsinstance(const TypeRef& value, const TypeRef& cls);
/// A tuple of arrays and numbers: a dataset example as a transform may return it (numbers become 0-d arrays).
bool IsExampleTuple(const TypeRef& t);
/// An ndarray or a list of ndarrays: as a dataset, each row or array one example (cnet::adapters::ToDataset).
bool IsSequenceOfArrays(const TypeRef& t);
/// What a parameter of a loss function or forward the runtime calls with the converted batch may be: an array,
/// or a list of arrays (a converter's dict: Note [Keyword batches] in cnet/core/keyword_batch.h).
bool IsBatchArgument(const TypeRef& t);  // a tuple of ndarrays / Variables (a user converter's batch or result)

// ---- run_time_values.cc (Note [Values typed at run time] in cnet/py/object.h)
/// Python's data (None, numbers, str, object, and lists, tuples and dicts of them): what an object may hold.
bool IsDynamicData(const TypeRef& t);
bool ContainsObject(const TypeRef& t);
/// Two data types with no static join: object; null for anything else.
TypeRef JoinAsObject(const TypeRef& a, const TypeRef& b);
/// Join without making objects: null where Join would give an object (or a container of them) that neither
/// type held (a local rebound to another type gets another C++ variable instead, Note [Rebinding to another type]).
TypeRef StaticJoin(const TypeRef& a, const TypeRef& b);
/// A value typed at run time used as `to`, or data used as an object: checked (or converted) when it runs.
bool AssignableAsObject(const TypeRef& from, const TypeRef& to);
/// The builtin type `entry` names as isinstance's class (int, float, str, bool, list, tuple, dict), or null.
TypeRef BuiltinTypeName(const BuiltinEntry& entry);

// ---- class_choice.cc (Note [Classes chosen at run time])
/// Classes (or choices of them) where one value is expected: the choice of them all, or null when one is no link
/// class of the file's.
TypeRef JoinClassChoice(const TypeRef& a, const TypeRef& b);
/// The object a choice makes: its library base, remembering the classes (in Type::args).
TypeRef ChosenObject(const TypeRef& choice);
bool IsChosenObject(const TypeRef& t);
/// A chosen object whose classes are all the file's (calling it binds each class's forward).
bool AllUserClasses(const TypeRef& object);
/// Objects of different link classes (or such objects) where one value is expected: the object a choice of
/// their classes makes; null when one is not an object of a link class.
TypeRef JoinChosenObjects(const TypeRef& a, const TypeRef& b);
std::string ClassChoiceName(const TypeRef& choice);
std::string ChosenClassName(const TypeRef& alternative);  // a chosen object's alternative: MLP, NegativeSampling
std::string ChosenClassCpp(const TypeRef& alternative);   // its C++ class

/// Python spelling for diagnostics: "int", "list[Variable]", "MLP", "Node | None", "module 'F'".
std::string PyName(const TypeRef& t);
/// C++ spelling in generated code: "int64_t", "std::vector<cnet::Variable>", "std::shared_ptr<MLP>".
std::string CppName(const TypeRef& t);
/// A parameter's C++ type: a list, dict or tuple by `const T&`, by `T&` where the function changes it in place
/// (ParamInfo::changed_in_place), by value where it rebinds it (ParamInfo::rebound); anything else by value.
std::string ParamCppType(const ir::ParamInfo& p);

}  // namespace cnet::compiler::sema
