// codegen_class_choice.cc — constructing a class chosen at run time and calling an object one made: one branch per
// class, each with the call bound to that class (Note [Classes chosen at run time] in sema/class_choice.cc).
#include "compiler/codegen/codegen.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::codegen {

std::string Generator::ChosenCall(const ast::CallExpr& e, const std::vector<ir::CallInfo>& calls) {
    const TypeRef callee = TypeOf(e.func());
    const std::string chosen = Temp("chosen");
    const std::string result = sema::CppName(TypeOf(e));
    std::string out;
    if (callee->kind == TypeKind::kClassChoice) {  // `Encoder(n_layers=..., ...)`: that class's constructor
        out = "[&]() -> " + result + " { const cnet::py::ClassChoice " + chosen + " = " + E(e.func()) + "; ";
        for (std::size_t i = 0; i < calls.size(); ++i) {
            const std::string cls = callee->args[i]->user_class->cpp_name;
            const std::string make = "return std::make_shared<" + cls + ">(" + Args(calls[i], true, false) + "); ";
            out += i + 1 < calls.size() ? "if (" + chosen + ".is(" + sema::CppStringLiteral(cls) + ")) " + make : make;
        }
        return out + "}()";
    }
    // `self.encoder(xs)`: the forward of the class the object is, most derived first.
    const std::string object = Temp("object");
    out = "[&](const " + sema::CppName(callee) + "& " + chosen + ") -> " + result + " { ";
    for (std::size_t i = 0; i < calls.size(); ++i) {
        const ir::ClassInfo& cls = *callee->args[i]->user_class;
        out += "if (auto " + object + " = std::dynamic_pointer_cast<" + cls.cpp_name + ">(" + chosen + ")) return " +
               object + "->" + cls.Forward()->cpp_name + "(" + Args(calls[i], true, false) + "); ";
    }
    return out + "throw cnet::py::TypeError(\"the object is of none of the classes it was chosen from\"); }(" +
           E(e.func()) + ")";
}

}  // namespace cnet::compiler::codegen
