// class_choice.cc — a link class chosen at run time from several of the file's classes.
//
// Note [Classes chosen at run time]
// Chainer's imagenet example picks its model class by name, text_classification its encoder by a flag:
//     archs = {'alex': Alex, 'googlenet': GoogLeNet, 'nin': NIN, ...}
//     model = archs[args.arch]()
//     if args.model == 'rnn': Encoder = nets.RNNEncoder
//     elif args.model == 'cnn': Encoder = nets.CNNEncoder
//     encoder = Encoder(n_layers=args.layer, n_vocab=len(vocab), n_units=args.unit, dropout=args.dropout)
// Different link classes where one value is expected join to a class choice (type[Alex | GoogLeNet | NIN]), in C++
// a cnet::py::ClassChoice naming the class. Constructing it binds the call to each class's `__init__` in turn
// (Program::chosen_calls keeps one CallInfo per class) and codegen emits one branch per class, each with its own
// arguments. Objects of different link classes, user or library (word2vec's `model = SkipGram(...)` in one branch
// and `ContinuousBoW(...)` in another; its `loss_func` a BinaryHierarchicalSoftmax, a NegativeSampling or a user
// SoftmaxCrossEntropyLoss), join to the object such a choice makes (a module-level function called with either gets
// an instantiation per class instead, Note [Generic functions]): in C++ the common library base
// (std::shared_ptr<cnet::Chain>, or cnet::Link), which every library API taking a link accepts (optimizer.setup,
// Evaluator, serializers, calling it through Link::call). The object's type remembers the classes (Type::args of
// the library object, with no constructor entry: user class objects first, then library link objects), so a data
// attribute that each of them has with one type and one C++ member (`model.insize`, a class attribute of each;
// `encoder.out_units`; `layer.W` of an L.Linear or a user link) can be read: codegen reads it from the first
// class, most derived first, that the object is (cnet::py::read_as_one_of). Calling the object when every class is
// the file's binds the call to each class's forward (one CallInfo per class again: `self.encoder(xs)` with a list
// of arrays types each encoder's `xs`), and the forwards must return one type; with a library link among the
// classes the call goes through Link::call, so each forward must take and return Variables. Other methods of the
// classes are not reachable through the choice. Where an assignment proves the class (the rest of the branch that
// assigned it), the name reads as that class (Note [Narrowing]).
#include <algorithm>

#include "compiler/sema/analyzer.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::sema {
namespace {

// The classes `t` stands for: itself for a class, its alternatives for a choice; empty for anything else.
std::vector<TypeRef> Alternatives(const TypeRef& t) {
    if (t->kind == TypeKind::kClassChoice) return t->args;
    if (t->kind == TypeKind::kUserClassRef && t->user_class->IsLink()) {
        return {t};
    }
    return {};
}

// How far below the library a class is: a library link 0, a user class 1 + its user bases.
int Depth(const TypeRef& t) {
    if (t->user_class == nullptr) return 0;
    int d = 1;
    for (const ir::ClassInfo* c = t->user_class->user_base; c != nullptr; c = c->user_base) ++d;
    return d;
}

// `a` and `b` merged (each class once), most derived first: the order in which codegen tries them (an AlexFp16
// is also an Alex; a user link deriving from L.Linear is also a Linear). Empty when either list is empty.
std::vector<TypeRef> Merged(std::vector<TypeRef> a, const std::vector<TypeRef>& b) {
    if (a.empty() || b.empty()) return {};
    for (const TypeRef& c : b) {
        const bool known = std::any_of(a.begin(), a.end(), [&](const TypeRef& x) {
            return x->user_class == c->user_class && x->lib_type == c->lib_type;
        });
        if (!known) a.push_back(c);
    }
    std::stable_sort(a.begin(), a.end(), [](const TypeRef& x, const TypeRef& y) { return Depth(x) > Depth(y); });
    return a;
}

bool IsLibraryLink(const TypeRef& t) {
    const LibType* link = BuiltinTable::Get().FindType("Link");
    return t->kind == TypeKind::kLibObject && !IsChosenObject(t) && LibDerives(t->lib_type, link);
}

// The classes an object may be, as objects: itself for an object of a user or library link class, the
// alternatives of an object a choice made; empty for anything else.
std::vector<TypeRef> ObjectClasses(const TypeRef& t) {
    if (IsChosenObject(t)) return t->args;
    if (t->kind == TypeKind::kUserClass && t->user_class->IsLink()) return {t};
    if (IsLibraryLink(t)) return {types::LibObject(t->lib_type)};
    return {};
}

// The library base of objects of the classes `alternatives` (user class objects or library link objects).
// (User class references of a class choice, or objects of user or library link classes.)
const LibType* CommonBase(const std::vector<TypeRef>& alternatives) {
    const BuiltinTable& table = BuiltinTable::Get();
    const std::pair<const char*, ir::ClassInfo::Kind> bases[] = {{"Chain", ir::ClassInfo::Kind::kChain},
                                                                 {"ChainList", ir::ClassInfo::Kind::kChainList}};
    for (const auto& [name, kind] : bases) {
        const LibType* base = table.FindType(name);
        const bool all = std::all_of(alternatives.begin(), alternatives.end(), [&](const TypeRef& c) {
            return c->user_class != nullptr ? c->user_class->kind == kind : LibDerives(c->lib_type, base);
        });
        if (all) return base;
    }
    return table.FindType("Link");
}

TypeRef ChosenObjectOf(std::vector<TypeRef> alternatives) {
    auto t = std::make_shared<Type>(*types::LibObject(CommonBase(alternatives)));
    t->args = std::move(alternatives);
    return t;
}

}  // namespace

TypeRef JoinClassChoice(const TypeRef& a, const TypeRef& b) {
    if (a->kind != TypeKind::kClassChoice && b->kind != TypeKind::kClassChoice &&
        !(a->kind == TypeKind::kUserClassRef && b->kind == TypeKind::kUserClassRef)) {
        return nullptr;
    }
    std::vector<TypeRef> classes = Merged(Alternatives(a), Alternatives(b));
    if (classes.empty()) return nullptr;
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kClassChoice;
    t->args = std::move(classes);
    return t;
}

TypeRef ChosenObject(const TypeRef& choice) {
    std::vector<TypeRef> objects;
    for (const TypeRef& c : choice->args) objects.push_back(types::UserClass(c->user_class));
    return ChosenObjectOf(std::move(objects));
}

TypeRef JoinChosenObjects(const TypeRef& a, const TypeRef& b) {
    std::vector<TypeRef> classes = Merged(ObjectClasses(a), ObjectClasses(b));
    return classes.empty() ? nullptr : ChosenObjectOf(std::move(classes));
}

bool IsChosenObject(const TypeRef& t) {
    return t->kind == TypeKind::kLibObject && t->entry == nullptr && !t->args.empty() &&
           (t->args[0]->kind == TypeKind::kUserClass || t->args[0]->kind == TypeKind::kLibObject) &&
           (t->args.size() > 1 || t->args[0]->kind == TypeKind::kUserClass);
}

std::string ChosenClassName(const TypeRef& alternative) {
    return alternative->user_class != nullptr ? alternative->user_class->name : alternative->lib_type->name;
}

std::string ChosenClassCpp(const TypeRef& alternative) {
    return alternative->user_class != nullptr ? alternative->user_class->cpp_name : alternative->lib_type->cpp;
}

std::string ClassChoiceName(const TypeRef& choice) {
    std::string s = "type[";
    for (std::size_t i = 0; i < choice->args.size(); ++i) s += (i ? " | " : "") + choice->args[i]->user_class->name;
    return s + "]";
}

TypeRef Analyzer::ConstructChosen(const ast::CallExpr& e, const TypeRef& choice) {
    std::vector<ir::CallInfo> calls;
    for (const TypeRef& c : choice->args) {
        const ir::ClassInfo& cls = *c->user_class;
        ir::FunctionInfo* init = cls.Init();
        if (init != nullptr && init->forwarded_ctor != nullptr) {
            Error(e.range(), "'" + cls.name + "' passes its constructor's arguments on to its library base "
                             "(**kwargs); a class chosen at run time (" + PyName(choice) + ") is constructed by "
                             "its own '__init__' only");
        } else if (init != nullptr) {
            const std::size_t errors = DiagnosticsSoFar();
            CallUser(e, init, cls.name);
            if (DiagnosticsSoFar() > errors) return types::Unknown();  // (one error for the call, not one per class)
        } else if (!e.args().empty() || !e.keywords().empty()) {
            Error(e.range(), "'" + cls.name + "' takes no arguments (it has no '__init__'), and " + PyName(choice) +
                                 " may be it");
        }
        calls.push_back(init != nullptr ? program_.CallSlot(e) : ir::CallInfo{});
    }
    if (choice->args.empty()) return types::Unknown();
    program_.chosen_calls[&e] = std::move(calls);
    program_.headers.insert("cnet/py/one_of.h");
    return ChosenObject(choice);
}

bool AllUserClasses(const TypeRef& object) {
    return std::all_of(object->args.begin(), object->args.end(),
                       [](const TypeRef& c) { return c->user_class != nullptr; });
}

TypeRef Analyzer::CallChosen(const ast::CallExpr& e, const TypeRef& object) {
    std::vector<ir::CallInfo> calls;
    TypeRef result;
    std::string first;  // the forward `result` comes from
    for (const TypeRef& c : object->args) {
        const ir::ClassInfo& cls = *c->user_class;
        ir::FunctionInfo* fwd = cls.Forward();
        if (fwd == nullptr) {
            Error(e.range(), "an object of one of several classes (" + PyName(object) + ") is called, but '" +
                                 cls.name + "' has no forward or __call__");
            return types::Unknown();
        }
        const std::size_t errors = DiagnosticsSoFar();
        const TypeRef r = CallUser(e, fwd, cls.name + "." + fwd->name);
        if (DiagnosticsSoFar() > errors) return types::Unknown();
        calls.push_back(program_.CallSlot(e));
        if (!result || result->kind == TypeKind::kUnknown) {
            result = r, first = cls.name + "." + fwd->name;
        } else if (r->kind != TypeKind::kUnknown && !SameType(result, r)) {
            Error(e.range(), "an object of one of several classes (" + PyName(object) + ") is called, but '" +
                                 cls.name + "." + fwd->name + "' returns '" + PyName(r) + "' and '" + first +
                                 "' returns '" + PyName(result) + "'");
            return types::Unknown();
        }
    }
    program_.chosen_calls[&e] = std::move(calls);
    return result ? result : types::Unknown();
}

void Analyzer::CheckChosenCall(const ast::CallExpr& e, const TypeRef& object) {
    const std::size_t given = e.args().size() + e.keywords().size();
    for (const TypeRef& c : object->args) {
        std::string why;
        if (c->user_class == nullptr) {
            // A library link: its forward takes Variables, or a `__call__` row in the surface says what it takes.
            const BuiltinEntry* call = table_.MethodOrAttr(c->lib_type->name, "__call__");
            if (call != nullptr) {
                std::size_t required = 0;
                for (const ParamSpec& p : call->signature.params) required += p.has_default ? 0 : 1;
                if (given < required || given > call->signature.params.size() || !e.keywords().empty()) {
                    why = "'" + c->lib_type->name + "' takes " + std::to_string(required) + " to " +
                          std::to_string(call->signature.params.size()) + " arguments and this call passes " +
                          std::to_string(given) + " (positionally only)";
                } else if (call->result != "Variable") {
                    why = "'" + c->lib_type->name + "' returns '" + call->result + "'";
                }
            }
        } else {
            const ir::ClassInfo& cls = *c->user_class;
            const ir::FunctionInfo* fwd = cls.Forward();
            if (fwd == nullptr) {
                why = "'" + cls.name + "' has no forward or __call__";
            } else if (fwd->params.size() != e.args().size() || !e.keywords().empty()) {
                why = "'" + cls.name + "." + fwd->name + "' takes " + std::to_string(fwd->params.size()) + " argument" +
                      (fwd->params.size() == 1 ? "" : "s") + " and this call passes " + std::to_string(given) +
                      " (positionally only)";
            } else if (fwd->return_type && fwd->return_type->kind != TypeKind::kVariable &&
                       fwd->return_type->kind != TypeKind::kUnknown) {
                why = "'" + cls.name + "." + fwd->name + "' returns '" + PyName(fwd->return_type) + "'";
            }
        }
        if (!why.empty()) {
            Error(e.range(), "an object of one of several classes (" + PyName(object) + ") is called through "
                             "Link::call, which passes Variables and returns one Variable, but " + why);
            return;
        }
    }
}

TypeRef Analyzer::ChosenAttribute(const TypeRef& object, const std::string& attr, const ast::AttributeExpr& e) {
    TypeRef type;
    std::string cpp_name;
    std::string first;  // the class `type` and `cpp_name` come from
    for (const TypeRef& c : object->args) {
        const std::string name = ChosenClassName(c);
        TypeRef t;
        std::string cpp;
        if (c->user_class != nullptr) {
            const ir::FieldInfo* f = c->user_class->FindField(attr);
            if (f == nullptr) f = ClassAttribute(*c->user_class, attr);
            if (f != nullptr) t = f->type, cpp = f->cpp_name;
        } else if (const BuiltinEntry* a = table_.MethodOrAttr(c->lib_type->name, attr);
                   a != nullptr && a->kind == EntryKind::kAttr && !a->cpp.empty() && a->cpp[0] != '=' &&
                   a->result.rfind("type(", 0) != 0) {
            t = ResultType(*a, nullptr), cpp = a->cpp;  // a member of the C++ class
        }
        if (!t || t->kind == TypeKind::kUnknown) {
            Error(e.attr_range(), "'" + attr + "' is not an attribute of every class the object may be: '" + name +
                                      "' has none (of " + object->lib_type->name + " and the data attributes the "
                                      "classes share, only those can be used; inside a branch that assigned the "
                                      "object, it is of the class assigned)");
            return types::Unknown();
        }
        if (type && (!SameType(type, t) || cpp != cpp_name)) {
            Error(e.attr_range(), "'" + attr + "' has type '" + PyName(t) + "' in '" + name + "' but '" + PyName(type) +
                                      "' in '" + first + "'" + (SameType(type, t) ? " (a different C++ member)" : ""));
            return types::Unknown();
        }
        type = t;
        cpp_name = cpp;
        if (first.empty()) first = name;
    }
    program_.chosen_attributes[&e] = cpp_name;
    program_.headers.insert("cnet/py/one_of.h");
    return type;
}

}  // namespace cnet::compiler::sema
