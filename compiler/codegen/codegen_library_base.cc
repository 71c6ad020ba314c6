// codegen_library_base.cc — the C++ of a user class deriving from a library class (Note [Library base
// classes] in compiler/sema/library_bases.h): its base-class clause, the base constructor from
// super().__init__(...), the runtime's virtual functions written as adapters that call the user's methods
// (converting the values both ways through cnet/core/subclass_adapters.h), and user functions passed where
// the library takes a callable.
#include "compiler/codegen/codegen.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {
namespace {

const sema::LibType* LibType(const ir::ClassInfo& cls) {
    for (const ir::ClassInfo* c = &cls; c != nullptr; c = c->user_base) {
        if (c->lib_base != nullptr) return c->lib_base;
    }
    return nullptr;
}

// The first statement of __init__ when it is super().__init__(...) with arguments.
const ast::CallExpr* SuperInit(const ir::FunctionInfo& init) {
    for (const ast::StmtPtr& s : init.def->body()) {
        const auto* es = ast::DynCast<ast::ExprStmt>(s.get());
        if (es == nullptr) return nullptr;
        if (ast::Isa<ast::StringLiteral>(es->value())) continue;  // the docstring
        const auto* call = ast::DynCast<ast::CallExpr>(&es->value());
        const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
        const auto* sup = attr != nullptr ? ast::DynCast<ast::CallExpr>(&attr->value()) : nullptr;
        const auto* name = sup != nullptr ? ast::DynCast<ast::NameExpr>(&sup->func()) : nullptr;
        if (name == nullptr || name->id() != "super" || attr->attr() != "__init__") return nullptr;
        return call->args().empty() && call->keywords().empty() ? nullptr : call;
    }
    return nullptr;
}

}  // namespace

std::string Generator::LibraryBaseClause(const ir::ClassInfo& cls) {
    if (cls.lib_base == nullptr) return "";
    const std::string& t = cls.lib_base->name;
    std::string clause = " : public " + cls.lib_base->cpp;
    // `self` as a value is shared_from_this(); FunctionNode already derives from enable_shared_from_this.
    if (t != "FunctionNode" && t != "Function") clause += ", public std::enable_shared_from_this<" + cls.cpp_name + ">";
    return clause;
}

std::string Generator::LibraryBaseInitializer(const ir::FunctionInfo& fn) {
    if (!fn.is_init || fn.owner == nullptr || fn.owner->lib_base == nullptr) return "";
    if (fn.forwarded_ctor != nullptr) return " : " + fn.forwarded_ctor->lib_type->cpp + "(std::move(base_))";
    const ast::CallExpr* call = SuperInit(fn);
    const ir::CallInfo* info = call != nullptr ? program_.Call(*call) : nullptr;
    if (info == nullptr) return "";
    return " : " + fn.owner->lib_base->cpp + "(" + Args(*info, false, true) + ")";
}

void Generator::EmitLibraryOverrides(const ir::ClassInfo& cls) {
    const sema::LibType* lib = LibType(cls);
    if (lib == nullptr) return;
    const std::string& t = lib->name;
    const bool root = cls.lib_base != nullptr;
    const std::string self = "const_cast<" + cls.cpp_name + "*>(this)->";
    auto own = [&](const std::string& name) -> const ir::FunctionInfo* {
        for (const auto& m : cls.methods) {
            if (m->name == name) return m.get();
        }
        return nullptr;
    };
    auto field = [&](const std::string& name) -> const ir::FieldInfo* {
        for (const auto& f : cls.fields) {
            if (f->name == name) return f.get();
        }
        return nullptr;
    };
    auto missing = [&](const std::string& what) {
        return "throw cnet::py::AttributeError(" +
               sema::CppStringLiteral("'" + cls.name + "' object has no attribute '" + what + "'") + ");";
    };
    w_.Line("");
    w_.Comment("the " + t + " interface, calling this class's methods (Note [Library base classes])");
    // An attribute the runtime reads: the user's field, or method / property without arguments.
    auto value = [&](const std::string& cpp_decl, const std::string& name, const std::string& wrap) {
        std::string body;
        const ir::FieldInfo* f = field(name);
        const ir::FunctionInfo* m = own(name);
        if (f != nullptr && sema::IsNever(f->type)) {  // only given a read that raises: never assigned
            body = missing(name);
        } else if (f != nullptr) {
            body = "return " + wrap + "(" + f->cpp_name + ");";
        } else if (m != nullptr && m->return_type->kind == TypeKind::kNone) {  // (void in C++)
            body = "return " + wrap + "((" + self + m->cpp_name + "(), cnet::py::None));";
        } else if (m != nullptr) {
            body = HookResult(*m, self + m->cpp_name + "()", wrap);
        } else if (root) {
            body = missing(name);
        } else {
            return;
        }
        w_.Line(cpp_decl + " override { " + body + " }");
    };
    if (t == "Iterator") {
        const ir::FunctionInfo* next = own("__next__") != nullptr ? own("__next__") : own("next");
        if (next != nullptr) {
            // `raise StopIteration` ends a non-repeating iterator: an empty batch (Note [StopIteration as an
            // empty batch] in cnet/iterators/iterator.h).
            w_.Line("cnet::iterators::Batch next() override {");
            w_.Line("    try {");
            w_.Line("        " + HookResult(*next, next->cpp_name + "()", "cnet::adapters::ToBatch"));
            w_.Line("    } catch (const cnet::StopIteration&) {");
            w_.Line("        return {};");
            w_.Line("    }");
            w_.Line("}");
        }
        value("int64_t epoch() const", "epoch", "");
        value("double epoch_detail() const", "epoch_detail", "static_cast<double>");
        value("std::optional<double> previous_epoch_detail() const", "previous_epoch_detail",
              "cnet::adapters::ToOptionalDouble");
        value("bool is_new_epoch() const", "is_new_epoch", "");
        value("int64_t batch_size() const", "batch_size", "");
        if (const ir::FunctionInfo* m = own("reset")) {
            w_.Line("void reset() override { " + m->cpp_name + "(); }");
            w_.Line("bool has_reset() const override { return true; }");
        }
        // copy.copy(iterator), which an Evaluator iterates when there is no reset(): a member-wise copy (an
        // attribute C++ cannot copy leaves the runtime's "cannot be copied").
        w_.Line("std::shared_ptr<cnet::iterators::Iterator> copy() const override {");
        w_.Line("    if constexpr (std::is_copy_constructible_v<" + cls.cpp_name + ">) return std::make_shared<" +
                cls.cpp_name + ">(*this);");
        w_.Line("    else return cnet::iterators::Iterator::copy();");
        w_.Line("}");
        if (const ir::FunctionInfo* m = own("finalize")) w_.Line("void finalize() override { " + m->cpp_name + "(); }");
        EmitSerializeOverride(cls);
    } else if (t == "Dataset") {
        if (const ir::FunctionInfo* m = own("__len__")) {
            w_.Line("int64_t size() const override { " + HookResult(*m, self + m->cpp_name + "()", "") + " }");
        }
        if (const ir::FunctionInfo* m = own("get_example")) {
            w_.Line("cnet::datasets::Example get_example(int64_t i) const override { " +
                    HookResult(*m, self + m->cpp_name + "(i)", "cnet::adapters::ToExample") + " }");
        }
    } else if (t == "FunctionNode" || t == "Function") {
        w_.Line("const char* label() const override { return " + sema::CppStringLiteral(cls.name) + "; }");
        // forward, or forward_cpu / forward_gpu chosen by where the inputs are (Chainer's default forward).
        auto dispatch = [&](const std::string& generic, const std::string& args, const std::string& wrap,
                            const std::string& device_of) {
            if (const ir::FunctionInfo* m = own(generic)) {
                w_.Line("    " + HookResult(*m, m->cpp_name + "(" + args + ")", wrap));
                return;
            }
            const ir::FunctionInfo* cpu = own(generic + "_cpu");
            const ir::FunctionInfo* gpu = own(generic + "_gpu");
            const auto call = [&](const ir::FunctionInfo* m, const std::string& which) {
                return m != nullptr ? HookResult(*m, m->cpp_name + "(" + args + ")", wrap)
                                    : "throw cnet::Error(" + sema::CppStringLiteral(cls.name + "." + which +
                                                                                   " is not defined") + ");";
            };
            w_.Line("    if (cnet::adapters::AllOnCpu(" + device_of + ")) " + call(cpu, generic + "_cpu"));
            w_.Line("    " + call(gpu, generic + "_gpu"));
        };
        if (own("forward") != nullptr || own("forward_cpu") != nullptr || own("forward_gpu") != nullptr) {
            w_.Line("cnet::ArrayList forward(const cnet::ArrayList& inputs) override {");
            dispatch("forward", "cnet::adapters::InputList(inputs)", "cnet::adapters::ToArrayList", "inputs");
            w_.Line("}");
        }
        const bool has_backward = own("backward") != nullptr || own("backward_cpu") != nullptr || own("backward_gpu") != nullptr;
        if (t == "FunctionNode" && (has_backward || root)) {
            w_.Line("cnet::VarList backward(const cnet::IndexList& target_input_indexes, const cnet::VarList& grad_outputs) "
                    "override {");
            if (const ir::FunctionInfo* m = own("backward")) {
                w_.Line("    " + HookResult(*m, m->cpp_name +
                                                  "(std::vector<int64_t>(target_input_indexes.begin(), "
                                                  "target_input_indexes.end()), cnet::adapters::ToList(grad_outputs))",
                                           "cnet::adapters::ToVarList"));
            } else {
                w_.Line("    throw cnet::Error(" + sema::CppStringLiteral(cls.name + ".backward is not defined") + ");");
            }
            w_.Line("}");
        }
        if (t == "Function" && (has_backward || root)) {
            w_.Line("cnet::ArrayList backward_arrays(const cnet::ArrayList& inputs, const cnet::ArrayList& grad_outputs) "
                    "override {");
            dispatch("backward", "cnet::adapters::InputList(inputs), cnet::adapters::InputList(grad_outputs)",
                     "cnet::adapters::ToArrayList", "inputs");
            w_.Line("}");
        }
    } else if (t == "StandardUpdater") {
        if (cls.Init() == nullptr && root) w_.Line("using " + lib->cpp + "::StandardUpdater;");
        if (const ir::FunctionInfo* m = own("update_core")) {
            w_.Line("void update_core() override { " + m->cpp_name + "(); }");
        }
    } else if (t == "Extension") {
        if (const ir::FunctionInfo* m = own("__call__")) {
            w_.Line("void operator()(cnet::training::Trainer& trainer) override { " + m->cpp_name +
                    "(cnet::adapters::Borrow(trainer)); }");
        }
        if (const ir::FunctionInfo* m = own("initialize")) {
            w_.Line("void initialize(cnet::training::Trainer& trainer) override { " + m->cpp_name +
                    "(cnet::adapters::Borrow(trainer)); }");
        }
        if (const ir::FunctionInfo* m = own("finalize")) w_.Line("void finalize() override { " + m->cpp_name + "(); }");
        EmitSerializeOverride(cls);
        w_.Line("std::string default_name() const override { return " + sema::CppStringLiteral(cls.name) + "; }");
        if (!cls.extension_attributes.empty()) {
            // Class attributes exist before __init__ runs: a member initialized after the base is constructed and
            // before the constructor's body sets the runtime's Extension members (what trainer.extend reads).
            std::string sets;
            for (const auto& [name, value] : cls.extension_attributes) {
                sets += name + " = " + E(*value, name == "trigger" ? sema::types::Unknown() : nullptr) + ", ";
            }
            w_.Line("bool class_attributes_set_ = (" + sets + "true);");
        }
    }
}

// serialize(self, serializer): the runtime's serialize (save_npz, load_npz, a trainer's snapshot) calls it with
// the serializer it visits the object with.
void Generator::EmitSerializeOverride(const ir::ClassInfo& cls) {
    for (const auto& m : cls.methods) {
        if (m->name != "serialize") continue;
        w_.Line("void serialize(cnet::Serializer& serializer) override { " + m->cpp_name +
                "(cnet::adapters::Borrow(serializer)); }");
    }
}

// MulAdd()(x, y, z) for a chainer.Function subclass: apply, then one Variable or a tuple of them.
std::string Generator::CallFunctionObject(const ast::CallExpr& e) {
    std::string args;
    for (std::size_t i = 0; i < e.args().size(); ++i) args += (i ? ", " : "") + E(*e.args()[i], sema::types::Variable());
    const std::string applied = E(e.func()) + "->apply(cnet::VarList{" + args + "})";
    const TypeRef t = TypeOf(e);
    if (t->kind != TypeKind::kTuple) return applied + "[0]";
    return "cnet::adapters::Outputs<" + std::to_string(t->args.size()) + ">(" + applied + ")";
}

// A user function or bound method where the library takes a callable (sema's CallableArgument): a lambda
// with the library's signature calling it. Empty when `arg` is no such argument.
std::string Generator::CallableAdapter(const ir::BoundArg& arg) {
    if (arg.spec == nullptr || arg.value == nullptr) return "";
    const TypeRef t = TypeOf(*arg.value);
    if (t->kind == TypeKind::kBoundMethod && t->entry != nullptr && arg.spec->name == "sampler") {
        // `walker.sample`, a library object's method as the sampler: a lambda holding the object.
        const auto& attr = ast::Cast<ast::AttributeExpr>(*arg.value);
        std::string op;
        const std::string recv = Receiver(attr.value(), &op);
        return "[receiver_ = " + recv + "](const cnet::Shape& shape_) { return receiver_" + op + t->entry->cpp +
               "(shape_); }";
    }
    if (t->function == nullptr || (t->kind != TypeKind::kUserFunction && t->kind != TypeKind::kBoundMethod)) return "";
    const ir::FunctionInfo& fn = *t->function;
    std::string capture = "[]";
    std::string callee = fn.cpp_name;
    if (fn.enclosing != nullptr) {
        // A closure (a nested def, a lambda, or one returned by a call: vae's get_loss_func()): its value.
        capture = "[callee_ = " + E(*arg.value) + "]";
        callee = "callee_";
    } else if (t->kind == TypeKind::kBoundMethod) {
        const auto& attr = ast::Cast<ast::AttributeExpr>(*arg.value);
        std::string op;
        const std::string recv = Receiver(attr.value(), &op);
        if (recv.empty()) {
            capture = "[this]";
        } else {
            capture = "[receiver_ = " + recv + "]";
            callee = "receiver_" + op + fn.cpp_name;
        }
    } else {
        callee = "(" + callee + ")";
    }
    const std::string& name = arg.spec->name;
    if (name == "loss_func" || name == "eval_func") {
        return capture + "(const std::vector<cnet::Variable>& args_) { " + BatchCall(fn, callee, "args_") + " }";
    }
    if (name == "transform" && fn.params.size() == 1) {  // Note [Dataset transforms] in sema
        const bool one_array = fn.params[0].type->kind == TypeKind::kNdarray;
        return capture + "(const cnet::datasets::Example& example_) { return cnet::adapters::ToExample(" + callee +
               "(" + (one_array ? "example_.at(0)" : "example_") + ")); }";
    }
    if (name == "converter" && fn.params.size() >= 2) {  // Note [User converters] in sema
        const TypeRef batch = fn.params[0].type, device = fn.params[1].type;
        const std::string batch_arg = batch->kind == TypeKind::kTuple
                                          ? "cnet::adapters::FromBatch<" + sema::CppName(batch) + ">(batch_)"
                                          : "batch_";
        const std::string device_arg = device->kind == TypeKind::kNone       ? "cnet::py::None"
                                       : device->kind == TypeKind::kOptional ? "device_"
                                                                             : "device_.value()";
        std::string defaults;  // the parameters after (batch, device) keep their defaults
        for (std::size_t i = 2; i < fn.params.size(); ++i) defaults += ", " + E(*fn.params[i].default_value, fn.params[i].type);
        const std::string converted = callee + "(" + batch_arg + ", " + device_arg + defaults + ")";
        std::string result = "cnet::adapters::ToExample(" + converted + ")";
        if (!fn.keyword_batch.empty()) {  // a dict: Note [Keyword batches] in cnet/core/keyword_batch.h
            std::string names;
            for (const std::string& n : fn.keyword_batch) names += (names.empty() ? "" : ", ") + sema::CppStringLiteral(n);
            result = "cnet::adapters::KeywordBatch(" + converted + ", {" + names + "})";
        }
        return capture + "(const cnet::iterators::Batch& batch_, std::optional<int> device_) -> " +
               "std::vector<cnet::Array> { return " + result + "; }";
    }
    if (name == "activate") {
        return capture + "(const cnet::Variable& x_) -> cnet::Variable { return " + callee + "(x_); }";
    }
    if (name == "sampler") {
        return capture + "(const cnet::Shape& shape_) -> cnet::Array { return " + callee + "(shape_); }";
    }
    if (name == "postprocess") {
        return capture + "(cnet::training::extensions::LogEntry& entry_) { cnet::adapters::PostprocessLogEntry(" +
               callee + ", entry_); }";
    }
    if (name == "eval_hook") {
        return capture + "(cnet::training::extensions::Evaluator& evaluator_) { " + callee +
               "(cnet::adapters::Borrow(evaluator_)); }";
    }
    if (name == "extension") {
        std::string options;
        if (fn.extension_decorator != nullptr) {
            // @training.make_extension(trigger=..., default_name=..., priority=...)
            std::string trigger = "{}", default_name = sema::CppStringLiteral(fn.name), priority = "std::nullopt";
            if (const auto* call = ast::DynCast<ast::CallExpr>(fn.extension_decorator)) {
                for (const auto& kw : call->keywords()) {
                    if (kw->name() == "trigger") trigger = E(kw->value(), sema::types::Unknown());
                    if (kw->name() == "default_name") default_name = E(kw->value());
                    if (kw->name() == "priority") priority = E(kw->value());
                }
            }
            options = ", " + trigger + ", " + default_name + ", " + priority;
        } else {
            options = ", {}, " + sema::CppStringLiteral(fn.name);
        }
        return "cnet::training::make_extension(" + capture + "(cnet::training::Trainer& trainer_) { " + callee +
               "(cnet::adapters::Borrow(trainer_)); }" + options + ")";
    }
    return "";
}

// The loss function's arguments from the converted batch: one Variable each, or, where a parameter is a list (a
// converter's dict of lists: Note [Keyword batches] in cnet/core/keyword_batch.h), read in order by a BatchReader.
std::string Generator::BatchCall(const ir::FunctionInfo& fn, const std::string& callee, const std::string& args) {
    bool lists = false;
    for (const ir::ParamInfo& p : fn.params) lists = lists || p.type->kind == TypeKind::kList;
    std::string out, call;
    if (lists) out = "cnet::adapters::BatchReader reader_(" + args + "); ";
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        const TypeRef& t = fn.params[i].type;
        std::string value = args + ".at(" + std::to_string(i) + ")";
        if (lists) {
            const std::string arg = "arg" + std::to_string(i) + "_";
            const std::string read = t->kind != TypeKind::kList ? (t->kind == TypeKind::kNdarray ? "array()" : "variable()")
                                     : t->args[0]->kind == TypeKind::kNdarray ? "list<cnet::Array>()"
                                                                              : "list<cnet::Variable>()";
            out += "auto " + arg + " = reader_." + read + "; ";  // in order: C++ leaves argument order open
            value = arg;
        }
        call += (i ? ", " : "") + value;
    }
    return out + "return " + callee + "(" + call + ");";
}

}  // namespace cnet::compiler::codegen
