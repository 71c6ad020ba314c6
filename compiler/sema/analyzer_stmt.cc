// analyzer_stmt.cc — sema over statements: assignments and their targets, control flow, `with`,
// returns, and the constructs .cnet rejects (with what to write instead).
#include <utility>

#include "compiler/diagnostics/edit_distance.h"
#include "compiler/ast/traversal.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::sema {

void Analyzer::Unsupported(const ast::Node& n, const std::string& message) { Error(n.range(), message); }

void Analyzer::AnalyzeFunction(ir::FunctionInfo& fn) {
    ir::InstanceScope facts(program_, fn);  // Note [Generic functions]
    fn_ = &fn;
    cls_ = fn.owner;
    for (std::size_t i = 0; i < fn.params.size(); ++i) {
        ir::ParamInfo& p = fn.params[i];
        ir::VarInfo* v = fn.FindLocal(p.name);
        if (p.param->annotation() != nullptr) {
            const bool was = report_;
            TypeRef t = ParseAnnotation(*p.param->annotation());
            report_ = was;
            if (!p.type || !SameType(p.type, t)) {
                p.type = t;
                changed_ = true;
            }
        } else if (fn.is_forward && p.type->kind == TypeKind::kUnknown && p.default_value == nullptr &&
                   forward_params_default_) {
            // (a parameter with a default, `sigmoid=True`, is typed by its default)
            p.type = types::Variable();
            changed_ = true;
        } else if (TypeRef hook = p.type->kind == TypeKind::kUnknown ? HookParamType(fn, i) : nullptr) {
            p.type = hook;  // the runtime calls this override (Note [Library base classes])
            changed_ = true;
        }
        if (p.default_value != nullptr) {
            TypeRef d = Expr(*p.default_value);
            if (p.param->annotation() != nullptr) {
                if (!Assignable(d, p.type)) {
                    Error(p.default_value->range(), "default value of type '" + PyName(d) + "' does not match " +
                                                        "parameter '" + p.name + "' of type '" + PyName(p.type) + "'");
                }
            } else {
                JoinInto(p.type, d, *p.default_value, "parameter '" + p.name + "'");
            }
        }
        // (A parameter nothing has typed yet keeps what the body stored in it: resetting that to unknown would
        // change it back every pass, and the fixpoint would never settle.)
        if (v != nullptr && (!v->type || (!SameType(v->type, p.type) && p.type->kind != TypeKind::kUnknown))) {
            v->type = p.type;
        }
    }
    if (fn.def->returns() != nullptr) {
        const bool was = report_;
        TypeRef r = ParseAnnotation(*fn.def->returns());
        report_ = was;
        if (!SameType(r, fn.return_type)) {
            fn.return_type = r;
            changed_ = true;
        }
    }
    loop_depth_ = 0;
    // A nested def starts its own walk (Note [Rebinding to another type]).
    const Bindings outer_bindings = std::exchange(bindings_, Bindings{});
    const std::vector<LoopExits> outer_loops = std::exchange(loop_exits_, {});
    const std::vector<Bindings*> outer_tries = std::exchange(try_states_, {});
    AnalyzeBlock(fn.def->body());
    bindings_ = outer_bindings;
    loop_exits_ = outer_loops;
    try_states_ = outer_tries;
    if (fn.return_type->kind == TypeKind::kUnknown) {
        // No return with a value was seen (yet): the function returns None.
        bool has_value_return = false;
        ast::WalkPreorder(*fn.def, [&](const ast::Node& n) {
            if (const auto* r = ast::DynCast<ast::ReturnStmt>(&n); r != nullptr && r->value() != nullptr) {
                has_value_return = true;
            }
        });
        if (!has_value_return) fn.return_type = types::None();
    }
    fn_ = nullptr;
    cls_ = nullptr;
}

void Analyzer::AnalyzeBlock(const ast::StmtList& body) {
    const std::size_t facts = narrowed_.size();  // facts of `assert` / `if ...: return` end with the block
    for (const ast::StmtPtr& s : body) AnalyzeStmt(*s);
    PopFacts(facts);
}

void Analyzer::AnalyzeStmt(const ast::Stmt& s) {
    // A statement reports its own diagnostics, also inside an expression (a lambda's nested def).
    std::vector<PendingDiagnostic>* const pending = pending_;
    pending_ = nullptr;
    AnalyzeStmtImpl(s);
    pending_ = pending;
    // What follows in the block runs on no path from here (Note [Rebinding to another type]).
    if (ast::Isa<ast::ReturnStmt>(s) || ast::Isa<ast::RaiseStmt>(s)) bindings_.reachable = false;
    if (ast::Isa<ast::BreakStmt>(s) || ast::Isa<ast::ContinueStmt>(s)) LeaveToLoopExit(ast::Isa<ast::BreakStmt>(s));
}

void Analyzer::AnalyzeStmtImpl(const ast::Stmt& s) {
    switch (s.kind()) {
        case ast::NodeKind::kExprStmt: {
            const ast::Expr& v = ast::Cast<ast::ExprStmt>(s).value();
            if (ast::Isa<ast::StringLiteral>(v)) return;  // docstring
            Expr(v);
            if (const auto* call = ast::DynCast<ast::CallExpr>(&v)) RegisteredAttribute(*call);
            return;
        }
        case ast::NodeKind::kAssignStmt: {
            const auto& a = ast::Cast<ast::AssignStmt>(s);
            TypeRef expected;
            if (a.targets().size() == 1) {
                if (const auto* n = ast::DynCast<ast::NameExpr>(a.targets()[0].get()); n != nullptr && fn_ != nullptr) {
                    if (ir::VarInfo* v = fn_->FindLocal(n->id())) expected = BoundType(*v);
                }
            }
            const auto* only = a.targets().size() == 1 ? ast::DynCast<ast::NameExpr>(a.targets()[0].get()) : nullptr;
            const std::string* outer = std::exchange(assigned_name_, only != nullptr ? &only->id() : nullptr);
            TypeRef value = Expr(a.value(), expected);
            assigned_name_ = outer;
            for (const auto& t : a.targets()) AnalyzeAssign(*t, value, s);
            return;
        }
        case ast::NodeKind::kAugAssignStmt: {
            const auto& a = ast::Cast<ast::AugAssignStmt>(s);
            // `y += 1` reads y: Python raises UnboundLocalError when nothing assigned it before.
            if (const auto* n = ast::DynCast<ast::NameExpr>(&a.target()); n != nullptr && fn_ != nullptr) {
                const ir::VarInfo* v = fn_->FindLocal(n->id());
                if (v != nullptr && (v->first_def == nullptr || v->first_def == &s)) {
                    Error(n->range(), "local variable '" + n->id() + "' is read by '" + ast::Spelling(a.op()) +
                                          "=' before anything is assigned to it");
                    return;
                }
            }
            if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&a.target()); attr != nullptr && cls_ != nullptr) {
                const auto* base = ast::DynCast<ast::NameExpr>(&attr->value());
                const ir::FieldInfo* f = cls_->FindField(attr->attr());
                if (base != nullptr && base->id() == "self" && (f == nullptr || f->decl == &a.target())) {
                    Error(attr->range(), "attribute 'self." + attr->attr() + "' is read by '" + ast::Spelling(a.op()) +
                                             "=' before anything is assigned to it");
                    return;
                }
            }
            TypeRef target = Expr(a.target());
            TypeRef value = Expr(a.value());
            // Reading either raises first (Note [An attribute nothing assigns]).
            TypeRef result = IsNever(target) || IsNever(value) ? types::Never() : BinaryTypes(a.op(), target, value, s);
            if (ast::Isa<ast::NameExpr>(a.target()) || ast::Isa<ast::AttributeExpr>(a.target())) {
                AnalyzeAssign(a.target(), result, s);
            } else if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&a.target())) {
                Refine(*sub, result);  // `counts[w] += 1`: a defaultdict or Counter learns its key type
            }
            return;
        }
        case ast::NodeKind::kAnnAssignStmt: {
            const auto& a = ast::Cast<ast::AnnAssignStmt>(s);
            TypeRef declared = ParseAnnotation(a.annotation());
            if (a.value() != nullptr) {
                const auto* only = ast::DynCast<ast::NameExpr>(&a.target());
                const std::string* outer = std::exchange(assigned_name_, only != nullptr ? &only->id() : nullptr);
                TypeRef value = Expr(*a.value(), declared);
                assigned_name_ = outer;
                if (!Assignable(value, declared)) {
                    Error(a.value()->range(), "cannot assign a value of type '" + PyName(value) + "' to '" +
                                                  PyName(declared) + "'");
                }
            }
            AnalyzeAssign(a.target(), declared, s);
            return;
        }
        case ast::NodeKind::kIfStmt: {
            AnalyzeIf(ast::Cast<ast::IfStmt>(s));
            return;
        }
        case ast::NodeKind::kWhileStmt: {
            const auto& w = ast::Cast<ast::WhileStmt>(s);
            if (!w.orelse().empty()) Unsupported(s, "'while ... else' is not supported; use a flag variable");
            KillFactsAssignedIn(w.body());
            const Bindings head = EnterLoopBindings(s);
            Expr(w.test());
            const std::size_t facts = narrowed_.size();
            PushFacts(ConditionFacts(w.test()), true);
            ++loop_depth_;
            AnalyzeBlock(w.body());
            --loop_depth_;
            PopFacts(facts);
            LeaveLoopBindings(s, head);
            return;
        }
        case ast::NodeKind::kForStmt:
            KillFactsAssignedIn(ast::Cast<ast::ForStmt>(s).body());
            AnalyzeFor(ast::Cast<ast::ForStmt>(s));
            return;
        case ast::NodeKind::kWithStmt:
            AnalyzeWith(ast::Cast<ast::WithStmt>(s));
            return;
        case ast::NodeKind::kReturnStmt: {
            const auto& r = ast::Cast<ast::ReturnStmt>(s);
            if (fn_ == nullptr || fn_->def == nullptr) {
                if (r.value() != nullptr) Unsupported(s, "'return' with a value outside a function");
                return;
            }
            TypeRef value = r.value() != nullptr ? Expr(*r.value(), fn_->return_type) : types::None();
            MarkEscaping(value);
            if (fn_->is_init && r.value() != nullptr) {
                Unsupported(s, "'__init__' cannot return a value");
                return;
            }
            if (fn_->is_entry && r.value() != nullptr) {
                Unsupported(s, "'main' cannot return a value");
                return;
            }
            if (fn_->def->returns() != nullptr) {
                if (!Assignable(value, fn_->return_type)) {
                    Error(r.value() != nullptr ? r.value()->range() : s.range(),
                          "returning '" + PyName(value) + "' from a function declared to return '" +
                              PyName(fn_->return_type) + "'");
                }
            } else {
                JoinInto(fn_->return_type, value, r.value() != nullptr ? static_cast<const ast::Node&>(*r.value()) : s,
                         "the return value of '" + fn_->name + "'");
            }
            return;
        }
        case ast::NodeKind::kPassStmt:
        case ast::NodeKind::kBreakStmt:
        case ast::NodeKind::kContinueStmt:
            return;
        case ast::NodeKind::kRaiseStmt:
            AnalyzeRaise(ast::Cast<ast::RaiseStmt>(s));
            return;
        case ast::NodeKind::kAssertStmt: {
            const auto& a = ast::Cast<ast::AssertStmt>(s);
            Expr(a.test());
            if (a.message() != nullptr) Expr(*a.message());
            PushFacts(ConditionFacts(a.test()), true);  // to the end of the block
            return;
        }
        case ast::NodeKind::kDelStmt: {
            for (const auto& t : ast::Cast<ast::DelStmt>(s).targets()) {
                const auto* sub = ast::DynCast<ast::SubscriptExpr>(t.get());
                if (sub == nullptr) {
                    Unsupported(*t, "'del' is supported for list items only ('del xs[i]')");
                    continue;
                }
                TypeRef c = Expr(sub->value());
                Expr(sub->index());
                if (c->kind != TypeKind::kList && c->kind != TypeKind::kDict && !IsNever(c)) {
                    Unsupported(*t, "'del' is supported for list and dict items only");
                }
            }
            return;
        }
        case ast::NodeKind::kGlobalStmt:
        case ast::NodeKind::kNonlocalStmt:
            Unsupported(s, std::string("'") + (s.kind() == ast::NodeKind::kGlobalStmt ? "global" : "nonlocal") +
                               "' is not supported in .cnet; pass the value as a parameter or keep it on an object");
            return;
        case ast::NodeKind::kImportStmt:
        case ast::NodeKind::kImportFromStmt: {
            if (fn_ == nullptr || fn_ == program_.script_function.get()) {
                Unsupported(s, "imports must be at the top level of the file or of a function");
                return;
            }
            FunctionImports& scope = function_imports_[fn_];
            const ImportScope into{scope.names, scope.entries, scope.decls};
            if (const auto* imp = ast::DynCast<ast::ImportStmt>(&s)) {
                CollectImport(*imp, into);
            } else {
                CollectImportFrom(ast::Cast<ast::ImportFromStmt>(s), into);
            }
            return;
        }
        case ast::NodeKind::kTryStmt:
            AnalyzeTry(ast::Cast<ast::TryStmt>(s));
            return;
        case ast::NodeKind::kFunctionDef:
            if (ir::FunctionInfo* c = ClosureOf(s)) {
                AnalyzeClosure(*c);
                return;
            }
            Error(ast::Cast<ast::FunctionDef>(s).name_range(),
                        "nested functions are supported inside functions only; define '" +
                            ast::Cast<ast::FunctionDef>(s).name() + "' at the top level of the file");
            return;
        case ast::NodeKind::kClassDef:
            Error(ast::Cast<ast::ClassDef>(s).name_range(), "nested classes are not supported; define '" + ast::Cast<ast::ClassDef>(s).name() +
                               "' at the top level of the file");
            return;
        default:
            Unsupported(s, "unsupported statement");
    }
}

// Note [The parsed arguments' dict]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// text_classification writes `model_setup = args.__dict__`, stores `model_setup['n_class'] = n_class`, then
// `json.dump(args.__dict__, f)`: Python binds the name to the namespace's own dict, so what is stored through it is
// in args.__dict__ (and is an attribute of args). cnet's dicts are values (an assignment copies one), so a local
// bound to `args.__dict__` is a C++ reference to it (`auto& model_setup = args.dict();`, cnet::py::Namespace::dict):
// bound once, declared where it is bound.
bool Analyzer::IsNamespaceDict(const ast::Expr& e) const {
    const auto* a = ast::DynCast<ast::AttributeExpr>(&e);
    return a != nullptr && a->attr() == "__dict__" && program_.TypeOf(a->value())->kind == TypeKind::kArgs;
}

void Analyzer::AnalyzeAssign(const ast::Expr& target, const TypeRef& value, const ast::Node& at) {
    KillFacts(target);
    if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) {
        if (fn_ == nullptr) return;  // a global constant (typed by CollectModule)
        ir::VarInfo* v = fn_->FindLocal(n->id());
        if (v == nullptr) return;
        const auto* stmt = ast::DynCast<ast::AssignStmt>(&at);
        const bool alias = IsClassAlias(value) && !v->is_param && stmt != nullptr && stmt->targets().size() == 1 &&
                           stmt->targets()[0].get() == &target;
        if (!IsValueType(value) && value->kind != TypeKind::kUnknown && !alias) {
            Error(target.range(), "cannot store " + PyName(value) + " in a variable; call it or use it directly" +
                                      (IsClassAlias(value) ? " (a name may stand for a class when assigned "
                                                             "`name = Class` alone)" : ""));
            return;
        }
        if (value->kind == TypeKind::kNone && (!v->type || v->type->kind == TypeKind::kUnknown)) {
            // `x = None` first: the type comes from a later assignment.
            return;
        }
        // A value that does not fit the name's variable goes to another one (Note [Rebinding to another type]).
        if (ir::VarInfo* w = VariableFor(*v, value, at); w != v) {
            JoinInto(w->type, value, target, "'" + n->id() + "'");
            BindTo(*v, *w);
            ir::ExprInfo& slot = program_.ExprSlot(target);
            slot.type = w->type;
            slot.local = w;
            return;
        }
        BindTo(*v, *v);
        if (v->first_def == nullptr) v->first_def = &at;
        const bool namespace_dict = stmt != nullptr && stmt->targets().size() == 1 && IsNamespaceDict(stmt->value());
        if (namespace_dict || v->reference) {  // Note [The parsed arguments' dict]
            if (v->is_param || v->first_def != &at || !namespace_dict) {
                Error(target.range(), "'" + n->id() + "' is bound to the parsed arguments' dict (args.__dict__), which "
                                      "cnet keeps as a reference to that dict: bind it once, and give the other "
                                      "value another name");
            } else {
                v->reference = true;
            }
        }
        // `loss = 0` then `loss += F.foo(...)`: a Variable from the start (0 + Variable is a Variable in Chainer);
        // `sum_perp = 0` then `sum_perp += loss.data`: an ndarray from the start (0 + a NumPy value is one), the
        // numbers stored in it 0-d arrays (ptb's custom loop).
        if (v->type && IsNumeric(v->type) && IsArrayLike(value) && !v->is_param) {
            v->type = value;
            changed_ = true;
        }
        if (v->is_param && v->type && IsComplete(v->type) && IsComplete(value) && !Assignable(value, v->type)) {
            // The C++ parameter keeps its type (`def f(x): x = chainer.Variable(x)` would store a Variable in an
            // ndarray): a new name says what the code means.
            Error(target.range(), "parameter '" + n->id() + "' is a '" + PyName(v->type) + "' and cannot be rebound to a '" +
                                      PyName(value) + "'; assign the new value to a new name (e.g. '" + n->id() +
                                      "_v = ...')");
            return;
        }
        if (v->type && IsArrayLike(v->type) && IsNumeric(value) && !v->is_param) {
            program_.ExprSlot(target).type = v->type;
            program_.ExprSlot(target).local = v;
            return;
        }
        if (value && value->kind == TypeKind::kNdarray) v->holds_arrays = true;
        JoinInto(v->type, value, target, "'" + n->id() + "'");
        NoteAssigned(target, v->type, value);  // Note [Narrowing]
        // The target of `x += 1` was also read (Expr): where that read was narrowed it keeps the narrowed type,
        // which codegen's operation is on (Note [Narrowing]).
        ir::ExprInfo& slot = program_.ExprSlot(target);
        if (!slot.narrowed_from) slot.type = v->type;
        slot.local = v;
        return;
    }
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&target)) {
        const auto* base = ast::DynCast<ast::NameExpr>(&a->value());
        // (self.iteration of a StandardUpdater subclass is the library's attribute, not a new field.)
        if (base != nullptr && base->id() == "self" && cls_ != nullptr && fn_ != nullptr &&
            (cls_->FindField(a->attr()) != nullptr || LibraryMember(cls_, a->attr()) == nullptr)) {
            ir::FieldInfo* f = cls_->FindField(a->attr());
            if (f == nullptr) {
                auto field = std::make_unique<ir::FieldInfo>();
                field->name = a->attr();
                field->cpp_name = LibraryMemberName(LibraryBaseOf(cls_), a->attr());
                field->type = types::Unknown();
                field->decl = &target;
                f = field.get();
                cls_->fields.push_back(std::move(field));
                changed_ = true;
            }
            if (value->kind != TypeKind::kNone || (f->type && f->type->kind != TypeKind::kUnknown)) {
                JoinInto(f->type, value, target, "attribute 'self." + a->attr() + "'");
            }
            const bool is_link = (value->kind == TypeKind::kUserClass && value->user_class->IsLink()) ||
                                 (value->kind == TypeKind::kLibObject && table_.MethodOrAttr(value->lib_type->name,
                                                                                             "cleargrads") != nullptr);
            if (is_link && fn_->is_init) f->is_link = true;
            // `self.w = chainer.Parameter(...)` inside `with self.init_scope():` of a link registers a parameter.
            if (in_init_scope_ && fn_->is_init && cls_->IsLink()) {
                const auto* as = ast::DynCast<ast::AssignStmt>(&at);
                const auto* call = as != nullptr ? ast::DynCast<ast::CallExpr>(&as->value()) : nullptr;
                const TypeRef callee = call != nullptr ? program_.TypeOf(call->func()) : nullptr;
                if (callee && callee->kind == TypeKind::kLibClass && callee->entry != nullptr &&
                    callee->entry->owner == "chainer" && callee->entry->name == "Parameter") {
                    f->is_param = true;
                }
            }
            ir::ExprInfo& info = program_.ExprSlot(target);
            info.type = f->type;
            info.field = f;
            Expr(a->value());
            return;
        }
        ir::ExprInfo info;
        storing_attribute_ = &target;  // (storing one nothing assigns is no read: it stays an error)
        TypeRef current = Expr(target);
        storing_attribute_ = nullptr;
        if (IsNever(program_.TypeOf(a->value()))) return;  // the object's read raises
        if (RejectClassAttributeStore(*a)) return;
        const ir::ExprInfo* got = program_.Info(target);
        if (got != nullptr && got->attr != nullptr && got->attr->setter.empty()) {
            Error(a->attr_range(), "attribute '" + a->attr() + "' is read-only");
            return;
        }
        if (!Assignable(value, current)) {
            Error(at.range(), "cannot assign a value of type '" + PyName(value) + "' to attribute '" + a->attr() +
                                  "' of type '" + PyName(current) + "'");
        }
        return;
    }
    if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&target)) {
        TypeRef container = Expr(sub->value());
        // `a[...] = v`, `a[..., 0] = v`: '...' and None are index items of an array (as in Analyzer::Subscript).
        const bool array = container->kind == TypeKind::kNdarray || container->kind == TypeKind::kStrArray;
        auto index_item = [&](const ast::Expr& p) {
            if (!array || (!ast::Isa<ast::EllipsisLiteral>(p) && !ast::Isa<ast::NoneLiteral>(p))) Expr(p);
        };
        if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&sub->index()); tuple != nullptr && array) {
            for (const auto& p : tuple->elements()) index_item(*p);
        } else {
            index_item(sub->index());
        }
        if (IsNever(container) || IsNever(value)) return;  // reading one raises before the store
        if (container->kind == TypeKind::kList) {
            if (!Assignable(value, container->args[0])) {
                Error(at.range(), "cannot store '" + PyName(value) + "' in a '" + PyName(container) + "'");
            }
        } else if (container->kind == TypeKind::kDict) {
            const bool key_known = container->args[0]->kind != TypeKind::kUnknown;
            Refine(sub->value(), types::Dict(key_known ? container->args[0] : program_.TypeOf(sub->index()), value,
                                             container->dict_kind));
            // Once the types are settled (errors are reported only then), the dict takes only values of its value
            // type, as a list does; a NumPy float is a float there (codegen converts it).
            if (IsComplete(container->args[1]) && !Assignable(value, container->args[1]) &&
                !NumpyFloatArgument(value, container->args[1])) {
                Error(at.range(), "cannot store '" + PyName(value) + "' in a '" + PyName(container) + "'");
            }
        } else if (container->kind == TypeKind::kStrArray) {
            // NumPy stores numbers as their str() (truncated to the array's width; Note [String arrays]).
            if (!IsNumeric(value) && value->kind != TypeKind::kStr && value->kind != TypeKind::kStrArray &&
                value->kind != TypeKind::kNdarray && value->kind != TypeKind::kUnknown) {
                Error(at.range(), "cannot store '" + PyName(value) + "' in an ndarray[str]");
            }
        } else if (container->kind == TypeKind::kNdarray) {
            if (!IsNumeric(value) && !IsArrayLike(value)) {
                Error(at.range(), "cannot store '" + PyName(value) + "' in an ndarray");
            }
        } else if (container->kind == TypeKind::kVariable) {
            Error(target.range(), "a Variable cannot be assigned through an index; assign to its '.array' instead");
        } else if (container->kind != TypeKind::kUnknown) {
            Error(target.range(), "'" + PyName(container) + "' does not support item assignment");
        }
        return;
    }
    if (ast::Isa<ast::TupleExpr>(target) || ast::Isa<ast::ListExpr>(target)) {
        const ast::ExprList& elements = ast::Isa<ast::TupleExpr>(target) ? ast::Cast<ast::TupleExpr>(target).elements()
                                                                          : ast::Cast<ast::ListExpr>(target).elements();
        const TypeRef v = StripOptional(value);
        program_.ExprSlot(target).type = value;
        if (v->kind == TypeKind::kTuple) {
            if (v->args.size() != elements.size()) {
                Error(target.range(), "cannot unpack a tuple of " + std::to_string(v->args.size()) + " values into " +
                                          std::to_string(elements.size()) + " targets");
                return;
            }
            for (std::size_t i = 0; i < elements.size(); ++i) AnalyzeAssign(*elements[i], v->args[i], at);
        } else if (v->kind == TypeKind::kList || v->kind == TypeKind::kShape) {
            TypeRef e = v->kind == TypeKind::kShape ? types::Int() : v->args[0];
            for (const auto& el : elements) AnalyzeAssign(*el, e, at);
        } else if (v->kind == TypeKind::kUnknown || v->kind == TypeKind::kNever || v->kind == TypeKind::kObject) {
            for (const auto& el : elements) AnalyzeAssign(*el, v, at);  // (an object's count is checked at run time)
        } else {
            Error(target.range(), "cannot unpack a value of type '" + PyName(v) + "'");
        }
        return;
    }
    if (ast::Isa<ast::StarredExpr>(target)) {
        Unsupported(target, "starred assignment targets are not supported");
        return;
    }
    Error(target.range(), "cannot assign to this expression");
}

TypeRef Analyzer::IterElement(const TypeRef& iterable, const ast::Expr& at) {
    const TypeRef t = StripOptional(iterable);
    switch (t->kind) {
        case TypeKind::kUnknown:
            return types::Unknown();
        case TypeKind::kNever:  // iterating it raises first
            return t;
        case TypeKind::kList:
        case TypeKind::kSet:
            return t->args[0];
        case TypeKind::kObject:  // its items, keys or characters (Object::iterate)
            return t;
        case TypeKind::kShape:
            return types::Int();
        case TypeKind::kStr:
            return types::Str();
        case TypeKind::kDict:
            return t->args[0];
        case TypeKind::kVariable:
            return types::Variable();
        case TypeKind::kNdarray:
            return types::Ndarray();
        case TypeKind::kTuple: {
            TypeRef e = types::Unknown();
            for (const TypeRef& a : t->args) {
                TypeRef j = Join(e, a);
                // (a tuple of objects iterates; one of an int and a str would need each item converted)
                if (!j || (j->kind == TypeKind::kObject && (a->kind != TypeKind::kObject ||
                                                            (e->kind != TypeKind::kObject && e->kind != TypeKind::kUnknown)))) {
                    Error(at.range(), "cannot iterate over a tuple of mixed types '" + PyName(t) + "'");
                    return types::Unknown();
                }
                e = j;
            }
            return e;
        }
        case TypeKind::kUserClass:
            if (t->user_class->kind == ir::ClassInfo::Kind::kChainList) return types::LibObject(table_.FindType("Link"));
            if (const LibType* lib = UserLibraryType(t->user_class); lib != nullptr && lib->name == "Iterator") {
                return types::LibObject(table_.FindType("Batch"));  // `for batch in it:` calls next() until exhausted
            }
            break;
        case TypeKind::kLibObject:
            // `for line in f:`, also over a file type derived from it (progressbar's bar(f))
            if (LibDerives(t->lib_type, table_.FindType("TextIOWrapper"))) return types::Str();
            // A batch's examples, each a tuple of arrays (a list here, as batch[i]): `[x for x, _ in batch]`
            if (t->lib_type->name == "Batch") return types::List(types::Ndarray());
            if (IsLibIterator(t)) return types::LibObject(table_.FindType("Batch"));
            if (LibDerives(t->lib_type, table_.FindType("Dataset"))) {  // `for x, t in dataset:`, as dataset[i]
                program_.iterated_datasets.insert(&at);
                const std::optional<bool> arrays = ExamplesAreArrays(at);  // Note [Datasets of arrays]
                if (!arrays) return types::Unknown();
                return *arrays ? types::Ndarray() : types::List(types::Ndarray());
            }
            break;
        default:
            break;
    }
    Error(at.range(), "cannot iterate over a value of type '" + PyName(t) + "'");
    return types::Unknown();
}

void Analyzer::AnalyzeFor(const ast::ForStmt& s) {
    if (!s.orelse().empty()) Unsupported(s, "'for ... else' is not supported; use a flag variable");
    if (s.is_async()) Unsupported(s, "'async for' is not supported");
    TypeRef iter = Expr(s.iter());
    TypeRef element = IterElement(iter, s.iter());
    const Bindings head = EnterLoopBindings(s);
    AnalyzeAssign(s.target(), element, s);
    ++loop_depth_;
    AnalyzeBlock(s.body());
    --loop_depth_;
    LeaveLoopBindings(s, head);
}

void Analyzer::AnalyzeWith(const ast::WithStmt& s) {
    bool init_scope = false;
    for (const auto& item : s.items()) {
        const ast::Expr& ctx = item->context();
        const auto* call = ast::DynCast<ast::CallExpr>(&ctx);
        const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
        const auto* self = attr != nullptr ? ast::DynCast<ast::NameExpr>(&attr->value()) : nullptr;
        if (self != nullptr && self->id() == "self" && attr->attr() == "init_scope") {
            if (fn_ == nullptr || !fn_->is_init || cls_ == nullptr || !cls_->IsLink()) {
                Error(ctx.range(), "'with self.init_scope():' belongs in the '__init__' of a chainer.Chain subclass");
            }
            init_scope = true;
            continue;
        }
        TypeRef t = Expr(ctx);
        if (ClosedByWith(t)) {  // `with open(...) as f:`, `with tarfile.open(...) as tf:`
            if (item->target() != nullptr) AnalyzeAssign(*item->target(), t, s);
            continue;
        }
        if (IsLibIterator(t)) {  // `with SerialIterator(...) as it:` finalizes it on exit
            if (item->target() != nullptr) AnalyzeAssign(*item->target(), t, s);
            continue;
        }
        if (const BuiltinEntry* enter = EnterMethod(t)) {  // codegen enters it through the scope type it names
            const LibType* scope = BuiltinTable::Get().FindType(enter->result);
            if (!scope->header.empty()) program_.headers.insert(scope->header);
        }
        if (!EnteredByWith(t) && t->kind != TypeKind::kUnknown) {
            Error(ctx.range(), "'with' supports open(...), tarfile.open(...), an iterator, chainer.using_config(...), "
                               "chainer.no_backprop_mode(), chainer.force_backprop_mode(), cuda.Device(...), "
                               "chainer.using_device(...), a CUDA device (cuda.get_device_from_id(...)) and "
                               "self.init_scope()");
        }
        if (item->target() != nullptr) Unsupported(*item->target(), "'with ... as' is not supported");
    }
    const bool was = in_init_scope_;
    if (init_scope) in_init_scope_ = true;
    AnalyzeBlock(s.body());
    in_init_scope_ = was;
}

}  // namespace cnet::compiler::sema
