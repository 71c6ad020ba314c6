// codegen_stmt.cc — statements to C++, one for one: a `// file.cnet:LINE` marker and CNET_LINE before
// each, declarations at first assignment (or hoisted, see analyzer_placement.cc), native if/for/while.
#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

// `self.add_param('W', ...)`: the field W it declares (Note [Registered attributes] in sema), else null.
const ir::FieldInfo* Generator::RegisteredParam(const ast::Expr& e) {
    const auto* call = ast::DynCast<ast::CallExpr>(&e);
    const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
    if (attr == nullptr || attr->attr() != "add_param" || cls_ == nullptr || call->args().empty()) return nullptr;
    const auto* name = ast::DynCast<ast::StringLiteral>(call->args()[0].get());
    const ir::FieldInfo* f = name != nullptr ? cls_->FindField(name->value()) : nullptr;
    return f != nullptr && f->is_param && f->decl == call ? f : nullptr;
}

void Generator::Marker(const ast::Node& s, bool set_line) {
    if (!options_.line_directives) w_.Comment(Source(s));
    if (set_line) w_.Line("CNET_LINE(kCnetSource, " + Line(s) + ");");
    // (after CNET_LINE: `#line N` numbers the line that follows it, which is the statement's first)
    LineDirective(s);
}

void Generator::LineDirective(const ast::Node& n) {
    if (!options_.line_directives) return;
    const std::string& file = options_.line_file.empty() ? program_.file_name : options_.line_file;
    w_.Line(sema::CppLineDirective(n.range().begin.line, file));
}

void Generator::Block(const ast::StmtList& body) {
    for (const ast::StmtPtr& s : body) Stmt(*s);
}

void Generator::Assign(const ast::Expr& target, const std::string& value, const TypeRef& value_type,
                       const ast::Stmt& s) {
    if (const auto* n = ast::DynCast<ast::NameExpr>(&target)) {
        const ir::ExprInfo* info = program_.Info(target);
        if (info != nullptr && info->local != nullptr) {
            const ir::VarInfo& v = *info->local;
            if (!v.hoisted && v.first_def == &s) {
                // (a local bound to args.__dict__ is a reference to it: Note [The parsed arguments' dict] in sema)
                w_.Line(sema::CppName(v.type) + (v.reference ? "& " : " ") + v.cpp_name + " = " + value + ";");
            } else {
                w_.Line(v.cpp_name + " = " + value + ";");
            }
            if (auto flag = assigned_flags_.find(&v); flag != assigned_flags_.end()) w_.Line(flag->second + " = true;");
            return;
        }
        w_.Line(sema::CppIdentifier(n->id()) + " = " + value + ";");
        return;
    }
    // `self.x.y = v`, `self.x[i] = v` of an x nothing assigns: Python evaluates v, then reads x, which raises.
    const auto* target_sub = ast::DynCast<ast::SubscriptExpr>(&target);
    const auto* target_attr = ast::DynCast<ast::AttributeExpr>(&target);
    if ((target_attr != nullptr && RaisesFirst(target_attr->value())) || (target_sub != nullptr && RaisesFirst(*target_sub))) {
        w_.Line("static_cast<void>(" + value + "), static_cast<void>(" +
                E(target_attr != nullptr ? target_attr->value() : target) + ");");
        return;
    }
    if (const auto* a = ast::DynCast<ast::AttributeExpr>(&target)) {
        const ir::ExprInfo* info = program_.Info(target);
        if (info != nullptr && info->field != nullptr) {
            const ir::ExprInfo* base = program_.Info(a->value());
            if (base != nullptr && base->is_self && info->field->is_link && fn_ != nullptr && fn_->is_init &&
                cls_ != nullptr && cls_->kind == ir::ClassInfo::Kind::kChain) {
                // Attribute(): this->x when a parameter x hides the member (`self.loss_func = loss_func`)
                w_.Line(Attribute(*a) + " = add_link(" + sema::CppStringLiteral(a->attr()) + ", " + value + ");");
                return;
            }
            if (base != nullptr && base->is_self && info->field->is_param && fn_ != nullptr && fn_->is_init &&
                cls_ != nullptr && cls_->IsLink()) {
                w_.Line(Attribute(*a) + " = add_param(" + sema::CppStringLiteral(a->attr()) + ", " + value + ");");
                return;
            }
            w_.Line(Attribute(*a) + " = " + value + ";");
            return;
        }
        if (info != nullptr && info->attr != nullptr && !info->attr->setter.empty()) {
            std::string op;
            std::string recv = Receiver(a->value(), &op);
            const std::string& setter = info->attr->setter;
            if (setter[0] == '=') {  // a template: $self the receiver, $0 the value ("=$self->c = $0")
                std::string out = setter.substr(1);
                out.replace(out.find("$self"), 5, recv);
                out.replace(out.find("$0"), 2, value);
                w_.Line(out + ";");
                return;
            }
            w_.Line(recv + op + setter + "(" + value + ");");
            return;
        }
        w_.Line(E(target) + " = " + value + ";");
        return;
    }
    if (const auto* sub = ast::DynCast<ast::SubscriptExpr>(&target)) {
        const TypeRef t = sema::StripOptional(TypeOf(sub->value()));
        const std::string container = SubscriptedValue(sub->value());
        if (t->kind == TypeKind::kNdarray || t->kind == TypeKind::kVariable || t->kind == TypeKind::kStrArray) {
            std::string index;
            if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&sub->index())) {
                for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                    index += (i ? ", " : "") + IndexItem(*tuple->elements()[i]);
                }
                index = "{" + index + "}";
            } else {
                index = IndexItem(sub->index());
            }
            // The array of a Variable or a library attribute (`param.array[...] = v`, Chainer's PTB example) is a
            // const reference: the store goes through a copy of the handle, which shares the memory. So is a
            // Variable name read as the array assigned to it (Note [Narrowing] in sema).
            const ir::ExprInfo* info = program_.Info(sub->value());
            const bool via_handle = t->kind == TypeKind::kVariable || (info != nullptr && info->attr != nullptr) ||
                                    ast::Isa<ast::CallExpr>(sub->value()) ||
                                    (info != nullptr && info->narrowed_from && t->kind == TypeKind::kNdarray);
            std::string arr = t->kind == TypeKind::kVariable ? container + ".array()" : container;
            if (via_handle && t->kind != TypeKind::kStrArray) arr = "cnet::Array(" + arr + ")";
            // A number stored into a string array is its str() (Note [String arrays] in cnet/np/str_array.h).
            const bool number = t->kind == TypeKind::kStrArray && sema::IsNumeric(sema::StripOptional(value_type));
            w_.Line(arr + ".setitem(" + index + ", " + (number ? "cnet::py::str(" + value + ")" : value) + ");");
        } else if (t->kind == TypeKind::kDict) {
            // A NumPy float stored in a dict of floats is that float (d['perplexity'] = np.exp(loss)).
            const bool numpy_float = sema::NumpyFloatArgument(sema::StripOptional(value_type), t->args[1]);
            w_.Line(container + "[" + E(sub->index(), t->args[0]) + "] = " +
                    (numpy_float ? "cnet::py::to_float(" + value + ")" : ObjectConverted(value, target, value_type, t->args[1])) + ";");
        } else {
            w_.Line("cnet::py::at(" + container + ", " + E(sub->index()) + ") = " +
                    (t->kind == TypeKind::kList ? ObjectConverted(value, target, value_type, t->args[0]) : value) + ";");
        }
        return;
    }
    // Tuple / list unpacking: one temporary, then each target.
    const ast::ExprList& elements = ast::Isa<ast::TupleExpr>(target) ? ast::Cast<ast::TupleExpr>(target).elements()
                                                                      : ast::Cast<ast::ListExpr>(target).elements();
    std::string temp;
    for (const auto& el : elements) {
        if (const auto* n = ast::DynCast<ast::NameExpr>(el.get())) temp += (temp.empty() ? "" : "_") + n->id();
    }
    temp = Temp(temp.empty() ? "unpacked" : temp);  // `a, b = ...` => a_b_N_ (made plain when it is not)
    const TypeRef vt = sema::StripOptional(value_type);
    if (vt->kind == TypeKind::kObject) {  // its items, counted when it runs (Note [Values typed at run time])
        w_.Line("auto " + temp + " = cnet::py::unpack(" + value + ", " + std::to_string(elements.size()) + ");");
        for (std::size_t i = 0; i < elements.size(); ++i) {
            const TypeRef et = TypeOf(*elements[i]);
            Assign(*elements[i], ObjectConverted(temp + "[" + std::to_string(i) + "]", *elements[i], vt, et), et, s);
        }
        return;
    }
    w_.Line("auto " + temp + " = " + value + ";");
    for (std::size_t i = 0; i < elements.size(); ++i) {
        const TypeRef et = vt->kind == TypeKind::kTuple ? vt->args[i]
                           : vt->kind == TypeKind::kShape ? sema::types::Int()
                                                          : vt->args[0];
        std::string item = vt->kind == TypeKind::kTuple
                               ? "std::get<" + std::to_string(i) + ">(" + temp + ")"
                               : vt->kind == TypeKind::kShape ? temp + "[" + std::to_string(i) + "]"
                                                              : "cnet::py::at(" + temp + ", " + std::to_string(i) + ")";
        // `train, test = None, None` of names that later hold a dataset: each None becomes the target's None.
        if (et->kind == TypeKind::kNone) item = Convert(item, *elements[i], et, TypeOf(*elements[i]));
        Assign(*elements[i], item, et, s);
    }
}

void Generator::DeclareUnassigned(const ast::Expr& target, const ast::Stmt& s) {
    if (const auto* t = ast::DynCast<ast::TupleExpr>(&target)) {
        for (const auto& e : t->elements()) DeclareUnassigned(*e, s);
    } else if (const auto* l = ast::DynCast<ast::ListExpr>(&target)) {
        for (const auto& e : l->elements()) DeclareUnassigned(*e, s);
    } else if (const ir::ExprInfo* info = program_.Info(target); info != nullptr && info->local != nullptr &&
                                                                  ast::Isa<ast::NameExpr>(target)) {
        const ir::VarInfo& v = *info->local;
        if (!v.hoisted && v.first_def == &s) w_.Line("[[maybe_unused]] " + sema::CppName(v.type) + " " + v.cpp_name + "{};");
    }
}

void Generator::AssignStmt(const ast::AssignStmt& s) {
    if (sema::IsNever(TypeOf(s.value()))) {
        // The value raises before anything is assigned (Note [An attribute nothing assigns] in sema); the names
        // this statement declares are still declared, for the code after it.
        for (const auto& t : s.targets()) DeclareUnassigned(*t, s);
        w_.Line("static_cast<void>(" + E(s.value()) + ");");
        return;
    }
    const ast::Expr& first = *s.targets()[0];
    if (const ir::ExprInfo* info = program_.Info(first);
        info != nullptr && info->local != nullptr && sema::IsClassAlias(info->local->type)) {
        return;  // `HSM = L.BinaryHierarchicalSoftmax`: HSM's reads are the class (Note [Class aliases] in sema)
    }
    TypeRef want;
    if (const ir::ExprInfo* info = program_.Info(first); info != nullptr && info->type) {
        // (An attribute's settled type: one only ever given None is None, sema/complete_types.cc.)
        want = info->field != nullptr && info->field->type ? info->field->type : info->type;
    }
    if (ast::Isa<ast::TupleExpr>(first) || ast::Isa<ast::ListExpr>(first)) want = nullptr;
    // x[i] = a[j] copies the element into x: only a value bound as itself needs its own copy.
    const auto* store = ast::DynCast<ast::SubscriptExpr>(&first);
    const bool into_array = store != nullptr && sema::IsArrayLike(sema::StripOptional(TypeOf(store->value())));
    const std::string value = into_array ? E(s.value(), want) : Kept(s.value(), want);
    Assign(first, value, TypeOf(s.value()), s);
    for (std::size_t i = 1; i < s.targets().size(); ++i) Assign(*s.targets()[i], E(first), TypeOf(first), s);
}

void Generator::If(const ast::IfStmt& s, bool is_elif) {
    w_.Line(std::string(is_elif ? "} else if (" : "if (") + Truth(s.test()) + ") {");
    w_.Indent();
    Block(s.body());
    w_.Dedent();
    if (s.orelse().size() == 1) {
        if (const auto* elif = ast::DynCast<ast::IfStmt>(s.orelse()[0].get()); elif != nullptr && elif->is_elif()) {
            If(*elif, true);
            return;
        }
    }
    if (!s.orelse().empty()) {
        w_.Line("} else {");
        w_.Indent();
        Block(s.orelse());
        w_.Dedent();
    }
    w_.Line("}");
}

void Generator::For(const ast::ForStmt& s) {
    if (sema::IsNever(TypeOf(s.iter()))) {  // the iterable raises: the loop never starts
        w_.Line("static_cast<void>(" + E(s.iter()) + ");");
        return;
    }
    const TypeRef elem = TypeOf(s.target());
    // (`for b in Countdown(3):`: Iterable holds an object a call returns for the loop, cnet::py::held_iterable)
    const std::string iter = Iterable(s.iter(), elem);
    if (const auto* n = ast::DynCast<ast::NameExpr>(&s.target())) {
        const ir::ExprInfo* info = program_.Info(*n);
        const ir::VarInfo* v = info != nullptr ? info->local : nullptr;
        // Declared in the loop header only when the loop declares it (a variable assigned before the loop
        // keeps the loop's last value after it, as in Python).
        if (v != nullptr && !v->hoisted && v->first_def == &s) {
            w_.Line("for (" + sema::CppName(v->type) + " " + v->cpp_name + " : " + iter + ") {");
        } else {
            const std::string item = Temp(v != nullptr ? v->cpp_name + "_item" : "item");
            w_.Line("for (const auto& " + item + " : " + iter + ") {");
            w_.Indent();
            Assign(s.target(), item, elem, s);
            w_.Dedent();
        }
    } else {
        const std::string item = Temp("item");
        w_.Line("for (const auto& " + item + " : " + iter + ") {");
        w_.Indent();
        Assign(s.target(), item, elem, s);
        w_.Dedent();
    }
    w_.Indent();
    Block(s.body());
    w_.Dedent();
    w_.Line("}");
}

void Generator::With(const ast::WithStmt& s) {
    w_.Line("{");
    w_.Indent();
    for (const auto& item : s.items()) {
        const auto* call = ast::DynCast<ast::CallExpr>(&item->context());
        const auto* attr = call != nullptr ? ast::DynCast<ast::AttributeExpr>(&call->func()) : nullptr;
        if (attr != nullptr && attr->attr() == "init_scope") {
            w_.Line("auto " + Temp("scope") + " = init_scope();");
            continue;
        }
        const TypeRef t = TypeOf(item->context());
        if (sema::ClosedByWith(t)) {  // `with open(...) as f:` closes f when the block is left
            std::string file = Temp("file");
            w_.Line("auto " + file + " = " + E(item->context()) + ";");
            w_.Line("cnet::py::FileCloser " + Temp("closer") + "(" + file + ");");
            if (item->target() != nullptr) Assign(*item->target(), file, t, s);
            continue;
        }
        if (t->lib_type->shared) {  // an iterator (sema's IsLibIterator): finalized when the block is left
            std::string iterator = Temp("iterator");
            w_.Line("auto " + iterator + " = " + E(item->context()) + ";");
            w_.Line("cnet::iterators::FinalizeOnExit " + Temp("finalizer") + "(" + iterator + ");");
            if (item->target() != nullptr) Assign(*item->target(), iterator, t, s);
            continue;
        }
        // A guard held for the block: cnet::using_config("train", false) => cnet::using_config config_1("train",
        // false); a value entered through its __enter__ (a CUDA device) => cnet::cuda::DeviceScope config_1(device).
        std::string ctor = E(item->context());
        const sema::LibType* scope = t->lib_type;
        if (const sema::BuiltinEntry* enter = sema::EnterMethod(t)) {
            scope = sema::BuiltinTable::Get().FindType(enter->result);
            ctor = enter->cpp.substr(1);  // "=template($self)"
            ctor.replace(ctor.find("$self"), 5, E(item->context()));
        }
        const std::string& cpp = scope->cpp;
        std::string args = ctor.compare(0, cpp.size(), cpp) == 0 ? ctor.substr(cpp.size()) : "(" + ctor + ")";
        if (args == "()") args = "";
        w_.Line("CNET_LINE(kCnetSource, " + Line(s) + ");");  // entering may fail (a CUDA device): name the line
        w_.Line(cpp + " " + Temp("config") + args + ";");
    }
    Block(s.body());
    w_.Dedent();
    w_.Line("}");
}

void Generator::Stmt(const ast::Stmt& s) {
    switch (s.kind()) {
        case ast::NodeKind::kImportStmt:
        case ast::NodeKind::kImportFromStmt:
            return;  // a function's import binds compile-time names only (sema's function_imports_)
        case ast::NodeKind::kExprStmt: {
            const ast::Expr& v = ast::Cast<ast::ExprStmt>(s).value();
            if (ast::Isa<ast::StringLiteral>(v)) return;
            std::string code = Discarded(v);
            if (code.empty()) return;  // super().__init__()
            Marker(s, true);
            if (const ir::FieldInfo* f = RegisteredParam(v)) code = f->cpp_name + " = " + code;
            w_.Line(code + ";");
            return;
        }
        case ast::NodeKind::kAssignStmt:
            Marker(s, true);
            AssignStmt(ast::Cast<ast::AssignStmt>(s));
            return;
        case ast::NodeKind::kAugAssignStmt: {
            const auto& a = ast::Cast<ast::AugAssignStmt>(s);
            Marker(s, true);
            if (sema::IsNever(TypeOf(a.target())) || sema::IsNever(TypeOf(a.value()))) {  // reading one raises
                w_.Line("static_cast<void>(" + E(a.target()) + "), static_cast<void>(" + E(a.value()) + ");");
                return;
            }
            std::string value = Binary(a.op(), E(a.target()), TypeOf(a.target()), E(a.value()), TypeOf(a.value()));
            // NumPy's in-place operators write into the array's own memory (views and other names see it, the
            // dtype stays): the result is assigned into it, and the name keeps the same array.
            if (TypeOf(a.target())->kind == TypeKind::kNdarray) {
                value = "cnet::np::InPlace(" + E(a.target()) + ", " + value + ", \"" + ast::Spelling(a.op()) + "=\")";
            }
            // `x += 1` of a Variable name read as its array (Note [Narrowing] in sema): the array's sum, stored back
            // as the constant Variable the name holds.
            if (const ir::ExprInfo* info = program_.Info(a.target()); info != nullptr && info->narrowed_from) {
                value = Convert(value, a.target(), TypeOf(a.target()), info->narrowed_from);
            }
            Assign(a.target(), value, TypeOf(a.target()), s);
            return;
        }
        case ast::NodeKind::kAnnAssignStmt: {
            const auto& a = ast::Cast<ast::AnnAssignStmt>(s);
            const TypeRef t = TypeOf(a.target());
            Marker(s, a.value() != nullptr);
            if (a.value() != nullptr) {
                Assign(a.target(), Kept(*a.value(), t), t, s);
            }
            return;
        }
        case ast::NodeKind::kIfStmt:
            Marker(s, true);
            If(ast::Cast<ast::IfStmt>(s), false);
            return;
        case ast::NodeKind::kWhileStmt: {
            const auto& wl = ast::Cast<ast::WhileStmt>(s);
            Marker(s, true);
            w_.Line("while (" + Truth(wl.test()) + ") {");
            w_.Indent();
            Block(wl.body());
            w_.Dedent();
            w_.Line("}");
            return;
        }
        case ast::NodeKind::kForStmt:
            Marker(s, true);
            For(ast::Cast<ast::ForStmt>(s));
            return;
        case ast::NodeKind::kWithStmt:
            Marker(s, false);
            With(ast::Cast<ast::WithStmt>(s));
            return;
        case ast::NodeKind::kReturnStmt: {
            const auto& r = ast::Cast<ast::ReturnStmt>(s);
            if (fn_->is_entry) {
                w_.Line("return 0;");
                return;
            }
            // A bare `return` in a function that returns a value elsewhere returns None (a fuzzer finding: the
            // C++ `return;` did not compile where the return type is a Variable | None).
            if (r.value() == nullptr && !fn_->is_init && fn_->return_type->kind != TypeKind::kNone &&
                fn_->return_type->kind != TypeKind::kUnknown) {
                Marker(s, true);
                w_.Line("return " + NoneOf(fn_->return_type) + ";");
                return;
            }
            if (r.value() == nullptr || fn_->return_type->kind == TypeKind::kNone) {
                if (r.value() != nullptr && !ast::Isa<ast::NoneLiteral>(*r.value())) {
                    Marker(s, true);
                    w_.Line(Discarded(*r.value()) + ";");
                }
                w_.Line("return;");
                return;
            }
            Marker(s, true);
            w_.Line("return " + Kept(*r.value(), fn_->return_type) + ";");
            return;
        }
        case ast::NodeKind::kPassStmt:
            return;
        case ast::NodeKind::kBreakStmt:
            w_.Line("break;");
            return;
        case ast::NodeKind::kContinueStmt:
            w_.Line("continue;");
            return;
        case ast::NodeKind::kRaiseStmt:
            Marker(s, true);
            Raise(ast::Cast<ast::RaiseStmt>(s));
            return;
        case ast::NodeKind::kTryStmt:
            Marker(s, false);
            Try(ast::Cast<ast::TryStmt>(s));
            return;
        case ast::NodeKind::kAssertStmt: {
            const auto& a = ast::Cast<ast::AssertStmt>(s);
            Marker(s, true);
            const std::string message = a.message() != nullptr
                                            ? "\"AssertionError: \" + cnet::py::str(" +
                                                  E(*a.message(), sema::IsNever(TypeOf(*a.message()))
                                                                      ? sema::types::Str() : nullptr) + ")"
                                            : std::string("\"AssertionError\"");
            w_.Line("if (!" + Truth(a.test()) + ") throw cnet::Error(" + message + ");");
            return;
        }
        case ast::NodeKind::kDelStmt:
            Marker(s, true);
            for (const auto& t : ast::Cast<ast::DelStmt>(s).targets()) {
                const auto& sub = ast::Cast<ast::SubscriptExpr>(*t);
                const TypeRef ct = TypeOf(sub.value());
                const std::string c = E(sub.value());
                if (sema::IsNever(ct)) {  // reading the container raises
                    w_.Line("static_cast<void>(" + c + ");");
                } else if (ct->kind == TypeKind::kDict) {
                    w_.Line(c + ".erase(" + E(sub.index(), ct->args[0]) + ");");
                } else {
                    w_.Line(c + ".erase(" + c + ".begin() + cnet::py::normalize_index(" + E(sub.index()) +
                            ", cnet::py::len(" + c + ")));");
                }
            }
            return;
        case ast::NodeKind::kFunctionDef:
            Marker(s, false);
            ClosureDef(ast::Cast<ast::FunctionDef>(s));
            return;
        default:
            CNET_INTERNAL_CHECK(false) << "codegen: unexpected statement " << ast::NodeKindName(s.kind());
    }
}

}  // namespace cnet::compiler::codegen
