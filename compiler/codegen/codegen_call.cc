// codegen_call.cc — calls to C++: keyword arguments already matched to parameters by sema are emitted in
// the callee's positional order (interior defaults filled in from the table), library constructors
// become std::make_shared, links are called through operator(), argparse maps onto cnet::py::ArgumentParser.
#include <map>

#include "compiler/codegen/codegen.h"
#include "compiler/diagnostics/internal_check.h"
#include "compiler/sema/builtin_table.h"
#include "compiler/sema/cpp_names.h"
#include "compiler/sema/library_bases.h"

namespace cnet::compiler::codegen {

// A Python default from a signature string ("None", "True", "'mean'", "0.5", "float32") in C++.
std::string Generator::PyDefault(const std::string& py, const TypeRef& type) {
    // An untyped parameter (`eval_hook: callable = None`: a std::function) takes {} for None, as any C++ type does.
    if (py == "None") return type && type->kind != TypeKind::kUnknown ? NoneOf(type) : "{}";
    if (py == "True") return "true";
    if (py == "False") return "false";
    if (!py.empty() && (py[0] == '\'' || py[0] == '"')) return sema::CppStringLiteral(py.substr(1, py.size() - 2));
    if (!py.empty() && (std::isdigit(static_cast<unsigned char>(py[0])) || py[0] == '-' || py[0] == '.')) {
        if (py[0] == '.') return "0" + py;
        return py;
    }
    // A dtype default as core/dtype.h names it: always declared, whatever headers the program includes.
    if (py == "float32") return "cnet::Dtype::kFloat32";
    if (py == "float64") return "cnet::Dtype::kFloat64";
    if (py == "int32") return "cnet::Dtype::kInt32";
    if (py == "int64") return "cnet::Dtype::kInt64";
    if (!py.empty() && py[0] == '(') {
        // (1, 'epoch') => {1, "epoch"}
        std::string inner = py.substr(1, py.size() - 2), out;
        std::size_t start = 0;
        while (start <= inner.size()) {
            std::size_t comma = inner.find(',', start);
            if (comma == std::string::npos) comma = inner.size();
            std::string item = inner.substr(start, comma - start);
            while (!item.empty() && item.front() == ' ') item.erase(0, 1);
            if (!item.empty()) out += (out.empty() ? "" : ", ") + PyDefault(item, nullptr);
            start = comma + 1;
        }
        return "{" + out + "}";
    }
    return "{}";
}

// chainer.functions return a list of Variables as a cnet::VarList or a std::vector; .cnet's list[Variable] is
// a std::vector.
// An int or bool argument as int64_t: a literal is a C++ int (a bool a C++ bool), which neither overload (int64_t,
// double) of abs, to_float, to_int is closer to; True is 1 to them, as in Python.
std::string Generator::Int64Arg(const ast::Expr& e) {
    const TypeRef t = TypeOf(e);
    const bool integral = t && (t->kind == TypeKind::kInt || t->kind == TypeKind::kBool);
    return integral ? "static_cast<int64_t>(" + E(e) + ")" : E(e);
}

std::string Generator::LibResult(const sema::BuiltinEntry& entry, const std::string& code) {
    if (!entry.from_ops_def || entry.result != "list[Variable]") return code;
    return "[](const auto& r_) { return std::vector<cnet::Variable>(r_.begin(), r_.end()); }(" + code + ")";
}

// `*h.shape` as the one argument of a `*shape: int` parameter, `(rows, cols)` as the one argument of a `*shape:
// shape` parameter: one cnet::Shape (Note [Unpacking a shape]).
std::string Generator::ShapeCode(const ast::Expr& value) {
    const TypeRef from = sema::StripOptional(TypeOf(value));
    if (ast::Isa<ast::TupleExpr>(value)) return E(value, sema::types::Shape());  // a display is a Shape already
    const std::string code = E(value, nullptr);
    if (from->kind == TypeKind::kList) return "cnet::Shape(" + code + ")";  // once: the list may be a temporary
    return Convert(code, value, from, sema::types::Shape());
}

std::string Generator::Default(const ir::BoundArg& arg, bool lib) {
    if (!lib && arg.param != nullptr && arg.param->default_value != nullptr) {
        return E(*arg.param->default_value, arg.param->type);
    }
    if (arg.spec != nullptr) return PyDefault(arg.spec->default_value, arg.expected);
    return "{}";
}

// Arguments in parameter order. Library calls stop at the last argument given (C++ defaults match the
// table); user functions get every argument (their C++ declarations have no defaults).
std::string Generator::Args(const ir::CallInfo& call, bool fill_all, bool lib) {
    std::size_t last = 0;
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        if (call.args[i].value != nullptr || !call.args[i].rest.empty()) last = i + 1;
    }
    if (fill_all) last = call.args.size();
    std::string out;
    bool first = true;
    for (std::size_t i = 0; i < last; ++i) {
        const ir::BoundArg& a = call.args[i];
        if (a.is_var_positional) {
            std::string items;
            // `*shape: shape` takes ints, or one sequence of them (Note [Unpacking a shape]).
            const bool shape = a.spec != nullptr && a.spec->type == "shape";
            const auto* unpacked = a.rest.size() == 1 ? ast::DynCast<ast::StarredExpr>(a.rest[0]) : nullptr;
            if (unpacked != nullptr && !shape && a.spec != nullptr && a.spec->type != "int") {
                // A list into `*args`: the list itself (Note [Unpacking a list into *args] in sema).
                std::string list = E(unpacked->value());
                if (a.spec->packed) list = "[](const auto& seq_) { return cnet::VarList(seq_.begin(), seq_.end()); }(" + list + ")";
                out += (first ? "" : ", ") + list;
                first = false;
                continue;
            }
            for (const ast::Expr* r : a.rest) {
                const auto* star = ast::DynCast<ast::StarredExpr>(r);
                const bool sequence = shape && a.rest.size() == 1 && !sema::IsNumeric(TypeOf(*r));
                items += (items.empty() ? "" : ", ") +
                         (star != nullptr ? ShapeCode(star->value())
                          : sequence      ? ShapeCode(*r)
                                          : E(*r, shape ? sema::types::Int() : a.expected));
            }
            if (a.spec != nullptr && a.spec->packed) items = "cnet::VarList{" + items + "}";
            if (!items.empty()) out += (first ? "" : ", ") + items;
            first = first && items.empty();
            continue;
        }
        TypeRef want = a.expected;
        if (lib && a.value != nullptr && !want && ast::Isa<ast::TupleExpr>(*a.value)) want = sema::types::Unknown();
        // A user function where the library takes a callable becomes a lambda (Note [Library base classes]).
        std::string code = lib ? CallableAdapter(a) : "";
        if (code.empty()) code = a.value != nullptr ? E(*a.value, want) : Default(a, lib);
        // F.linear(x, W, None): a None literal where the library's default is None is the C++ parameter's empty
        // value, as that default is (a null Variable, no axis).
        if (lib && a.value != nullptr && ast::Isa<ast::NoneLiteral>(*a.value) && a.spec != nullptr &&
            a.spec->default_value == "None" && a.spec->type.empty()) {
            code = "{}";
        }
        // chainer.functions take a sequence of Variables as cnet::VarList.
        if (lib && a.value != nullptr && a.spec != nullptr && a.spec->type == "list[Variable]") {
            if (ast::Isa<ast::TupleExpr>(*a.value) || ast::Isa<ast::ListExpr>(*a.value)) {
                code = "cnet::VarList" + code.substr(code.find('{'));
            } else if ((ast::Isa<ast::NameExpr>(*a.value) || ast::Isa<ast::AttributeExpr>(*a.value)) &&
                       sema::SameType(TypeOf(*a.value), sema::types::List(sema::types::Variable()))) {
                // (a list of arrays is converted by as_variables into a temporary: evaluated once below)
                code = "cnet::VarList(" + code + ".begin(), " + code + ".end())";
            } else {  // evaluated once: a call's or a comprehension's result is a temporary
                code = "[](const auto& seq_) { return cnet::VarList(seq_.begin(), seq_.end()); }(" + code + ")";
            }
        }
        if (lib && a.value != nullptr && a.value->kind() == ast::NodeKind::kStringLiteral && code[0] == 's') {
            code = sema::CppStringValue(ast::Cast<ast::StringLiteral>(*a.value).value());
        }
        // A temporary where the user function changes the list or dict in place (a `T&` parameter, ParamDecl).
        if (!lib && a.value != nullptr && a.param != nullptr && !ast::Isa<ast::NameExpr>(*a.value) &&
            !ast::Isa<ast::AttributeExpr>(*a.value) && !ast::Isa<ast::SubscriptExpr>(*a.value) &&
            a.param->changed_in_place) {
            code = "cnet::py::lvalue(" + code + ")";
        }
        out += (first ? "" : ", ") + code;
        first = false;
    }
    return out;
}

// isinstance(value, c) of a value of type t against one class c: decided by the types where they decide it, by the
// kind an object holds (Note [Values typed at run time]), by whether a `T | None` holds a value.
std::string Generator::IsinstanceTest(const std::string& value, const TypeRef& t, const TypeRef& c) {
    if (const std::optional<bool> is = sema::VariableIsinstance(t, c)) return *is ? "true" : "false";
    if (t->kind == TypeKind::kOptional && sema::VariableIsinstance(sema::StripOptional(t), c))
        return "(" + value + ").defined()";  // a Variable | None is a Variable when it is not None
    TypeRef target;
    if (c->kind == TypeKind::kUserClassRef) target = sema::types::UserClass(c->user_class);
    if (c->kind == TypeKind::kLibClass && c->lib_type != nullptr) target = sema::types::LibObject(c->lib_type);
    if (c->kind == TypeKind::kLibFunction) target = sema::BuiltinTypeName(*c->entry);
    if (c->kind == TypeKind::kLibClass && c->entry->cpp == "Variable") target = sema::types::Variable();
    if (t->kind == TypeKind::kObject) {  // the kind it holds (Note [Values typed at run time])
        static const std::map<TypeKind, const char*> kinds = {
            {TypeKind::kInt, "kInt"},   {TypeKind::kFloat, "kFloat"}, {TypeKind::kStr, "kStr"},  {TypeKind::kBool, "kBool"},
            {TypeKind::kList, "kList"}, {TypeKind::kTuple, "kTuple"}, {TypeKind::kDict, "kDict"}};
        const auto kind = target ? kinds.find(target->kind) : kinds.end();
        if (kind == kinds.end()) return "false";  // a class: an object holds data only
        return "cnet::py::isinstance(" + value + ", cnet::py::Object::Kind::" + kind->second + ")";
    }
    if (c->kind == TypeKind::kLibFunction && target) {  // a builtin type: the value's kind (a bool is an int)
        const TypeRef s = sema::StripOptional(t);
        const bool is = s->kind == target->kind || (s->kind == TypeKind::kBool && target->kind == TypeKind::kInt);
        if (is && t->kind == TypeKind::kOptional) return "(" + value + ").has_value()";  // not None
        return is ? "true" : "false";
    }
    return target && sema::Assignable(t, target) && !(sema::IsNumeric(t) && !sema::SameType(t, target)) ? "true"
                                                                                                          : "false";
}

std::string Generator::Template(const std::string& templ, const std::string& self, const ir::CallInfo& call) {
    std::string out = templ.substr(1);
    auto replace_all = [&](const std::string& key, const std::string& value) {
        for (std::size_t pos = out.find(key); pos != std::string::npos; pos = out.find(key, pos + value.size())) {
            out.replace(pos, key.size(), value);
        }
    };
    replace_all("$self", self);
    std::string args = Args(call, false, true);
    replace_all("$args", args);
    // ", )" left by an empty $args.
    for (std::size_t pos = out.find(", )"); pos != std::string::npos; pos = out.find(", )")) out.erase(pos, 2);
    for (std::size_t i = 0; i < call.args.size(); ++i) {
        const std::string key = "$" + std::to_string(i);
        if (out.find(key) != std::string::npos && call.args[i].value != nullptr) {
            replace_all(key, E(*call.args[i].value, call.args[i].expected));
        }
    }
    return out;
}

std::string Generator::Call(const ast::CallExpr& e) {
    if (program_.base_init_calls.count(&e) != 0) {  // Base.__init__(self): the C++ base constructor
        auto skipped = program_.skipped_base_attributes.find(&e);
        if (skipped == program_.skipped_base_attributes.end() || skipped->second.empty()) return "";
        // The skipped base __init__'s links and parameters, which C++ made: Python never had them.
        std::string names;
        for (const std::string& n : skipped->second) names += (names.empty() ? "\"" : ", \"") + n + "\"";
        return "delete_attributes({" + names + "})";
    }
    if (auto m = program_.base_method_calls.find(&e); m != program_.base_method_calls.end()) {
        // Base.method(self, ...): that class's method, not the override.
        return m->second->owner->cpp_name + "::" + m->second->cpp_name + "(" + Args(*program_.Call(e), true, false) + ")";
    }
    // super().__init__(...): the base constructor call is emitted by the class skeleton.
    if (const auto* attr = ast::DynCast<ast::AttributeExpr>(&e.func())) {
        if (const auto* sup = ast::DynCast<ast::CallExpr>(&attr->value())) {
            if (const auto* n = ast::DynCast<ast::NameExpr>(&sup->func()); n != nullptr && n->id() == "super") {
                return "";
            }
        }
    }
    if (auto k = program_.kernel_at.find(&e); k != program_.kernel_at.end()) return k->second->cpp_name + "{}";
    if (auto pop = program_.kwargs_pops.find(&e); pop != program_.kwargs_pops.end() && fn_ != nullptr) {
        return fn_->params.at(pop->second).cpp_name;  // kwargs.pop('name') (Note [Forwarding constructors] in sema)
    }
    if (auto c = program_.chosen_calls.find(&e); c != program_.chosen_calls.end()) return ChosenCall(e, c->second);
    const TypeRef callee = TypeOf(e.func());
    const ir::CallInfo* call = program_.Call(e);
    static const ir::CallInfo kEmpty;
    if (call == nullptr) call = &kEmpty;
    switch (callee->kind) {
        case TypeKind::kKernel:
            return KernelCall(e, *callee->kernel);
        case TypeKind::kLibFunction: {
            const sema::BuiltinEntry& entry = *callee->entry;
            if (entry.owner == "builtins") return Builtin(e, entry, *call);
            if (entry.owner == "numpy" && (entry.name == "genfromtxt" || entry.name == "unique" ||
                                           ((entry.name == "array" || entry.name == "asarray") &&
                                            TypeOf(e)->kind == TypeKind::kStrArray))) {
                return NumpyStrings(e, entry, *call);
            }
            if (!entry.cpp.empty() && entry.cpp[0] == '=') return Template(entry.cpp, "", *call);
            if (program_.array_examples.count(&e) != 0) {  // Note [Datasets of arrays] in sema
                return "cnet::dataset::concat_examples_of_arrays(" + Args(*call, false, true) + ")";
            }
            if (entry.owner == "copy" && entry.name == "copy" && !call->args.empty() && call->args[0].value != nullptr) {
                // copy.copy of a user Iterator: a copy of its own class, whichever derived class it is.
                const TypeRef t = sema::StripOptional(TypeOf(*call->args[0].value));
                const sema::LibraryBase* base = t->kind == TypeKind::kUserClass ? sema::LibraryBaseOf(t->user_class) : nullptr;
                if (base != nullptr && base->type == "Iterator") {
                    return "std::static_pointer_cast<" + t->user_class->cpp_name + ">(" + E(*call->args[0].value) +
                           "->copy())";
                }
            }
            if ((entry.owner == "json" || entry.owner == "copy") && !call->args.empty() &&
                call->args[0].value != nullptr) {
                // C++ templates over their first argument: it is spelled as its own type ((1, 'a') a tuple).
                ir::CallInfo typed = *call;
                typed.args[0].expected = TypeOf(*call->args[0].value);
                return entry.cpp + "(" + Args(typed, false, true) + ")";
            }
            if (entry.name == "arange" && call->args.size() == 4 && call->args[1].value == nullptr &&
                call->args[2].value == nullptr) {
                // np.arange(stop, dtype=...) is the one-bound overload.
                return entry.cpp + "(" + E(*call->args[0].value) +
                       (call->args[3].value != nullptr ? ", " + E(*call->args[3].value) : std::string()) + ")";
            }
            const std::string code = entry.cpp + "(" + Args(*call, false, true) + ")";
            return LibResult(entry, code);
        }
        case TypeKind::kLibClass: {
            const sema::BuiltinEntry& entry = *callee->entry;
            const std::string args = Args(*call, false, true);
            if (entry.cpp == "Variable") {
                // A name that holds an array but is a Variable in C++ (sema's VariableOfArrayName).
                const bool rewrap = !call->args.empty() && call->args[0].value != nullptr &&
                                    TypeOf(*call->args[0].value)->kind == TypeKind::kVariable;
                // chainer.Parameter(array): a parameter, which a link registers (Link::add_param).
                if (!rewrap && entry.name == "Parameter") return "cnet::Parameter(" + args + ")";
                return (rewrap ? "cnet::py::variable_of_array(" : "cnet::Variable(") + args + ")";
            }
            if (entry.lib_type->name == "ArgumentParser") return "cnet::py::ArgumentParser(" + args + ")";
            if (!entry.lib_type->shared) return entry.lib_type->cpp + "(" + args + ")";
            // make_shared cannot forward braced arguments ({20, "epoch"} for a trigger, {} for None).
            if (args.rfind("{", 0) == 0 || args.find(", {") != std::string::npos) {
                return "std::shared_ptr<" + entry.lib_type->cpp + ">(new " + entry.lib_type->cpp + "(" + args + "))";
            }
            return "std::make_shared<" + entry.lib_type->cpp + ">(" + args + ")";
        }
        case TypeKind::kUserFunction: {
            // An argument of class type would make C++ also look in its namespaces (std, cnet: ADL) and perhaps
            // pick `cnet::log` over the user's `log`; a parenthesized name turns that lookup off.
            const ir::FunctionInfo& fn = Callee(*call, *callee->function);
            bool adl = false;
            for (const ir::ParamInfo& p : fn.params) {
                const TypeKind k = p.type->kind;
                if (k != TypeKind::kInt && k != TypeKind::kFloat && k != TypeKind::kBool) adl = true;
            }
            // A closure is called through the value naming it (a local, a parameter, a call's result).
            const std::string name = fn.enclosing != nullptr ? E(e.func()) : fn.cpp_name;
            return (adl ? "(" + name + ")" : name) + "(" + Args(*call, true, false) + ")";
        }
        case TypeKind::kDtype: {  // np.float32(x): a 0-d array (NumPy's scalar) or the array converted
            const ast::Expr& arg = *e.args()[0];
            if (TypeOf(arg)->kind == TypeKind::kNdarray) return E(arg) + ".astype(" + E(e.func()) + ")";
            return "cnet::Array::FromScalar(" + E(arg) + ", " + E(e.func()) + ")";
        }
        case TypeKind::kUserClassRef: {
            const ir::FunctionInfo* init = callee->user_class->Init();
            if (init != nullptr && init->forwarded_ctor != nullptr) {
                // The popped arguments, then the base object built from the rest (Note [Forwarding constructors]).
                const auto split = call->args.begin() + static_cast<std::ptrdiff_t>(init->params.size());
                ir::CallInfo own, base;
                own.args.assign(call->args.begin(), split);
                base.args.assign(split, call->args.end());
                const std::string popped = Args(own, true, false);
                return "std::make_shared<" + callee->user_class->cpp_name + ">(" + popped + (popped.empty() ? "" : ", ") +
                       init->forwarded_ctor->lib_type->cpp + "(" + Args(base, false, true) + "))";
            }
            return "std::make_shared<" + callee->user_class->cpp_name + ">(" + Args(*call, true, false) + ")";
        }
        case TypeKind::kBoundMethod: {
            const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
            if (callee->function != nullptr) {
                std::string op;
                std::string recv = Receiver(attr.value(), &op, attr.attr());
                if (recv.empty() && fn_ != nullptr) {  // self.m(...): this->m(...) when a local named m hides it
                    for (const auto& v : fn_->locals) {
                        if (v->cpp_name == callee->function->cpp_name) recv = "this->";
                    }
                }
                return recv + op + callee->function->cpp_name + "(" + Args(*call, true, false) + ")";
            }
            if (program_.array_examples.count(&e) != 0) {  // self.converter(...) of arrays (Note [Datasets of arrays])
                return "cnet::dataset::the_array_of(" + LibMethod(e, callee->args[0], *callee->entry, *call) + ")";
            }
            return LibMethod(e, callee->args[0], *callee->entry, *call);
        }
        case TypeKind::kUserClass: {
            if (!callee->user_class->IsLink()) return CallFunctionObject(e);
            const ir::FunctionInfo* fwd = callee->user_class->Forward();
            return E(e.func()) + "->" + fwd->cpp_name + "(" + Args(*call, true, false) + ")";
        }
        case TypeKind::kLibObject: {
            if (call != &kEmpty) {  // `__call__`: its row's C++ template, or operator()
                const sema::BuiltinEntry* m = sema::BuiltinTable::Get().MethodOrAttr(callee->lib_type->name, "__call__");
                if (m != nullptr && !m->cpp.empty() && m->cpp[0] == '=') return Template(m->cpp, E(e.func()), *call);
                return "(*" + E(e.func()) + ")(" + Args(*call, false, true) + ")";
            }
            std::string args;
            for (std::size_t i = 0; i < e.args().size(); ++i) {
                args += (i ? ", " : "") + E(*e.args()[i], sema::types::Variable());
            }
            // A link known only as Link/Chain/ChainList (`model.predictor(x)`, `chainlist[i](x)`) is called
            // through the virtual Link::call, which every link with one forward signature overrides.
            const std::string& lib = callee->lib_type->name;
            if (lib == "Link" || lib == "Chain" || lib == "ChainList") {
                return E(e.func()) + "->call(std::vector<cnet::Variable>{" + args + "})";
            }
            return "(*" + E(e.func()) + ")(" + args + ")";
        }
        default:
            CNET_INTERNAL_CHECK(false) << "codegen: call of " << sema::PyName(callee);
            return "";
    }
}

// np.genfromtxt(fname, dtype=str, delimiter=',', skip_header=1) => cnet::np::genfromtxt_str(fname, ",", 1)
// (numeric dtypes: cnet::np::genfromtxt(fname, dtype, delimiter, skip_header)); np.unique(ar, return_inverse=True)
// => cnet::np::unique_inverse(ar), a std::tuple.
std::string Generator::NumpyStrings(const ast::CallExpr& e, const sema::BuiltinEntry& entry, const ir::CallInfo& call) {
    auto arg = [&](const std::string& name) -> const ast::Expr* {
        for (const ir::BoundArg& a : call.args) {
            if (a.spec != nullptr && a.spec->name == name) return a.value;
        }
        return nullptr;
    };
    if (entry.name == "array" || entry.name == "asarray") {
        const ast::Expr* object = call.args[0].value;
        if (TypeOf(*object)->kind == TypeKind::kStrArray) return E(*object) + ".copy()";
        return "cnet::np::StrArray(" + E(*object) + ")";
    }
    if (entry.name == "unique") {
        const TypeRef t = TypeOf(e);
        const bool inverse = t->kind == TypeKind::kTuple;
        return std::string(inverse ? "cnet::np::unique_inverse(" : "cnet::np::unique(") + E(*arg("ar")) + ")";
    }
    const ast::Expr* delimiter = arg("delimiter");
    std::string delim = "\"\"";
    if (delimiter != nullptr && TypeOf(*delimiter)->kind == TypeKind::kStr) delim = E(*delimiter, sema::types::Str());
    const ast::Expr* skip = arg("skip_header");
    const std::string skip_code = skip != nullptr ? "static_cast<int>(" + E(*skip) + ")" : "0";
    const std::string fname = E(*arg("fname"), sema::types::Str());
    if (TypeOf(e)->kind == TypeKind::kStrArray) {
        return "cnet::np::genfromtxt_str(" + fname + ", " + delim + ", " + skip_code + ")";
    }
    std::string dtype = "cnet::np::float64";
    if (const ast::Expr* d = arg("dtype")) {
        const TypeRef dt = TypeOf(*d);
        if (dt->kind == TypeKind::kDtype) {
            dtype = E(*d);
        } else if (dt->kind == TypeKind::kLibFunction && dt->entry->name == "int") {
            dtype = "cnet::np::int64";
        } else if (dt->kind == TypeKind::kLibFunction && dt->entry->name == "bool") {
            dtype = "cnet::np::bool_";
        }
    }
    return "cnet::np::genfromtxt(" + fname + ", " + dtype + ", " + delim + ", " + skip_code + ")";
}

std::string Generator::LibMethod(const ast::CallExpr& e, const TypeRef& receiver, const sema::BuiltinEntry& entry,
                                 const ir::CallInfo& call) {
    const auto& attr = ast::Cast<ast::AttributeExpr>(e.func());
    std::string op;
    // (The method's name only for a `T | None` value, whose None raises AttributeError naming it.)
    const TypeRef receiver_type = TypeOf(attr.value());
    const bool optional_value = receiver_type->kind == TypeKind::kOptional && !sema::IsHandle(receiver_type->args[0]);
    std::string recv = Receiver(attr.value(), &op, optional_value ? attr.attr() : "");
    if (recv.empty()) op = "";
    if (entry.owner == "ArgumentParser") {
        if (entry.name == "add_argument") return AddArgument(e, recv);
        if (entry.name == "set_defaults") {  // (a, b): one statement setting each default
            std::string out;
            for (const auto& kw : e.keywords()) {
                const TypeRef t = TypeOf(kw->value());
                const std::string v = t->kind == TypeKind::kNone ? "cnet::py::ArgValue{}"
                                                                 : "cnet::py::ArgValue(static_cast<" + sema::CppName(t) +
                                                                       ">(" + E(kw->value(), t) + "))";
                out += (out.empty() ? "" : ", ") + recv + ".set_default(" + sema::CppStringLiteral(kw->name()) + ", " +
                       v + ")";
            }
            return out.empty() ? "(void)0" : "(" + out + ")";
        }
        return recv + ".parse_args(" + sema::GeneratedName("program_argc") + ", " + sema::GeneratedName("program_argv") +
               ")";
    }
    if (entry.owner == "list" && entry.name == "append") {
        return recv + ".push_back(" + Kept(*call.args[0].value, sema::StripOptional(receiver)->args[0]) + ")";
    }
    if (entry.owner == "set" && (entry.name == "add" || entry.name == "discard" || entry.name == "remove")) {
        return recv + "." + entry.cpp + "(" + E(*call.args[0].value, sema::StripOptional(receiver)->args[0]) + ")";
    }
    if (entry.owner == "list" && entry.name == "sort") {  // a display is a temporary, which sort takes as a `T&`
        const bool display = ast::Isa<ast::ListExpr>(attr.value());
        const std::string list = display ? "cnet::py::lvalue(" + recv + ")" : recv;
        return ListSort(list, sema::StripOptional(receiver)->args[0], call);
    }
    if (entry.owner == "Counter" && entry.name == "update") {
        return CounterUpdate(e, recv, sema::StripOptional(receiver));
    }
    if (entry.owner == "Optimizer" && entry.name == "update" && !e.args().empty()) {
        return OptimizerUpdate(e, recv.empty() ? "this->" : recv + op);
    }
    if (entry.owner == "str" && entry.name == "format") {
        std::string args;
        for (const ir::BoundArg& a : call.args) {
            for (const ast::Expr* r : a.rest) args += ", " + E(*r);
        }
        const auto* lit = ast::DynCast<ast::StringLiteral>(&attr.value());
        const std::string templ = lit != nullptr ? sema::CppStringValue(lit->value()) : recv;
        return "cnet::py::format(" + templ + args + ")";
    }
    if (!entry.cpp.empty() && entry.cpp[0] == '=') {
        // `[1, 2].pop()`: a list or dict display is a temporary, which a method changing it takes as a `T&`.
        const bool display = ast::Isa<ast::ListExpr>(attr.value()) || ast::Isa<ast::DictExpr>(attr.value());
        if (!recv.empty() && display) return Template(entry.cpp, "cnet::py::lvalue(" + recv + ")", call);
        if (!recv.empty()) return Template(entry.cpp, recv, call);
        // self.retain_inputs(...) in a library subclass: the base class's member.
        std::string templ = entry.cpp;
        for (const char* self : {"$self->", "$self."}) {
            for (std::size_t pos = templ.find(self); pos != std::string::npos; pos = templ.find(self)) {
                templ.replace(pos, std::string(self).size(), "this->");
            }
        }
        return Template(templ, "this", call);
    }
    return recv + op + entry.cpp + "(" + Args(call, false, true) + ")";
}

// parser.add_argument('--batchsize', '-b', type=int, default=100, help='...') =>
// parser.add_argument({"--batchsize", "-b"}).type("int").default_value(int64_t{100}).help("...")
std::string Generator::AddArgument(const ast::CallExpr& e, const std::string& parser) {
    std::string names;
    for (std::size_t i = 0; i < e.args().size(); ++i) {
        names += (i ? ", " : "") + sema::CppStringLiteral(ast::Cast<ast::StringLiteral>(*e.args()[i]).value());
    }
    std::string out = parser + ".add_argument({" + names + "})";
    for (const auto& kw : e.keywords()) {
        const ast::Expr& v = kw->value();
        if (kw->name() == "type") {
            out += ".type(" + sema::CppStringLiteral(ast::Cast<ast::NameExpr>(v).id()) + ")";
        } else if (kw->name() == "default") {
            const TypeRef t = TypeOf(v);
            if (t->kind == TypeKind::kNone) {
                out += ".default_none()";
            } else if (t->kind == TypeKind::kInt) {
                out += ".default_value(int64_t{" + E(v) + "})";
            } else if (t->kind == TypeKind::kStr) {
                out += ".default_value(std::string(" + E(v, t) + "))";
            } else {
                out += ".default_value(" + E(v, t) + ")";
            }
        } else if (kw->name() == "help" || kw->name() == "action" || kw->name() == "dest" ||
                   kw->name() == "metavar") {
            out += "." + kw->name() + "(" + E(v, sema::types::Str()) + ")";
        } else if (kw->name() == "required") {
            out += ".required(" + E(v) + ")";
        }
    }
    return out;
}

std::string Generator::Builtin(const ast::CallExpr& e, const sema::BuiltinEntry& entry, const ir::CallInfo& call) {
    const std::string& name = entry.name;
    std::vector<const ast::Expr*> args;
    for (const ir::BoundArg& a : call.args) {
        for (const ast::Expr* r : a.rest) args.push_back(r);
        if (a.value != nullptr && !a.is_var_positional) args.push_back(a.value);
    }
    if (name == "print") {
        std::string values, sep, end;
        for (const ir::BoundArg& a : call.args) {
            if (a.is_var_positional) {
                for (std::size_t i = 0; i < a.rest.size(); ++i) values += (i ? ", " : "") + Value(*a.rest[i]);
            } else if (a.spec->name == "sep" && a.value != nullptr) {
                sep = E(*a.value, sema::types::Str());
            } else if (a.spec->name == "end" && a.value != nullptr) {
                end = E(*a.value, sema::types::Str());
            }
        }
        if (sep.empty() && end.empty()) return "cnet::py::print(" + values + ")";
        return "cnet::py::print_sep_end(" + (sep.empty() ? "\" \"" : sep) + ", " + (end.empty() ? "\"\\n\"" : end) +
               (values.empty() ? "" : ", " + values) + ")";
    }
    if (name == "sorted") {  // sorted(xs, key=..., reverse=...): cnet/py/methods.h
        const TypeRef list = TypeOf(e);
        std::string out = "cnet::py::sorted<" + sema::CppName(list->args[0]) + ">(" + Iterable(*call.args[0].value, list->args[0]);
        const ast::Expr* key = call.args[1].value;
        const ast::Expr* reverse = call.args[2].value;
        const bool has_key = key != nullptr && !ast::Isa<ast::NoneLiteral>(*key);
        if (has_key || reverse != nullptr) {
            out += ", " + (has_key ? ElementFunction(*key, list->args[0]) : std::string("cnet::py::Identity()"));
        }
        if (reverse != nullptr) out += ", " + Truth(*reverse);
        return out + ")";
    }
    if (name == "map") return Map(e, call);
    if (name == "any" || name == "all") return AnyAll(*args[0], call.args[0].expected, name == "any");
    if (name == "divmod") return Divmod(e, *args[0], *args[1]);
    if (name == "len") {
        const TypeRef t = sema::StripOptional(TypeOf(*args[0]));
        if (t->kind == TypeKind::kUserClass) return E(*args[0]) + "->len()";
        if (t->kind == TypeKind::kLibObject) {  // a value type (a Batch) is its own object; others are handles
            return "cnet::py::len(" + std::string(t->lib_type->shared ? "*" : "") + E(*args[0]) + ")";
        }
        if (t->kind == TypeKind::kShape) return "static_cast<int64_t>(" + E(*args[0]) + ".size())";
        if (t->kind == TypeKind::kTuple) return std::to_string(t->args.size());
        return "cnet::py::len(" + E(*args[0]) + ")";
    }
    if (name == "int" || name == "float" || name == "bool") {
        if (args.empty()) return name == "int" ? "int64_t{0}" : name == "float" ? "0.0" : "false";
        if (name == "bool") return Truth(*args[0]);  // one truthiness for bool(x), if x, not x
        return entry.cpp + "(" + Int64Arg(*args[0]) + ")";
    }
    if (name == "str" || name == "repr") {
        if (args.empty()) return "std::string()";
        const TypeRef t = TypeOf(*args[0]);
        std::string a = E(*args[0], t);
        return entry.cpp + "(" + a + ")";
    }
    if (name == "isinstance") {
        const TypeRef t = TypeOf(*args[0]);
        const TypeRef c = TypeOf(*args[1]);
        if (c->kind != TypeKind::kTuple) return IsinstanceTest(E(*args[0]), t, c);
        // isinstance(x, (int, float)): x evaluated once, then whether it is any of them
        const std::string value = Temp("value");
        std::string tests;
        for (const TypeRef& each : c->args) tests += (tests.empty() ? "" : " || ") + IsinstanceTest(value, t, each);
        return "[&]([[maybe_unused]] const auto& " + value + ") { return " + tests + "; }(" + E(*args[0]) + ")";
    }
    if (name == "abs") {
        const TypeRef t = TypeOf(*args[0]);
        if (t->kind == TypeKind::kVariable) return "cnet::abs(" + E(*args[0]) + ")";
        if (t->kind == TypeKind::kNdarray) return "cnet::np::abs(" + E(*args[0]) + ")";
        return "cnet::py::abs(" + Int64Arg(*args[0]) + ")";
    }
    if (name == "min" || name == "max") {
        if (args.size() == 1) {
            const TypeKind k = sema::StripOptional(TypeOf(*args[0]))->kind;  // max('abc'), max(d): chars, keys
            if (k == TypeKind::kStr || k == TypeKind::kDict) return entry.cpp + "(" + Iterable(*args[0], TypeOf(e)) + ")";
            return entry.cpp + "(" + E(*args[0]) + ")";
        }
        const TypeRef t = TypeOf(e);
        std::string out = E(*args[0], t);
        for (std::size_t i = 1; i < args.size(); ++i) {
            out = entry.cpp + "<" + sema::CppName(t) + ">(" + out + ", " + E(*args[i], t) + ")";
        }
        return out;
    }
    if (name == "list") {
        const TypeRef element = TypeOf(e)->args[0];
        return "cnet::py::to_list<" + sema::CppName(element) + ">(" + Iterable(*args[0], element) + ")";
    }
    if (name == "open") return entry.cpp + "(" + Args(call, false, true) + ")";  // keywords: encoding=, errors=
    if (entry.result == "exception") {
        if (entry.signature.params.empty()) return entry.cpp + "()";
        if (args.empty()) return entry.cpp + "(\"\")";
        // A value that is no str is shown as str() shows it (`raise KeyError(3)` did not compile).
        const TypeRef t = TypeOf(*args[0]);
        if (t->kind != TypeKind::kStr) return entry.cpp + "(cnet::py::str(" + E(*args[0]) + "))";
        return entry.cpp + "(" + E(*args[0], sema::types::Str()) + ")";
    }
    if (name == "reversed" && args.size() == 1 && TypeOf(*args[0])->kind == TypeKind::kStr) {  // its characters
        return entry.cpp + "(cnet::py::chars(" + E(*args[0]) + "))";
    }
    if (name == "zip" && args.size() == 1 && ast::Isa<ast::StarredExpr>(*args[0])) {  // zip(*rows): its columns
        return "cnet::py::unzip(" + E(ast::Cast<ast::StarredExpr>(*args[0]).value()) + ")";
    }
    std::string list;
    for (std::size_t i = 0; i < args.size(); ++i) list += (i ? ", " : "") + E(*args[i]);
    return entry.cpp + "(" + list + ")";
}

}  // namespace cnet::compiler::codegen
