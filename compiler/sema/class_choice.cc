// class_choice.cc — a link class chosen at run time from several of the file's classes.
//
// Note [Classes chosen at run time]
// Chainer's imagenet example picks its model class by name:
//     archs = {'alex': Alex, 'googlenet': GoogLeNet, 'nin': NIN, ...}
//     model = archs[args.arch]()
//     train = PreprocessedDataset(..., model.insize)
// Different classes where one value is expected join to a class choice (type[Alex | GoogLeNet | NIN]) when each is
// a link class constructed without arguments, and objects of different link classes (word2vec's `model =
// SkipGram(...)` in one branch and `ContinuousBoW(...)` in another) to the object such a choice makes (a
// module-level function called with either gets an instantiation per class instead, Note [Generic functions]): in C++ a std::function making the object as the common library base
// (std::shared_ptr<cnet::Chain>). Calling it gives that base, which every library API taking a link accepts
// (optimizer.setup, Evaluator, serializers, calling it through Link::call). The object's type remembers the
// classes (Type::args of the library object, with no constructor entry), so a data attribute that each of them has
// with one type (`model.insize`, a class attribute of each) can be read: codegen reads it from the first class, most
// derived first, that the object is (cnet::py::read_as_one_of). Methods of the classes are not reachable through
// the choice; calling the object goes through Link::call, so each class's forward must take and return
// Variables; anything else keeps the library base's diagnostics.
#include <algorithm>

#include "compiler/sema/analyzer.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/types.h"

namespace cnet::compiler::sema {
namespace {

bool ConstructedWithoutArguments(const ir::ClassInfo& cls) {
    const ir::FunctionInfo* init = cls.Init();
    if (init == nullptr) return true;
    return std::all_of(init->params.begin(), init->params.end(),
                       [](const ir::ParamInfo& p) { return p.default_value != nullptr; });
}

// The classes `t` stands for: itself for a class, its alternatives for a choice; empty for anything else.
std::vector<TypeRef> Alternatives(const TypeRef& t) {
    if (t->kind == TypeKind::kClassChoice) return t->args;
    if (t->kind == TypeKind::kUserClassRef && t->user_class->IsLink() && ConstructedWithoutArguments(*t->user_class)) {
        return {t};
    }
    return {};
}

int Depth(const ir::ClassInfo* cls) {
    int d = 0;
    for (const ir::ClassInfo* c = cls->user_base; c != nullptr; c = c->user_base) ++d;
    return d;
}

// The choice of the classes `a` and `b` list (each once), most derived first: the order in which codegen tries
// them (an AlexFp16 is also an Alex). Null when either list is empty.
TypeRef ChoiceOf(std::vector<TypeRef> a, const std::vector<TypeRef>& b) {
    if (a.empty() || b.empty()) return nullptr;
    for (const TypeRef& c : b) {
        const bool known = std::any_of(a.begin(), a.end(), [&](const TypeRef& x) { return x->user_class == c->user_class; });
        if (!known) a.push_back(c);
    }
    std::stable_sort(a.begin(), a.end(), [](const TypeRef& x, const TypeRef& y) {
        return Depth(x->user_class) > Depth(y->user_class);
    });
    auto t = std::make_shared<Type>();
    t->kind = TypeKind::kClassChoice;
    t->args = std::move(a);
    return t;
}

// The classes of an object of a link class, or of an object a choice made; empty for anything else.
std::vector<TypeRef> ObjectClasses(const TypeRef& t) {
    std::vector<TypeRef> refs;
    if (IsChosenObject(t)) {
        for (const TypeRef& c : t->args) refs.push_back(types::UserClassRef(c->user_class));
    } else if (t->kind == TypeKind::kUserClass && t->user_class->IsLink()) {
        refs.push_back(types::UserClassRef(t->user_class));
    }
    return refs;
}

}  // namespace

TypeRef JoinClassChoice(const TypeRef& a, const TypeRef& b) {
    if (a->kind != TypeKind::kClassChoice && b->kind != TypeKind::kClassChoice &&
        !(a->kind == TypeKind::kUserClassRef && b->kind == TypeKind::kUserClassRef)) {
        return nullptr;
    }
    return ChoiceOf(Alternatives(a), Alternatives(b));
}

const LibType* ClassChoiceBase(const TypeRef& choice) {
    const BuiltinTable& table = BuiltinTable::Get();
    const ir::ClassInfo::Kind kind = choice->args[0]->user_class->kind;
    const bool same = std::all_of(choice->args.begin(), choice->args.end(),
                                  [&](const TypeRef& c) { return c->user_class->kind == kind; });
    if (same && kind == ir::ClassInfo::Kind::kChain) return table.FindType("Chain");
    if (same && kind == ir::ClassInfo::Kind::kChainList) return table.FindType("ChainList");
    return table.FindType("Link");
}

TypeRef ChosenObject(const TypeRef& choice) {
    auto t = std::make_shared<Type>(*types::LibObject(ClassChoiceBase(choice)));
    for (const TypeRef& c : choice->args) t->args.push_back(types::UserClass(c->user_class));
    return t;
}

TypeRef JoinChosenObjects(const TypeRef& a, const TypeRef& b) {
    const TypeRef choice = ChoiceOf(ObjectClasses(a), ObjectClasses(b));
    return choice ? ChosenObject(choice) : nullptr;
}

bool IsChosenObject(const TypeRef& t) {
    return t->kind == TypeKind::kLibObject && t->entry == nullptr && !t->args.empty() &&
           t->args[0]->kind == TypeKind::kUserClass;
}

std::string ClassChoiceName(const TypeRef& choice) {
    std::string s = "type[";
    for (std::size_t i = 0; i < choice->args.size(); ++i) s += (i ? " | " : "") + choice->args[i]->user_class->name;
    return s + "]";
}

TypeRef Analyzer::ConstructChosen(const ast::CallExpr& e, const TypeRef& choice) {
    for (const auto& a : e.args()) Expr(*a);
    for (const auto& k : e.keywords()) Expr(k->value());
    if (!e.args().empty() || !e.keywords().empty()) {
        Error(e.range(), "a class chosen at run time (" + PyName(choice) + ") is constructed without arguments");
    }
    for (const TypeRef& c : choice->args) {
        if (ir::FunctionInfo* init = c->user_class->Init()) init->called = true;
    }
    return ChosenObject(choice);
}

void Analyzer::CheckChosenCall(const ast::CallExpr& e, const TypeRef& object) {
    for (const TypeRef& c : object->args) {
        const ir::ClassInfo& cls = *c->user_class;
        const ir::FunctionInfo* fwd = cls.Forward();
        std::string why;
        if (fwd == nullptr) {
            why = "'" + cls.name + "' has no forward or __call__";
        } else if (fwd->params.size() != e.args().size() || !e.keywords().empty()) {
            why = "'" + cls.name + "." + fwd->name + "' takes " + std::to_string(fwd->params.size()) + " argument" +
                  (fwd->params.size() == 1 ? "" : "s") + " and this call passes " +
                  std::to_string(e.args().size() + e.keywords().size()) + " (positionally only)";
        } else if (fwd->return_type && fwd->return_type->kind != TypeKind::kVariable &&
                   fwd->return_type->kind != TypeKind::kUnknown) {
            why = "'" + cls.name + "." + fwd->name + "' returns '" + PyName(fwd->return_type) + "'";
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
    for (const TypeRef& c : object->args) {
        const ir::ClassInfo& cls = *c->user_class;
        const ir::FieldInfo* f = cls.FindField(attr);
        if (f == nullptr) f = ClassAttribute(cls, attr);
        if (f == nullptr || !f->type || f->type->kind == TypeKind::kUnknown) {
            Error(e.attr_range(), "'" + attr + "' is not an attribute of every class the object may be: '" + cls.name +
                                      "' has none (of " + object->lib_type->name + " and the data attributes the "
                                      "classes share, only those can be used)");
            return types::Unknown();
        }
        if (type && !SameType(type, f->type)) {
            Error(e.attr_range(), "'" + attr + "' has type '" + PyName(f->type) + "' in '" + cls.name + "' but '" +
                                      PyName(type) + "' in '" + object->args[0]->user_class->name + "'");
            return types::Unknown();
        }
        type = f->type;
        cpp_name = f->cpp_name;
    }
    program_.chosen_attributes[&e] = cpp_name;
    program_.headers.insert("cnet/py/one_of.h");
    return type;
}

}  // namespace cnet::compiler::sema
