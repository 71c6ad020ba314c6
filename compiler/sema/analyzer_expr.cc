// analyzer_expr.cc — sema over expressions: names (locals, self, globals, functions, classes, imports,
// builtins) with "did you mean" notes, attributes, operators, displays and comprehensions (subscripts:
// analyzer_subscript.cc).
#include <functional>

#include "compiler/diagnostics/edit_distance.h"
#include "compiler/sema/analyzer.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {

TypeRef Analyzer::Expr(const ast::Expr& e, const TypeRef& expected) {
    // e's own checks report after its operands are known: one that is Never makes e raise before they matter
    // (Note [An attribute nothing assigns]). Its operands' analyses report their own.
    std::vector<PendingDiagnostic> pending;
    std::vector<PendingDiagnostic>* const outer = pending_;
    pending_ = &pending;
    ir::ExprInfo info;
    TypeRef t = ExprImpl(e, expected, info);
    if (!t) t = types::Unknown();
    pending_ = nullptr;
    if (!TypeAroundNeverOperand(e, t)) {
        for (const PendingDiagnostic& d : pending) Report(d);
    }
    pending_ = outer;
    t = Narrowed(e, t, info);
    info.type = t;
    if (ContainsObject(t)) program_.headers.insert("cnet/py/object.h");  // Note [Values typed at run time]
    if (t->kind == TypeKind::kSet) program_.headers.insert("cnet/py/set.h");
    ir::ExprInfo& slot = program_.ExprSlot(e);
    slot = info;
    return t;
}

TypeRef Analyzer::ExprImpl(const ast::Expr& e, const TypeRef& expected, ir::ExprInfo& info) {
    switch (e.kind()) {
        case ast::NodeKind::kNameExpr:
            return Name(ast::Cast<ast::NameExpr>(e), info);
        case ast::NodeKind::kIntLiteral:
            return types::Int();
        case ast::NodeKind::kFloatLiteral:
            return types::Float();
        case ast::NodeKind::kStringLiteral:
            return types::Str();
        case ast::NodeKind::kBoolLiteral:
            return types::Bool();
        case ast::NodeKind::kNoneLiteral:
            return types::None();
        case ast::NodeKind::kEllipsisLiteral:
            Error(e.range(), "'...' is only allowed inside a subscript ('x[..., 0]')");
            return types::Unknown();
        case ast::NodeKind::kFStringExpr:
            for (const auto& part : ast::Cast<ast::FStringExpr>(e).parts()) {
                if (const auto* fv = ast::DynCast<ast::FormattedValueExpr>(part.get())) Expr(fv->value());
            }
            return types::Str();
        case ast::NodeKind::kUnaryExpr: {
            const auto& u = ast::Cast<ast::UnaryExpr>(e);
            TypeRef t = Expr(u.operand());
            if (u.op() == ast::UnaryOp::kNot) return types::Bool();
            if (u.op() == ast::UnaryOp::kInvert) {
                if (t->kind == TypeKind::kInt || t->kind == TypeKind::kNdarray) return t;
                Error(e.range(), "'~' needs an int or ndarray operand, got '" + PyName(t) + "'");
                return types::Unknown();
            }
            if (t->kind == TypeKind::kBool) return types::Int();
            if (IsNumeric(t) || IsArrayLike(t) || t->kind == TypeKind::kUnknown) return t;
            if (t->kind == TypeKind::kObject) {
                if (u.op() == ast::UnaryOp::kMinus || u.op() == ast::UnaryOp::kPlus) return t;  // of the number held
                ObjectOperandError(e, std::string("unary '") + ast::Spelling(u.op()) + "'");
                return types::Unknown();
            }
            Error(e.range(), std::string("bad operand type for unary '") + ast::Spelling(u.op()) + "': '" +
                                 PyName(t) + "'");
            return types::Unknown();
        }
        case ast::NodeKind::kBinaryExpr:
            return Binary(ast::Cast<ast::BinaryExpr>(e));
        case ast::NodeKind::kBoolOpExpr:
            return BoolOperands(ast::Cast<ast::BoolOpExpr>(e));
        case ast::NodeKind::kCompareExpr:
            return Compare(ast::Cast<ast::CompareExpr>(e));
        case ast::NodeKind::kConditionalExpr:
            return Conditional(ast::Cast<ast::ConditionalExpr>(e), expected);
        case ast::NodeKind::kCallExpr:
            return Call(ast::Cast<ast::CallExpr>(e));
        case ast::NodeKind::kAttributeExpr:
            return Attribute(ast::Cast<ast::AttributeExpr>(e), info);
        case ast::NodeKind::kSubscriptExpr:
            return Subscript(ast::Cast<ast::SubscriptExpr>(e));
        case ast::NodeKind::kSliceExpr: {
            const auto& s = ast::Cast<ast::SliceExpr>(e);
            for (const ast::Expr* part : {s.lower(), s.upper(), s.step()}) {
                if (part == nullptr) continue;
                TypeRef t = Expr(*part);
                // (an ndarray: a NumPy integer, `y[:inds[0, 0]]`, checked at run time by operator.index)
                if (t->kind != TypeKind::kInt && t->kind != TypeKind::kUnknown && t->kind != TypeKind::kNone &&
                    t->kind != TypeKind::kNdarray && !IsNever(t)) {  // (Note [An attribute nothing assigns])
                    Error(part->range(), "slice bounds must be int, got '" + PyName(t) + "'");
                }
            }
            return types::Unknown();
        }
        case ast::NodeKind::kTupleExpr:
        case ast::NodeKind::kListExpr:
        case ast::NodeKind::kDictExpr:
            return Collection(e, expected);
        case ast::NodeKind::kListCompExpr:
        case ast::NodeKind::kDictCompExpr:
            return ListComp(ast::Cast<ast::ComprehensionExpr>(e));
        case ast::NodeKind::kLambdaExpr:
            return Lambda(ast::Cast<ast::LambdaExpr>(e));
        case ast::NodeKind::kYieldExpr:
        case ast::NodeKind::kYieldFromExpr:
            Error(e.range(), "generators ('yield') are not supported in .cnet; build and return a list");
            return types::Unknown();
        case ast::NodeKind::kAwaitExpr:
            Error(e.range(), "'await' is not supported in .cnet");
            return types::Unknown();
        case ast::NodeKind::kNamedExpr:
            Error(e.range(), "assignment expressions (':=') are not supported; assign in a separate statement");
            return types::Unknown();
        case ast::NodeKind::kStarredExpr:
            if (rejected_unpacking_.count(&e) != 0) {
                Expr(ast::Cast<ast::StarredExpr>(e).value());
                return types::Unknown();
            }
            Error(e.range(), "'*' unpacking is not supported here; pass the elements one by one");
            return types::Unknown();
        case ast::NodeKind::kSetExpr: {  // {a, b}: a set of the elements' joined type
            TypeRef joined = expected && expected->kind == TypeKind::kSet ? expected->args[0] : types::Unknown();
            for (const auto& el : ast::Cast<ast::SetExpr>(e).elements()) {
                const TypeRef t = Stored(*el, Expr(*el, joined), "set");
                const TypeRef j = StaticJoin(joined, t);
                if (!j) {
                    Error(el->range(), "set elements must have one type: '" + PyName(t) + "' after '" + PyName(joined) + "'");
                    continue;
                }
                joined = j;
            }
            return types::Set(joined);
        }
        case ast::NodeKind::kSetCompExpr:
            return ListComp(ast::Cast<ast::ComprehensionExpr>(e));
        case ast::NodeKind::kGeneratorExpr:
            // A generator argument (`sum(x * x for x in xs)`) is consumed at once by the call: a list does the same.
            if (generator_args_.count(&e) == 0) {
                Error(e.range(), "a generator expression is supported as a call argument only ('sum(x for x in xs)'); "
                                 "use a list comprehension '[... for ...]'");
            }
            return ListComp(ast::Cast<ast::ComprehensionExpr>(e));
        default:
            Error(e.range(), "unsupported expression");
            return types::Unknown();
    }
}

TypeRef Analyzer::Name(const ast::NameExpr& e, ir::ExprInfo& info) {
    const std::string& id = e.id();
    for (auto it = comp_scopes_.rbegin(); it != comp_scopes_.rend(); ++it) {
        auto found = it->find(id);
        if (found != it->end()) {
            info.local = found->second;
            return found->second->type;
        }
    }
    if (fn_ != nullptr) {
        if (id == "self" && fn_->owner != nullptr) {
            info.is_self = true;
            return types::UserClass(fn_->owner);
        }
        if (ir::VarInfo* v = fn_->FindLocal(id)) {
            v = BoundVariable(*v, e);  // Note [Rebinding to another type]
            info.local = v;
            return v->type;
        }
        // A closure sees the names of the functions around it (Note [Closures]).
        for (const ir::FunctionInfo* outer = fn_->enclosing; outer != nullptr; outer = outer->enclosing) {
            if (id == "self" && outer->owner != nullptr) {
                info.is_self = true;
                return types::UserClass(outer->owner);
            }
            if (ir::VarInfo* v = outer->FindLocal(id)) {
                info.local = BoundVariable(*v, e, /*nested=*/true);
                return v->type;
            }
        }
    }
    // A function's own imports, then those of the functions around it.
    for (const ir::FunctionInfo* f = fn_; f != nullptr; f = f->enclosing) {
        auto scope = function_imports_.find(f);
        if (scope == function_imports_.end()) continue;
        auto bound = scope->second.names.find(id);
        if (bound == scope->second.names.end()) continue;
        auto entry = scope->second.entries.find(id);
        if (entry != scope->second.entries.end()) {
            info.attr = entry->second;
            if (!entry->second->header.empty()) program_.headers.insert(entry->second->header);
        }
        return bound->second;
    }
    for (const auto& g : program_.globals) {
        if (g->name == id) {
            info.global = g.get();
            return g->type ? g->type : types::Unknown();
        }
    }
    if (TypeRef t = ModuleVariable(id, info)) return t;  // Note [Module variables]
    auto it = module_names_.find(id);
    if (it != module_names_.end()) {
        auto entry = module_entries_.find(id);
        if (entry != module_entries_.end()) {
            info.attr = entry->second;
            if (!entry->second->header.empty()) program_.headers.insert(entry->second->header);
        }
        return it->second;
    }
    if (const BuiltinEntry* b = table_.Member("builtins", id)) {
        if (!b->header.empty()) program_.headers.insert(b->header);
        return types::LibFunction(b);
    }
    if (id == "__file__") return types::Str();  // the .cnet file's absolute path (codegen: Generator::Name)
    static const std::map<std::string, std::string> kUnsupported = {
        {"exec", "'exec' is not supported in .cnet"},
        {"eval", "'eval' is not supported in .cnet"},
        {"input", "'input' is not supported; take a command-line argument with argparse"},
        {"getattr", "'getattr' is not supported; access the attribute directly"},
        {"setattr", "'setattr' is not supported; assign the attribute directly"},
        {"type", "'type' is not supported; use isinstance"},
    };
    auto unsupported = kUnsupported.find(id);
    if (unsupported != kUnsupported.end()) {
        Error(e.range(), unsupported->second);
        return types::Unknown();
    }
    if (fn_ != nullptr && fn_->forwarded_ctor != nullptr) {  // Note [Forwarding constructors]
        for (const ast::Param* p : {fn_->var_args, fn_->var_kwargs}) {
            if (p->name() != id) continue;
            Error(e.range(), "'" + id + "' is passed on to the base constructor; take a value out of '" +
                                 fn_->var_kwargs->name() + "' only with " + fn_->var_kwargs->name() + ".pop('name') or " +
                                 fn_->var_kwargs->name() + ".pop('name', default)");
            return types::Unknown();
        }
    }
    std::string message = "unknown name '" + id + "'";
    if (auto s = SuggestClosest(id, VisibleNames())) {
        const ast::Node* decl = nullptr;
        if (fn_ != nullptr) {
            if (ir::VarInfo* v = fn_->FindLocal(*s); v != nullptr) decl = v->first_def;
        }
        auto d = module_decls_.find(*s);
        if (decl == nullptr && d != module_decls_.end()) decl = d->second;
        ErrorWithNote(e.range(), message, decl != nullptr ? decl->range() : e.range(), "did you mean '" + *s + "'?");
    } else {
        Error(e.range(), message);
    }
    return types::Unknown();
}

TypeRef Analyzer::Attribute(const ast::AttributeExpr& e, ir::ExprInfo& info) {
    TypeRef value = Expr(e.value());
    return MemberOf(value, e.attr(), e, info);
}

TypeRef Analyzer::MemberOf(const TypeRef& value_in, const std::string& attr, const ast::AttributeExpr& e,
                           ir::ExprInfo& info) {
    const TypeRef value = StripOptional(value_in);
    if (value->kind == TypeKind::kUserClassRef) {  // `Alex.insize` (Note [Class attributes])
        if (const ir::FieldInfo* f = ClassAttribute(*value->user_class, attr)) {
            info.field = f;
            return f->type;
        }
    }
    switch (value->kind) {
        case TypeKind::kUnknown:
            return types::Unknown();
        case TypeKind::kNever:  // (Note [An attribute nothing assigns])
            return types::Never();
        case TypeKind::kObject:
            ObjectOperandError(e, "attribute '" + attr + "'");
            return types::Unknown();
        case TypeKind::kModule: {
            const std::string sub = value->module + "." + attr;
            if (table_.IsModule(sub)) return types::Module(sub);
            if (const BuiltinEntry* entry = table_.Member(value->module, attr)) {
                info.attr = entry;
                if (!entry->header.empty()) program_.headers.insert(entry->header);
                return EntryType(entry);
            }
            UnknownAttribute(e, "module '" + value->module + "'", table_.MemberNames(value->module));
            return types::Unknown();
        }
        case TypeKind::kLibClass: {
            if (const BuiltinEntry* entry = table_.Member(value->entry->QualifiedName(), attr)) {
                info.attr = entry;
                if (!entry->header.empty()) program_.headers.insert(entry->header);
                return EntryType(entry);
            }
            UnknownAttribute(e, "class '" + value->entry->name + "'", table_.MemberNames(value->entry->QualifiedName()));
            return types::Unknown();
        }
        case TypeKind::kUserClass: {
            const ir::ClassInfo* cls = value->user_class;
            if (ir::FieldInfo* f = cls->FindField(attr)) {
                info.field = f;
                return f->type ? f->type : types::Unknown();
            }
            if (ir::FunctionInfo* m = cls->FindMethod(attr)) {
                m->named = true;
                if (m->is_property) {  // `obj.name` of a @property calls it
                    m->called = true;
                    if (!m->params.empty()) Error(e.range(), "a @property takes only 'self'");
                    return m->return_type ? m->return_type : types::Unknown();
                }
                return types::BoundUserMethod(value, m);
            }
            if (const LibType* lib = UserLibraryType(cls); lib != nullptr && lib->name == "Iterator" && attr == "next") {
                // Iterator.next() is __next__() (Chainer's alias).
                if (ir::FunctionInfo* m = cls->FindMethod("__next__")) {
                    m->named = true;
                    return types::BoundUserMethod(value, m);
                }
            }
            std::vector<std::string> names;
            for (const auto& f : cls->fields) names.push_back(f->name);
            for (const auto& m : cls->methods) names.push_back(m->name);
            if (cls->IsLink()) {
                const std::string base = cls->kind == ir::ClassInfo::Kind::kChainList ? "ChainList" : "Chain";
                if (const BuiltinEntry* entry = table_.MethodOrAttr(base, attr)) {
                    info.attr = entry;
                    if (entry->kind == EntryKind::kMethod) return types::BoundLibMethod(value, entry);
                    return ResultType(*entry, nullptr);
                }
                for (const std::string& n : table_.MethodAndAttrNames(base)) names.push_back(n);
            }
            if (const BuiltinEntry* entry = LibraryMember(cls, attr)) {  // Note [Library base classes]
                info.attr = entry;
                if (entry->kind == EntryKind::kMethod) return types::BoundLibMethod(value, entry);
                return ResultType(*entry, nullptr);
            }
            if (const LibType* lib = UserLibraryType(cls)) {
                for (const std::string& n : table_.MethodAndAttrNames(lib->name)) names.push_back(n);
            }
            if (MissingAttributeRead(e, *cls, names)) return types::Never();
            UnknownAttribute(e, "'" + cls->name + "'", names, cls);
            return types::Unknown();
        }
        case TypeKind::kArgs: {
            // `args.__dict__`: the namespace's own dict (Note [The parsed arguments' dict] in analyzer_stmt.cc).
            if (attr == "__dict__") return types::Dict(types::Str(), types::Object());
            auto it = program_.arg_types.find(attr);
            if (it != program_.arg_types.end()) return it->second;
            std::vector<std::string> names;
            for (const auto& [n, t] : program_.arg_types) names.push_back(n);
            UnknownAttribute(e, "the parsed arguments", names);
            return types::Unknown();
        }
        default:
            break;
    }
    std::string type_name;
    switch (value->kind) {
        case TypeKind::kVariable: type_name = "Variable"; break;
        case TypeKind::kNdarray: type_name = "ndarray"; break;
        case TypeKind::kStrArray: type_name = "ndarray[str]"; break;
        case TypeKind::kList: type_name = "list"; break;
        case TypeKind::kSet: type_name = "set"; break;
        case TypeKind::kStr: type_name = "str"; break;
        case TypeKind::kDict:  // a Counter's own methods, then the dict's
            type_name =
                value->dict_kind == DictKind::kCounter && table_.MethodOrAttr("Counter", attr) ? "Counter" : "dict";
            break;
        case TypeKind::kLibObject:
            type_name = value->lib_type->name;
            // Its methods are declared with its type (`xp = cuda.get_array_module(x)` names cnet/backends/cupy.h
            // only through its result).
            if (!value->lib_type->header.empty()) program_.headers.insert(value->lib_type->header);
            break;
        default: break;
    }
    if (!type_name.empty()) {
        if (const BuiltinEntry* entry = table_.MethodOrAttr(type_name, attr)) {
            info.attr = entry;
            // x.sum() / x.max() / x.tolist() / ... are cnet::np functions; method entries carry no header of their own,
            // cnet/np/reduction.h includes the others.
            if (type_name == "ndarray" && entry->cpp.find("cnet::np::") != std::string::npos) {
                program_.headers.insert("cnet/np/reduction.h");
            }
            if (entry->kind == EntryKind::kMethod) return types::BoundLibMethod(value, entry);
            if (value->kind == TypeKind::kLibObject && entry->result.rfind("type(", 0) == 0) {
                return ConstructorArgType(value, *entry);  // Note [Members typed by a constructor argument]
            }
            return ResultType(*entry, nullptr);
        }
        if (IsChosenObject(value)) return ChosenAttribute(value, attr, e);  // Note [Classes chosen at run time]
        UnknownAttribute(e, "'" + PyName(value) + "'", table_.MethodAndAttrNames(type_name));
        return types::Unknown();
    }
    Error(e.attr_range(), "'" + PyName(value) + "' has no attribute '" + attr + "'");
    return types::Unknown();
}

void Analyzer::Refine(const ast::Expr& e, const TypeRef& type) {
    // `d[k].append(x)`, `d[k] += 1`: an incompletely typed dict (an empty `{}`, a defaultdict) learns its key and
    // value types from the item's use.
    if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&e); sub != nullptr && type) {
        const TypeRef c = StripOptional(program_.TypeOf(sub->value()));
        if (c->kind == TypeKind::kDict && !IsComplete(c)) {
            const TypeRef key = c->args[0]->kind != TypeKind::kUnknown ? c->args[0] : program_.TypeOf(sub->index());
            const TypeRef value = Join(c->args[1], type);
            Refine(sub->value(), types::Dict(key, value ? value : c->args[1], c->dict_kind));
        }
        return;
    }
    // `d.setdefault(k, []).append(x)`: the dict's values, as for `d[k].append(x)`.
    const auto* call = ast::DynCast<ast::CallExpr>(&e);
    const auto* method = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
    if (method != nullptr && method->attr() == "setdefault" && type) {
        const TypeRef c = StripOptional(program_.TypeOf(method->value()));
        const TypeRef value = c->kind == TypeKind::kDict && !IsComplete(c) ? Join(c->args[1], type) : nullptr;
        if (value) Refine(method->value(), types::Dict(c->args[0], value, c->dict_kind));
        return;
    }
    const ir::ExprInfo* info = program_.Info(e);
    if (info == nullptr || !type) return;
    // Only fills in what is unknown (`losses = []` then `losses.append(v)`); never widens a known type, except to
    // objects: a list of strs given a value typed at run time holds objects (Note [Values typed at run time]); not
    // a parameter's, whose type is its callers', or the runtime's for a callback.
    auto fill = [&](TypeRef& known, const TypeRef& joined, bool param) {
        if (!joined || SameType(joined, known)) return false;
        const bool to_objects = ContainsObject(joined) && !ContainsObject(known);
        if (IsComplete(known) && (param || !to_objects)) return false;
        known = joined;
        changed_ = true;
        return true;
    };
    if (info->local != nullptr) {
        auto* v = const_cast<ir::VarInfo*>(info->local);
        // (a forward's parameter is not typed by its uses: by its callers, else it is a Variable; Run)
        if (v->is_param && fn_ != nullptr && fn_->is_forward && v->type->kind == TypeKind::kUnknown) return;
        // (a name passed where `T | None` is taken learns T's missing parts; it does not become optional)
        const bool optional = v->type->kind == TypeKind::kOptional || v->type->kind == TypeKind::kNone;
        if (fill(v->type, Join(v->type, optional ? type : StripOptional(type)), v->is_param) && fn_ != nullptr &&
            v->is_param) {
            for (ir::ParamInfo& p : fn_->params) {
                if (p.name == v->name) p.type = v->type;
            }
        }
    } else if (info->field != nullptr) {
        auto* f = const_cast<ir::FieldInfo*>(info->field);
        fill(f->type, Join(f->type, type), false);
    }
}

TypeRef Analyzer::Binary(const ast::BinaryExpr& e) {
    TypeRef l = Expr(e.lhs());
    TypeRef r = Expr(e.rhs());
    // int ** -k is a float in Python: a negative literal exponent decides the type here (a negative exponent
    // known only at run time is a clear ValueError there, cnet::py::ipow).
    const auto* neg = ast::DynCast<ast::UnaryExpr>(&e.rhs());
    if (e.op() == ast::BinaryOp::kPow && (l->kind == TypeKind::kInt || l->kind == TypeKind::kBool) &&
        neg != nullptr && neg->op() == ast::UnaryOp::kMinus && ast::Isa<ast::IntLiteral>(neg->operand()) &&
        ast::Cast<ast::IntLiteral>(neg->operand()).value() > 0) {
        return types::Float();
    }
    return BinaryTypes(e.op(), l, r, e);
}

TypeRef Analyzer::BinaryTypes(ast::BinaryOp op, const TypeRef& l, const TypeRef& r, const ast::Node& at) {
    using ast::BinaryOp;
    if (l->kind == TypeKind::kUnknown || r->kind == TypeKind::kUnknown) {
        if (IsArrayLike(l) || IsArrayLike(r)) return l->kind == TypeKind::kUnknown ? r : l;
        return types::Unknown();
    }
    auto bad = [&]() {
        Error(at.range(), std::string("unsupported operand types for '") + ast::Spelling(op) + "': '" + PyName(l) +
                              "' and '" + PyName(r) + "'");
        return types::Unknown();
    };
    if (l->kind == TypeKind::kObject || r->kind == TypeKind::kObject) {
        // Python's arithmetic, by the kinds the operands hold (cnet::py::arithmetic); not `str % object`, whose
        // formatting would spread a tuple the object holds, nor bitwise operators or `@`.
        const bool arithmetic = op == BinaryOp::kAdd || op == BinaryOp::kSub || op == BinaryOp::kMul ||
                                op == BinaryOp::kDiv || op == BinaryOp::kFloorDiv || op == BinaryOp::kMod ||
                                op == BinaryOp::kPow;
        if (arithmetic && IsDynamicData(l) && IsDynamicData(r) && !(l->kind == TypeKind::kStr && op == BinaryOp::kMod)) {
            return types::Object();
        }
        ObjectOperandError(at, std::string("'") + ast::Spelling(op) + "'");
        return types::Unknown();
    }
    const bool bitwise = op == BinaryOp::kBitAnd || op == BinaryOp::kBitOr || op == BinaryOp::kBitXor ||
                         op == BinaryOp::kLShift || op == BinaryOp::kRShift;
    // 'n_vocab: %d' % n_vocab of a NumPy scalar (word2vec): formatting, not array arithmetic.
    if (l->kind == TypeKind::kStr && op == BinaryOp::kMod && r->kind == TypeKind::kNdarray) {
        program_.headers.insert("cnet/py/percent_format.h");
        return types::Str();
    }
    if (IsArrayLike(l) || IsArrayLike(r)) {
        const TypeRef& other = IsArrayLike(l) ? r : l;
        if (!IsArrayLike(other) && !IsNumeric(other)) return bad();
        if (op == BinaryOp::kMatMul && (!IsArrayLike(l) || !IsArrayLike(r))) return bad();
        if (bitwise && (l->kind == TypeKind::kVariable || r->kind == TypeKind::kVariable)) return bad();
        if (l->kind == TypeKind::kVariable || r->kind == TypeKind::kVariable) return types::Variable();
        program_.headers.insert("cnet/np/math.h");  // the ndarray operators
        if (op == BinaryOp::kMatMul) program_.headers.insert("cnet/np/linalg.h");  // a @ b: np::matmul
        return types::Ndarray();
    }
    if (IsNumeric(l) && IsNumeric(r)) {
        if (bitwise) {
            if (l->kind == TypeKind::kFloat || r->kind == TypeKind::kFloat) return bad();
            return l->kind == TypeKind::kBool && r->kind == TypeKind::kBool ? types::Bool() : types::Int();
        }
        if (op == BinaryOp::kMatMul) return bad();
        if (op == BinaryOp::kDiv) return types::Float();
        if (l->kind == TypeKind::kFloat || r->kind == TypeKind::kFloat) return types::Float();
        return types::Int();
    }
    if (l->kind == TypeKind::kStr && r->kind == TypeKind::kStr && op == BinaryOp::kAdd) return types::Str();
    if (l->kind == TypeKind::kStr && r->kind == TypeKind::kInt && op == BinaryOp::kMul) return types::Str();
    if (l->kind == TypeKind::kStr && op == BinaryOp::kMod) {  // printf-style formatting, cnet/py/percent_format.h
        if (!IsValueType(r) || r->kind == TypeKind::kUserFunction) return bad();
        program_.headers.insert("cnet/py/percent_format.h");
        return types::Str();
    }
    if (l->kind == TypeKind::kList && r->kind == TypeKind::kInt && op == BinaryOp::kMul) return l;
    if (l->kind == TypeKind::kInt && r->kind == TypeKind::kList && op == BinaryOp::kMul) return r;
    if (l->kind == TypeKind::kInt && r->kind == TypeKind::kStr && op == BinaryOp::kMul) return types::Str();
    // s | t, s & t, s - t, s ^ t of sets (cnet::py::Set's operators)
    if (l->kind == TypeKind::kSet && r->kind == TypeKind::kSet &&
        (op == BinaryOp::kBitOr || op == BinaryOp::kBitAnd || op == BinaryOp::kSub || op == BinaryOp::kBitXor)) {
        TypeRef j = Join(l, r);
        return j ? j : bad();
    }
    if (l->kind == TypeKind::kList && r->kind == TypeKind::kList && op == BinaryOp::kAdd) {
        TypeRef j = Join(l, r);
        return j ? j : bad();
    }
    return bad();
}

namespace {

// `x.shape == (2, 3)`: a shape against a tuple display of ints (either side).
bool ShapeAndTupleLiteral(const TypeRef& lt, const ast::Expr& l, const TypeRef& rt, const ast::Expr& r) {
    auto ints = [](const TypeRef& t) {
        if (t->kind != TypeKind::kTuple) return false;
        for (const TypeRef& a : t->args) {
            if (a->kind != TypeKind::kInt) return false;
        }
        return true;
    };
    return (lt->kind == TypeKind::kShape && ast::Isa<ast::TupleExpr>(r) && ints(rt)) ||
           (rt->kind == TypeKind::kShape && ast::Isa<ast::TupleExpr>(l) && ints(lt));
}

}  // namespace

TypeRef Analyzer::Compare(const ast::CompareExpr& e) {
    TypeRef left = Expr(e.left());
    bool array = false;
    for (std::size_t i = 0; i < e.ops().size(); ++i) {
        const ast::CompareOp op = e.ops()[i];
        TypeRef right = Expr(*e.comparators()[i]);
        switch (op) {
            case ast::CompareOp::kIs:
            case ast::CompareOp::kIsNot: {
                const bool l_none = left->kind == TypeKind::kNone, r_none = right->kind == TypeKind::kNone;
                auto array = [](const TypeRef& t) {
                    const TypeKind k = StripOptional(t)->kind;
                    return k == TypeKind::kNdarray || k == TypeKind::kStrArray;
                };
                if (!l_none && !r_none) {
                    if (array(left) || array(right)) {  // an Array is a view, not an object (py/identity.h)
                        Error(e.range(), "'is' between ndarrays is not supported (a cnet array has no identity); "
                                         "compare with None, or the values with '(a == b).all()'");
                    } else if (!(IsHandle(StripOptional(left)) && IsHandle(StripOptional(right)))) {
                        Error(e.range(), "'is' compares with None or between objects; use '==' for values");
                    }
                }
                break;
            }
            case ast::CompareOp::kIn:
            case ast::CompareOp::kNotIn:
                if (right->kind != TypeKind::kList && right->kind != TypeKind::kStr && right->kind != TypeKind::kDict &&
                    right->kind != TypeKind::kTuple && right->kind != TypeKind::kUnknown &&
                    right->kind != TypeKind::kObject && right->kind != TypeKind::kSet) {
                    Error(e.comparators()[i]->range(), "'in' needs a list, tuple, dict, set or str, got '" + PyName(right) + "'");
                }
                break;
            default:
                if (left->kind == TypeKind::kObject || right->kind == TypeKind::kObject) {
                    // == and != as Python compares (a NumPy scalar as its number), and the order of data
                    // (cnet::py::compare)
                    const TypeRef& other = left->kind == TypeKind::kObject ? right : left;
                    const bool equality = op == ast::CompareOp::kEq || op == ast::CompareOp::kNotEq;
                    if (!IsDynamicData(other) && !(equality && other->kind == TypeKind::kNdarray)) {
                        ObjectOperandError(e, std::string("'") + ast::Spelling(op) + "' with '" + PyName(other) + "'");
                    }
                } else if (IsArrayLike(left) || IsArrayLike(right)) {
                    array = true;
                } else if (ShapeAndTupleLiteral(left, i == 0 ? e.left() : *e.comparators()[i - 1], right,
                                                *e.comparators()[i])) {
                    // `x.shape == (2, 3)`: the tuple display is written as a shape (codegen)
                } else if (left->kind != TypeKind::kUnknown && right->kind != TypeKind::kUnknown &&
                           !(IsNumeric(left) && IsNumeric(right)) && !SameType(left, right) &&
                           !(left->kind == TypeKind::kOptional || right->kind == TypeKind::kOptional)) {
                    Error(e.range(), std::string("cannot compare '") + PyName(left) + "' with '" + PyName(right) +
                                         "' using '" + ast::Spelling(op) + "'");
                }
        }
        left = right;
    }
    if (array) program_.headers.insert("cnet/np/math.h");  // the ndarray comparison operators
    return array ? types::Ndarray() : types::Bool();
}

TypeRef Analyzer::Stored(const ast::Expr& e, const TypeRef& t, const char* in) {
    if (IsValueType(t) || t->kind == TypeKind::kUnknown) return t;
    // `{'alex': Alex}`: a class chosen at run time, of one class (Note [Classes chosen at run time]).
    if (TypeRef choice = JoinClassChoice(t, t)) return choice;
    Error(e.range(), "cannot store " + PyName(t) + " in a " + in + "; call it or use it directly");
    return t;
}

TypeRef Analyzer::Collection(const ast::Expr& e, const TypeRef& expected) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&e)) {
        std::vector<TypeRef> elements;
        for (std::size_t i = 0; i < t->elements().size(); ++i) {
            TypeRef exp;
            if (expected && expected->kind == TypeKind::kTuple && i < expected->args.size()) exp = expected->args[i];
            elements.push_back(Stored(*t->elements()[i], Expr(*t->elements()[i], exp), "tuple"));
        }
        return types::Tuple(elements);
    }
    if (const auto* l = ast::DynCast<ast::ListExpr>(&e)) {
        TypeRef element = expected && expected->kind == TypeKind::kList ? expected->args[0] : types::Unknown();
        TypeRef joined = types::Unknown();
        for (const auto& el : l->elements()) {
            TypeRef t = Stored(*el, Expr(*el, element), "list");
            TypeRef j = Join(joined, t);
            if (!j) {
                Error(el->range(), "list elements must have one type: '" + PyName(t) + "' after '" + PyName(joined) + "'");
                continue;
            }
            joined = j;
        }
        if (joined->kind == TypeKind::kUnknown) joined = element;
        // [1, 2] where list[float] is wanted: a list of floats (codegen converts each element).
        if (IsNumeric(joined) && element && IsNumeric(element) && Assignable(joined, element)) joined = element;
        return types::List(joined);
    }
    const auto& d = ast::Cast<ast::DictExpr>(e);
    TypeRef key = types::Unknown(), value = types::Unknown();
    for (std::size_t i = 0; i < d.keys().size(); ++i) {
        if (d.keys()[i] == nullptr) {
            Error(d.values()[i]->range(), "'**' in dict displays is not supported");
            continue;
        }
        TypeRef k = Expr(*d.keys()[i]);
        TypeRef v = Stored(*d.values()[i], Expr(*d.values()[i]), "dict");
        TypeRef jk = Join(key, k), jv = Join(value, v);
        if (!jk || !jv) {
            Error(d.values()[i]->range(), "dict entries must have one key type and one value type");
            continue;
        }
        key = jk;
        value = jv;
    }
    if (expected && expected->kind == TypeKind::kDict) {
        if (key->kind == TypeKind::kUnknown) key = expected->args[0];
        if (value->kind == TypeKind::kUnknown) value = expected->args[1];
    }
    if (!d.keys().empty() && key->kind != TypeKind::kStr && key->kind != TypeKind::kInt &&
        key->kind != TypeKind::kObject) {
        Error(e.range(), "dict keys must be str or int");
    }
    // An empty `{}` learns its key type from the first store, as its value type (`d = {}` then `d[1] = 2`).
    return types::Dict(key, value);
}

TypeRef Analyzer::ListComp(const ast::ComprehensionExpr& e) {
    if (fn_ == nullptr) {
        Error(e.range(), "comprehensions are only supported inside functions");
        return types::Unknown();
    }
    comp_scopes_.emplace_back();
    for (const auto& gen : e.generators()) {
        if (gen->is_async()) Error(gen->range(), "'async for' is not supported");
        TypeRef iter = Expr(gen->iter());
        TypeRef element = IterElement(iter, gen->iter());
        std::function<void(const ast::Expr&, const TypeRef&)> bind = [&](const ast::Expr& target, const TypeRef& t) {
            if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) {
                ir::VarInfo* v = nullptr;
                for (const auto& local : fn_->locals) {
                    if (local->in_comprehension && local->first_def == &target) v = local.get();
                }
                if (v == nullptr) {
                    auto nv = std::make_unique<ir::VarInfo>();
                    nv->name = n->id();
                    nv->cpp_name = CppIdentifier(n->id());
                    nv->in_comprehension = true;
                    nv->first_def = &target;
                    v = nv.get();
                    fn_->locals.push_back(std::move(nv));
                }
                v->type = t;
                comp_scopes_.back()[n->id()] = v;
                program_.ExprSlot(target).type = t;
                program_.ExprSlot(target).local = v;
            } else if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&target)) {
                const TypeRef s = StripOptional(t);
                program_.ExprSlot(target).type = t;
                for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                    // (a list's items: `[x for x, _ in batch]` over a batch's examples)
                    TypeRef et = s->kind == TypeKind::kTuple && i < s->args.size() ? s->args[i]
                                 : s->kind == TypeKind::kList                      ? s->args[0]
                                                                                   : types::Unknown();
                    bind(*tuple->elements()[i], et);
                }
            } else {
                Error(target.range(), "a comprehension variable must be a name or a tuple of names");
            }
        };
        bind(gen->target(), element);
        for (const auto& cond : gen->conditions()) Expr(*cond);
    }
    TypeRef element = Expr(e.element());
    // A list of values never produced has no element type (Note [An attribute nothing assigns]).
    auto never_element = [&](const ast::Expr& x, const TypeRef& t) {
        if (IsNever(t)) {
            Error(x.range(), "the elements of this comprehension are never produced (it reads an attribute nothing "
                             "assigns), so they have no type");
        }
    };
    never_element(e.element(), element);
    if (const auto* d = ast::DynCast<ast::DictCompExpr>(&e)) {
        TypeRef value = Expr(d->value());
        never_element(d->value(), value);
        comp_scopes_.pop_back();
        if (element->kind != TypeKind::kStr && element->kind != TypeKind::kInt && element->kind != TypeKind::kUnknown) {
            Error(d->key().range(), "dict keys must be str or int, got '" + PyName(element) + "'");
        }
        return types::Dict(element, value);
    }
    comp_scopes_.pop_back();
    if (ast::Isa<ast::SetCompExpr>(e)) return types::Set(element);
    return types::List(element);
}

}  // namespace cnet::compiler::sema
