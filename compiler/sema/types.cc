// types.cc — type constructors, join/assignability rules, and Python / C++ spellings.
#include "compiler/sema/types.h"

#include <algorithm>

#include "compiler/ir/program.h"
#include "compiler/kernel/kernel_def.h"
#include "compiler/sema/builtin_table.h"

namespace cnet::compiler::sema {
namespace types {
namespace {
TypeRef Make(TypeKind kind) {
    auto t = std::make_shared<Type>();
    t->kind = kind;
    return t;
}
TypeRef Singleton(TypeKind kind) {
    static std::vector<TypeRef> cache(static_cast<int>(TypeKind::kBoundMethod) + 1);
    TypeRef& t = cache[static_cast<int>(kind)];
    if (!t) t = Make(kind);
    return t;
}
}  // namespace

TypeRef Unknown() { return Singleton(TypeKind::kUnknown); }
TypeRef Never() { return Singleton(TypeKind::kNever); }
TypeRef None() { return Singleton(TypeKind::kNone); }
TypeRef Bool() { return Singleton(TypeKind::kBool); }
TypeRef Int() { return Singleton(TypeKind::kInt); }
TypeRef Float() { return Singleton(TypeKind::kFloat); }
TypeRef Str() { return Singleton(TypeKind::kStr); }
TypeRef Variable() { return Singleton(TypeKind::kVariable); }
TypeRef Ndarray() { return Singleton(TypeKind::kNdarray); }
TypeRef StrArray() { return Singleton(TypeKind::kStrArray); }
TypeRef Dtype() { return Singleton(TypeKind::kDtype); }
TypeRef Shape() { return Singleton(TypeKind::kShape); }
TypeRef Args() { return Singleton(TypeKind::kArgs); }
TypeRef Object() { return Singleton(TypeKind::kObject); }

// A container holds values that were produced: a Never element (`[self.x for i in r]`, `d[k] = self.x` of an
// attribute nothing assigns) tells nothing of them, as an unknown one does.
namespace {
TypeRef Element(TypeRef t) { return t && t->kind == TypeKind::kNever ? Unknown() : t; }
TypeRef OfElements(TypeKind kind, TypeRef element) {  // a list or a set
    auto t = std::make_shared<Type>();
    t->kind = kind;
    t->args.push_back(Element(std::move(element)));
    return t;
}
}  // namespace

TypeRef List(TypeRef element) { return OfElements(TypeKind::kList, std::move(element)); }
TypeRef Tuple(std::vector<TypeRef> elements) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kTuple;
    for (TypeRef& e : elements) e = Element(std::move(e));
    t->args = std::move(elements);
    return t;
}
TypeRef Dict(TypeRef key, TypeRef value, DictKind kind) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kDict;
    t->dict_kind = kind;
    t->args = {Element(std::move(key)), Element(std::move(value))};
    return t;
}
TypeRef Set(TypeRef element) { return OfElements(TypeKind::kSet, std::move(element)); }
TypeRef Optional(TypeRef element) {
    if (element->kind == TypeKind::kNever) return None();  // Never ⊔ None
    // (an object holds None itself)
    if (element->kind == TypeKind::kOptional || element->kind == TypeKind::kNone || element->kind == TypeKind::kObject) {
        return element;
    }
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kOptional;
    t->args.push_back(std::move(element));
    return t;
}
TypeRef UserClass(const ir::ClassInfo* cls) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kUserClass;
    t->user_class = cls;
    return t;
}
TypeRef UserClassRef(const ir::ClassInfo* cls) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kUserClassRef;
    t->user_class = cls;
    return t;
}
TypeRef UserFunction(const ir::FunctionInfo* fn) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kUserFunction;
    t->function = fn;
    return t;
}
TypeRef LibObject(const LibType* type) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kLibObject;
    t->lib_type = type;
    return t;
}
TypeRef LibClass(const BuiltinEntry* entry, const LibType* type) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kLibClass;
    t->entry = entry;
    t->lib_type = type;
    return t;
}
TypeRef LibFunction(const BuiltinEntry* entry) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kLibFunction;
    t->entry = entry;
    return t;
}
TypeRef Module(std::string path) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kModule;
    t->module = std::move(path);
    return t;
}
TypeRef BoundUserMethod(TypeRef receiver, const ir::FunctionInfo* fn) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kBoundMethod;
    t->args.push_back(std::move(receiver));
    t->function = fn;
    return t;
}
TypeRef BoundLibMethod(TypeRef receiver, const BuiltinEntry* entry) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kBoundMethod;
    t->args.push_back(std::move(receiver));
    t->entry = entry;
    return t;
}

TypeRef Kernel(const kernel::KernelDef* def) {
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kKernel;
    t->kernel = def;
    return t;
}

}  // namespace types

bool SameType(const TypeRef& a, const TypeRef& b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    if (a->user_class != b->user_class || a->lib_type != b->lib_type || a->function != b->function ||
        a->entry != b->entry || a->module != b->module || a->kernel != b->kernel || a->args.size() != b->args.size() ||
        a->dict_kind != b->dict_kind) {
        return false;
    }
    for (std::size_t i = 0; i < a->args.size(); ++i) {
        if (!SameType(a->args[i], b->args[i])) return false;
    }
    return true;
}

bool IsComplete(const TypeRef& t) {
    if (!t || t->kind == TypeKind::kUnknown) return false;
    for (const TypeRef& a : t->args) {
        if (!IsComplete(a)) return false;
    }
    return true;
}

bool IsContainer(const TypeRef& t) {
    return t->kind == TypeKind::kList || t->kind == TypeKind::kDict || t->kind == TypeKind::kTuple ||
           t->kind == TypeKind::kSet;
}

bool IsNumeric(const TypeRef& t) {
    return t->kind == TypeKind::kBool || t->kind == TypeKind::kInt || t->kind == TypeKind::kFloat;
}
bool IsArrayLike(const TypeRef& t) { return t->kind == TypeKind::kVariable || t->kind == TypeKind::kNdarray; }

bool IsHandle(const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kVariable:
        case TypeKind::kNdarray:
        case TypeKind::kStrArray:
        case TypeKind::kUserClass:
            return true;
        case TypeKind::kLibObject:
            return t->lib_type->shared;
        default:
            return false;
    }
}

bool IsValueType(const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kModule:
        case TypeKind::kLibFunction:
        case TypeKind::kLibClass:
        case TypeKind::kUserFunction:
            return t->function != nullptr && t->function->enclosing != nullptr;  // a closure is a value
        case TypeKind::kUserClassRef:
        case TypeKind::kBoundMethod:
            return false;
        default:
            return true;
    }
}

// Note [Class aliases]
// ~~~~~~~~~~~~~~~~~~~~
// word2vec writes `HSM = L.BinaryHierarchicalSoftmax`, then `HSM.create_huffman_tree(counts)` and `HSM(n, tree)`.
// A local assigned a class alone (`name = Class`, one target) stands for that class: its reads are the class
// itself, so codegen emits no C++ variable and no assignment (calls and static members print the class). A name
// given two classes follows the usual joins: link classes constructed without arguments make a class choice
// (Note [Classes chosen at run time]), a real variable; anything else is "a name keeps one type". A name that
// may be read before it is assigned would need a variable to check: an error (definite assignment).
bool IsClassAlias(const TypeRef& t) {
    return t->kind == TypeKind::kLibClass || t->kind == TypeKind::kUserClassRef;
}

bool IsArraysTuple(const TypeRef& t) {
    if (!t || t->kind != TypeKind::kTuple || t->args.empty()) return false;
    return std::all_of(t->args.begin(), t->args.end(), [](const TypeRef& a) { return IsArrayLike(a); });
}

// Note [Arrays and isinstance]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// An ndarray converts to a constant Variable wherever a Variable is wanted, but `isinstance(a, chainer.Variable)`
// of an ndarray is False in Python, and helpers test it (`x = v.array if isinstance(v, chainer.Variable) else v`).
// So the test is decided by the static type (VariableIsinstance; codegen prints true or false); the branch it
// rules out reads the path as Never (narrowing.cc), so each branch is typed as Python would run it; and a generic
// function testing a parameter so is instantiated apart for ndarray and Variable arguments (Note [Generic
// functions]), rather than taking the array as a Variable.
std::optional<bool> VariableIsinstance(const TypeRef& value, const TypeRef& cls) {
    if (!value || !cls || cls->kind != TypeKind::kLibClass || cls->entry == nullptr || cls->entry->cpp != "Variable")
        return std::nullopt;
    if (value->kind == TypeKind::kVariable) return true;
    if (StripOptional(value)->kind == TypeKind::kNdarray) return false;  // None is not a Variable either
    return std::nullopt;
}

bool IsExampleTuple(const TypeRef& t) {
    if (!t || t->kind != TypeKind::kTuple || t->args.empty()) return false;
    return std::all_of(t->args.begin(), t->args.end(), [](const TypeRef& a) { return IsArrayLike(a) || IsNumeric(a); });
}

bool IsSequenceOfArrays(const TypeRef& t) {
    return t->kind == TypeKind::kNdarray || (t->kind == TypeKind::kList && t->args[0]->kind == TypeKind::kNdarray);
}

bool IsBatchArgument(const TypeRef& t) {
    return IsArrayLike(t) || (t && t->kind == TypeKind::kList && IsArrayLike(t->args[0]));
}

bool IsNever(const TypeRef& t) { return t && t->kind == TypeKind::kNever; }

bool ClosedByWith(const TypeRef& t) {
    if (!t || t->kind != TypeKind::kLibObject || t->lib_type == nullptr) return false;
    if (t->lib_type->name == "TextIOWrapper") return true;
    const BuiltinEntry* close = BuiltinTable::Get().MethodOrAttr(t->lib_type->name, "close");
    return t->lib_type->shared && close != nullptr && close->kind == EntryKind::kMethod;
}

const BuiltinEntry* EnterMethod(const TypeRef& t) {
    if (!t || t->kind != TypeKind::kLibObject || t->lib_type == nullptr || t->lib_type->shared) return nullptr;
    const BuiltinEntry* enter = BuiltinTable::Get().MethodOrAttr(t->lib_type->name, "__enter__");
    if (enter == nullptr || enter->kind != EntryKind::kMethod) return nullptr;
    const LibType* scope = BuiltinTable::Get().FindType(enter->result);
    return scope != nullptr && scope->scope ? enter : nullptr;
}

bool EnteredByWith(const TypeRef& t) {
    if (!t || t->kind != TypeKind::kLibObject || t->lib_type == nullptr) return false;
    return t->lib_type->scope || EnterMethod(t) != nullptr;
}

TypeRef StripOptional(const TypeRef& t) { return t->kind == TypeKind::kOptional ? t->args[0] : t; }

bool LibDerives(const LibType* derived, const LibType* base) {
    const BuiltinTable& table = BuiltinTable::Get();
    for (const LibType* t = derived; t != nullptr; t = t->base.empty() ? nullptr : table.FindType(t->base)) {
        if (t == base) return true;
    }
    return false;
}

bool IsLibIterator(const TypeRef& t) {
    return t->kind == TypeKind::kLibObject && LibDerives(t->lib_type, BuiltinTable::Get().FindType("Iterator"));
}

bool UserDerives(const ir::ClassInfo* derived, const ir::ClassInfo* base) {
    for (const ir::ClassInfo* c = derived; c != nullptr; c = c->user_base) {
        if (c == base) return true;
    }
    return false;
}

namespace {
// The library type a user class derives from (Chain, ChainList, Link, or a library base of Note [Library
// base classes]), or null for records.
const LibType* UserLibBase(const ir::ClassInfo* cls) {
    const BuiltinTable& table = BuiltinTable::Get();
    switch (cls->kind) {
        case ir::ClassInfo::Kind::kChain:
            return table.FindType("Chain");
        case ir::ClassInfo::Kind::kChainList:
            return table.FindType("ChainList");
        case ir::ClassInfo::Kind::kLink:
            return table.FindType("Link");
        case ir::ClassInfo::Kind::kRecord:
            return nullptr;
        case ir::ClassInfo::Kind::kLibrary:
            for (const ir::ClassInfo* c = cls; c != nullptr; c = c->user_base) {
                if (c->lib_base != nullptr) return c->lib_base;
            }
            return nullptr;
    }
    return nullptr;
}
// Note [Trigger arguments]
// Chainer takes a trigger as an interval `(period, unit)` or as a Trigger object, and its programs bind
// either to one name (cifar: `stop_trigger = (args.epoch, 'epoch')`, then an EarlyStoppingTrigger when
// --early-stopping is given). The two join to the library's `trigger` type (cnet::training::TriggerArg, what
// Trainer and extend take), as a number and a Variable join to a Variable: the tuple stays an interval spec,
// so each get_trigger of it makes a fresh IntervalTrigger as Chainer does, and a Trigger object stays shared.
const LibType* TriggerArgType() { return BuiltinTable::Get().FindType("trigger"); }
}  // namespace

bool IsTriggerArg(const TypeRef& t) {
    if (t->kind == TypeKind::kTuple) {
        return t->args.size() == 2 && (t->args[0]->kind == TypeKind::kInt || t->args[0]->kind == TypeKind::kFloat) &&
               t->args[1]->kind == TypeKind::kStr;
    }
    if (t->kind != TypeKind::kLibObject) return false;
    const LibType* arg = TriggerArgType();
    return t->lib_type == arg || LibDerives(t->lib_type, BuiltinTable::Get().FindType("Trigger"));
}

bool IsTriggerArgType(const TypeRef& t) { return t->kind == TypeKind::kLibObject && t->lib_type == TriggerArgType(); }

bool NumpyIntegerArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && expected && arg->kind == TypeKind::kNdarray && StripOptional(expected)->kind == TypeKind::kInt;
}

bool NumpyFloatArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && expected && arg->kind == TypeKind::kNdarray && StripOptional(expected)->kind == TypeKind::kFloat;
}

bool StrAsDtypeArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && expected && arg->kind == TypeKind::kStr && StripOptional(expected)->kind == TypeKind::kDtype;
}

namespace {

// A list of examples as Chainer's iterators hold them: arrays, or tuples of arrays and numbers.
bool IsExampleList(const TypeRef& t) {
    if (t->kind != TypeKind::kList) return false;
    const TypeRef& example = t->args[0];
    auto item = [](const TypeRef& i) { return i->kind == TypeKind::kNdarray || IsNumeric(i); };
    if (example->kind == TypeKind::kTuple) {
        return !example->args.empty() && std::all_of(example->args.begin(), example->args.end(), item);
    }
    return example->kind == TypeKind::kNdarray;
}

bool IsLibObject(const TypeRef& t, const char* name) {
    return t && t->kind == TypeKind::kLibObject && t->lib_type->name == name;
}

}  // namespace

bool ExamplesAsBatchArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && IsLibObject(expected, "Batch") && IsExampleList(arg);
}

bool SequenceAsDatasetArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && IsLibObject(expected, "Dataset") && (arg->kind == TypeKind::kNdarray || IsExampleList(arg));
}

bool NumberAsArrayArgument(const TypeRef& arg, const TypeRef& expected) {
    return arg && expected && (arg->kind == TypeKind::kInt || arg->kind == TypeKind::kFloat) &&
           expected->kind == TypeKind::kNdarray;
}

bool IsNumberTuple(const TypeRef& t) {
    if (!t) return false;
    if (t->kind == TypeKind::kShape) return true;
    return t->kind == TypeKind::kTuple &&  // (nested: `((1, 2), (3, 4))`; empty: `()`)
           std::all_of(t->args.begin(), t->args.end(), [](const TypeRef& a) { return IsNumeric(a) || IsNumberTuple(a); });
}

bool ListAsArrayArgument(const TypeRef& arg, const TypeRef& expected) {
    if (!arg || !expected || expected->kind != TypeKind::kNdarray) return false;
    if (IsNumberTuple(arg)) return true;  // np.prod(x.shape), np.array((1, 2.5))
    if (arg->kind != TypeKind::kList) return false;
    if (arg->args[0]->kind == TypeKind::kNdarray) return true;  // np.array stacks a list of arrays
    TypeRef element = arg;
    while (element->kind == TypeKind::kList) element = element->args[0];
    return element->kind == TypeKind::kInt || element->kind == TypeKind::kFloat || element->kind == TypeKind::kBool;
}

// Note [Library objects of different classes]
// Chainer's dcgan binds `train` to the first part of get_cifar10(withlabel=False) in one branch and to an
// ImageDataset in the other. Library objects of different classes join to their nearest common library base
// (TupleDataset and ImageDataset to Dataset), held as the base's std::shared_ptr, which every API taking either
// accepts (SerialIterator(train, ...)); only the base's members can be used on the joined name. Links join to a
// chosen object instead, which keeps their classes (Note [Classes chosen at run time]; it is tried first), and
// value-held types (no shared_ptr to convert) do not join. Whether a dataset's examples are bare arrays is traced
// through every binding of the name (Note [Datasets of arrays]), so it survives a join of such datasets.
namespace {
TypeRef JoinToCommonLibBase(const TypeRef& a, const TypeRef& b) {
    if (a->kind != TypeKind::kLibObject || b->kind != TypeKind::kLibObject || IsChosenObject(a) || IsChosenObject(b) ||
        !a->lib_type->shared || !b->lib_type->shared) {
        return nullptr;
    }
    const BuiltinTable& table = BuiltinTable::Get();
    for (const LibType* t = a->lib_type; t != nullptr; t = t->base.empty() ? nullptr : table.FindType(t->base)) {
        if (LibDerives(b->lib_type, t)) return t->shared ? types::LibObject(t) : nullptr;
    }
    return nullptr;
}
}  // namespace

TypeRef Join(const TypeRef& a, const TypeRef& b) {
    if (!a || a->kind == TypeKind::kUnknown) return b;
    if (!b || b->kind == TypeKind::kUnknown) return a;
    if (SameType(a, b)) return a;
    const TypeKind ka = a->kind, kb = b->kind;
    if (ka == TypeKind::kNever) return b;  // the bottom type: it never holds a value
    if (kb == TypeKind::kNever) return a;
    if (ka == TypeKind::kObject || kb == TypeKind::kObject) return JoinAsObject(a, b);
    if (ka == TypeKind::kNone) return types::Optional(b);
    if (kb == TypeKind::kNone) return types::Optional(a);
    if (ka == TypeKind::kOptional || kb == TypeKind::kOptional) {
        TypeRef inner = Join(StripOptional(a), StripOptional(b));
        return inner ? types::Optional(inner) : nullptr;
    }
    if (IsNumeric(a) && IsNumeric(b)) {
        if (ka == TypeKind::kFloat || kb == TypeKind::kFloat) return types::Float();
        return types::Int();
    }
    if (IsArrayLike(a) && IsArrayLike(b)) return types::Variable();
    if (ka == kb && IsContainer(a) &&
        a->args.size() == b->args.size() && a->dict_kind == b->dict_kind) {
        std::vector<TypeRef> args;
        for (std::size_t i = 0; i < a->args.size(); ++i) {
            TypeRef j = Join(a->args[i], b->args[i]);
            if (!j) return nullptr;
            args.push_back(j);
        }
        auto t = std::make_shared<Type>(*a);
        t->args = std::move(args);
        return t;
    }
    if (ka == TypeKind::kUserClass && kb == TypeKind::kUserClass) {
        if (UserDerives(a->user_class, b->user_class)) return b;
        if (UserDerives(b->user_class, a->user_class)) return a;
    }
    if (ka == TypeKind::kLibObject && kb == TypeKind::kLibObject && !IsChosenObject(a) && !IsChosenObject(b)) {
        // Objects built from different arguments: the plain type (Note [Members typed by a constructor
        // argument] in constructor_typed_members.cc).
        if (LibDerives(a->lib_type, b->lib_type)) return b->args.empty() ? b : types::LibObject(b->lib_type);
        if (LibDerives(b->lib_type, a->lib_type)) return a->args.empty() ? a : types::LibObject(a->lib_type);
    }
    if (IsTriggerArg(a) && IsTriggerArg(b)) return types::LibObject(TriggerArgType());  // Note [Trigger arguments]
    // `xp = cuda.cupy if args.gpu >= 0 else np` (sentiment): numpy is the CPU's array module.
    if (IsNumpyModule(a) && IsArrayModule(b)) return b;
    if (IsNumpyModule(b) && IsArrayModule(a)) return a;
    if (TypeRef objects = JoinChosenObjects(a, b)) return objects;  // Note [Classes chosen at run time]
    if (TypeRef base = JoinToCommonLibBase(a, b)) return base;      // Note [Library objects of different classes]
    if (TypeRef choice = JoinClassChoice(a, b)) return choice;
    return JoinAsObject(a, b);  // Note [Values typed at run time]
}

bool IsNumpyModule(const TypeRef& t) { return t->kind == TypeKind::kModule && t->module == "numpy"; }
bool IsArrayModule(const TypeRef& t) {
    return t->kind == TypeKind::kLibObject && t->lib_type == BuiltinTable::Get().FindType("ArrayModule");
}

bool Assignable(const TypeRef& from, const TypeRef& to) {
    if (!from || !to || from->kind == TypeKind::kUnknown || to->kind == TypeKind::kUnknown) return true;
    if (SameType(from, to)) return true;
    if (IsNumpyModule(from) && IsArrayModule(to)) return true;
    const TypeKind kf = from->kind, kt = to->kind;
    if (kf == TypeKind::kNever) return true;  // no value ever arrives
    if (kf == TypeKind::kObject || kt == TypeKind::kObject) return AssignableAsObject(from, to);
    if (kt == TypeKind::kOptional) return kf == TypeKind::kNone || Assignable(StripOptional(from), to->args[0]);
    if (kf == TypeKind::kNone) return IsHandle(to);
    if (kf == TypeKind::kOptional) return IsHandle(to) && Assignable(from->args[0], to);
    // A float where an int is declared would be truncated in C++ where Python keeps the float.
    if (IsNumeric(from) && IsNumeric(to)) return kf == TypeKind::kBool || (kt != TypeKind::kBool && !(kf == TypeKind::kFloat && kt == TypeKind::kInt));
    if (kt == TypeKind::kVariable) return IsArrayLike(from);
    if (kf == TypeKind::kTuple && kt == TypeKind::kShape) {
        for (const TypeRef& e : from->args) {
            if (e->kind != TypeKind::kInt && e->kind != TypeKind::kUnknown) return false;
        }
        return true;
    }
    if (kf == TypeKind::kInt && kt == TypeKind::kShape) return true;
    if (kf == kt && IsContainer(from)) {
        // A Counter read as a dict would raise KeyError where Python's Counter gives 0.
        if (from->args.size() != to->args.size() || from->dict_kind != to->dict_kind) return false;
        for (std::size_t i = 0; i < from->args.size(); ++i) {
            const TypeRef& ef = from->args[i];
            const TypeRef& et = to->args[i];
            // Containers are invariant in C++ except where codegen converts (list[ndarray] -> list[Variable]).
            // std::vector<int64_t> is no std::vector<double>: numbers inside containers must match; a std::tuple
            // converts element by element, so a tuple's numbers widen as single numbers do (figsize=(9, 9)).
            if (IsNumeric(ef) && IsNumeric(et) && !SameType(ef, et) &&
                !(kf == TypeKind::kTuple && Assignable(ef, et))) {
                return false;
            }
            if (!SameType(ef, et) && !(ef->kind == TypeKind::kUnknown) && !(IsArrayLike(ef) && IsArrayLike(et)) &&
                !Assignable(ef, et)) {
                return false;
            }
        }
        return true;
    }
    if (kf == TypeKind::kTuple && kt == TypeKind::kList) {
        for (const TypeRef& e : from->args) {
            if (!Assignable(e, to->args[0])) return false;
        }
        return true;
    }
    if (kf == TypeKind::kUserClass && kt == TypeKind::kUserClass) return UserDerives(from->user_class, to->user_class);
    if (kf == TypeKind::kUserClass && kt == TypeKind::kLibObject) {
        const LibType* base = UserLibBase(from->user_class);
        return base != nullptr && LibDerives(base, to->lib_type);
    }
    if (IsTriggerArgType(to)) return IsTriggerArg(from);  // Note [Trigger arguments]
    // An object typed by its constructor's arguments takes only objects of the same arguments (Note [Members
    // typed by a constructor argument]).
    if (kf == TypeKind::kLibObject && kt == TypeKind::kLibObject) {
        return LibDerives(from->lib_type, to->lib_type) && to->args.empty();
    }
    return false;
}

std::string PyName(const TypeRef& t) {
    if (!t) return "?";
    switch (t->kind) {
        case TypeKind::kUnknown: return "unknown";
        case TypeKind::kNever: return "Never";
        case TypeKind::kObject: return "object";
        case TypeKind::kNone: return "None";
        case TypeKind::kBool: return "bool";
        case TypeKind::kInt: return "int";
        case TypeKind::kFloat: return "float";
        case TypeKind::kStr: return "str";
        case TypeKind::kVariable: return "Variable";
        case TypeKind::kNdarray: return "ndarray";
        case TypeKind::kStrArray: return "ndarray[str]";
        case TypeKind::kDtype: return "dtype";
        case TypeKind::kShape: return "tuple[int, ...]";
        case TypeKind::kArgs: return "Namespace";
        case TypeKind::kClassChoice: return ClassChoiceName(t);
        case TypeKind::kList: return "list[" + PyName(t->args[0]) + "]";
        case TypeKind::kSet: return "set[" + PyName(t->args[0]) + "]";
        case TypeKind::kDict:
            if (t->dict_kind == DictKind::kCounter) return "Counter[" + PyName(t->args[0]) + "]";
            return std::string(t->dict_kind == DictKind::kDefaultDict ? "defaultdict[" : "dict[") + PyName(t->args[0]) +
                   ", " + PyName(t->args[1]) + "]";
        case TypeKind::kTuple: {
            std::string s = "tuple[";
            for (std::size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + PyName(t->args[i]);
            return s + "]";
        }
        case TypeKind::kOptional: return PyName(t->args[0]) + " | None";
        case TypeKind::kUserClass: return t->user_class->name;
        case TypeKind::kLibObject:
            if (IsChosenObject(t)) {  // Note [Classes chosen at run time]
                std::string s;
                for (const TypeRef& c : t->args) s += (s.empty() ? "" : " | ") + ChosenClassName(c);
                return s;
            }
            return t->lib_type->name;
        case TypeKind::kModule: return "module '" + t->module + "'";
        case TypeKind::kLibFunction: return "function '" + t->entry->name + "'";
        case TypeKind::kLibClass: return "class '" + t->entry->name + "'";
        case TypeKind::kUserFunction: return "function '" + t->function->name + "'";
        case TypeKind::kUserClassRef: return "class '" + t->user_class->name + "'";
        case TypeKind::kBoundMethod:
            return "method '" + (t->function != nullptr ? t->function->name : t->entry->name) + "'";
        case TypeKind::kKernel: return "kernel '" + t->kernel->name + "'";
    }
    return "?";
}

std::string CppName(const TypeRef& t) {
    if (!t) return "auto";
    switch (t->kind) {
        case TypeKind::kUnknown: return "auto";
        case TypeKind::kNever: return "cnet::py::Never";
        case TypeKind::kObject: return "cnet::py::Object";
        case TypeKind::kNone: return "cnet::py::NoneType";
        case TypeKind::kBool: return "bool";
        case TypeKind::kInt: return "int64_t";
        case TypeKind::kFloat: return "double";
        case TypeKind::kStr: return "std::string";
        case TypeKind::kVariable: return "cnet::Variable";
        case TypeKind::kNdarray: return "cnet::Array";
        case TypeKind::kStrArray: return "cnet::np::StrArray";
        case TypeKind::kDtype: return "cnet::Dtype";
        case TypeKind::kShape: return "cnet::Shape";
        case TypeKind::kArgs: return "cnet::py::Namespace";
        case TypeKind::kClassChoice: return "cnet::py::ClassChoice";
        case TypeKind::kList: return "std::vector<" + CppName(t->args[0]) + ">";
        case TypeKind::kSet: return "cnet::py::Set<" + CppName(t->args[0]) + ">";
        case TypeKind::kDict:
            if (t->dict_kind == DictKind::kCounter) return "cnet::py::Counter<" + CppName(t->args[0]) + ">";
            return std::string(t->dict_kind == DictKind::kDefaultDict ? "cnet::py::DefaultDict<" : "cnet::py::Dict<") +
                   CppName(t->args[0]) + ", " + CppName(t->args[1]) + ">";
        case TypeKind::kTuple: {
            std::string s = "std::tuple<";
            for (std::size_t i = 0; i < t->args.size(); ++i) s += (i ? ", " : "") + CppName(t->args[i]);
            return s + ">";
        }
        case TypeKind::kOptional:
            return IsHandle(t->args[0]) ? CppName(t->args[0]) : "std::optional<" + CppName(t->args[0]) + ">";
        case TypeKind::kUserClass: return "std::shared_ptr<" + t->user_class->cpp_name + ">";
        case TypeKind::kLibObject:
            return t->lib_type->shared ? "std::shared_ptr<" + t->lib_type->cpp + ">" : t->lib_type->cpp;
        case TypeKind::kKernel: return t->kernel->cpp_name;
        case TypeKind::kUserFunction: {  // a closure held in a variable, passed or returned
            if (t->function == nullptr || t->function->enclosing == nullptr) return "auto";
            const TypeRef& r = t->function->return_type;
            std::string s = "std::function<" + (!r || r->kind == TypeKind::kNone ? std::string("void") : CppName(r)) + "(";
            for (std::size_t i = 0; i < t->function->params.size(); ++i) {
                s += (i ? ", " : "") + ParamCppType(t->function->params[i]);  // as the lambda declares it
            }
            return s + ")>";
        }
        default:
            return "auto";
    }
}

std::string ParamCppType(const ir::ParamInfo& p) {
    if (p.type->kind == TypeKind::kOptional && p.changed_in_place) {  // the caller's object or None
        return "cnet::py::OptionalRef<" + CppName(p.type->args[0]) + ">";
    }
    const std::string type = CppName(p.type);
    if (IsContainer(p.type)) {
        if (p.rebound) return type;
        return p.changed_in_place ? type + "&" : "const " + type + "&";
    }
    return type;
}

}  // namespace cnet::compiler::sema
