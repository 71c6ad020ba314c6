// analyzer_library_base.cc — sema for user subclasses of library classes (Note [Library base classes]):
// the types of the hooks' parameters, the library members seen through `self`, super().__init__ of a
// library constructor, calling a chainer.Function object, user functions passed where the library takes a
// callable (loss_func=, eval_func=, eval_hook=, postprocess=, converter=, trainer.extend(f)), and what each base
// requires.
#include "compiler/sema/analyzer.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

bool IsMakeExtension(const ast::Expr& decorator) {
    const ast::Expr* e = &decorator;
    if (const auto* call = ast::DynCast<ast::CallExpr>(e)) e = &call->func();
    if (const auto* n = ast::DynCast<ast::NameExpr>(e)) return n->id() == "make_extension";
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(e)) return a->attr() == "make_extension";
    return false;
}

const LibType* Analyzer::UserLibraryType(const ir::ClassInfo* cls) const {
    for (const ir::ClassInfo* c = cls; c != nullptr; c = c->user_base) {
        if (c->lib_base != nullptr) return c->lib_base;
    }
    return nullptr;
}

const BuiltinEntry* Analyzer::LibraryMember(const ir::ClassInfo* cls, const std::string& attr) const {
    const LibType* lib = UserLibraryType(cls);
    if (lib == nullptr) return nullptr;
    // A hook is the user's to define (an Iterator's epoch, is_new_epoch, batch_size), not the library's.
    const LibraryBase* base = FindLibraryBase(lib->name);
    if (base != nullptr && FindLibraryHook(*base, attr) != nullptr) return nullptr;
    return table_.MethodOrAttr(lib->name, attr);
}

TypeRef Analyzer::HookParamType(const ir::FunctionInfo& fn, std::size_t i) {
    const LibraryBase* base = LibraryBaseOf(fn.owner);
    if (base == nullptr) return nullptr;
    const LibraryHook* hook = FindLibraryHook(*base, fn.name);
    if (hook == nullptr || i >= hook->params.size()) return nullptr;
    return ParseTypeText(hook->params[i], SourceRange());
}

// The constructor of the library base, as the builtin table declares it (StandardUpdater's iterator,
// optimizer, converter, device, loss_func), or null when it takes no arguments.
const BuiltinEntry* Analyzer::LibraryConstructor(const ir::ClassInfo& cls) const {
    const LibType* lib = UserLibraryType(&cls);
    if (lib == nullptr) return nullptr;
    if (lib->name == "StandardUpdater") return table_.Member("chainer.training", "StandardUpdater");
    return nullptr;
}

TypeRef Analyzer::LibraryConstructorCall(const ast::CallExpr& e, const ir::ClassInfo& cls, bool super_init) {
    if (super_init && fn_ != nullptr && fn_->forwarded_ctor != nullptr) return ForwardingSuperInit(e);
    const BuiltinEntry* ctor = LibraryConstructor(cls);
    if (ctor == nullptr) {
        Error(e.range(), super_init ? "the library base class's '__init__' takes no arguments"
                                    : "'" + cls.name + "' takes no arguments (it has no '__init__')");
        return types::None();
    }
    ir::CallInfo call;
    if (Bind(e, ctor->name, LibParams(*ctor), call)) CheckArgTypes(e, ctor->name, call);
    program_.CallSlot(e) = call;
    if (!super_init) return types::UserClass(&cls);
    // The C++ base is constructed before the body runs, so the call must come first (Note [Library base
    // classes]); its arguments may use the parameters of __init__.
    const ast::StmtList& body = fn_->def->body();
    std::size_t first = 0;
    if (!body.empty()) {
        if (const auto* es = ast::DynCast<ast::ExprStmt>(body[0].get()); es != nullptr && ast::Isa<ast::StringLiteral>(es->value())) {
            first = 1;
        }
    }
    const auto* stmt = first < body.size() ? ast::DynCast<ast::ExprStmt>(body[first].get()) : nullptr;
    if (stmt == nullptr || &stmt->value() != &e) {
        Error(e.range(), "call super().__init__(...) of " + ctor->name + " as the first statement of '__init__' "
                         "(the library object is constructed before the rest of '__init__' runs)");
    }
    return types::None();
}

TypeRef Analyzer::CallFunctionObject(const ast::CallExpr& e, const ir::ClassInfo& cls) {
    for (const auto& a : e.args()) {
        TypeRef t = Expr(*a);
        if (!IsArrayLike(t) && t->kind != TypeKind::kUnknown) {
            Error(a->range(), "a chainer.Function is called with Variables or arrays, got '" + PyName(t) + "'");
        }
    }
    for (const auto& k : e.keywords()) {
        Error(k->range(), "keyword arguments are not supported when calling a chainer.Function");
        Expr(k->value());
    }
    // One output is returned as a Variable, several as a tuple (Function.__call__); the count is that of the
    // tuple forward returns.
    std::size_t outputs = 1;
    for (const char* name : {"forward", "forward_cpu", "forward_gpu"}) {
        const ir::FunctionInfo* f = cls.FindMethod(name);
        if (f != nullptr && f->return_type && f->return_type->kind == TypeKind::kTuple) {
            outputs = f->return_type->args.size();
            break;
        }
    }
    if (outputs == 1) return types::Variable();
    return types::Tuple(std::vector<TypeRef>(outputs, types::Variable()));
}

void Analyzer::CheckLibraryClass(const ir::ClassInfo& cls) {
    const LibType* lib = UserLibraryType(&cls);
    if (lib == nullptr || cls.def == nullptr) return;
    const SourceRange at = cls.def->name_range();
    program_.headers.insert("cnet/core/subclass_adapters.h");
    if (!lib->header.empty()) program_.headers.insert(lib->header);
    auto require = [&](std::initializer_list<const char*> names, const std::string& message) {
        for (const char* n : names) {
            if (cls.FindMethod(n) != nullptr) return;
        }
        Error(at, "'" + cls.name + "' " + message);
    };
    // The hooks the class defines take what the runtime passes: as many arguments (the generated override calls
    // the method with them), of the hook's types where a parameter is annotated; and the headers of those types.
    if (const LibraryBase* base = FindLibraryBase(lib->name)) {
        for (const LibraryHook& hook : base->hooks) {
            const ir::FunctionInfo* m = cls.FindMethod(hook.name);
            if (m == nullptr || m->owner != &cls) continue;
            if (m->params.size() != hook.params.size()) {  // (extra parameters with defaults too: C++ has no defaults)
                Error(m->def->name_range(), "the runtime calls '" + hook.name + "' of '" + cls.name + "' with " +
                                                std::to_string(hook.params.size()) + " argument" +
                                                (hook.params.size() == 1 ? "" : "s") + " besides self; it takes " +
                                                std::to_string(m->params.size()));
            }
            for (std::size_t i = 0; i < hook.params.size() && i < m->params.size(); ++i) {
                const ir::ParamInfo& p = m->params[i];
                const TypeRef passed = HookParamType(*m, i);
                if (p.param->annotation() != nullptr && passed && p.type && !Assignable(passed, p.type)) {
                    Error(p.param->range(), "the runtime passes a '" + PyName(passed) + "' as '" + p.name + "' of '" +
                                                hook.name + "'; annotate it '" + PyName(passed) + "' or not at all");
                }
            }
            for (const std::string& param : hook.params) {
                if (const LibType* p = table_.FindType(param); p != nullptr && !p->header.empty()) {
                    program_.headers.insert(p->header);
                }
            }
        }
    }
    const std::string& t = lib->name;
    if (t == "Iterator") require({"__next__", "next"}, "must define '__next__' (a chainer.dataset.Iterator)");
    if (t == "Dataset") {
        require({"__len__"}, "must define '__len__' (a chainer.dataset.DatasetMixin)");
        require({"get_example"}, "must define 'get_example' (a chainer.dataset.DatasetMixin)");
    }
    if (t == "FunctionNode" || t == "Function") {
        require({"forward", "forward_cpu", "forward_gpu"}, "must define 'forward' (or 'forward_cpu' and 'forward_gpu')");
    }
    if (t == "Extension") require({"__call__"}, "must define '__call__(self, trainer)' (a training.Extension)");
    if (t == "StandardUpdater") {
        // Its snapshot state (iterators, optimizers) is the base's serialize, which an override calls first in
        // Chainer (super().serialize(serializer)); without that call reachable, an override would be ignored.
        if (const ir::FunctionInfo* m = cls.FindMethod("serialize"); m != nullptr && m->owner == &cls) {
            Error(m->def->name_range(), "overriding 'serialize' of a StandardUpdater is not supported yet (its "
                                        "snapshot keeps the base class's state)");
        }
        const ir::FunctionInfo* init = cls.Init();
        bool calls_base = init == nullptr;  // no __init__: constructed with StandardUpdater's own arguments
        if (init != nullptr && init->owner == &cls) {
            for (const ast::StmtPtr& s : init->def->body()) {
                const auto* es = ast::DynCast<ast::ExprStmt>(s.get());
                const auto* call = es != nullptr ? ast::DynCast<ast::CallExpr>(&es->value()) : nullptr;
                const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
                if (attr != nullptr && attr->attr() == "__init__" && !call->args().empty()) calls_base = true;
            }
        } else if (init != nullptr) {
            calls_base = true;  // a user base class constructs the updater
        }
        if (!calls_base) {
            Error(init->def->name_range(), "'__init__' of '" + cls.name + "' must call super().__init__(iterator, "
                                           "optimizer, ...) first: a StandardUpdater needs its iterator and optimizer");
        }
    }
}


// Note [User converters]
// ~~~~~~~~~~~~~~~~~~~~~~
// StandardUpdater(..., converter=convert, device=d) and Evaluator(..., converter=convert, device=d) call
// convert(batch, device) on each batch. Its parameters are typed from the same call: `device` as the device
// argument (None when left out, as in Chainer), `batch` as what the iterator's next() gives: a library
// iterator's Batch (a list of examples), or what a user Iterator's __next__ returns. word2vec's WindowIterator
// returns one tuple of arrays, `(center, contexts)`, not a list of examples: the runtime's Batch carries it as
// one example holding those arrays (cnet::adapters::ToBatch), and the converter's adapter unpacks it again
// (cnet::adapters::FromBatch); the default converter would stack it as a batch of one, so such an iterator
// needs converter=. The converter returns a tuple of arrays (the arguments of the loss function) or one array.
TypeRef Analyzer::ConverterBatchType(const ir::CallInfo& call) {
    for (const ir::BoundArg& a : call.args) {
        if (a.spec == nullptr || a.spec->name != "iterator" || a.value == nullptr) continue;
        const TypeRef it = StripOptional(program_.TypeOf(*a.value));
        if (it->kind != TypeKind::kUserClass) break;
        const ir::FunctionInfo* next = it->user_class->FindMethod("__next__");
        if (next == nullptr) next = it->user_class->FindMethod("next");
        if (next != nullptr && IsArraysTuple(next->return_type)) return next->return_type;
    }
    return types::LibObject(table_.FindType("Batch"));
}

// A parameter of a user function the library calls, untyped so far, gets the type the library passes.
void Analyzer::GiveParamType(ir::FunctionInfo& fn, ir::ParamInfo& p, const TypeRef& type) {
    // `def convert_seq(batch, device=None)` given the updater's device: `int | None`.
    if (WidenNoneParameter(fn, p, type)) return;
    // A loss function the program also calls with an array (`loss_func(test)`) takes Variables, which the updater
    // passes: the direct call's array becomes one.
    const bool array_to_variable = p.type && p.type->kind == TypeKind::kNdarray && type->kind == TypeKind::kVariable &&
                                   p.param != nullptr && p.param->annotation() == nullptr;
    if (p.type && p.type->kind != TypeKind::kUnknown && !array_to_variable) return;
    p.type = type;
    changed_ = true;
    if (ir::VarInfo* v = fn.FindLocal(p.name)) v->type = type;
}

// After the arguments of a call taking iterator= and converter=: the user converter's parameter types, or the
// error for an iterator only a converter can read.
void Analyzer::TypeConverter(const ast::CallExpr& e, const ir::CallInfo& call) {
    const ir::BoundArg* converter = nullptr;
    bool has_iterator = false;
    TypeRef device = types::None();
    for (const ir::BoundArg& a : call.args) {
        if (a.spec == nullptr || a.value == nullptr) continue;
        if (a.spec->name == "iterator") has_iterator = true;
        if (a.spec->name == "converter" && !ast::Isa<ast::NoneLiteral>(*a.value)) converter = &a;
        if (a.spec->name == "device") device = program_.TypeOf(*a.value);
    }
    if (!has_iterator) return;
    const TypeRef batch = ConverterBatchType(call);
    if (converter == nullptr) {
        if (batch->kind == TypeKind::kTuple) {
            Error(e.range(), "the iterator's '__next__' returns one tuple of arrays ('" + PyName(batch) + "'), not a "
                             "list of examples: pass converter= a function taking (batch, device) that returns the "
                             "arrays (Note [User converters])");
        }
        return;
    }
    const TypeRef value = program_.TypeOf(*converter->value);
    if (value->function == nullptr) return;
    auto* fn = const_cast<ir::FunctionInfo*>(value->function);
    if (fn->params.size() >= 1) GiveParamType(*fn, fn->params[0], batch);
    if (fn->params.size() >= 2) GiveParamType(*fn, fn->params[1], device);
    const bool returns_known = fn->return_type && fn->return_type->kind != TypeKind::kUnknown;
    std::size_t required = 0;  // text_classification's convert_seq(batch, device=None, with_label=True)
    for (const ir::ParamInfo& p : fn->params) required += p.default_value == nullptr ? 1 : 0;
    if (fn->params.size() < 2 || required > 2) {
        Error(converter->value->range(), "the converter '" + fn->name + "' is called with (batch, device); it takes " +
                                             std::to_string(fn->params.size()) + " argument" +
                                             (fn->params.size() == 1 ? "" : "s") +
                                             (required > 2 ? ", " + std::to_string(required) + " without a default" : ""));
    } else if (returns_known && fn->return_type->kind == TypeKind::kDict &&
               fn->return_type->args[0]->kind == TypeKind::kStr) {
        KeywordBatchConverter(call, *fn, *converter->value);  // keyword_batches.cc
    } else if (returns_known && !IsArraysTuple(fn->return_type) && !IsArrayLike(fn->return_type)) {
        Error(converter->value->range(), "the converter '" + fn->name + "' must return a tuple of arrays (the loss "
                                             "function's arguments), one array, or a dict of them (its keyword "
                                             "arguments), not '" + PyName(fn->return_type) + "'");
    }
}

// Note [Dataset transforms]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// TransformDataset(dataset, transform) calls transform(dataset[i]) for each example. The transform's parameter
// is the example as `dataset[i]` gives it: one array when the dataset is an ndarray or a list of arrays (each row
// or array an example), else the tuple form, a list of arrays (`x, t = in_data` unpacks it). It returns the new
// example: a tuple of arrays and numbers, or one array (then the TransformDataset is a dataset of arrays, Note
// [Datasets of arrays]). The runtime holds examples as tuples of arrays (cnet::adapters::ToExample).
TypeRef Analyzer::TransformExampleType(const ir::CallInfo& call) {
    for (const ir::BoundArg& a : call.args) {
        if (a.spec == nullptr || a.spec->name != "dataset" || a.value == nullptr) continue;
        if (IsSequenceOfArrays(program_.TypeOf(*a.value))) return types::Ndarray();
    }
    return types::List(types::Ndarray());
}

bool Analyzer::CallableArgument(const ir::CallInfo& call, const ir::BoundArg& arg, const TypeRef& value) {
    if (arg.spec == nullptr || !value || value->function == nullptr ||
        (value->kind != TypeKind::kUserFunction && value->kind != TypeKind::kBoundMethod)) {
        return false;
    }
    const std::string& name = arg.spec->name;
    TypeRef param;
    if (name == "converter") {  // typed once the call's arguments are (TypeConverter)
        const_cast<ir::FunctionInfo*>(value->function)->called = true;
        program_.headers.insert("cnet/core/subclass_adapters.h");
        return true;
    }
    if (name == "loss_func" || name == "eval_func") {
        param = types::Variable();  // called with the converted batch: f(x, t)
    } else if (name == "eval_hook") {
        param = types::LibObject(table_.FindType("Evaluator"));
    } else if (name == "extension") {
        param = types::LibObject(table_.FindType("Trainer"));  // trainer.extend(f): f(trainer)
    } else if (name == "activate") {
        param = types::Variable();  // L.Highway(n, activate=f): f(h)
    } else if (name == "sampler") {
        param = types::Shape();  // F.negative_sampling(..., sampler, ...): sampler((batch, sample_size + 1))
    } else if (name == "transform") {
        param = TransformExampleType(call);  // Note [Dataset transforms]
    } else if (name == "postprocess") {
        // LogReport(postprocess=f): f(result), the log entry as a dict it may edit (ptb adds 'perplexity').
        param = types::Dict(types::Str(), types::Float());
    } else {
        return false;
    }
    auto* fn = const_cast<ir::FunctionInfo*>(value->function);
    fn->called = true;
    program_.headers.insert("cnet/core/subclass_adapters.h");
    if (const auto* call = fn->extension_decorator != nullptr ? ast::DynCast<ast::CallExpr>(fn->extension_decorator)
                                                              : nullptr) {
        for (const auto& kw : call->keywords()) {
            if (kw->name() != "trigger" && kw->name() != "default_name" && kw->name() != "priority") {
                Error(kw->range(), "make_extension takes trigger=, default_name= and priority= here");
            }
            Expr(kw->value());
        }
        if (!call->args().empty()) Error(call->args()[0]->range(), "make_extension takes keyword arguments only");
    }
    for (ir::ParamInfo& p : fn->params) GiveParamType(*fn, p, param);
    const bool returns_known = fn->return_type && fn->return_type->kind != TypeKind::kUnknown;
    if (name != "loss_func" && name != "eval_func" && fn->params.size() != 1) {
        const char* what = name == "extension"   ? "trainer"
                           : name == "eval_hook" ? "evaluator"
                           : name == "activate"  ? "Variable"
                           : name == "postprocess" ? "log entry"
                           : name == "transform" ? "example"
                                                 : "shape";
        Error(arg.value->range(), "'" + fn->name + "' is called with one argument (the " + what + "); it takes " +
                                      std::to_string(fn->params.size()));
    }
    if ((name == "loss_func" || name == "activate") && returns_known && !IsArrayLike(fn->return_type)) {
        Error(arg.value->range(), std::string(name == "activate" ? "the activation '" : "the loss function '") +
                                      fn->name + "' must return a Variable, not '" + PyName(fn->return_type) + "'");
    }
    if (name == "transform" && returns_known && !IsExampleTuple(fn->return_type) && !IsArrayLike(fn->return_type) &&
        !IsSequenceOfArrays(fn->return_type)) {
        Error(arg.value->range(), "the transform '" + fn->name + "' must return the example: a tuple of arrays and "
                                      "numbers, or one array, not '" + PyName(fn->return_type) + "'");
    }
    if (name == "sampler" && returns_known && fn->return_type->kind != TypeKind::kNdarray) {
        Error(arg.value->range(), "the sampler '" + fn->name + "' must return an ndarray of ids, not '" +
                                      PyName(fn->return_type) + "'");
    }
    return true;
}

}  // namespace cnet::compiler::sema
