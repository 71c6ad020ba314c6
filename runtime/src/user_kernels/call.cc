// call.cc — CuPy's calling rules for kernels compiled from .cnet snippets (Note [User kernels] in
// cnet/user_kernels/call.h): type placeholders, scalars, broadcasting, output arguments, raw and size=, and a
// reduction's axis/keepdims; the loop itself runs in the backends (kernels/user_kernel.h).
#include "cnet/user_kernels/call.h"

#include <map>
#include <sstream>

#include "cnet/np/creation.h"

namespace cnet {
namespace user_kernels {
namespace {

bool IsPlaceholder(const char* type) { return type[0] != '\0' && type[1] == '\0'; }

template <typename... Parts>
std::string Msg(const Spec& spec, const Parts&... parts) {
    std::ostringstream os;
    os << spec.name << ": ";
    (os << ... << parts);
    return os.str();
}

/// The dtype of every parameter (inputs, then outputs), binding placeholders from the outputs first, then the
/// input arrays, then the input scalars. A placeholder bound to float16 stays float16 here: the loop runs on
/// float32 operands (LoopDtype) and its float16 outputs are rounded back (FinishOutputs), as the CPU kernels do
/// (Note [float16 in the kernels] in kernels/float32_compute.h).
std::vector<Dtype> BindTypes(const Spec& spec, const std::vector<Arg>& args) {
    std::map<std::string, std::pair<Dtype, const char*>> bound;  // placeholder -> (dtype, bound by)
    const std::size_t nin = spec.in.size();
    auto bind = [&](const Param& p, Dtype d) {
        if (!IsPlaceholder(p.type)) return;
        auto it = bound.find(p.type);
        if (it == bound.end()) {
            bound.emplace(p.type, std::make_pair(d, p.name));
        } else if (it->second.first != d) {
            throw DtypeError(Msg(spec, "Type is mismatched: type placeholder ", p.type, " is ", it->second.first,
                                 " (from '", it->second.second, "') but '", p.name, "' is ", d));
        }
    };
    for (std::size_t k = nin; k < args.size(); ++k) bind(spec.out[k - nin], args[k].array().dtype());
    for (std::size_t k = 0; k < nin; ++k) {
        if (args[k].is_array()) bind(spec.in[k], args[k].array().dtype());
    }
    for (std::size_t k = 0; k < nin; ++k) {
        if (!args[k].is_array() && IsPlaceholder(spec.in[k].type) && bound.count(spec.in[k].type) == 0) {
            bind(spec.in[k], args[k].scalar().natural_dtype());
        }
    }
    std::vector<Dtype> dtypes;
    auto resolve = [&](const Param& p) {
        if (!IsPlaceholder(p.type)) return DtypeFromName(p.type);
        auto it = bound.find(p.type);
        if (it == bound.end()) {
            throw DtypeError(Msg(spec, "cannot determine the type of '", p.name, "': type placeholder ", p.type,
                                 " appears in no input; pass the output array after the inputs"));
        }
        const Dtype d = it->second.first;
        if (d != Dtype::kInt32 && d != Dtype::kInt64 && d != Dtype::kFloat16 && d != Dtype::kFloat32 &&
            d != Dtype::kFloat64) {
            throw DtypeError(Msg(spec, "type placeholder ", p.type, " is ", d,
                                 "; kernels are compiled for int32, int64, float32 and float64 (float16 runs as "
                                 "float32)"));
        }
        return d;
    };
    for (const Param& p : spec.in) dtypes.push_back(resolve(p));
    for (const Param& p : spec.out) dtypes.push_back(resolve(p));
    return dtypes;
}

/// The dtype the generated loop runs in for a parameter of dtype `d`: float16 is computed in float32.
Dtype LoopDtype(Dtype d) { return d == Dtype::kFloat16 ? Dtype::kFloat32 : d; }

void CheckArgCount(const Spec& spec, const std::vector<Arg>& args) {
    const std::size_t nin = spec.in.size(), nout = spec.out.size();
    if (args.size() != nin && args.size() != nin + nout) {
        throw ValueError(Msg(spec, "Wrong number of arguments: takes ", nin, " inputs (and optionally ", nout,
                             " outputs), got ", args.size()));
    }
    for (std::size_t k = nin; k < args.size(); ++k) {
        if (!args[k].is_array()) throw ValueError(Msg(spec, "output argument '", spec.out[k - nin].name, "' must be an array"));
    }
}

/// The device of the first array argument (the CPU when there is none).
Device ArgsDevice(const std::vector<Arg>& args) {
    for (const Arg& a : args) {
        if (a.is_array()) return a.array().device();
    }
    return Device::Cpu();
}

/// An input as an operand of dtype `d`: a scalar or a one-element array is one value (step 0); a raw array is
/// passed whole; anything else is made C-contiguous in `shape`.
Array Operand(const Arg& arg, Dtype d, bool raw, const Shape& shape, Device device, int64_t* step) {
    if (!arg.is_array()) {
        *step = 0;
        return Array::Full(Shape{}, arg.scalar(), d, device);
    }
    Array a = arg.array().astype(d, false);
    if (raw) {
        *step = 1;
        return a.as_contiguous();
    }
    if (a.size() == 1) {
        *step = 0;
        return a.as_contiguous();
    }
    *step = 1;
    if (a.shape() == shape) return a.as_contiguous();
    return a.broadcast_to(shape).copy();
}

/// Output operand k: the caller's array when it is contiguous, else a new one (copied back by FinishOutputs).
Array OutputOperand(const std::vector<Arg>& args, std::size_t k, Dtype d, const Shape& shape, Device device) {
    if (k < args.size()) {
        const Array& given = args[k].array();
        if (given.is_contiguous() && given.dtype() == d) return given;
    }
    return Array::Empty(shape, d, device);
}

/// The outputs in their parameters' dtypes (`dtypes`, inputs first), written into the caller's arrays when given.
void FinishOutputs(const std::vector<Arg>& args, std::size_t nin, const std::vector<Dtype>& dtypes,
                   std::vector<Array>& outs) {
    for (std::size_t k = 0; k < outs.size(); ++k) {
        if (nin + k >= args.size()) {
            outs[k] = outs[k].astype(dtypes[nin + k], false);
            continue;
        }
        Array given = args[nin + k].array();  // a handle: assign writes the caller's memory
        if (given.storage() != outs[k].storage() || given.offset() != outs[k].offset()) given.assign(outs[k]);
        outs[k] = given;
    }
}

}  // namespace

std::vector<Array> Elementwise(const Spec& spec, const kernels::UserKernelCode& code, const std::vector<Arg>& args,
                               std::optional<int64_t> size) {
    CheckArgCount(spec, args);
    const std::size_t nin = spec.in.size(), nout = spec.out.size();
    const std::vector<Dtype> dtypes = BindTypes(spec, args);
    // The broadcast shape of the non-raw arrays (inputs and given outputs).
    Shape shape;
    bool any_array = false, all_raw = true;
    for (std::size_t k = 0; k < nin + nout; ++k) {
        const Param& p = k < nin ? spec.in[k] : spec.out[k - nin];
        if (!p.raw) all_raw = false;
        if (p.raw || k >= args.size() || !args[k].is_array()) continue;
        shape = any_array ? BroadcastShapes(shape, args[k].array().shape()) : args[k].array().shape();
        any_array = true;
    }
    for (std::size_t k = nin; k < args.size(); ++k) {
        const Param& p = spec.out[k - nin];
        if (!p.raw && args[k].array().shape() != shape) {
            throw ShapeError(Msg(spec, "Out shape is mismatched: output '", p.name, "' has shape ",
                                 args[k].array().shape(), ", the broadcast shape is ", shape));
        }
    }
    int64_t n = shape.prod();
    if (all_raw) {
        if (!size) throw ValueError(Msg(spec, "Loop size is undecided: every argument is raw, so pass size="));
        n = *size;
        shape = Shape{n};
    } else if (size) {
        throw ValueError(Msg(spec, "size= is given but the loop size comes from the non-raw arguments"));
    }
    for (std::size_t k = nin; k < nin + nout; ++k) {
        if (spec.out[k - nin].raw && k >= args.size()) {
            throw ValueError(Msg(spec, "the raw output '", spec.out[k - nin].name, "' must be passed as an argument"));
        }
    }
    const Device device = ArgsDevice(args);
    std::vector<Array> operands;
    std::vector<int64_t> steps(nin + nout, 1);
    for (std::size_t k = 0; k < nin; ++k) {
        operands.push_back(Operand(args[k], LoopDtype(dtypes[k]), spec.in[k].raw, shape, device, &steps[k]));
    }
    std::vector<Array> outs;
    for (std::size_t k = 0; k < nout; ++k) {
        outs.push_back(OutputOperand(args, nin + k, LoopDtype(dtypes[nin + k]), shape, device));
        operands.push_back(outs.back());
    }
    kernels::RunUserKernel(code, operands, steps, n, n);
    FinishOutputs(args, nin, dtypes, outs);
    return outs;
}

std::vector<Array> Reduction(const Spec& spec, const kernels::UserKernelCode& code, const std::vector<Arg>& args,
                             const OptionalAxis& axis, bool keepdims) {
    CheckArgCount(spec, args);
    const std::size_t nin = spec.in.size(), nout = spec.out.size();
    const std::vector<Dtype> dtypes = BindTypes(spec, args);
    Shape shape;
    bool any_array = false;
    for (std::size_t k = 0; k < nin; ++k) {
        if (spec.in[k].raw) throw ValueError(Msg(spec, "raw parameters of a ReductionKernel are not supported"));
        if (!args[k].is_array()) continue;
        shape = any_array ? BroadcastShapes(shape, args[k].array().shape()) : args[k].array().shape();
        any_array = true;
    }
    // Kept axes first, reduced axes last: operands are (n, size) row-major.
    const Dims reduced = axis.Normalize(shape.ndim());
    std::vector<int64_t> perm, kept_shape, out_shape;
    int64_t size = 1;
    for (int d = 0; d < shape.ndim(); ++d) {
        bool r = false;
        for (int64_t a : reduced) r = r || a == d;
        if (r) {
            size *= shape[d];
            if (keepdims) out_shape.push_back(1);
        } else {
            perm.push_back(d);
            kept_shape.push_back(shape[d]);
            out_shape.push_back(shape[d]);
        }
    }
    for (int64_t a : reduced) perm.push_back(a);
    const Shape result_shape(out_shape);
    const int64_t n = Shape(kept_shape).prod();
    for (std::size_t k = nin; k < args.size(); ++k) {
        if (args[k].array().shape() != result_shape) {
            throw ShapeError(Msg(spec, "Out shape is mismatched: output '", spec.out[k - nin].name, "' has shape ",
                                 args[k].array().shape(), ", the reduced shape is ", result_shape));
        }
    }
    const Device device = ArgsDevice(args);
    std::vector<Array> operands;
    std::vector<int64_t> steps(nin + nout, 1);
    for (std::size_t k = 0; k < nin; ++k) {
        if (!args[k].is_array()) {
            steps[k] = 0;
            operands.push_back(Array::Full(Shape{}, args[k].scalar(), LoopDtype(dtypes[k]), device));
            continue;
        }
        Array a = args[k].array().astype(LoopDtype(dtypes[k]), false).broadcast_to(shape);
        operands.push_back(a.transpose(Dims(perm)).copy());
    }
    std::vector<Array> outs;
    for (std::size_t k = 0; k < nout; ++k) {
        outs.push_back(OutputOperand(args, nin + k, LoopDtype(dtypes[nin + k]), result_shape, device));
        operands.push_back(outs.back());
    }
    kernels::RunUserKernel(code, operands, steps, n, size);
    FinishOutputs(args, nin, dtypes, outs);
    return outs;
}

}  // namespace user_kernels
}  // namespace cnet
