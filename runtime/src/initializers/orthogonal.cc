// orthogonal.cc — Orthogonal: Gram-Schmidt (with re-orthogonalization) on the rows of a Gaussian matrix.
// This is the QR factorization with a positive R diagonal, so the rows are Haar-distributed like the rows
// of Chainer's SVD-based result.
#include "cnet/initializers/orthogonal.h"

#include <cmath>
#include <vector>

#include "cnet/kernels/random.h"

namespace cnet {
namespace initializers {
namespace {

// Orthonormalizes the `rows` rows (length `cols`) of the row-major matrix `a` in place.
void OrthonormalizeRows(std::vector<double>& a, int64_t rows, int64_t cols) {
    for (int64_t i = 0; i < rows; ++i) {
        double* v = a.data() + i * cols;
        for (int pass = 0; pass < 2; ++pass) {
            for (int64_t j = 0; j < i; ++j) {
                const double* q = a.data() + j * cols;
                double dot = 0;
                for (int64_t k = 0; k < cols; ++k) dot += v[k] * q[k];
                for (int64_t k = 0; k < cols; ++k) v[k] -= dot * q[k];
            }
        }
        double norm = 0;
        for (int64_t k = 0; k < cols; ++k) norm += v[k] * v[k];
        norm = std::sqrt(norm);
        for (int64_t k = 0; k < cols; ++k) v[k] /= norm;
    }
}

}  // namespace

void Orthogonal::operator()(Array& array) const {
    check_dtype(array);
    if (array.ndim() == 0) {
        array.fill(Scalar(scale_));
        return;
    }
    CNET_CHECK_AS(ValueError, array.size() > 0, "Array to be initialized must be non-empty.");
    const int64_t rows = array.shape()[0], cols = array.size() / rows;
    CNET_CHECK_AS(ValueError, rows <= cols, "Cannot make orthogonal system because # of vectors (", rows,
                  ") is larger than that of dimensions (", cols, ")");
    Array gaussian = Array::Empty(Shape{rows, cols}, Dtype::kFloat64);
    kernels::RandomFill(gaussian, kernels::Distribution::kNormal, 0, 1);
    std::vector<double> values = gaussian.to_vector<double>();
    OrthonormalizeRows(values, rows, cols);
    for (double& x : values) x *= scale_;
    array.assign(Array::FromVector(values, array.shape()).to_device(array.device()));
}

}  // namespace initializers
}  // namespace cnet
