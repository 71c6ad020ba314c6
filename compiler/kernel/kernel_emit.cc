// kernel_emit.cc — C++ and CUDA for kernels (see kernel_emit.h). The kernel code is re-printed from the
// checked tree, so what is compiled is exactly what was checked.
#include "compiler/kernel/kernel_emit.h"

#include <map>
#include <sstream>

#include "compiler/kernel/kernel_parser.h"

namespace cnet::compiler::kernel {
namespace {

std::string Ind(int depth) { return std::string(static_cast<std::size_t>(depth) * 4, ' '); }

void StmtCpp(const Stmt& s, int depth, std::ostringstream& out, const std::string& lt) {
    switch (s.kind) {
        case StmtKind::kExpr:
            out << Ind(depth) << ExprCpp(*s.expr, lt) << ";\n";
            break;
        case StmtKind::kDecl:
            out << Ind(depth) << CppTypeName(s.type) << " ";
            for (std::size_t k = 0; k < s.names.size(); ++k) {
                out << (k ? ", " : "") << s.names[k];
                if (s.inits[k]) out << " = " << ExprCpp(*s.inits[k], lt);
            }
            out << ";\n";
            break;
        case StmtKind::kBlock:
            out << Ind(depth) << "{\n";
            for (const StmtPtr& b : s.body) StmtCpp(*b, depth + 1, out, lt);
            out << Ind(depth) << "}\n";
            break;
        case StmtKind::kIf:
        case StmtKind::kWhile:
            out << Ind(depth) << (s.kind == StmtKind::kIf ? "if (" : "while (") << ExprCpp(*s.expr, lt) << ") {\n";
            StmtCpp(*s.body[0], depth + 1, out, lt);
            if (s.body.size() > 1) {
                out << Ind(depth) << "} else {\n";
                StmtCpp(*s.body[1], depth + 1, out, lt);
            }
            out << Ind(depth) << "}\n";
            break;
        case StmtKind::kFor: {
            std::ostringstream init;
            StmtCpp(*s.init, 0, init, lt);
            std::string i = init.str();
            while (!i.empty() && (i.back() == '\n' || i.back() == ';')) i.pop_back();
            out << Ind(depth) << "for (" << i << "; " << (s.expr ? ExprCpp(*s.expr, lt) : "") << "; "
                << (s.step ? ExprCpp(*s.step, lt) : "") << ") {\n";
            StmtCpp(*s.body[0], depth + 1, out, lt);
            out << Ind(depth) << "}\n";
            break;
        }
        case StmtKind::kBreak:
            out << Ind(depth) << "break;\n";
            break;
        case StmtKind::kContinue:
            out << Ind(depth) << "continue;\n";
            break;
        case StmtKind::kEmpty:
            break;
    }
}

/// @elementwise kernels compute in their inputs' type: numbers are of that type (as Chainer's `x * 0.5` keeps
/// x's dtype), so a fused chain rounds as the separate operations do. CuPy's code is C: literals as written.
std::string LiteralType(const KernelDef& def) { return def.native ? CppTypeName(def.in[0].type) : ""; }

/// Counts the math calls of `e` by their C++ text.
void CountCalls(const Expr& e, const std::string& lt, std::map<std::string, int>* count) {
    if (e.kind == ExprKind::kCall) ++(*count)[ExprCpp(e, lt)];
    for (const ExprPtr& k : e.kids) CountCalls(*k, lt, count);
}

/// `e` with every math call that occurs more than once in the kernel read from a local computed once (`tmp`
/// gets its declaration the first time): derived gradients repeat tanh(x), exp(x), ... many times, and the C++
/// compiler may not merge calls of library functions.
std::string CseCpp(const Expr& e, const std::string& lt, const std::map<std::string, int>& count,
                   std::map<std::string, std::string>* names, std::ostringstream* tmp) {
    const std::string full = ExprCpp(e, lt);
    auto known = names->find(full);
    if (known != names->end()) return known->second;
    std::vector<std::string> kids;
    for (const ExprPtr& k : e.kids) kids.push_back(CseCpp(*k, lt, count, names, tmp));
    std::string text;
    switch (e.kind) {
        case ExprKind::kUnary:
            text = e.text[0] == 'p' ? "(" + kids[0] + e.text.substr(1) + ")" : "(" + e.text + kids[0] + ")";
            break;
        case ExprKind::kBinary:
            text = "(" + kids[0] + " " + e.text + " " + kids[1] + ")";
            break;
        case ExprKind::kTernary:
            text = "(" + kids[0] + " ? " + kids[1] + " : " + kids[2] + ")";
            break;
        case ExprKind::kCall:
            text = "cnet_kernel_math::" + e.text + "(";
            for (std::size_t k = 0; k < kids.size(); ++k) text += (k ? ", " : "") + kids[k];
            text += ")";
            break;
        case ExprKind::kCast:
            text = "static_cast<" + CppTypeName(e.text) + ">(" + kids[0] + ")";
            break;
        default:
            return full;  // names and numbers
    }
    auto c = count.find(full);
    if (e.kind == ExprKind::kCall && c != count.end() && c->second > 1) {
        const std::string name = "t" + std::to_string(names->size());
        *tmp << "    const auto " << name << " = " << text << ";\n";
        (*names)[full] = name;
        return name;
    }
    return text;
}

/// The body of an @elementwise (or fused, or derived) kernel: each output's expression, repeated math calls
/// computed once.
std::string NativeBodyCpp(const KernelDef& def) {
    const std::string lt = LiteralType(def);
    std::map<std::string, int> count;
    for (const ExprPtr& r : def.results) CountCalls(*r, lt, &count);
    std::map<std::string, std::string> names;
    std::ostringstream tmp, assign;
    for (std::size_t j = 0; j < def.results.size(); ++j) {
        assign << "    " << def.out[j].name << " = " << CseCpp(*def.results[j], lt, count, &names, &tmp) << ";\n";
    }
    return tmp.str() + assign.str();
}

std::string Placeholders(const KernelDef& def, const char* prefix) {
    std::string out;
    for (const std::string& p : def.Placeholders()) out += (out.empty() ? "" : ", ") + std::string(prefix) + p;
    return out;
}

std::string TemplateLine(const KernelDef& def) {
    const std::string ps = Placeholders(def, "typename ");
    return ps.empty() ? "" : "template <" + ps + ">\n";
}

std::string TemplateArgs(const KernelDef& def) {
    const std::string ps = Placeholders(def, "");
    return ps.empty() ? "" : "<" + ps + ">";
}

/// Parameters of the CPU function / CUDA kernel: see EmitKernel.
std::string LoopParams(const KernelDef& def) {
    std::string out = def.kind == KernelDef::Kind::kReduction ? "const int64_t n, const int64_t size" : "const int64_t n";
    for (const Param& p : def.in) {
        out += ", const " + CppTypeName(p.type) + "* " + p.name;
        if (!p.raw) out += ", const int64_t " + p.name + "_step";
    }
    for (const Param& p : def.out) out += ", " + CppTypeName(p.type) + "* " + p.name;
    return out;
}

std::string LoopArgs(const KernelDef& def) {
    std::string out = def.kind == KernelDef::Kind::kReduction ? "n, size" : "n";
    for (const Param& p : def.in) out += ", " + p.name + (p.raw ? "" : ", " + p.name + "_step");
    for (const Param& p : def.out) out += ", " + p.name;
    return out;
}

/// The call of the body for flat index `i`; `contiguous`: input steps are 1.
std::string ElementwiseCall(const KernelDef& def, bool contiguous) {
    std::string out = def.cpp_name + "_body" + TemplateArgs(def) + "(i, n";
    for (const Param& p : def.in) {
        out += ", " + p.name;
        if (!p.raw) out += contiguous ? "[i]" : "[i * " + p.name + "_step]";
    }
    for (const Param& p : def.out) out += ", " + p.name + (p.raw ? "" : "[i]");
    return out + ")";
}

std::string ParamsInit(const std::vector<Param>& list) {
    std::string s = "{";
    for (std::size_t k = 0; k < list.size(); ++k) {
        s += std::string(k ? ", " : "") + "{\"" + list[k].name + "\", \"" + list[k].type + "\", " +
             (list[k].raw ? "true" : "false") + "}";
    }
    return s + "}";
}

/// `static const UserKernelCode <var>{...}` with the CUDA entry when compiled by nvcc.
std::string CodeInit(const KernelDef& def, const std::string& var, const std::string& indent) {
    return "#ifdef __CUDACC__\n" + indent + "static const cnet::kernels::UserKernelCode " + var + "{\"" + def.name +
           "\", &" + def.cpp_name + "_cpu_entry, &" + def.cpp_name + "_cuda_entry};\n#else\n" + indent +
           "static const cnet::kernels::UserKernelCode " + var + "{\"" + def.name + "\", &" + def.cpp_name +
           "_cpu_entry, nullptr};\n#endif\n";
}

std::string ReduceLoop(const KernelDef& def, const std::string& o, int depth) {
    const std::string rt = CppTypeName(def.reduce_type), targs = TemplateArgs(def);
    std::ostringstream out;
    out << Ind(depth) << rt << " a = " << def.cpp_name << "_identity" << targs << "();\n";
    out << Ind(depth) << "for (int64_t r = 0; r < size; ++r) {\n";
    out << Ind(depth + 1) << "const int64_t j = " << o << " * size + r;\n";
    out << Ind(depth + 1) << "a = " << def.cpp_name << "_reduce" << targs << "(a, " << def.cpp_name << "_map" << targs
        << "(";
    for (std::size_t k = 0; k < def.in.size(); ++k) out << (k ? ", " : "") << def.in[k].name << "[j * " << def.in[k].name << "_step]";
    out << "));\n";
    out << Ind(depth) << "}\n";
    out << Ind(depth) << def.cpp_name << "_post" << targs << "(a";
    for (const Param& p : def.out) out << ", " << p.name << "[" << o << "]";
    out << ");\n";
    return out.str();
}

}  // namespace

std::vector<std::string> KernelDef::Placeholders() const {
    std::vector<std::string> names;
    for (const auto* list : {&in, &out}) {
        for (const Param& p : *list) {
            if (!p.IsPlaceholder()) continue;
            bool seen = false;
            for (const std::string& s : names) seen = seen || s == p.type;
            if (!seen) names.push_back(p.type);
        }
    }
    return names;
}

std::string ExprCpp(const Expr& e, const std::string& literal_type) {
    switch (e.kind) {
        case ExprKind::kNumber:
            return literal_type.empty() ? e.text : "static_cast<" + literal_type + ">(" + e.text + ")";
        case ExprKind::kBool:
        case ExprKind::kName:
            return e.text;
        case ExprKind::kIndSize:
            return "_ind_size";
        case ExprKind::kUnary:
            if (e.text[0] == 'p') return "(" + ExprCpp(*e.kids[0], literal_type) + e.text.substr(1) + ")";
            return "(" + e.text + ExprCpp(*e.kids[0], literal_type) + ")";
        case ExprKind::kBinary: {
            const bool assign = e.text.back() == '=' && e.text != "==" && e.text != "!=" && e.text != "<=" &&
                                e.text != ">=";
            const std::string s = ExprCpp(*e.kids[0], literal_type) + " " + e.text + " " + ExprCpp(*e.kids[1], literal_type);
            return assign ? s : "(" + s + ")";
        }
        case ExprKind::kTernary:
            return "(" + ExprCpp(*e.kids[0], literal_type) + " ? " + ExprCpp(*e.kids[1], literal_type) + " : " + ExprCpp(*e.kids[2], literal_type) + ")";
        case ExprKind::kCall: {
            std::string out = "cnet_kernel_math::" + e.text + "(";
            for (std::size_t k = 0; k < e.kids.size(); ++k) out += (k ? ", " : "") + ExprCpp(*e.kids[k], literal_type);
            return out + ")";
        }
        case ExprKind::kIndex:
            return ExprCpp(*e.kids[0], literal_type) + "[" + ExprCpp(*e.kids[1], literal_type) + "]";
        case ExprKind::kCast:
            return "static_cast<" + CppTypeName(e.text) + ">(" + ExprCpp(*e.kids[0], literal_type) + ")";
    }
    return "";
}

std::string EmitPrelude() {
    return R"(#ifndef CNET_KERNEL_PRELUDE
#define CNET_KERNEL_PRELUDE
// Kernel code runs on the host and on CUDA devices: its functions are __host__ __device__ under nvcc. Its math
// functions are cnet_kernel_math's: float arguments use the float functions of C's math library (sqrtf, ...),
// double and integer arguments the double ones, as CUDA's overloads do; both exist on the host and the device.
#include <cmath>
#include <cstdint>
#include <math.h>
#ifdef __CUDACC__
#include <cuda_runtime.h>
#define CNET_KFN __host__ __device__ inline
#else
#define CNET_KFN inline
#endif
namespace cnet_kernel_math {
#define CNET_KMATH1(fn)                                      \
    CNET_KFN float fn(float a) { return ::fn##f(a); }        \
    CNET_KFN double fn(double a) { return ::fn(a); }         \
    template <typename A>                                    \
    CNET_KFN double fn(A a) { return ::fn(static_cast<double>(a)); }
#define CNET_KMATH2(fn)                                                 \
    CNET_KFN float fn(float a, float b) { return ::fn##f(a, b); }       \
    template <typename A, typename B>                                   \
    CNET_KFN double fn(A a, B b) { return ::fn(static_cast<double>(a), static_cast<double>(b)); }
CNET_KMATH1(sqrt) CNET_KMATH1(cbrt) CNET_KMATH1(exp) CNET_KMATH1(exp2) CNET_KMATH1(expm1) CNET_KMATH1(log)
CNET_KMATH1(log2) CNET_KMATH1(log10) CNET_KMATH1(log1p) CNET_KMATH1(sin) CNET_KMATH1(cos) CNET_KMATH1(tan)
CNET_KMATH1(asin) CNET_KMATH1(acos) CNET_KMATH1(atan) CNET_KMATH1(sinh) CNET_KMATH1(cosh) CNET_KMATH1(tanh)
CNET_KMATH1(asinh) CNET_KMATH1(acosh) CNET_KMATH1(atanh) CNET_KMATH1(erf) CNET_KMATH1(erfc) CNET_KMATH1(lgamma)
CNET_KMATH1(tgamma) CNET_KMATH1(fabs) CNET_KMATH1(floor) CNET_KMATH1(ceil) CNET_KMATH1(round) CNET_KMATH1(trunc)
CNET_KMATH1(rint)
CNET_KMATH2(atan2) CNET_KMATH2(pow) CNET_KMATH2(fmod) CNET_KMATH2(fmin) CNET_KMATH2(fmax) CNET_KMATH2(hypot)
CNET_KMATH2(copysign)
#undef CNET_KMATH1
#undef CNET_KMATH2
CNET_KFN float fma(float a, float b, float c) { return ::fmaf(a, b, c); }
template <typename A, typename B, typename C>
CNET_KFN double fma(A a, B b, C c) { return ::fma(static_cast<double>(a), static_cast<double>(b), static_cast<double>(c)); }
CNET_KFN float rsqrt(float a) { return 1.0f / ::sqrtf(a); }
template <typename A>
CNET_KFN double rsqrt(A a) { return 1.0 / ::sqrt(static_cast<double>(a)); }
template <typename A>
CNET_KFN A abs(A a) { return a < 0 ? -a : a; }
template <typename A>
CNET_KFN bool isnan(A a) { return !(a == a); }
template <typename A>
CNET_KFN bool isinf(A a) { return a == a && !((a - a) == (a - a)); }
template <typename A>
CNET_KFN bool isfinite(A a) { return (a - a) == (a - a); }
template <typename A>
CNET_KFN bool signbit(A a) { return copysign(1.0, a) < 0; }
template <typename A, typename B>
CNET_KFN auto min(A a, B b) -> decltype(a + b) { return b < a ? b : a; }
template <typename A, typename B>
CNET_KFN auto max(A a, B b) -> decltype(a + b) { return a < b ? b : a; }
}  // namespace cnet_kernel_math
#endif  // CNET_KERNEL_PRELUDE
)";
}

std::string EmitKernel(const KernelDef& def, const std::string& origin) {
    std::ostringstream out;
    const std::string tl = TemplateLine(def), targs = TemplateArgs(def);
    const bool red = def.kind == KernelDef::Kind::kReduction;
    out << "// " << (red ? "reduction" : "elementwise") << " kernel '" << def.name << "' (" << origin << ")\n";
    if (!red) {
        out << tl << "CNET_KFN void " << def.cpp_name << "_body(const int64_t i, const int64_t _ind_size";
        for (const Param& p : def.in) {
            out << ", const " << CppTypeName(p.type) << (p.raw ? "* __restrict__ " : " ") << p.name;
        }
        for (const Param& p : def.out) out << ", " << CppTypeName(p.type) << (p.raw ? "* __restrict__ " : "& ") << p.name;
        out << ") {\n    (void)i;\n    (void)_ind_size;\n";
        if (def.native) {
            out << NativeBodyCpp(def);
        } else {
            for (const StmtPtr& s : def.body) StmtCpp(*s, 1, out, LiteralType(def));
        }
        out << "}\n";
        // CPU: the flat loop, with unit input steps as a separate (vectorizable) loop.
        out << tl << "inline void " << def.cpp_name << "_cpu(" << LoopParams(def) << ") {\n";
        std::string contiguous;
        for (const Param& p : def.in) {
            if (!p.raw) contiguous += (contiguous.empty() ? "" : " && ") + p.name + "_step == 1";
        }
        if (contiguous.empty()) contiguous = "true";
        out << "    if (" << contiguous << ") {\n#if defined(_OPENMP)\n#pragma omp parallel for if (n > 65536)\n#endif\n"
            << "        for (int64_t i = 0; i < n; ++i) " << ElementwiseCall(def, true) << ";\n    } else {\n"
            << "#if defined(_OPENMP)\n#pragma omp parallel for if (n > 65536)\n#endif\n"
            << "        for (int64_t i = 0; i < n; ++i) " << ElementwiseCall(def, false) << ";\n    }\n}\n";
        out << "#ifdef __CUDACC__\n" << tl << "__global__ void " << def.cpp_name << "_cuda_kernel(" << LoopParams(def)
            << ") {\n    for (int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; i < n;\n"
            << "         i += static_cast<int64_t>(blockDim.x) * gridDim.x) {\n        " << ElementwiseCall(def, false)
            << ";\n    }\n}\n";
    } else {
        const std::string rt = CppTypeName(def.reduce_type);
        out << tl << "CNET_KFN " << rt << " " << def.cpp_name << "_identity() {\n"
            << "    return static_cast<" << rt << ">(" << ExprCpp(*def.identity) << ");\n}\n";
        out << tl << "CNET_KFN " << rt << " " << def.cpp_name << "_map(";
        for (std::size_t k = 0; k < def.in.size(); ++k) {
            out << (k ? ", " : "") << "const " << CppTypeName(def.in[k].type) << " " << def.in[k].name;
        }
        out << ") {\n    return static_cast<" << rt << ">(" << ExprCpp(*def.map)
            << ");\n}\n";
        out << tl << "CNET_KFN " << rt << " " << def.cpp_name << "_reduce(const " << rt << " a, const " << rt
            << " b) {\n    return static_cast<" << rt << ">("
            << ExprCpp(*def.reduce) << ");\n}\n";
        out << tl << "CNET_KFN void " << def.cpp_name << "_post(const " << rt << " a";
        for (const Param& p : def.out) out << ", " << CppTypeName(p.type) << "& " << p.name;
        out << ") {\n";
        for (const StmtPtr& s : def.body) StmtCpp(*s, 1, out, LiteralType(def));
        out << "}\n";
        out << tl << "inline void " << def.cpp_name << "_cpu(" << LoopParams(def) << ") {\n"
            << "#if defined(_OPENMP)\n#pragma omp parallel for if (n * size > 65536)\n#endif\n"
            << "    for (int64_t o = 0; o < n; ++o) {\n" << ReduceLoop(def, "o", 2) << "    }\n}\n";
        // CUDA: one thread per output element (the reduced length is walked serially by that thread).
        out << "#ifdef __CUDACC__\n" << tl << "__global__ void " << def.cpp_name << "_cuda_kernel(" << LoopParams(def)
            << ") {\n    for (int64_t o = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x; o < n;\n"
            << "         o += static_cast<int64_t>(blockDim.x) * gridDim.x) {\n" << ReduceLoop(def, "o", 2) << "    }\n}\n";
    }
    out << tl << "inline cudaError_t " << def.cpp_name << "_cuda(" << LoopParams(def)
        << ", cudaStream_t stream = 0) {\n    if (n == 0) return cudaSuccess;\n    const int threads = 256;\n"
        << "    const int64_t want = (n + threads - 1) / threads;\n"
        << "    const unsigned blocks = static_cast<unsigned>(want < 65536 ? want : 65536);\n"
        << "    " << def.cpp_name << "_cuda_kernel" << targs << "<<<blocks, threads, 0, stream>>>(" << LoopArgs(def)
        << ");\n    return cudaGetLastError();\n}\n#endif  // __CUDACC__\n";
    return out.str();
}

std::string EmitProgramGlue(const KernelDef& def) {
    std::ostringstream out;
    const bool red = def.kind == KernelDef::Kind::kReduction;
    const std::vector<std::string> ps = def.Placeholders();
    // The operand that binds each placeholder (the first parameter with that type).
    auto operand_of = [&](const std::string& ph) {
        std::size_t k = 0;
        for (const auto* list : {&def.in, &def.out}) {
            for (const Param& p : *list) {
                if (p.type == ph) return k;
                ++k;
            }
        }
        return k;
    };
    auto entry = [&](const std::string& suffix, const std::string& extra) {
        out << "void " << def.cpp_name << suffix << "_entry(const cnet::kernels::UserLoop& L) {\n";
        std::string open, close;
        int depth = 1;
        for (const std::string& ph : ps) {
            out << Ind(depth) << "cnet::user_kernels::DispatchDtype(L.dtypes[" << operand_of(ph) << "], [&](auto "
                << ph << "_tag) {\n";
            ++depth;
            out << Ind(depth) << "using " << ph << " = decltype(" << ph << "_tag);\n";
        }
        const bool cuda = suffix == "_cuda";  // the launcher returns its status: a failed launch throws
        out << Ind(depth) << (cuda ? "const cudaError_t status = " : "") << def.cpp_name << suffix
            << (ps.empty() ? "" : TemplateArgs(def)) << "(L.n";
        if (red) out << ", L.size";
        std::size_t k = 0;
        for (const Param& p : def.in) {
            out << ", static_cast<const " << CppTypeName(p.type) << "*>(L.data[" << k << "])";
            if (!p.raw) out << ", L.step[" << k << "]";
            ++k;
        }
        for (const Param& p : def.out) {
            out << ", static_cast<" << CppTypeName(p.type) << "*>(L.data[" << k << "])";
            ++k;
        }
        out << extra << ");\n";
        if (cuda) {
            out << Ind(depth) << "if (status != cudaSuccess) throw cnet::DeviceError(std::string(\"kernel '" << def.name
                << "': \") + cudaGetErrorString(status));\n";
        }
        for (std::size_t d = 0; d < ps.size(); ++d) out << Ind(depth - 1 - static_cast<int>(d)) << "});\n";
        out << "}\n";
    };
    out << "inline ";
    entry("_cpu", "");
    out << "#ifdef __CUDACC__\ninline ";
    entry("_cuda", ", static_cast<cudaStream_t>(L.stream)");
    out << "#endif\n";
    if (def.native) {
        if (def.grad) out << EmitProgramGlue(*def.grad);
        return out.str();
    }
    out << "struct " << def.cpp_name << " {\n";
    if (red) {
        out << "    std::vector<cnet::Array> operator()(const std::vector<cnet::user_kernels::Arg>& args, "
               "const cnet::OptionalAxis& axis = {}, bool keepdims = false) const {\n";
    } else {
        out << "    std::vector<cnet::Array> operator()(const std::vector<cnet::user_kernels::Arg>& args, "
               "std::optional<int64_t> size = std::nullopt) const {\n";
    }
    out << "        static const cnet::user_kernels::Spec spec{\"" << def.name << "\", " << ParamsInit(def.in) << ", "
        << ParamsInit(def.out) << "};\n";
    out << CodeInit(def, "code", "        ");
    out << "        return cnet::user_kernels::" << (red ? "Reduction(spec, code, args, axis, keepdims)" : "Elementwise(spec, code, args, size)")
        << ";\n    }\n};\n";
    return out.str();
}

}  // namespace cnet::compiler::kernel

namespace cnet::compiler::kernel {

std::string EmitNativeGlue(const KernelDef& def) {
    std::ostringstream out;
    out << EmitProgramGlue(def);  // the dtype entries of the whole chain
    std::vector<const KernelDef*> chain;
    for (const KernelDef* k = &def; k != nullptr; k = k->grad.get()) chain.push_back(k);
    out << "inline const cnet::user_kernels::NativeKernel& " << def.cpp_name << "_native() {\n";
    for (std::size_t n = chain.size(); n-- > 0;) {
        const KernelDef& k = *chain[n];
        const std::string var = "k" + std::to_string(n);
        out << "    static const cnet::user_kernels::Spec " << var << "_spec{\"" << k.name << "\", " << ParamsInit(k.in)
            << ", " << ParamsInit(k.out) << "};\n";
        out << CodeInit(k, var + "_code", "    ");
        out << "    static const cnet::user_kernels::NativeKernel " << var << "{" << var << "_spec, " << var << "_code, "
            << (n + 1 < chain.size() ? "&k" + std::to_string(n + 1) : std::string("nullptr")) << ", " << n << "};\n";
    }
    out << "    return k0;\n}\n";
    out << "struct " << def.cpp_name << " {\n    std::vector<cnet::Variable> operator()("
        << "const std::vector<cnet::user_kernels::NativeArg>& args) const {\n"
        << "        return cnet::user_kernels::ApplyNative(" << def.cpp_name << "_native(), args);\n    }\n};\n";
    return out.str();
}

}  // namespace cnet::compiler::kernel
