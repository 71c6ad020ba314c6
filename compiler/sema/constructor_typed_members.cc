// constructor_typed_members.cc — library attributes whose type is that of a constructor argument.
//
// Note [Members typed by a constructor argument]
// Chainer's Classifier keeps the predictor it is given: `model = L.Classifier(RNNForLM(...))` then
// `model.predictor.reset_state()` calls the user's method. A surface row says so with the result `type(param)`
// (CNET_ATTR("Classifier", "predictor", ..., "type(predictor)")). The object's type then records, for each such
// parameter of its constructor, the type of the argument passed (Type::entry is the constructor, Type::args
// those types, in the constructor's parameter order); reading the attribute gives that type, and codegen casts
// the runtime's handle (a std::shared_ptr<Link>) to it. Two such objects built from different arguments join to
// the plain library type, whose attribute has the parameter's declared type (Link).
#include "compiler/sema/analyzer.h"

namespace cnet::compiler::sema {
namespace {

// The parameters of `ctor` some attribute of its type is typed by, in parameter order.
std::vector<std::string> TypedParams(const BuiltinTable& table, const BuiltinEntry& ctor) {
    std::vector<std::string> out;
    if (ctor.lib_type == nullptr) return out;
    for (const ParamSpec& p : ctor.signature.params) {
        for (const std::string& name : table.MethodAndAttrNames(ctor.lib_type->name)) {
            const BuiltinEntry* m = table.MethodOrAttr(ctor.lib_type->name, name);
            if (m != nullptr && m->kind == EntryKind::kAttr && m->result == "type(" + p.name + ")") {
                out.push_back(p.name);
                break;
            }
        }
    }
    return out;
}

}  // namespace

TypeRef Analyzer::ConstructedObject(const BuiltinEntry& ctor, const ir::CallInfo& call) {
    const TypeRef plain = types::LibObject(ctor.lib_type);
    const std::vector<std::string> params = TypedParams(table_, ctor);
    if (params.empty()) return plain;
    auto t = std::make_shared<Type>(*plain);
    t->entry = &ctor;
    for (const std::string& name : params) {
        TypeRef arg;
        for (const ir::BoundArg& a : call.args) {
            if (a.spec != nullptr && a.spec->name == name && a.value != nullptr) arg = program_.TypeOf(*a.value);
        }
        if (!arg || arg->kind == TypeKind::kUnknown) return plain;
        t->args.push_back(arg);
    }
    return t;
}

TypeRef Analyzer::ConstructorArgType(const TypeRef& object, const BuiltinEntry& attr) {
    const std::string param = attr.result.substr(5, attr.result.size() - 6);
    if (object->entry != nullptr) {
        const std::vector<std::string> params = TypedParams(table_, *object->entry);
        for (std::size_t i = 0; i < params.size() && i < object->args.size(); ++i) {
            if (params[i] == param) return object->args[i];
        }
    }
    // No argument known: the parameter's declared type.
    for (const BuiltinEntry& e : table_.entries()) {
        if (e.kind != EntryKind::kClass || e.lib_type != object->lib_type) continue;
        for (const BindParam& p : LibParams(e)) {
            if (p.name == param && p.type) return p.type;
        }
    }
    return types::Unknown();
}

}  // namespace cnet::compiler::sema
