// kernels_test.cc — every kernel-table entry of the CUDA backend against the CPU backend on the same inputs:
// every UnaryOp and BinaryOp (float32, float64, int32 where defined), broadcasting, scalars, non-contiguous
// views, 0-d and empty arrays; reductions with axes; arg-reductions; cumsum; gather/scatter; GEMM with
// transposed operands; the activations and softmax.
#include <gtest/gtest.h>

#include <functional>

#include "cnet/kernels/activation.h"
#include "cnet/kernels/elementwise.h"
#include "cnet/kernels/indexing.h"
#include "cnet/kernels/linalg.h"
#include "cnet/kernels/reduction.h"
#include "cnet/np/linalg.h"
#include "cnet/cuda/counters.h"
#include "cuda_test_util.h"

namespace cnet {
namespace {

using cuda_test::ExpectClose;
using cuda_test::Gpu;
using cuda_test::Uniform;
using kernels::BinaryOp;
using kernels::UnaryOp;

// Runs `kernel(inputs..., out)` on the CPU and on the GPU (inputs moved there, same layout) and compares.
void Compare(const std::vector<Array>& inputs, const Shape& out_shape, Dtype out_dtype,
             const std::function<void(const std::vector<Array>&, const Array&)>& kernel, const std::string& what) {
    const Array cpu_out = Array::Zeros(out_shape, out_dtype);
    kernel(inputs, cpu_out);
    std::vector<Array> gpu_inputs;
    for (const Array& a : inputs) gpu_inputs.push_back(cuda_test::ToDeviceKeepingLayout(a, Gpu()));
    const Array gpu_out = Array::Zeros(out_shape, out_dtype, Gpu());
    kernel(gpu_inputs, gpu_out);
    ExpectClose(gpu_out, cpu_out, what);
}

bool FloatOnly(UnaryOp op) {
    switch (op) {
        case UnaryOp::kNegative:
        case UnaryOp::kAbsolute:
        case UnaryOp::kSign:
        case UnaryOp::kSquare:
        case UnaryOp::kRelu:
        case UnaryOp::kLogicalNot:
        case UnaryOp::kFloor:
        case UnaryOp::kCeil:
        case UnaryOp::kTrunc:
        case UnaryOp::kIsnan:
        case UnaryOp::kIsinf:
        case UnaryOp::kIsfinite:
            return false;
        default:
            return true;
    }
}

TEST(CudaKernelsTest, EveryUnaryOp) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (int o = 0; o <= static_cast<int>(UnaryOp::kIsfinite); ++o) {
        const UnaryOp op = static_cast<UnaryOp>(o);
        // Inputs inside every op's domain ((0, 1) suits log, sqrt, arcsin, arccos), with a NaN and infinities
        // for the float predicates.
        for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kInt32}) {
            if (d == Dtype::kInt32 && FloatOnly(op)) continue;
            const Dtype out_d = kernels::IsPredicate(op) ? Dtype::kBool : d;
            const Array x = d == Dtype::kInt32 ? Uniform(Shape{4, 5}, Dtype::kFloat64, -9, 9, o).astype(d)
                                               : Uniform(Shape{4, 5}, d, 0.05, 0.95, o);
            auto run = [op](const std::vector<Array>& in, const Array& out) { kernels::Unary(op, in[0], out); };
            const std::string name = std::string(kernels::UnaryOpName(op)) + " " + DtypeName(d);
            Compare({x}, Shape{4, 5}, out_d, run, name);
            Compare({x.T()}, Shape{5, 4}, out_d, run, name + " (transposed)");
            Compare({x[{Slice(), 1}]}, Shape{3, 4}, out_d, run, name + " (broadcast)");
            Compare({Array::FromScalar(Scalar(0.5), d)}, Shape{}, out_d, run, name + " (0-d)");
            Compare({Array::Zeros(Shape{0, 3}, d)}, Shape{0, 3}, out_d, run, name + " (empty)");
            if (IsFloat(d)) {
                const Array special = Array::FromVector(std::vector<double>{NAN, INFINITY, -INFINITY, 0.0}).astype(d);
                if (kernels::IsPredicate(op)) Compare({special}, Shape{4}, out_d, run, name + " (nan/inf)");
            }
        }
    }
}

TEST(CudaKernelsTest, EveryBinaryOpWithBroadcastingAndScalars) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (int o = 0; o <= static_cast<int>(BinaryOp::kLogicalXor); ++o) {
        const BinaryOp op = static_cast<BinaryOp>(o);
        for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kInt32}) {
            if (d == Dtype::kInt32 && (op == BinaryOp::kDivide || op == BinaryOp::kArctan2)) continue;
            const Dtype out_d = kernels::IsComparison(op) ? Dtype::kBool : d;
            const bool is_int = d == Dtype::kInt32;
            // Positive bases and small exponents keep power defined; integers include negatives and zeros.
            const Array a =
                is_int ? Uniform(Shape{3, 4}, Dtype::kFloat64, -6, 7, o).astype(d) : Uniform(Shape{3, 4}, d, 0.5, 2, o);
            const Array b =
                is_int ? Uniform(Shape{4}, Dtype::kFloat64, op == BinaryOp::kPower ? 0 : -3, 4, o + 50).astype(d)
                       : Uniform(Shape{4}, d, 0.5, 2, o + 50);
            const std::string name = std::string(kernels::BinaryOpName(op)) + " " + DtypeName(d);
            Compare(
                {a, b}, Shape{3, 4}, out_d,
                [op](const std::vector<Array>& in, const Array& out) { kernels::Binary(op, in[0], in[1], out); },
                name + " (broadcast)");
            Compare(
                {a.T().copy().T(), b}, Shape{3, 4}, out_d,
                [op](const std::vector<Array>& in, const Array& out) { kernels::Binary(op, in[0], in[1], out); },
                name + " (transposed)");
            // 2 ** a needs non-negative integer exponents (a negative one is the CPU's ValueError too).
            const Array exponents =
                is_int && op == BinaryOp::kPower ? Uniform(Shape{3, 4}, Dtype::kFloat64, 0, 5, o).astype(d) : a;
            for (bool first : {false, true}) {
                const Scalar s = is_int ? Scalar(int64_t{2}) : Scalar(1.5);
                Compare(
                    {first ? exponents : a}, Shape{3, 4}, out_d,
                    [op, s, first](const std::vector<Array>& in, const Array& out) {
                        kernels::BinaryScalar(op, in[0], s, first, out);
                    },
                    name + (first ? " (scalar first)" : " (scalar second)"));
            }
        }
    }
}

TEST(CudaKernelsTest, IntegerPowerWithANegativeExponentIsAnError) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array a = Array::FromVector(std::vector<int32_t>{2, 3}).to_device(Gpu());
    const Array b = Array::FromVector(std::vector<int32_t>{1, -1}).to_device(Gpu());
    const Array out = Array::Empty(Shape{2}, Dtype::kInt32, Gpu());
    EXPECT_THROW(kernels::Binary(BinaryOp::kPower, a, b, out), ValueError);
}

TEST(CudaKernelsTest, WhereAndClip) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array c = Uniform(Shape{3, 4}, Dtype::kFloat64, -1, 1, 1).astype(Dtype::kBool);
    const Array x = Uniform(Shape{3, 4}, Dtype::kFloat32, -2, 2, 2), y = Uniform(Shape{4}, Dtype::kFloat32, -2, 2, 3);
    Compare(
        {c, x, y}, Shape{3, 4}, Dtype::kFloat32,
        [](const std::vector<Array>& in, const Array& out) { kernels::Where(in[0], in[1], in[2], out); }, "where");
    Compare(
        {x.T()}, Shape{4, 3}, Dtype::kFloat32,
        [](const std::vector<Array>& in, const Array& out) { kernels::Clip(in[0], Scalar(-0.5), Scalar(0.7), out); },
        "clip");
}

TEST(CudaKernelsTest, ReductionsOverAxes) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const std::vector<std::pair<Shape, Dims>> cases = {
        {Shape{3, 4, 5}, Dims{1}},       {Shape{3, 4, 5}, Dims{0, 2}},
        {Shape{3, 4, 5}, Dims{0, 1, 2}}, {Shape{2, 300}, Dims{1}},  // a long reduction: one block per output
        {Shape{1000}, Dims{0}},          {Shape{}, Dims{}},
        {Shape{0, 3}, Dims{0}}};
    for (int o = 0; o <= static_cast<int>(kernels::ReduceOp::kAll); ++o) {
        const auto op = static_cast<kernels::ReduceOp>(o);
        for (const auto& [shape, axes] : cases) {
            if ((op == kernels::ReduceOp::kMax || op == kernels::ReduceOp::kMin) && shape.prod() == 0) continue;
            for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kInt64, Dtype::kFloat16}) {
                const Array x = Uniform(shape, Dtype::kFloat64, op == kernels::ReduceOp::kProd ? 0.9 : -5,
                                        op == kernels::ReduceOp::kProd ? 1.1 : 5, o)
                                    .astype(d);
                Shape out_shape = shape;
                for (int64_t ax : axes) out_shape[static_cast<int>(ax)] = 1;
                const Dtype out_d = (op == kernels::ReduceOp::kAny || op == kernels::ReduceOp::kAll)
                                        ? Dtype::kBool
                                        : (d == Dtype::kFloat16 ? Dtype::kFloat32 : d);
                Compare(
                    {x}, out_shape, out_d,
                    [op, axes = axes](const std::vector<Array>& in, const Array& out) {
                        kernels::Reduce(op, in[0], axes, out);
                    },
                    "reduce " + std::to_string(o) + " " + shape.ToString() + " " + DtypeName(d));
            }
        }
        const Array xt = Uniform(Shape{5, 4}, Dtype::kFloat64, -5, 5, o).T();  // a non-contiguous input
        Compare(
            {xt}, Shape{4, 1},
            op == kernels::ReduceOp::kAny || op == kernels::ReduceOp::kAll ? Dtype::kBool : Dtype::kFloat64,
            [op](const std::vector<Array>& in, const Array& out) { kernels::Reduce(op, in[0], Dims{1}, out); },
            "reduce " + std::to_string(o) + " transposed");
    }
}

TEST(CudaKernelsTest, ArgReduceAndCumsum) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    Array x = Uniform(Shape{4, 6}, Dtype::kFloat32, -3, 3, 9);
    x.setitem({2, 3}, Scalar(NAN));  // the first NaN wins, as NumPy
    for (bool is_max : {true, false}) {
        for (int axis : {0, 1}) {
            Shape out_shape = axis == 0 ? Shape{6} : Shape{4};
            Compare(
                {x}, out_shape, Dtype::kInt64,
                [is_max, axis](const std::vector<Array>& in, const Array& out) {
                    kernels::ArgReduce(is_max, in[0], axis, out);
                },
                std::string(is_max ? "argmax" : "argmin") + " axis " + std::to_string(axis));
        }
    }
    for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kInt64}) {
        const Array c = Uniform(Shape{3, 5}, Dtype::kFloat64, -4, 4, 10).astype(d);
        for (int axis : {0, 1}) {
            Compare(
                {c}, Shape{3, 5}, d,
                [axis](const std::vector<Array>& in, const Array& out) { kernels::Cumsum(in[0], axis, out); },
                std::string("cumsum ") + DtypeName(d) + " axis " + std::to_string(axis));
            Compare(
                {c.T()}, Shape{5, 3}, d,
                [axis](const std::vector<Array>& in, const Array& out) { kernels::Cumsum(in[0], axis, out); },
                std::string("cumsum transposed ") + DtypeName(d) + " axis " + std::to_string(axis));
        }
    }
}

TEST(CudaKernelsTest, GatherAndScatterBlocks) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    const Array table = Uniform(Shape{5, 3}, Dtype::kFloat32, -1, 1, 12);
    const std::vector<int64_t> rows = {12, 0, 3, 12, 6};  // row offsets in elements (rows 4, 0, 1, 4, 2)
    const std::vector<int64_t> cells = {14, 0, 14, 7};    // 0-d blocks, a repeated offset
    Compare(
        {table}, Shape{5, 3}, Dtype::kFloat32,
        [&](const std::vector<Array>& in, const Array& out) {
            kernels::GatherBlocks(in[0][0], rows.data(), 5, out);  // block: one row
        },
        "gather rows");
    const std::vector<int64_t> columns = {2, 0, 1};  // element offsets of the columns of table
    Compare(
        {table.T()}, Shape{3, 5}, Dtype::kFloat32,
        [&](const std::vector<Array>& in, const Array& out) {
            kernels::GatherBlocks(in[0][0], columns.data(), 3, out);  // block: one column (stride 3)
        },
        "gather strided blocks");
    for (bool accumulate : {true, false}) {
        const Array values = Uniform(Shape{5, 3}, Dtype::kFloat32, -1, 1, 13);
        const Array cell_values = Uniform(Shape{4}, Dtype::kFloat32, -1, 1, 14);
        Compare(
            {values, cell_values}, Shape{5, 3}, Dtype::kFloat32,
            [&](const std::vector<Array>& in, const Array& out) {
                Array(out).fill(Scalar(1));
                kernels::ScatterBlocks(out[0], rows.data(), 5, in[0], accumulate);  // rows 4 repeated
                kernels::ScatterBlocks(out.reshape(Shape{15})[0], cells.data(), 4, in[1], accumulate);
            },
            accumulate ? "scatter-add (repeated offsets)" : "scatter (last write wins)");
    }
    const Array mask = Uniform(Shape{3, 4}, Dtype::kFloat64, -1, 1, 15).astype(Dtype::kBool);
    EXPECT_EQ(kernels::FlatNonzero(mask.to_device(Gpu())), kernels::FlatNonzero(mask));
    EXPECT_EQ(kernels::FlatNonzero(mask.T().copy().to_device(Gpu()).T()), kernels::FlatNonzero(mask.T()));
}

TEST(CudaKernelsTest, GemmWithEveryTransposeAndLayout) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64}) {
        const Array a = Uniform(Shape{3, 4}, d, -1, 1, 16), b = Uniform(Shape{4, 5}, d, -1, 1, 17);
        for (bool ta : {false, true}) {
            for (bool tb : {false, true}) {
                const Array A = ta ? a.T().copy() : a, B = tb ? b.T().copy() : b;
                for (bool view : {false, true}) {  // view: pass the operands as transposed views
                    const Array Ain = view ? A.T().copy().T() : A, Bin = view ? B.T().copy().T() : B;
                    Compare(
                        {Ain, Bin, Uniform(Shape{3, 5}, d, -1, 1, 18)}, Shape{3, 5}, d,
                        [ta, tb](const std::vector<Array>& in, const Array& out) {
                            Array(out).assign(in[2]);
                            kernels::Gemm(in[0], ta, in[1], tb, out, 0.5, 2.0);
                        },
                        std::string("gemm ") + DtypeName(d) + (ta ? " A^T" : " A") + (tb ? " B^T" : " B") +
                            (view ? " (views)" : ""));
                }
            }
        }
        const Array sliced = Uniform(Shape{6, 8}, d, -1, 1, 19)[{Slice(0, 6, 2), Slice(0, 8, 2)}];  // no unit stride
        Compare(
            {sliced, b}, Shape{3, 5}, d,
            [](const std::vector<Array>& in, const Array& out) {
                kernels::Gemm(in[0], false, in[1], false, out, 1, 0);
            },
            std::string("gemm strided ") + DtypeName(d));
        Compare(
            {Array::Zeros(Shape{3, 0}, d), Array::Zeros(Shape{0, 5}, d)}, Shape{3, 5}, d,
            [](const std::vector<Array>& in, const Array& out) {
                kernels::Gemm(in[0], false, in[1], false, out, 1, 0);
            },
            std::string("gemm k=0 ") + DtypeName(d));
    }
}

// numpy.matmul of stacks: one strided-batched cuBLAS call where one stride walks each operand's matrices (a
// matrix broadcast to the stack, transposed matrices, every other matrix), a GEMM per matrix otherwise.
TEST(CudaKernelsTest, MatmulStacksInOneBatchedCall) {
    CNET_REQUIRE_REAL_CUDA_DEVICE(0);
    struct Case {
        std::string name;
        Shape a;
        std::function<Array(const Array&)> view_a;  // applied on each device
        int64_t launches;
    };
    const auto same = [](const Array& x) { return x; };
    const std::vector<Case> cases = {
        {"same batch", Shape{2, 3, 4, 5}, same, 1},
        {"a matrix times a stack", Shape{4, 5}, same, 1},
        {"transposed matrices", Shape{2, 3, 5, 4}, [](const Array& x) { return x.transpose(Dims{0, 1, 3, 2}); }, 1},
        {"every other matrix", Shape{2, 6, 4, 5}, [](const Array& x) { return x[{Slice(), Slice(0, 6, 2)}]; }, 1},
        {"leading dims broadcast", Shape{3, 4, 5}, same, 6},
    };
    for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64}) {
        const Array b = Uniform(Shape{2, 3, 5, 6}, d, -1, 1, 30), b_gpu = b.to_device(Gpu());
        for (const Case& c : cases) {
            const Array a = Uniform(c.a, d, -1, 1, 31);
            const Array a_gpu = c.view_a(a.to_device(Gpu()));
            const int64_t before = cuda::launch_count();
            const Array out = np::matmul(a_gpu, b_gpu);
            EXPECT_EQ(cuda::launch_count() - before, c.launches) << c.name << " " << DtypeName(d);
            ExpectClose(out, np::matmul(c.view_a(a), b), "matmul, " + c.name + " " + DtypeName(d));
        }
    }
}

TEST(CudaKernelsTest, ActivationsAndSoftmax) {
    CNET_REQUIRE_CUDA_DEVICE(0);
    using kernels::Activation;
    for (int o = 0; o <= static_cast<int>(Activation::kSoftplus); ++o) {
        const auto op = static_cast<Activation>(o);
        for (Dtype d : {Dtype::kFloat32, Dtype::kFloat64, Dtype::kFloat16}) {
            const Array x = Uniform(Shape{4, 6}, Dtype::kFloat64, -4, 4, 20 + o).astype(d);
            const Array g = Uniform(Shape{4, 6}, Dtype::kFloat64, -1, 1, 40 + o).astype(d);
            const std::string name = "activation " + std::to_string(o) + " " + DtypeName(d);
            Compare(
                {x}, Shape{4, 6}, d,
                [op](const std::vector<Array>& in, const Array& out) {
                    kernels::ActivationForward(op, in[0], 0.7, out);
                },
                name);
            Compare(
                {x, g}, Shape{4, 6}, d,
                [op](const std::vector<Array>& in, const Array& out) {
                    kernels::ActivationGrad(op, in[0], in[1], 0.7, out);
                },
                name + " grad");
        }
    }
    for (bool log : {false, true}) {
        for (int axis : {0, 1, 2}) {
            const Array x = Uniform(Shape{3, 4, 5}, Dtype::kFloat32, -5, 5, 60 + axis);
            const Array g = Uniform(Shape{3, 4, 5}, Dtype::kFloat32, -1, 1, 70 + axis);
            const std::string name = std::string(log ? "log_softmax" : "softmax") + " axis " + std::to_string(axis);
            Compare(
                {x}, Shape{3, 4, 5}, Dtype::kFloat32,
                [log, axis](const std::vector<Array>& in, const Array& out) {
                    kernels::Softmax(in[0], axis, log, out);
                },
                name);
            Compare(
                {x, g}, Shape{3, 4, 5}, Dtype::kFloat32,
                [log, axis](const std::vector<Array>& in, const Array& out) {
                    kernels::SoftmaxGrad(in[0], in[1], axis, log, out);
                },
                name + " grad");
        }
    }
}

}  // namespace
}  // namespace cnet
