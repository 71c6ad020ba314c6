// codegen_expr.cc — expressions to C++: names, attributes, subscripts (Note [Index syntax in C++] of the
// runtime), Python operator semantics (py::floordiv, py::mod, pow), comparisons with None, f-strings (displays:
// codegen_displays.cc; comprehensions: codegen_comprehension.cc).
#include <functional>
#include <map>

#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

std::string Generator::E(const ast::Expr& e, const TypeRef& want) {
    if (RaisesFirst(e)) return NeverValue(e, want);
    const bool fused_leaf = fused_leaf_code_.count(&e) != 0;  // a temporary, narrowed where it was made
    std::string code = ExprImpl(e, want);
    if (const ir::ExprInfo* info = program_.Info(e); info != nullptr && info->narrowed_from && !fused_leaf) {
        // Note [Narrowing] in sema: an `int | None` proven not None, an object of one of several classes
        // proven of one, a Variable name proven to hold the array assigned to it (a constant Variable in C++).
        if (info->narrowed_from->kind == TypeKind::kObject) {  // isinstance proved what it holds
            code = "cnet::py::convert<" + sema::CppName(info->type) + ">(" + code + ")";
        } else if (sema::IsChosenObject(info->narrowed_from)) {
            code = "std::static_pointer_cast<" + sema::ChosenClassCpp(info->type) + ">(" + code + ")";
        } else if (info->type->kind == TypeKind::kNdarray &&
                   sema::StripOptional(info->narrowed_from)->kind == TypeKind::kVariable) {
            code = "(" + code + ").array()";
        } else if (!sema::IsHandle(info->type)) {
            code = "(" + code + ").value()";
        }
    }
    if (want) code = Convert(code, e, TypeOf(e), want);
    return code;
}

std::string Generator::NoneOf(const TypeRef& t) {
    const TypeRef s = sema::StripOptional(t);
    switch (s->kind) {
        case TypeKind::kVariable: return "cnet::Variable()";
        case TypeKind::kNdarray: return "cnet::Array()";
        case TypeKind::kStrArray: return "cnet::np::StrArray()";
        case TypeKind::kUserClass: return "nullptr";
        case TypeKind::kLibObject: return s->lib_type->shared ? "nullptr" : "{}";
        case TypeKind::kNone: return "cnet::py::None";
        case TypeKind::kObject: return "cnet::py::Object()";
        default: return "std::nullopt";
    }
}

std::string Generator::Convert(const std::string& code, const ast::Expr& e, const TypeRef& from, const TypeRef& to) {
    if (!from || !to) return code;
    if (from->kind == TypeKind::kNone && to->kind != TypeKind::kNone) return NoneOf(to);
    // To, from or inside an object (Note [Values typed at run time]): one runtime conversion does all of them.
    if ((sema::ContainsObject(from) || sema::ContainsObject(to)) && !sema::SameType(from, to) &&
        from->kind != TypeKind::kUnknown && to->kind != TypeKind::kUnknown) {
        return "cnet::py::convert<" + sema::CppName(to) + ">(" + code + ")";
    }
    if (from->kind == TypeKind::kNdarray && to->kind == TypeKind::kVariable) return "cnet::as_variable(" + code + ")";
    if (from->kind == TypeKind::kList && to->kind == TypeKind::kList && from->args[0]->kind == TypeKind::kNdarray &&
        to->args[0]->kind == TypeKind::kVariable && !ast::Isa<ast::ListExpr>(e)) {  // (a display converts each)
        return "cnet::as_variables(" + code + ")";  // a list of arrays given to a list of Variables
    }
    if (sema::IsNumeric(from) && to->kind == TypeKind::kVariable) {  // `loss = 0` of a Variable: a float32 0-d constant
        return "cnet::as_variable(cnet::Array::FromScalar(" + code + ", cnet::Dtype::kFloat32))";
    }
    if (sema::StripOptional(to)->kind == TypeKind::kShape) {  // np.zeros(4), np.random.uniform(0, 1, size)
        if (from->kind == TypeKind::kInt) return "cnet::Shape{" + code + "}";
        if (from->kind == TypeKind::kTuple && !ast::Isa<ast::TupleExpr>(e)) {  // a display is a Shape already
            return "std::apply([](auto... d_) { return cnet::Shape{static_cast<int64_t>(d_)...}; }, " + code + ")";
        }
    }
    if (sema::IsNumpyModule(from) && sema::IsArrayModule(to)) {  // `xp = cuda.cupy if gpu >= 0 else np`
        return "cnet::cuda::ArrayModule(cnet::Device::Cpu())";
    }
    if (from->kind == TypeKind::kUserClassRef && to->kind == TypeKind::kClassChoice) {  // `{'alex': Alex, ...}`
        return "cnet::py::ClassChoice(" + sema::CppStringLiteral(from->user_class->cpp_name) + ")";
    }
    if (sema::NumpyIntegerArgument(from, to)) return "cnet::py::index(" + code + ")";  // L.EmbedID(max(t) + 1, n)
    if (sema::NumpyFloatArgument(from, to)) return "cnet::py::to_float(" + code + ")";
    if (sema::StrAsDtypeArgument(from, to)) return "cnet::DtypeFromName(" + code + ")";  // dtype='f'
    if (sema::ExamplesAsBatchArgument(from, to)) return "cnet::adapters::ToBatch(" + code + ")";
    if (sema::SequenceAsDatasetArgument(from, to)) return "cnet::adapters::ToDataset(" + code + ")";
    if (sema::NumberAsArrayArgument(from, to)) {  // np.sqrt(2): NumPy's 0-d int64 / float64
        return "cnet::np::array(cnet::Scalar(" + std::string(from->kind == TypeKind::kInt ? "int64_t{" : "double{") +
               code + "}))";
    }
    if (sema::ListAsArrayArgument(from, to)) return "cnet::np::array(" + code + ")";  // np.mean([1, 2])
    if (from->kind == TypeKind::kInt && to->kind == TypeKind::kFloat) {
        // An int64_t inside braces (std::vector<double>{n}) would be a narrowing error.
        return ast::Isa<ast::IntLiteral>(e) ? code + ".0" : "static_cast<double>(" + code + ")";
    }
    return code;
}

std::string Generator::ObjectConverted(const std::string& code, const ast::Expr& e, const TypeRef& from,
                                       const TypeRef& to) {
    if (!from || !to || (!sema::ContainsObject(from) && !sema::ContainsObject(to))) return code;
    return Convert(code, e, from, to);
}

std::string Generator::ExprImpl(const ast::Expr& e, const TypeRef& want) {
    bool ordered = false;
    if (std::string temp = OrderedOperand(e, want, &ordered); ordered) return temp;
    if (auto leaf = fused_leaf_code_.find(&e); leaf != fused_leaf_code_.end()) return leaf->second;
    if (auto fused = fusion_.at.find(&e); fused != fusion_.at.end() && &e != unfused_root_) {
        return FusedCall(e, fused->second);
    }
    switch (e.kind()) {
        case ast::NodeKind::kNameExpr:
            return Name(ast::Cast<ast::NameExpr>(e));
        case ast::NodeKind::kIntLiteral: {
            const int64_t v = ast::Cast<ast::IntLiteral>(e).value();
            if (v > 2147483647LL || v < -2147483647LL) return "int64_t{" + std::to_string(v) + "}";
            return std::to_string(v);
        }
        case ast::NodeKind::kFloatLiteral:
            return sema::CppFloatLiteral(ast::Cast<ast::FloatLiteral>(e).value());
        case ast::NodeKind::kStringLiteral: {
            const std::string& value = ast::Cast<ast::StringLiteral>(e).value();
            if (value.find('\0') != std::string::npos) return sema::CppStringValue(value);
            std::string lit = sema::CppStringLiteral(value);
            return want && want->kind == TypeKind::kStr ? lit : "std::string(" + lit + ")";
        }
        case ast::NodeKind::kBoolLiteral:
            return ast::Cast<ast::BoolLiteral>(e).value() ? "true" : "false";
        case ast::NodeKind::kNoneLiteral:
            return want ? NoneOf(want) : "cnet::py::None";
        case ast::NodeKind::kFStringExpr:
            return InOrder(e, [&] { return FString(ast::Cast<ast::FStringExpr>(e)); });
        case ast::NodeKind::kUnaryExpr: {
            const auto& u = ast::Cast<ast::UnaryExpr>(e);
            switch (u.op()) {
                case ast::UnaryOp::kNot: return "!" + Truth(u.operand());
                case ast::UnaryOp::kMinus: {
                    if (TypeOf(u.operand())->kind == TypeKind::kObject) return "cnet::py::negative(" + E(u.operand()) + ")";
                    std::string operand = E(u.operand());
                    // -(-18), not --18 (a decrement).
                    if (!operand.empty() && (operand[0] == '-' || operand[0] == '+')) return "-(" + operand + ")";
                    return "-" + operand;
                }
                case ast::UnaryOp::kPlus: return E(u.operand());
                case ast::UnaryOp::kInvert: return "~" + E(u.operand());
            }
            return "";
        }
        case ast::NodeKind::kBinaryExpr: {
            const auto& b = ast::Cast<ast::BinaryExpr>(e);
            // xs + [] or [] + xs, s | set(): the empty operand takes the result's element type.
            const TypeRef t = TypeOf(e);
            // (only a list or set operand: the count of `3 * [0]` stays an int)
            auto side_type = [&](const ast::Expr& operand) -> TypeRef {
                const bool container = t->kind == TypeKind::kList || t->kind == TypeKind::kSet;
                return container && sema::IsComplete(t) && TypeOf(operand)->kind == t->kind ? t : nullptr;
            };
            const TypeRef lside = side_type(b.lhs()), rside = side_type(b.rhs());
            if (b.op() == ast::BinaryOp::kPow && t->kind == TypeKind::kFloat && TypeOf(b.lhs())->kind != TypeKind::kFloat &&
                TypeOf(b.rhs())->kind != TypeKind::kFloat) {  // int ** -k (sema: a float, as in Python)
                return "std::pow(static_cast<double>(" + E(b.lhs()) + "), static_cast<double>(" + E(b.rhs()) + "))";
            }
            return InOrder(e, [&] {
                return Binary(b.op(), E(b.lhs(), lside), lside ? lside : TypeOf(b.lhs()), E(b.rhs(), rside),
                              rside ? rside : TypeOf(b.rhs()));
            });
        }
        case ast::NodeKind::kBoolOpExpr: {
            const auto& b = ast::Cast<ast::BoolOpExpr>(e);
            if (TypeOf(e)->kind != TypeKind::kBool) return BoolOpValue(b);
            std::string out = "(";
            for (std::size_t i = 0; i < b.values().size(); ++i) {
                if (i) out += b.op() == ast::BoolOp::kAnd ? " && " : " || ";
                out += Truth(*b.values()[i]);
            }
            return out + ")";
        }
        case ast::NodeKind::kCompareExpr:
            return InOrder(e, [&] { return Compare(ast::Cast<ast::CompareExpr>(e)); });
        case ast::NodeKind::kConditionalExpr: {
            const auto& c = ast::Cast<ast::ConditionalExpr>(e);
            const TypeRef t = TypeOf(e);
            if (t->kind == TypeKind::kOptional && !sema::IsHandle(t)) {
                // `None if ... else x`: both branches made the optional (std::nullopt and x differ in C++).
                const std::string opt = sema::CppName(t);
                return "(" + Truth(c.test()) + " ? " + opt + "(" + E(c.body(), t) + ") : " + opt + "(" +
                       E(c.orelse(), t) + "))";
            }
            if (t->kind == TypeKind::kStr) {  // ('S' if c else '-') + ...: a std::string, not two char arrays
                return "(" + Truth(c.test()) + " ? std::string(" + E(c.body(), t) + ") : std::string(" +
                       E(c.orelse(), t) + "))";
            }
            return "(" + Truth(c.test()) + " ? " + E(c.body(), t) + " : " + E(c.orelse(), t) + ")";
        }
        case ast::NodeKind::kCallExpr:
            if (IsCollectionsCall(ast::Cast<ast::CallExpr>(e))) {
                return CollectionsCall(ast::Cast<ast::CallExpr>(e), want);
            }
            return InOrder(e, [&] { return Call(ast::Cast<ast::CallExpr>(e)); });
        case ast::NodeKind::kAttributeExpr:
            return Attribute(ast::Cast<ast::AttributeExpr>(e));
        case ast::NodeKind::kSubscriptExpr:
            return Subscript(ast::Cast<ast::SubscriptExpr>(e));
        case ast::NodeKind::kTupleExpr:
        case ast::NodeKind::kListExpr:
        case ast::NodeKind::kDictExpr:
        case ast::NodeKind::kSetExpr:
            return Collection(e, want);
        case ast::NodeKind::kListCompExpr:
        case ast::NodeKind::kDictCompExpr:
        case ast::NodeKind::kSetCompExpr:
        case ast::NodeKind::kGeneratorExpr:
            return ListComp(ast::Cast<ast::ComprehensionExpr>(e));
        case ast::NodeKind::kLambdaExpr:
            return Lambda(ast::Cast<ast::LambdaExpr>(e));
        default:
            CNET_INTERNAL_CHECK(false) << "codegen: unexpected " << ast::NodeKindName(e.kind());
            return "";
    }
}

std::string Generator::Name(const ast::NameExpr& e) {
    const ir::ExprInfo* info = program_.Info(e);
    CNET_INTERNAL_CHECK(info != nullptr) << "codegen: unresolved name '" << e.id() << "'";
    if (info->is_self) {
        return "std::static_pointer_cast<" + cls_->cpp_name + ">(shared_from_this())";
    }
    if (info->local != nullptr) {
        if (info->local->module_variable && fn_ != program_.script_function.get()) {
            return ModuleVariableRead(e, *info->local);  // Note [Module variables] in sema
        }
        if (program_.checked_reads.count(&e) != 0) {  // Note [Definite assignment] in sema/definite_assignment.cc
            const bool module_level = fn_ != nullptr && fn_ == program_.script_function.get();
            return std::string(module_level ? "cnet::py::assigned_global(" : "cnet::py::assigned_local(") +
                   info->local->cpp_name + ", " + assigned_flags_.at(info->local) + ", " +
                   sema::CppStringLiteral(e.id()) + ")";
        }
        return info->local->cpp_name;
    }
    if (info->global != nullptr) return GlobalRead(e, *info->global);
    if (info->attr != nullptr) return info->attr->cpp;
    const TypeRef t = info->type;
    if (t->kind == TypeKind::kLibFunction) return FunctionValue(*t->entry);
    if (t->kind == TypeKind::kUserFunction) return t->function->cpp_name;
    if (e.id() == "__file__") {  // Python's __file__ of a script: its path (`cnetc build` gives the absolute one)
        return "std::string(" + sema::CppStringLiteral(options_.line_file.empty() ? program_.file_name : options_.line_file) + ")";
    }
    return sema::CppIdentifier(e.id());
}

// A library function used as a value (`lossfun=F.sigmoid_cross_entropy`): a lambda over its required
// parameters, so C++ overloads and default arguments do not get in the way.
std::string Generator::FunctionValue(const sema::BuiltinEntry& entry) {
    std::string params, args;
    std::size_t n = entry.signature.RequiredCount();
    for (std::size_t i = 0; i < n; ++i) {
        const std::string name = sema::CppIdentifier(entry.signature.params[i].name);
        params += (i ? ", " : "") + std::string("const cnet::Variable& ") + name;
        args += (i ? ", " : "") + name;
    }
    return "[](" + params + ") { return " + entry.cpp + "(" + args + "); }";
}

// A value that is kept (bound to a name, put into a container, returned): `a[i]` with integers on every axis
// is NumPy's scalar, a copy, so that `v = a[0]; a[0] = 5` leaves v as it was. Where the element is only read
// (`a[i] * 2`, `int(a[i])`), the view is as good and cheaper.
std::string Generator::Kept(const ast::Expr& e, const TypeRef& want) {
    const auto* sub = ast::DynCast<ast::SubscriptExpr>(&e);
    if (sub == nullptr || (want && sema::StripOptional(want)->kind != TypeKind::kNdarray) || RaisesFirst(e)) {
        return E(e, want);
    }
    std::string code = Subscript(*sub, true);
    if (want) code = Convert(code, e, TypeOf(e), want);
    return code;
}

// The C++ expression for the object an attribute is taken from, and the member operator to use.
std::string Generator::Receiver(const ast::Expr& value, std::string* op, const std::string& attr) {
    const ir::ExprInfo* info = program_.Info(value);
    const TypeRef t = sema::StripOptional(TypeOf(value));
    if (info != nullptr && info->is_self) {
        *op = "";
        return "";
    }
    const bool pointer = t->kind == TypeKind::kUserClass || (t->kind == TypeKind::kLibObject && t->lib_type->shared);
    *op = pointer ? "->" : ".";
    // A user object may be None (T | None flows into T parameters): AttributeError, not a null dereference.
    if (t->kind == TypeKind::kUserClass && !attr.empty()) {
        return "cnet::py::deref(" + E(value) + ", " + sema::CppStringLiteral(attr) + ")";
    }
    // A `list[int] | None` not narrowed (a std::optional): its value, or AttributeError on None as in Python.
    const TypeRef declared = TypeOf(value);
    if (declared->kind == TypeKind::kOptional && !sema::IsHandle(t)) {
        return "cnet::py::deref(" + E(value) + ", " + sema::CppStringLiteral(attr) + ")";
    }
    return E(value);
}

std::string Generator::Attribute(const ast::AttributeExpr& e) {
    const ir::ExprInfo* info = program_.Info(e);
    CNET_INTERNAL_CHECK(info != nullptr) << "codegen: unresolved attribute '" << e.attr() << "'";
    const TypeRef value_type = TypeOf(e.value());
    if (auto chosen = program_.chosen_attributes.find(&e); chosen != program_.chosen_attributes.end()) {
        // `model.insize` of a class chosen at run time: from whichever class it is (Note [Classes chosen at run
        // time] in sema), most derived first.
        std::string classes;
        for (const TypeRef& c : value_type->args) classes += (classes.empty() ? "" : ", ") + sema::ChosenClassCpp(c);
        return "cnet::py::read_as_one_of<" + classes + ">(" + E(e.value()) + ", [](const auto& o_) -> " + sema::CppName(TypeOf(e)) + " { return o_->" +
               chosen->second + "; }, " + sema::CppStringLiteral(e.attr()) + ")";
    }
    if (info->field != nullptr && value_type->kind == TypeKind::kUserClassRef) {  // `Alex.insize`: the constant
        return "(" + E(*info->field->class_value, info->field->type) + ")";
    }
    if (info->field != nullptr) {
        std::string op;
        std::string recv = Receiver(e.value(), &op, e.attr());
        if (info->field->is_persistent) {  // Note [Registered attributes] in sema
            return (recv.empty() ? "" : recv + op) + "persistent<" + sema::CppName(info->field->type) + ">(" +
                   sema::CppStringLiteral(info->field->name) + ")";
        }
        if (recv.empty()) {
            // self.x: the member, or this->x when a local of the same name hides it.
            bool hidden = false;
            if (fn_ != nullptr) {
                for (const auto& v : fn_->locals) hidden = hidden || v->cpp_name == info->field->cpp_name;
            }
            return (hidden ? "this->" : "") + info->field->cpp_name;
        }
        return recv + op + info->field->cpp_name;
    }
    if (sema::StripOptional(value_type)->kind == TypeKind::kUserClass) {
        const ir::FunctionInfo* m = sema::StripOptional(value_type)->user_class->FindMethod(e.attr());
        if (m != nullptr && m->is_property) {
            std::string op;
            std::string recv = Receiver(e.value(), &op, e.attr());
            return (recv.empty() ? "" : recv + op) + m->cpp_name + "()";
        }
    }
    if (value_type->kind == TypeKind::kArgs && e.attr() == "__dict__") return E(e.value()) + ".dict()";
    if (value_type->kind == TypeKind::kArgs) {
        // An option left out without a default is None: std::optional (E adds .value() where narrowed).
        const TypeRef declared = info->narrowed_from ? info->narrowed_from : info->type;
        const TypeRef t = sema::StripOptional(declared);
        const std::string getter = std::string(declared->kind == TypeKind::kOptional ? "get_optional_" : "get_") +
                                   (t->kind == TypeKind::kInt     ? "int"
                                    : t->kind == TypeKind::kFloat ? "float"
                                    : t->kind == TypeKind::kBool  ? "bool"
                                                                  : "str");
        return E(e.value()) + "." + getter + "(" + sema::CppStringLiteral(e.attr()) + ")";
    }
    if (info->attr != nullptr) {
        const sema::BuiltinEntry& entry = *info->attr;
        if (entry.kind == sema::EntryKind::kAttr) {
            std::string op;
            std::string recv = Receiver(e.value(), &op);
            if (!entry.cpp.empty() && entry.cpp[0] == '=') {
                std::string out = entry.cpp.substr(1);
                const std::size_t pos = out.find("$self");
                if (pos != std::string::npos) out.replace(pos, 5, recv);
                return out;
            }
            // An attribute typed by a constructor argument (Note [Members typed by a constructor argument] in
            // sema): the runtime's handle cast to that type.
            const TypeRef t = TypeOf(e);
            if (entry.result.rfind("type(", 0) == 0 && (t->kind == TypeKind::kUserClass || (t->kind == TypeKind::kLibObject && t->lib_type->shared))) {
                const std::string element = t->kind == TypeKind::kUserClass ? t->user_class->cpp_name : t->lib_type->cpp;
                return "std::static_pointer_cast<" + element + ">(" + recv + op + entry.cpp + ")";
            }
            return recv + op + entry.cpp;
        }
        if (entry.kind == sema::EntryKind::kFunction) return FunctionValue(entry);
        return entry.cpp;
    }
    if (info->type && info->type->kind == TypeKind::kLibFunction) return FunctionValue(*info->type->entry);
    CNET_INTERNAL_CHECK(false) << "codegen: attribute '" << e.attr() << "' of " << sema::PyName(value_type)
                               << " used as a value";
    return "";
}

std::string Generator::SliceBounds(const ast::SliceExpr& s) {
    auto part = [&](const ast::Expr* p) {
        // (a NumPy integer, a 0-d array, converts as an int argument does: operator.index)
        return p == nullptr ? std::string("{}") : E(*p, sema::types::Int());
    };
    std::string out = part(s.lower()) + ", " + part(s.upper());
    if (s.step() != nullptr) out += ", " + part(s.step());
    return out;
}

std::string Generator::IndexItem(const ast::Expr& e) {
    if (ast::Isa<ast::NoneLiteral>(e)) return "cnet::NewAxis";
    if (ast::Isa<ast::EllipsisLiteral>(e)) return "cnet::Ellipsis";
    if (const auto* s = ast::DynCast<ast::SliceExpr>(&e)) {
        if (s->lower() == nullptr && s->upper() == nullptr && s->step() == nullptr) return "cnet::Slice()";
        return "cnet::Slice(" + SliceBounds(*s) + ")";
    }
    return E(e);
}

// The container a subscript reads or stores into: an optional list or dict no test narrowed goes through
// cnet::py::subscripted (Python's TypeError for None); handles (arrays, objects) are their own None.
std::string Generator::SubscriptedValue(const ast::Expr& value) {
    const TypeRef t = TypeOf(value);
    const std::string code = E(value);
    if (t->kind == TypeKind::kOptional && !sema::IsHandle(t->args[0])) return "cnet::py::subscripted(" + code + ")";
    return code;
}

std::string Generator::Subscript(const ast::SubscriptExpr& e, bool element_copy) {
    const TypeRef t = sema::StripOptional(TypeOf(e.value()));
    const ast::Expr& index = e.index();
    const auto* slice = ast::DynCast<ast::SliceExpr>(&index);
    const std::string value = SubscriptedValue(e.value());
    switch (t->kind) {
        case TypeKind::kVariable:
        case TypeKind::kNdarray:
        case TypeKind::kStrArray: {
            std::string code;
            bool all_ints = true;
            if (const auto* tuple = ast::DynCast<ast::TupleExpr>(&index)) {
                std::string items;
                for (std::size_t i = 0; i < tuple->elements().size(); ++i) {
                    items += (i ? ", " : "") + IndexItem(*tuple->elements()[i]);
                    all_ints = all_ints && TypeOf(*tuple->elements()[i])->kind == TypeKind::kInt;
                }
                code = value + "[{" + items + "}]";
            } else {
                code = value + "[" + IndexItem(index) + "]";
                all_ints = TypeOf(index)->kind == TypeKind::kInt;
            }
            // Integers on every axis pick an element, which NumPy copies out as a scalar (see Kept).
            const bool copy = element_copy && t->kind == TypeKind::kNdarray && all_ints;
            return copy ? "cnet::np::scalar_or_view(" + code + ")" : code;
        }
        case TypeKind::kList:
            if (slice != nullptr) return "cnet::py::slice(" + value + ", {" + SliceBounds(*slice) + "})";
            if (TypeOf(index)->kind == TypeKind::kNdarray) {
                return "cnet::py::at(" + value + ", " + E(index) + ".item<int64_t>())";
            }
            return "cnet::py::at(" + value + ", " + E(index) + ")";
        case TypeKind::kStr:
            if (slice != nullptr) return "cnet::py::slice(" + value + ", {" + SliceBounds(*slice) + "})";
            return "cnet::py::char_at(" + value + ", " + E(index) + ")";
        case TypeKind::kShape:
            if (slice != nullptr) return "cnet::py::slice(" + value + ", {" + SliceBounds(*slice) + "})";
            return value + "[static_cast<int>(cnet::py::normalize_index(" + E(index) + ", " + value + ".size()))]";
        case TypeKind::kDict:
            return value + ".at(" + E(index, t->args[0]) + ")";
        case TypeKind::kObject:  // Note [Values typed at run time]
            return "cnet::py::getitem(" + value + ", " + E(index, sema::types::Object()) + ")";
        case TypeKind::kTuple: {
            int64_t i = 0;
            if (const auto* lit = ast::DynCast<ast::IntLiteral>(&index)) {
                i = lit->value();
            } else {
                i = -ast::Cast<ast::IntLiteral>(ast::Cast<ast::UnaryExpr>(index).operand()).value();
            }
            if (i < 0) i += static_cast<int64_t>(t->args.size());
            return "std::get<" + std::to_string(i) + ">(" + value + ")";
        }
        case TypeKind::kLibObject:
        case TypeKind::kUserClass:
            if (t->kind == TypeKind::kUserClass && t->user_class->kind == ir::ClassInfo::Kind::kLibrary) {
                // dataset[i] of a DatasetMixin subclass is its get_example(i) (Note [Library base classes]).
                return "cnet::py::deref(" + value + ", \"get_example\")->" +
                       t->user_class->FindMethod("get_example")->cpp_name + "(" + E(index) + ")";
            }
            if (t->kind == TypeKind::kLibObject && !t->lib_type->shared) {  // a Batch: a std::vector of examples
                if (slice != nullptr) return "cnet::py::slice(" + value + ", {" + SliceBounds(*slice) + "})";
                return "cnet::py::at(" + value + ", " + E(index) + ")";
            }
            if (slice != nullptr) return "cnet::datasets::slice(" + value + ", " + IndexItem(index) + ")";
            // A dataset of bare arrays holds 1-tuples (Note [Datasets of arrays] in sema).
            if (program_.array_examples.count(&e) != 0) return "(*" + value + ")[" + E(index) + "].at(0)";
            return "(*" + value + ")[" + E(index) + "]";
        default:
            CNET_INTERNAL_CHECK(false) << "codegen: subscript of " << sema::PyName(t);
            return "";
    }
}

std::string Generator::Binary(ast::BinaryOp op, const std::string& l, const TypeRef& lt, const std::string& r,
                              const TypeRef& rt) {
    using ast::BinaryOp;
    if (lt->kind == TypeKind::kObject || rt->kind == TypeKind::kObject) {  // Note [Values typed at run time]
        static const std::map<BinaryOp, const char*> ops = {
            {BinaryOp::kAdd, "kAdd"}, {BinaryOp::kSub, "kSub"}, {BinaryOp::kMul, "kMul"}, {BinaryOp::kDiv, "kDiv"},
            {BinaryOp::kFloorDiv, "kFloorDiv"}, {BinaryOp::kMod, "kMod"}, {BinaryOp::kPow, "kPow"}};
        return std::string("cnet::py::arithmetic(cnet::py::ObjectOp::") + ops.at(op) + ", cnet::py::convert<cnet::py::Object>(" +
               l + "), cnet::py::convert<cnet::py::Object>(" + r + "))";
    }
    if (lt->kind == TypeKind::kSet) return "(" + l + " " + ast::Spelling(op) + " " + r + ")";  // cnet::py::Set's
    const bool arrays = sema::IsArrayLike(lt) || sema::IsArrayLike(rt);
    const bool variable = lt->kind == TypeKind::kVariable || rt->kind == TypeKind::kVariable;
    if (lt->kind == TypeKind::kStr && op == BinaryOp::kMod) return "cnet::py::percent_format(" + l + ", " + r + ")";
    if (arrays) {
        switch (op) {
            case BinaryOp::kPow:
                if (variable) return "cnet::pow(" + l + ", " + r + ")";
                if (!sema::IsArrayLike(lt)) return "cnet::np::binary(cnet::kernels::BinaryOp::kPower, " + l + ", " + r + ")";
                return "cnet::np::power(" + l + ", " + r + ")";
            case BinaryOp::kMod:  // 10 % a: a scalar on the left (NumPy's scalar promotion)
                if (!variable && !sema::IsArrayLike(lt))
                    return "cnet::np::binary(cnet::kernels::BinaryOp::kMod, " + l + ", " + r + ")";
                break;
            case BinaryOp::kMatMul:
                return variable ? "cnet::matmul(" + l + ", " + r + ")" : "cnet::np::matmul(" + l + ", " + r + ")";
            case BinaryOp::kFloorDiv:
                if (variable) return "cnet::functions::floordiv(" + l + ", " + r + ")";
                if (!sema::IsArrayLike(lt) || !sema::IsArrayLike(rt)) {  // a // 2.0: NumPy's scalar promotion
                    return "cnet::np::binary(cnet::kernels::BinaryOp::kFloorDivide, " + l + ", " + r + ")";
                }
                return "cnet::np::floor_divide(" + l + ", " + r + ")";
            default:
                break;
        }
        std::string lv = l, rv = r;
        // An ndarray meeting a Variable is a constant (Chainer's rule): + - * / take it as it is and give it the
        // Variable's dtype, as Chainer's *Constant functions do; other operators take a constant Variable.
        const bool constant_op = op == BinaryOp::kAdd || op == BinaryOp::kSub || op == BinaryOp::kMul ||
                                 op == BinaryOp::kDiv;
        if (variable && !constant_op && lt->kind == TypeKind::kNdarray) lv = "cnet::Variable(" + l + ")";
        if (variable && !constant_op && rt->kind == TypeKind::kNdarray) rv = "cnet::Variable(" + r + ")";
        return "(" + lv + " " + ast::Spelling(op) + " " + rv + ")";
    }
    const bool is_float = lt->kind == TypeKind::kFloat || rt->kind == TypeKind::kFloat;
    // Literal ints are C++ `int`; the py:: helpers overload on int64_t and double.
    auto wide = [](const std::string& code) {
        const bool literal = !code.empty() && code.find_first_not_of("-0123456789") == std::string::npos;
        return literal ? "int64_t{" + code + "}" : code;
    };
    auto as_int = [&](const std::string& code, const TypeRef& t) {
        return t->kind == TypeKind::kInt ? wide(code) : "static_cast<int64_t>(" + code + ")";
    };
    auto as_double = [&](const std::string& code, const TypeRef& t) {
        return t->kind == TypeKind::kFloat ? code : "static_cast<double>(" + code + ")";
    };
    switch (op) {
        case BinaryOp::kDiv:  // ZeroDivisionError with CPython's message ("float division by zero" for floats)
            if (is_float) return "cnet::py::truediv(" + as_double(l, lt) + ", " + as_double(r, rt) + ")";
            return "cnet::py::truediv(" + as_int(l, lt) + ", " + as_int(r, rt) + ")";
        case BinaryOp::kFloorDiv:
            if (is_float) return "cnet::py::floordiv(" + as_double(l, lt) + ", " + as_double(r, rt) + ")";
            return "cnet::py::floordiv(" + wide(l) + ", " + wide(r) + ")";
        case BinaryOp::kMod:
            if (is_float) return "cnet::py::mod(" + as_double(l, lt) + ", " + as_double(r, rt) + ")";
            return "cnet::py::mod(" + wide(l) + ", " + wide(r) + ")";
        case BinaryOp::kPow:
            if (is_float) return "std::pow(" + l + ", " + r + ")";
            return "cnet::py::ipow(" + wide(l) + ", " + wide(r) + ")";
        default:
            break;
    }
    // Sequence repetition and concatenation (Python's 'ab' * 3, [0] * n, xs + ys): a new string or vector.
    if (op == BinaryOp::kMul && (lt->kind == TypeKind::kStr || lt->kind == TypeKind::kList ||
                                 rt->kind == TypeKind::kStr || rt->kind == TypeKind::kList)) {
        const bool seq_left = lt->kind == TypeKind::kStr || lt->kind == TypeKind::kList;
        const TypeRef& st = seq_left ? lt : rt;
        std::string seq = seq_left ? l : r;
        const std::string n = seq_left ? r : l;
        if (st->kind == TypeKind::kStr && seq[0] == '"') seq = "std::string(" + seq + ")";
        const std::string s = Temp("seq"), out = Temp("out"), i = Temp("i");
        return "[&] { const auto " + s + " = " + seq + "; " + sema::CppName(st) + " " + out + "; for (int64_t " + i +
               " = 0; " + i + " < " + n + "; ++" + i + ") " + out + ".insert(" + out + ".end(), " + s + ".begin(), " +
               s + ".end()); return " + out + "; }()";
    }
    if (lt->kind == TypeKind::kList && rt->kind == TypeKind::kList && op == BinaryOp::kAdd) {
        const std::string out = Temp("out"), tail = Temp("tail");
        return "[&] { " + sema::CppName(lt) + " " + out + " = " + l + "; const auto " + tail + " = " + r + "; " + out +
               ".insert(" + out + ".end(), " + tail + ".begin(), " + tail + ".end()); return " + out + "; }()";
    }
    if (lt->kind == TypeKind::kStr && op == BinaryOp::kAdd) {
        return "(" + (l[0] == '"' ? "std::string(" + l + ")" : l) + " + " + r + ")";
    }
    return "(" + l + " " + ast::Spelling(op) + " " + r + ")";
}

std::string Generator::IsNone(const std::string& code, const TypeRef& t, bool negate) {
    const TypeRef s = sema::StripOptional(t);
    std::string test;
    switch (s->kind) {
        case TypeKind::kNone: return negate ? "false" : "true";
        case TypeKind::kVariable:
        case TypeKind::kObject: test = code + ".is_none()"; break;
        case TypeKind::kNdarray:
        case TypeKind::kStrArray: test = "!" + code + ".defined()"; break;
        case TypeKind::kUserClass:
        case TypeKind::kLibObject: test = code + " == nullptr"; break;
        default:
            if (t->kind != TypeKind::kOptional) return negate ? "true" : "false";
            test = "!" + code + ".has_value()";
    }
    if (!negate) return "(" + test + ")";
    if (s->kind == TypeKind::kUserClass || s->kind == TypeKind::kLibObject) return "(" + code + " != nullptr)";
    if (test[0] == '!') return "(" + test.substr(1) + ")";
    return "!(" + test + ")";
}

std::string Generator::Compare(const ast::CompareExpr& e) {
    std::vector<std::string> parts;
    const ast::Expr* left = &e.left();
    for (std::size_t i = 0; i < e.ops().size(); ++i) {
        const ast::Expr* right = e.comparators()[i].get();
        const TypeRef lt = TypeOf(*left), rt = TypeOf(*right);
        const ast::CompareOp op = e.ops()[i];
        switch (op) {
            case ast::CompareOp::kIs:
            case ast::CompareOp::kIsNot: {
                const bool negate = op == ast::CompareOp::kIsNot;
                if (ast::Isa<ast::NoneLiteral>(*right)) {
                    parts.push_back(IsNone(E(*left), lt, negate));
                } else if (ast::Isa<ast::NoneLiteral>(*left)) {
                    parts.push_back(IsNone(E(*right), rt, negate));
                } else {  // identity between handles (sema rejects the rest)
                    parts.push_back(std::string(negate ? "!" : "") + "cnet::py::same_object(" + E(*left) + ", " +
                                    E(*right) + ")");
                }
                break;
            }
            case ast::CompareOp::kIn:
            case ast::CompareOp::kNotIn: {
                const bool negate = op == ast::CompareOp::kNotIn;
                std::string test;
                if (rt->kind == TypeKind::kDict) {
                    test = "(" + E(*right) + ".count(" + E(*left, rt->args[0]) + ") != 0)";
                } else if (rt->kind == TypeKind::kObject) {
                    test = "cnet::py::contains(" + E(*right) + ", " + E(*left, rt) + ")";
                } else {
                    test = "cnet::py::contains(" + E(*right) + ", " + E(*left) + ")";
                }
                parts.push_back(negate ? "!" + test : test);
                break;
            }
            default: {
                // `x.shape == (2, 3)`: the tuple display becomes a shape.
                std::string l = E(*left, lt->kind == TypeKind::kTuple && rt->kind == TypeKind::kShape ? rt : nullptr);
                std::string r = E(*right, rt->kind == TypeKind::kTuple && lt->kind == TypeKind::kShape ? lt : nullptr);
                if (lt->kind == TypeKind::kStr && l[0] == '"') l = "std::string(" + l + ")";
                // An array against a Variable (a forward's label, which Chainer's updater passes as an array): NumPy
                // compares the arrays elementwise.
                if (lt->kind == TypeKind::kNdarray && rt->kind == TypeKind::kVariable) r = "(" + r + ").array()";
                if (rt->kind == TypeKind::kNdarray && lt->kind == TypeKind::kVariable) l = "(" + l + ").array()";
                // A NumPy scalar against an object: its number, as NumPy compares it with a Python value.
                if (lt->kind == TypeKind::kNdarray && rt->kind == TypeKind::kObject) {
                    l = "cnet::py::Object(cnet::py::to_float(" + l + "))";
                }
                if (rt->kind == TypeKind::kNdarray && lt->kind == TypeKind::kObject) {
                    r = "cnet::py::Object(cnet::py::to_float(" + r + "))";
                }
                if ((lt->kind == TypeKind::kObject || rt->kind == TypeKind::kObject) && op != ast::CompareOp::kEq &&
                    op != ast::CompareOp::kNotEq) {  // Python's order of the kinds held, or its TypeError
                    parts.push_back(std::string("cnet::py::compare(\"") + ast::Spelling(op) +
                                    "\", cnet::py::convert<cnet::py::Object>(" + l + "), cnet::py::convert<cnet::py::Object>(" +
                                    r + "))");
                    break;
                }
                if (sema::StripOptional(lt)->kind != lt->kind && lt->kind == TypeKind::kOptional &&
                    !sema::IsHandle(sema::StripOptional(lt))) {
                    l = "*" + l;
                }
                parts.push_back("(" + l + " " + ast::Spelling(op) + " " + r + ")");
            }
        }
        left = right;
    }
    if (parts.size() == 1) return parts[0];
    std::string out = "(";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? " && " : "") + parts[i];
    return out + ")";
}

// `args.out or 'result'`, `n and n - 1`: Python's value, the first operand that decides (`or`: the first true one,
// `and`: the first false one), else the last; the later operands are evaluated only when reached.
std::string Generator::BoolOpValue(const ast::BoolOpExpr& b) {
    const TypeRef t = TypeOf(b);
    const std::string type = sema::CppName(t);
    const std::string v = Temp("operand");
    const bool is_and = b.op() == ast::BoolOp::kAnd;
    std::string out = "[&]() -> " + type + " { " + type + " " + v + " = " + E(*b.values()[0], t) + "; ";
    for (std::size_t i = 1; i < b.values().size(); ++i) {
        out += std::string("if (") + (is_and ? "!" : "") + TruthOf(v, t) + ") return " + v + "; ";
        out += v + " = " + E(*b.values()[i], t) + "; ";
    }
    return out + "return " + v + "; }()";
}

// A condition: bools as they are, other values by Python truthiness.
std::string Generator::Truth(const ast::Expr& e) {
    const TypeRef t = TypeOf(e);
    if (!sema::IsValueType(t)) return "true";  // a function, class or module is true
    return TruthOf(E(e), t);
}

std::string Generator::TruthOf(const std::string& code, const TypeRef& t) {
    switch (t->kind) {
        case TypeKind::kNone: return "false";
        case TypeKind::kDtype: return "((void)" + code + ", true)";  // NumPy: a dtype is true (though its len() is 0)
        case TypeKind::kDict:
        case TypeKind::kShape: return "(" + code + ".size() != 0)";
        case TypeKind::kTuple: return "((void)" + code + ", " + (t->args.empty() ? "false" : "true") + ")";
        case TypeKind::kStrArray:  // NumPy's rule: one element decides, several are ambiguous
            return "(" + code + ".size() == 1 ? cnet::py::to_bool(" + code + ".item()) : " + code +
                   ".size() == 0 ? false : throw cnet::ValueError(\"The truth value of an array with more than one "
                   "element is ambiguous. Use a.any() or a.all()\"))";
        case TypeKind::kBool: return code;
        case TypeKind::kOptional:
            if (sema::IsHandle(t->args[0])) return IsNone(code, t, true);
            return "(" + code + ".has_value() && cnet::py::to_bool(*" + code + "))";
        case TypeKind::kUserClass: return "(" + code + " != nullptr)";
        case TypeKind::kLibObject: return t->lib_type->shared ? "(" + code + " != nullptr)" : "((void)" + code + ", true)";
        case TypeKind::kVariable: return "cnet::py::to_bool(" + code + ".array())";
        case TypeKind::kNever: return "cnet::py::never_as<bool>(" + code + ")";
        default: return "cnet::py::to_bool(" + code + ")";
    }
}

std::string Generator::FString(const ast::FStringExpr& e) {
    std::string templ, args;
    for (const auto& part : e.parts()) {
        if (const auto* s = ast::DynCast<ast::StringLiteral>(part.get())) {
            for (char c : s->value()) {
                if (c == '{' || c == '}') templ += c;
                templ += c;
            }
        } else {
            const auto& fv = ast::Cast<ast::FormattedValueExpr>(*part);
            templ += "{";
            if (fv.conversion() != 0) templ += std::string("!") + fv.conversion();
            if (!fv.format_spec().empty()) templ += ":" + fv.format_spec();
            templ += "}";
            args += ", " + Value(fv.value());
        }
    }
    if (args.empty()) return "std::string(" + sema::CppStringValue(templ) + ")";
    return "cnet::py::format(" + sema::CppStringValue(templ) + args + ")";
}

// A std::vector of items 0 .. size-1 of `code` (evaluated once): `size` and `item` are templates in which $all is
// the held value and $i the index.
std::string Generator::ItemsByIndex(const std::string& code, const std::string& item_type, std::string size,
                                    std::string item) {
    const std::string all = Temp("rows"), out = Temp("out"), i = Temp("i");
    for (std::string* text : {&size, &item}) {
        for (std::size_t at; (at = text->find("$all")) != std::string::npos;) text->replace(at, 4, all);
        for (std::size_t at; (at = text->find("$i")) != std::string::npos;) text->replace(at, 2, i);
    }
    return "[&] { const auto " + all + " = " + code + "; std::vector<" + item_type + "> " + out + "; for (int64_t " +
           i + " = 0; " + i + " < " + size + "; ++" + i + ") " + out + ".push_back(" + item + "); return " + out +
           "; }()";
}

// What a for loop iterates: a string by code points (Python's one-character strings), a link by its children.
std::string Generator::Iterable(const ast::Expr& e, const TypeRef& element) {
    const TypeRef t = sema::StripOptional(TypeOf(e));
    if (ast::Isa<ast::ListExpr>(e) && element && sema::IsComplete(element)) return E(e, sema::types::List(element));
    if (t->kind == TypeKind::kStr) return "cnet::py::chars(" + E(e) + ")";
    if (t->kind == TypeKind::kDict) return "cnet::py::keys(" + E(e) + ")";  // `for k in d`: the keys, in order
    if (t->kind == TypeKind::kObject) return "(" + E(e) + ").iterate()";  // its items, keys or characters
    if (t->kind == TypeKind::kLibObject && t->lib_type->name == "Batch") return E(e);  // a list of examples
    if (program_.iterated_datasets.count(&e) != 0) {
        // `for x, t in dataset:` gives dataset[0], dataset[1], ... (bare arrays: Note [Datasets of arrays] in sema)
        const std::string item = element->kind == TypeKind::kNdarray ? "(*$all)[$i].at(0)" : "(*$all)[$i]";
        return ItemsByIndex(E(e), sema::CppName(element), "$all->size()", item);
    }
    if (t->kind == TypeKind::kUserClass || t->kind == TypeKind::kLibObject) {
        const bool shared = t->kind == TypeKind::kUserClass || t->lib_type->shared;
        if (shared && ast::Isa<ast::CallExpr>(e)) return "cnet::py::held_iterable(" + E(e) + ")";  // a temporary
        return "*" + E(e);
    }
    if (t->kind == TypeKind::kNdarray || t->kind == TypeKind::kVariable) {  // `for row in a:` gives a[0], a[1], ...
        return ItemsByIndex(E(e), sema::CppName(t), "cnet::py::len($all)", "$all[$i]");
    }
    if (t->kind == TypeKind::kTuple && element && sema::IsComplete(element)) {  // `for v in (x, y, z):`
        const std::string el = sema::CppName(element);
        return "std::apply([](const auto&... items_) { return std::vector<" + el + ">{" + el + "(items_)...}; }, " +
               E(e) + ")";
    }
    return E(e);
}

// An expression used as a value: a call returning None (`f'{print(1)}'`) is run, then None is the value.
std::string Generator::Value(const ast::Expr& e) {
    const std::string code = E(e);
    if (VoidInCpp(e) && ordered_.count(&e) == 0) return "(" + code + ", cnet::py::None)";
    return code;
}

bool Generator::VoidInCpp(const ast::Expr& e) const {
    if (TypeOf(e)->kind != TypeKind::kNone) return false;
    if (ast::Isa<ast::CallExpr>(e)) return true;
    const auto* a = ast::DynCast<ast::AttributeExpr>(&e);  // a @property returning None
    const TypeRef object = a != nullptr ? sema::StripOptional(TypeOf(a->value())) : nullptr;
    const ir::FunctionInfo* m =
        object && object->kind == TypeKind::kUserClass ? object->user_class->FindMethod(a->attr()) : nullptr;
    return m != nullptr && m->is_property;
}

}  // namespace cnet::compiler::codegen
