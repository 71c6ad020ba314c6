// analyzer_call.cc — sema over calls: binding positional and keyword arguments to the callee's
// parameters (library signatures from the builtin table, user defs), arity/keyword errors, parameter types
// inferred from call sites, and the typing of Python builtins (argparse: analyzer_argparse.cc; the arguments'
// types and conversions: analyzer_call_arguments.cc).
#include <algorithm>

#include "compiler/diagnostics/edit_distance.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

std::vector<BindParam> Analyzer::LibParams(const BuiltinEntry& entry) {
    std::vector<BindParam> params;
    for (const ParamSpec& p : entry.signature.params) {
        BindParam b;
        b.name = p.name;
        b.has_default = p.has_default;
        b.var_positional = p.var_positional;
        b.keyword_only = p.keyword_only;
        b.spec = &p;
        if (!p.type.empty()) {
            const bool was = report_;
            report_ = false;
            b.type = ParseTypeText(p.type, SourceRange());
            report_ = was;
        }
        params.push_back(b);
    }
    return params;
}

std::vector<BindParam> Analyzer::UserParams(const ir::FunctionInfo& fn) {
    std::vector<BindParam> params;
    for (const ir::ParamInfo& p : fn.params) {
        BindParam b;
        b.name = p.name;
        b.has_default = p.default_value != nullptr;
        b.param = &p;
        b.type = p.type;
        params.push_back(b);
    }
    return params;
}

bool Analyzer::Bind(const ast::CallExpr& e, const std::string& what, const std::vector<BindParam>& params,
                    ir::CallInfo& out, std::size_t skip) {
    out.args.clear();
    out.args.resize(params.size());
    for (std::size_t i = 0; i < params.size(); ++i) {
        out.args[i].spec = params[i].spec;
        out.args[i].param = params[i].param;
        out.args[i].is_var_positional = params[i].var_positional;
        out.args[i].expected = params[i].type;
    }
    bool ok = true;
    std::size_t pi = 0;
    std::size_t positional_capacity = 0;
    for (const BindParam& p : params) {
        if (!p.keyword_only && !p.var_positional) ++positional_capacity;
    }
    bool unpacked = false;
    for (std::size_t ai = skip; ai < e.args().size(); ++ai) {
        const ast::ExprPtr& arg = e.args()[ai];
        while (pi < params.size() && params[pi].keyword_only && !params[pi].var_positional) ++pi;
        if (ast::Isa<ast::StarredExpr>(*arg)) {
            // See Note [Unpacking a shape] and Note [Unpacking a list into *args]
            if (pi < params.size() && params[pi].var_positional && params[pi].spec != nullptr &&
                (!params[pi].spec->type.empty() || what == "zip") && e.args().size() - skip == pi + 1) {
                out.args[pi].rest.push_back(arg.get());
                continue;
            }
            Error(arg->range(), "argument unpacking with '*' is not supported here (only one list or shape, alone, into "
                                "the '*args' of a library function or zip()); pass the arguments one by one");
            rejected_unpacking_.insert(arg.get());
            unpacked = true;  // how many arguments it stands for is unknown: no "missing argument" errors
            ok = false;
            continue;
        }
        if (pi < params.size() && params[pi].var_positional) {
            out.args[pi].rest.push_back(arg.get());
            continue;
        }
        if (pi >= params.size()) {
            Error(arg->range(), "'" + what + "' takes " + std::to_string(positional_capacity) + " positional argument" +
                                    (positional_capacity == 1 ? "" : "s") + " but " + std::to_string(e.args().size() - skip) +
                                    " were given");
            ok = false;
            break;
        }
        out.args[pi].value = arg.get();
        ++pi;
    }
    for (const auto& kw : e.keywords()) {
        if (kw->IsDoubleStar()) {
            Error(kw->range(), "argument unpacking with '**' is not supported; pass keyword arguments by name");
            ok = false;
            continue;
        }
        std::size_t found = params.size();
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (params[i].name == kw->name() && !params[i].var_positional) found = i;
        }
        if (found == params.size()) {
            std::vector<std::string> names;
            for (const BindParam& p : params) {
                if (!p.var_positional) names.push_back(p.name);
            }
            const std::string message = "'" + what + "' got an unexpected keyword argument '" + kw->name() + "'";
            if (auto s = SuggestClosest(kw->name(), names)) {
                ErrorWithNote(kw->range(), message, kw->range(), "did you mean '" + *s + "'?");
            } else {
                Error(kw->range(), message);
            }
            ok = false;
            continue;
        }
        if (out.args[found].value != nullptr) {
            Error(kw->range(), "'" + what + "' got multiple values for argument '" + kw->name() + "'");
            ok = false;
            continue;
        }
        out.args[found].value = &kw->value();
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (out.args[i].value == nullptr && !params[i].has_default && !params[i].var_positional && !unpacked) {
            Error(e.range(), "'" + what + "' missing required argument '" + params[i].name + "'");
            ok = false;
        }
    }
    return ok;
}

// `x = chainer.Variable(x)` where x was given an array (`x, t = concat_examples(batch)`) but is a Variable
// because it is one elsewhere (a name keeps one type): the argument is taken as the Variable it is in C++, and
// codegen calls py::variable_of_array, which raises Chainer's TypeError if it is a real Variable. Where the
// assignment of the array is in view, the name reads as that array (Note [Narrowing]) and needs none of this.
void Analyzer::VariableOfArrayName(ir::CallInfo& call) {
    if (call.args.empty() || call.args[0].value == nullptr) return;
    const auto* name = ast::DynCast<ast::NameExpr>(call.args[0].value);
    if (name == nullptr || fn_ == nullptr) return;
    const ir::VarInfo* v = fn_->FindLocal(name->id());
    if (v != nullptr && v->holds_arrays && v->type && v->type->kind == TypeKind::kVariable &&
        NarrowedType(*name, v->type)->kind != TypeKind::kNdarray) {
        call.args[0].expected = types::Variable();
    }
}

TypeRef Analyzer::CallUser(const ast::CallExpr& e, ir::FunctionInfo* fn, const std::string& what) {
    ir::CallInfo call;
    fn->called = true;
    if (!Bind(e, what, UserParams(*fn), call)) {
        for (const auto& a : e.args()) Expr(*a);
        for (const auto& k : e.keywords()) Expr(k->value());
        program_.CallSlot(e) = call;
        return fn->return_type;
    }
    fn = UserArgTypes(fn, call, what);
    program_.CallSlot(e) = call;
    return fn->return_type ? fn->return_type : types::Unknown();
}

ir::FunctionInfo* Analyzer::UserArgTypes(ir::FunctionInfo* fn, ir::CallInfo& call, const std::string& what) {
    std::vector<TypeRef> types(call.args.size());
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        if (call.args[i].value != nullptr) types[i] = Expr(*call.args[i].value, fn->params[i].type);
    }
    const std::string not_generic = NotGenericReason(*fn);
    if (not_generic.empty()) fn = ChooseInstance(fn, call, types);  // Note [Generic functions]
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        ir::BoundArg& arg = call.args[i];
        if (arg.value == nullptr) continue;
        ir::ParamInfo& p = fn->params[i];
        const TypeRef& t = types[i];
        if (fn->is_forward && p.param->annotation() == nullptr && p.default_value == nullptr &&
            (p.type->kind == TypeKind::kVariable || p.type->kind == TypeKind::kUnknown) && t->kind == TypeKind::kList &&
            IsBatchArgument(t) && !SameType(p.type, t)) {
            // A forward called with a list of arrays takes the list (text_classification's encoders, `enc(xs)`);
            // its parameter was a Variable only because nothing had said otherwise.
            p.type = t;
            changed_ = true;
            if (ir::VarInfo* v = fn->FindLocal(p.name)) v->type = t;
        } else if (p.param->annotation() != nullptr || (fn->is_forward && p.default_value == nullptr)) {
            if (!Assignable(t, p.type)) {
                Error(arg.value->range(), "argument '" + p.name + "' of '" + what + "' must be '" + PyName(p.type) +
                                              "', got '" + PyName(t) + "'");
            }
        } else {
            TypeRef j = Join(p.type, t);
            if (!j) {
                Error(arg.value->range(), "argument '" + p.name + "' of '" + what + "' has type '" + PyName(t) +
                                              "' here but '" + PyName(p.type) + "' at another call; annotate the "
                                              "parameter or convert the argument (" + not_generic + ")");
            } else if (!SameType(j, p.type)) {
                p.type = j;
                changed_ = true;
                if (ir::VarInfo* v = fn->FindLocal(p.name)) v->type = j;
            }
        }
        Refine(*arg.value, p.type);
    }
    return fn;
}

TypeRef Analyzer::CallDunderCall(const ast::CallExpr& e, const std::string& lib_type, const BuiltinEntry& call_entry) {
    ir::CallInfo call;
    if (!Bind(e, lib_type, LibParams(call_entry), call)) {
        for (const auto& a : e.args()) Expr(*a);
        for (const auto& k : e.keywords()) Expr(k->value());
        return types::Unknown();
    }
    CheckArgTypes(e, lib_type, call);
    program_.CallSlot(e) = call;
    return ResultType(call_entry, &call);
}

TypeRef Analyzer::CallLink(const ast::CallExpr& e, const TypeRef& link) {
    // A link whose forward takes other arguments or returns more than a Variable declares its signature as a
    // `__call__` method in the surface tables (StatelessLSTM, NStepLSTM, ...).
    if (const BuiltinEntry* m = table_.MethodOrAttr(link->lib_type->name, "__call__"))
        return CallDunderCall(e, link->lib_type->name, *m);
    if (IsChosenObject(link) && AllUserClasses(link)) return CallChosen(e, link);  // Note [Classes chosen at run time]
    if (IsChosenObject(link)) CheckChosenCall(e, link);
    for (const auto& a : e.args()) {
        TypeRef t = Expr(*a);
        if (!IsArrayLike(t) && t->kind != TypeKind::kUnknown) {
            Error(a->range(), "a link is called with Variables or arrays, got '" + PyName(t) + "'");
        }
    }
    for (const auto& k : e.keywords()) {
        Error(k->range(), "keyword arguments are not supported when calling a library link");
        Expr(k->value());
    }
    return types::Variable();
}

TypeRef Analyzer::Call(const ast::CallExpr& e) {
    for (const auto& a : e.args()) {
        if (ast::Isa<ast::GeneratorExpr>(*a)) generator_args_.insert(a.get());
    }
    if (ExplicitBaseInit(e)) return types::None();
    if (TypeRef r = ExplicitBaseMethodCall(e)) return r;
    if (TypeRef popped; KwargsPop(e, &popped)) return popped;  // Note [Forwarding constructors]
    // super().__init__(...) / super(MLP, self).__init__(...): the C++ base constructor runs implicitly.
    if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func())) {
        if (const auto* sup = ast::DynCast<ast::CallExpr>(&attr->value())) {
            if (const auto* n = ast::DynCast<ast::NameExpr>(&sup->func()); n != nullptr && n->id() == "super") {
                if (attr->attr() != "__init__" || fn_ == nullptr || !fn_->is_init) {
                    Error(e.range(), "'super()' is supported only as 'super().__init__()' in '__init__'");
                } else if (!e.args().empty() || !e.keywords().empty()) {
                    if (cls_ != nullptr && cls_->user_base == nullptr && cls_->lib_base != nullptr) {
                        return LibraryConstructorCall(e, *cls_, true);
                    }
                    if (cls_ != nullptr && cls_->user_base != nullptr) {
                        if (ir::FunctionInfo* base_init = cls_->user_base->Init()) {
                            // C++ runs the base constructor before the body: only the first statement can be it.
                            const ast::StmtList& body = fn_->def->body();
                            std::size_t first = 0;
                            if (const auto* doc = body.empty() ? nullptr : ast::DynCast<ast::ExprStmt>(body[0].get());
                                doc != nullptr && ast::Isa<ast::StringLiteral>(doc->value()) && body.size() > 1) {
                                first = 1;
                            }
                            const auto* stmt = body.size() > first ? ast::DynCast<ast::ExprStmt>(body[first].get())
                                                                   : nullptr;
                            if (stmt == nullptr || &stmt->value() != &e) {
                                Error(e.range(), "'super().__init__(...)' with arguments must be the first statement "
                                                 "of '__init__' (the base class is constructed before the rest)");
                            }
                            fn_->base_init_call = &e;
                            return CallUser(e, base_init, cls_->user_base->name);
                        }
                    }
                    Error(e.range(), "the library base class's '__init__' takes no arguments");
                }
                return types::None();
            }
        }
    }
    if (TypeRef kernel = KernelConstruction(e)) return kernel;
    TypeRef callee = Expr(e.func());
    switch (callee->kind) {
        case TypeKind::kKernel:
            return CallKernelObject(e, callee);
        case TypeKind::kClassChoice:
            return ConstructChosen(e, callee);
        case TypeKind::kLibFunction:
            return CallBuiltin(e, *callee->entry);
        case TypeKind::kLibClass: {
            const BuiltinEntry& entry = *callee->entry;
            ir::CallInfo call;
            if (entry.lib_type != nullptr && (entry.lib_type->name == "Chain" || entry.lib_type->name == "Link" ||
                                              entry.lib_type->name == "ChainList" ||
                                              (FindLibraryBase(entry.lib_type->name) && entry.lib_type->name != "StandardUpdater"))) {
                Error(e.range(), "create a subclass of " + entry.QualifiedName() + " instead of an instance");
                return types::Unknown();
            }
            Bind(e, entry.name, LibParams(entry), call);
            if (entry.cpp == "Variable") VariableOfArrayName(call);
            CheckArgTypes(e, entry.name, call);
            program_.CallSlot(e) = call;
            if (entry.cpp == "Variable") return types::Variable();
            if (entry.lib_type == nullptr) return types::Unknown();
            if (entry.lib_type->name == "Classifier") {
                for (const ir::BoundArg& a : call.args) {
                    if (a.spec != nullptr && a.spec->name == "predictor" && a.value != nullptr) {
                        TypeRef p = program_.TypeOf(*a.value);
                        if (!(p->kind == TypeKind::kUserClass && p->user_class->IsLink()) &&
                            !(p->kind == TypeKind::kLibObject && table_.MethodOrAttr(p->lib_type->name, "cleargrads"))) {
                            if (p->kind != TypeKind::kUnknown) {
                                Error(a.value->range(), "the predictor of 'Classifier' must be a link, got '" +
                                                            PyName(p) + "'");
                            }
                        }
                    }
                }
            }
            return ConstructedObject(entry, call);
        }
        case TypeKind::kUserFunction:
            return CallUser(e, const_cast<ir::FunctionInfo*>(callee->function), callee->function->name);
        case TypeKind::kUserClassRef: {
            const ir::ClassInfo* cls = callee->user_class;
            if (ir::FunctionInfo* init = cls->Init(); init != nullptr && init->forwarded_ctor != nullptr) {
                ConstructForwarding(e, *init, cls->name);  // Note [Forwarding constructors]
            } else if (init != nullptr) {
                CallUser(e, init, cls->name);
            } else if (UserLibraryType(cls) != nullptr && (!e.args().empty() || !e.keywords().empty())) {
                return LibraryConstructorCall(e, *cls, false);
            } else if (!e.args().empty() || !e.keywords().empty()) {
                Error(e.range(), "'" + cls->name + "' takes no arguments (it has no '__init__')");
            }
            return types::UserClass(cls);
        }
        case TypeKind::kBoundMethod:
            if (callee->function != nullptr) {
                return CallUser(e, const_cast<ir::FunctionInfo*>(callee->function), callee->function->name);
            }
            return CallLibMethod(e, callee->args[0], *callee->entry);
        case TypeKind::kUserClass: {
            const ir::ClassInfo* cls = callee->user_class;
            if (const LibType* lib = UserLibraryType(cls); lib != nullptr && lib->name == "Function") {
                return CallFunctionObject(e, *cls);
            }
            if (!cls->IsLink()) break;
            ir::FunctionInfo* fwd = cls->Forward();
            if (fwd == nullptr) {
                Error(e.range(), "'" + cls->name + "' is called but defines neither 'forward' nor '__call__'");
                return types::Unknown();
            }
            return CallUser(e, fwd, cls->name);
        }
        case TypeKind::kLibObject:
            if (table_.MethodOrAttr(callee->lib_type->name, "cleargrads") != nullptr) return CallLink(e, callee);
            // A library object with a `__call__` row (an Evaluator, a Serializer).
            if (const BuiltinEntry* m = table_.MethodOrAttr(callee->lib_type->name, "__call__"))
                return CallDunderCall(e, callee->lib_type->name, *m);
            break;
        case TypeKind::kUnknown:
        case TypeKind::kNever:  // (Note [An attribute nothing assigns])
            for (const auto& a : e.args()) Expr(*a);
            for (const auto& k : e.keywords()) Expr(k->value());
            return callee;
        case TypeKind::kDtype: {  // np.float32(15): a NumPy scalar, a 0-d array of that dtype
            if (e.args().size() == 1 && e.keywords().empty()) {
                const TypeRef arg = Expr(*e.args()[0]);
                if (IsNumeric(arg) || arg->kind == TypeKind::kNdarray) return types::Ndarray();
            }
            Error(e.range(), "a dtype called as a function takes one number or array ('np.float32(x)')");
            return types::Unknown();
        }
        default:
            break;
    }
    Error(e.func().range(), "'" + PyName(callee) + "' is not callable");
    return types::Unknown();
}

TypeRef Analyzer::CallBuiltin(const ast::CallExpr& e, const BuiltinEntry& entry) {
    ir::CallInfo call;
    const std::string& name = entry.name;
    if (!Bind(e, name, LibParams(entry), call)) {
        for (const auto& a : e.args()) Expr(*a);
        for (const auto& k : e.keywords()) Expr(k->value());
        return types::Unknown();
    }
    program_.CallSlot(e) = call;
    if (entry.owner == "numpy" && (name == "genfromtxt" || name == "unique" || name == "array" || name == "asarray")) {
        CheckArgTypes(e, name, call);
        program_.CallSlot(e) = call;
        return NumpyStrings(e, entry, call);
    }
    if (entry.owner == "numpy.random" && name == "permutation" && call.args[0].value != nullptr) {
        // A list of rows that are not numbers stays a list, shuffled as NumPy shuffles an array's rows
        // (cnet/np/random.h); a list of numbers is an array, as in NumPy.
        const TypeRef x = Expr(*call.args[0].value);
        if (x->kind == TypeKind::kList && !IsNumeric(x->args[0]) && x->args[0]->kind != TypeKind::kUnknown) return x;
    }
    if (entry.owner == "collections") return CallCollections(e, entry, call);
    if (entry.owner == "copy") return CallCopy(e, entry, call);
    if (entry.owner != "builtins") {
        CheckArgTypes(e, name, call, entry.owner == "chainer.functions");
        program_.CallSlot(e) = call;
        if (entry.owner == "json") CheckJsonValue(entry, call);
        if (entry.name == "concat_examples") {
            const std::optional<bool> arrays = ExamplesAreArrays(e);
            if (!arrays) return types::Unknown();
            if (*arrays) return types::Ndarray();
        }
        if (entry.result == "items" || entry.result == "keys" || entry.result == "values") {
            return DictView(entry, call.args[0].value);
        }
        return ResultType(entry, &call);
    }
    // Python builtins: polymorphic typing.
    std::vector<TypeRef> arg_types;
    for (const ir::BoundArg& a : call.args) {
        std::vector<const ast::Expr*> values = a.rest;
        if (a.value != nullptr) values.push_back(a.value);
        for (const ast::Expr* v : values) {
            if (const auto* star = ast::DynCast<ast::StarredExpr>(v)) {  // zip(*rows): Bind lets only zip's through
                arg_types.push_back(Expr(star->value()));
                continue;
            }
            const auto* classes = ast::DynCast<ast::TupleExpr>(v);
            if (name == "isinstance" && &a != &call.args[0] && classes != nullptr) {  // isinstance(x, (int, float))
                std::vector<TypeRef> each;
                for (const auto& c : classes->elements()) each.push_back(Expr(*c));
                program_.ExprSlot(*v).type = types::Tuple(each);
                arg_types.push_back(types::Tuple(each));
                continue;
            }
            arg_types.push_back(Expr(*v, v == a.value ? a.expected : nullptr));
            // print(f) would print an address where Python prints <function f at 0x...>: neither is a value.
            if (!IsValueType(arg_types.back()) && arg_types.back()->kind != TypeKind::kUnknown &&
                !(name == "sorted" && &a != &call.args[0]) &&  // (sorted's key is a function, map's first
                !(name == "map" && &a == &call.args[0]) &&     // argument and isinstance's class)
                !(name == "isinstance" && &a != &call.args[0])) {
                Error(v->range(), "'" + name + "' cannot take " + PyName(arg_types.back()) + " as an argument; call it");
            }
        }
    }
    // len(xs) of an `xs: list[int] | None` not tested for None: Python raises TypeError when it is None; a test
    // first says what the program means (the C++ of an optional list is no list).
    if (name != "print" && name != "str" && name != "repr" && name != "bool" && name != "isinstance" &&
        name != "id" && name != "type") {
        std::size_t i = 0;
        for (const ir::BoundArg& a : call.args) {
            std::vector<const ast::Expr*> values = a.rest;
            if (a.value != nullptr) values.push_back(a.value);
            for (const ast::Expr* v : values) {
                const TypeRef& t = arg_types[i++];
                if (t->kind == TypeKind::kOptional && !IsHandle(t->args[0]) && !ast::Isa<ast::NoneLiteral>(*v)) {
                    Error(v->range(), "'" + name + "' of a value that may be None ('" + PyName(t) + "'); test it first "
                                      "(`if x is not None:`) or give it a value that is not None");
                }
            }
        }
    }
    // What the runtime does with an object (cnet/py/object.h); the other builtins need its type first.
    if (name != "print" && name != "str" && name != "repr" && name != "bool" && name != "int" && name != "float" &&
        name != "len" && name != "isinstance" && name != "list") {
        for (const TypeRef& t : arg_types) {
            if (t->kind == TypeKind::kObject) {
                ObjectOperandError(e, "'" + name + "()'");
                return types::Unknown();
            }
        }
    }
    auto first = [&]() { return arg_types.empty() ? types::Unknown() : StripOptional(arg_types[0]); };
    auto unknown_in_args = [&]() {
        for (const TypeRef& t : arg_types) {
            if (t->kind == TypeKind::kUnknown) return true;
        }
        return false;
    };
    if (name == "print" || entry.result == "exception") {
        return types::None();
    }
    if (name == "sorted") return Sorted(call);
    if (name == "map") return Map(e, call);
    if (name == "any" || name == "all" || name == "ord" || name == "chr" || name == "divmod") {
        return CallPyBuiltin(e, name, call);
    }
    if (name == "list") return types::List(IterElement(first(), *call.args[0].value));
    if (name == "set") {
        const ast::Expr* items = call.args.empty() ? nullptr : call.args[0].value;
        return types::Set(items == nullptr ? types::Unknown() : IterElement(first(), *items));
    }
    if (name == "len") {
        TypeRef t = first();
        if (t->kind == TypeKind::kInt || t->kind == TypeKind::kFloat || t->kind == TypeKind::kBool) {
            Error(e.range(), "object of type '" + PyName(t) + "' has no len()");
        }
        return types::Int();
    }
    if (name == "range") {
        for (std::size_t i = 0; i < arg_types.size(); ++i) {
            if (arg_types[i]->kind != TypeKind::kInt && arg_types[i]->kind != TypeKind::kUnknown &&
                arg_types[i]->kind != TypeKind::kBool) {
                Error(e.range(), "range() arguments must be int, got '" + PyName(arg_types[i]) + "'");
            }
        }
        return types::List(types::Int());
    }
    if (name == "enumerate") {
        return types::List(types::Tuple({types::Int(), IterElement(first(), *e.args()[0])}));
    }
    // These read their positional arguments (e.args()); Python's own message for min().
    if ((name == "zip" || name == "reversed" || name == "min" || name == "max" || name == "sum" || name == "abs") &&
        e.args().empty()) {
        Error(e.range(), name + " expected at least 1 positional argument, got 0");
        return types::Unknown();
    }
    if (name == "zip") {
        if (e.args().size() == 1 && ast::Isa<ast::StarredExpr>(*e.args()[0])) return ZipOfRows(first(), *e.args()[0]);
        std::vector<TypeRef> elements;
        for (std::size_t i = 0; i < arg_types.size(); ++i) elements.push_back(IterElement(arg_types[i], *e.args()[i]));
        if (elements.size() < 2 || elements.size() > 3) Error(e.range(), "zip() takes 2 or 3 sequences");
        return types::List(types::Tuple(elements));
    }
    if (name == "reversed") {
        if (first()->kind == TypeKind::kSet) Error(e.args()[0]->range(), "'set' object is not reversible");
        return types::List(IterElement(first(), *e.args()[0]));
    }
    if (name == "min" || name == "max" || name == "sum" || name == "abs") {
        if (unknown_in_args()) return types::Unknown();
        TypeRef result;
        if ((name == "sum" || arg_types.size() == 1) && name != "abs") {
            result = IterElement(first(), *e.args()[0]);
        } else {
            result = types::Unknown();
            for (const TypeRef& t : arg_types) {
                TypeRef j = Join(result, t);
                if (!j) {
                    Error(e.range(), name + "() arguments must have one type");
                    return types::Unknown();
                }
                result = j;
            }
        }
        // max(a) of one ndarray iterates it as Python does (`n_vocab = max(train) + 1` in ptb): a NumPy scalar.
        const bool over_array = (name == "min" || name == "max") && arg_types.size() == 1 &&
                                first()->kind == TypeKind::kNdarray;
        if (!IsNumeric(result) && !(name != "min" && name != "max" && IsArrayLike(result)) && !over_array &&
            result->kind != TypeKind::kUnknown && result->kind != TypeKind::kStr) {
            Error(e.range(), name + "() of '" + PyName(result) + "' is not supported");
        }
        return result->kind == TypeKind::kBool ? types::Int() : result;
    }
    if (name == "tuple" || name == "dict") {  // (names for isinstance)
        Error(e.range(), "'" + name + "(...)' is not supported; write a " +
                             (name == "tuple" ? "tuple display '(a, b)'" : "dict display '{k: v}' or comprehension"));
        return types::Unknown();
    }
    if (name == "int") return types::Int();
    if (name == "float") return types::Float();
    if (name == "bool") return types::Bool();
    if (name == "str" || name == "repr") return types::Str();
    if (name == "isinstance") {
        if (e.args().size() == 2) {
            const TypeRef c = program_.TypeOf(*e.args()[1]);
            auto is_class = [](const TypeRef& k) {
                return k->kind == TypeKind::kUserClassRef || k->kind == TypeKind::kLibClass ||
                       (k->kind == TypeKind::kLibFunction && BuiltinTypeName(*k->entry));
            };
            const bool classes = ast::Isa<ast::TupleExpr>(*e.args()[1]) &&
                                 std::all_of(c->args.begin(), c->args.end(), is_class);
            if (!is_class(c) && !classes) {
                Error(e.args()[1]->range(), "isinstance() needs a class or a tuple of classes as its second argument");
            }
        }
        return types::Bool();
    }
    if (name == "super") {
        Error(e.range(), "'super()' is supported only as 'super().__init__()' in '__init__'");
        return types::Unknown();
    }
    return ResultType(entry, &call);
}

TypeRef Analyzer::CallLibMethod(const ast::CallExpr& e, const TypeRef& receiver_in, const BuiltinEntry& entry) {
    const TypeRef receiver = StripOptional(receiver_in);
    const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
    if (entry.owner == "ArgumentParser" && entry.name == "add_argument") {
        AddArgument(e);
        return types::None();
    }
    if (entry.owner == "ArgumentParser" && entry.name == "set_defaults") {
        SetDefaults(e);
        return types::None();
    }
    if (entry.owner == "Optimizer" && entry.name == "update" && (!e.args().empty() || !e.keywords().empty())) {
        return OptimizerUpdate(e);
    }
    ir::CallInfo call;
    const std::string what = entry.name;
    if (!Bind(e, what, LibParams(entry), call)) {
        for (const auto& a : e.args()) Expr(*a);
        for (const auto& k : e.keywords()) Expr(k->value());
        return types::Unknown();
    }
    // list.append(x), set.add(x): the container learns its element type (a list's may become object, Note [Values
    // typed at run time]; a set keeps one static type).
    const bool append = entry.owner == "list" && entry.name == "append";
    if (append || (entry.owner == "set" && entry.name == "add")) {
        TypeRef element = receiver->args[0];
        TypeRef t = Expr(*call.args[0].value, element);
        TypeRef j = append ? Join(element, t) : StaticJoin(element, t);
        if (!j) {
            Error(call.args[0].value->range(), std::string("cannot ") + (append ? "append" : "add") + " '" + PyName(t) +
                                                   "' to a '" + PyName(receiver) + "'");
        } else {
            Refine(attr.value(), append ? types::List(j) : types::Set(j));
        }
        program_.CallSlot(e) = call;
        return types::None();
    }
    if (entry.owner == "Counter") {
        program_.CallSlot(e) = call;
        return CallCounterMethod(e, receiver, entry, call);
    }
    // list.insert(i, x) learns the element type as append does; list.index/remove/count(x) compare x with the
    // elements, which C++ can only do for a value of a type that joins with theirs.
    if (entry.owner == "list" && (entry.name == "insert" || entry.name == "index" || entry.name == "remove" ||
                                  entry.name == "count")) {
        const bool insert = entry.name == "insert";
        const ast::Expr& value = *call.args[insert ? 1 : 0].value;
        const TypeRef element = receiver->args[0];
        const TypeRef t = Expr(value, element);
        const TypeRef j = insert ? Join(element, t) : StaticJoin(element, t);
        if (!j && t->kind != TypeKind::kUnknown) {
            Error(value.range(), insert ? "cannot insert '" + PyName(t) + "' into a '" + PyName(receiver) + "'"
                                        : "list." + entry.name + "() of a '" + PyName(t) + "' in a '" +
                                              PyName(receiver) + "': no element can equal it");
        } else if (insert && j) {
            Refine(attr.value(), types::List(j));
        }
        if (insert) CheckArgTypes(e, what, call);
        program_.CallSlot(e) = call;
        return ResultType(entry, &call);
    }
    if (entry.owner == "list" && entry.name == "extend") {
        TypeRef t = Expr(*call.args[0].value);
        Refine(attr.value(), types::List(IterElement(t, *call.args[0].value)));
        program_.CallSlot(e) = call;
        return types::None();
    }
    if (TypeRef r = CallContainerMethod(e, receiver, entry, call)) return r;
    CheckArgTypes(e, what, call);
    program_.CallSlot(e) = call;
    if (entry.result == "element") return receiver->kind == TypeKind::kList ? receiver->args[0] : types::Unknown();
    if (entry.result == "items") return types::List(types::Tuple({receiver->args[0], receiver->args[1]}));
    if (entry.result == "keys") return types::List(receiver->args[0]);
    if (entry.result == "get") {  // d.get(key, default): a value of the dict's type
        const TypeRef k = program_.TypeOf(*call.args[0].value);
        if (!Assignable(k, receiver->args[0])) {
            Error(call.args[0].value->range(), "dict key of type '" + PyName(k) + "' for a '" + PyName(receiver) + "'");
        }
        const TypeRef d = program_.TypeOf(*call.args[1].value);
        if (!Assignable(d, receiver->args[1])) {
            Error(call.args[1].value->range(), "the default of get() must be a '" + PyName(receiver->args[1]) +
                                                   "' (the dict's values), got '" + PyName(d) + "'");
        }
        // While the dict's values are not known yet (`seen = {}` then `seen[w] = seen.get(w, 0) + 1`), the
        // default's type: the store then settles the dict, and the next pass checks the default against it.
        if (receiver->args[1]->kind == TypeKind::kUnknown) return d;
        return receiver->args[1];
    }
    if (entry.result == "values") return types::List(receiver->args[1]);
    if (entry.result == "type(self)") return receiver;  // link.copy(): the receiver's class
    if (entry.name == "converter" && receiver->kind == TypeKind::kUserClass) {  // Note [Datasets of arrays]
        const std::optional<bool> arrays = ExamplesAreArrays(e);
        if (!arrays) return types::Unknown();
        if (*arrays) {
            program_.headers.insert("cnet/dataset/convert.h");
            return types::Ndarray();
        }
    }
    if (entry.name == "reshape" || entry.name == "transpose") {
        // x.reshape((2, 3)) and x.reshape(2, 3) are both accepted.
        return receiver;
    }
    return ResultType(entry, &call);
}

// six.iteritems(d) / iterkeys / itervalues: d.items(), d.keys(), d.values() (lists of the dict's types).
TypeRef Analyzer::DictView(const BuiltinEntry& entry, const ast::Expr* arg) {
    const TypeRef d = arg != nullptr ? StripOptional(program_.TypeOf(*arg)) : types::Unknown();
    if (d->kind != TypeKind::kDict) {
        if (d->kind != TypeKind::kUnknown) {
            Error(arg->range(), entry.QualifiedName() + "() needs a dict, got '" + PyName(d) + "'");
        }
        return types::Unknown();
    }
    if (entry.result == "items") return types::List(types::Tuple({d->args[0], d->args[1]}));
    return types::List(d->args[entry.result == "keys" ? 0 : 1]);
}

}  // namespace cnet::compiler::sema
