// random_fill.cc — draws initial values straight into float32/float64 buffers (a float64 staging copy for
// float16 or strided arrays).
#include "initializers/random_fill.h"

#include <mutex>
#include <vector>

namespace cnet {
namespace initializers {
namespace internal {
namespace {

template <typename T>
void FillBuffer(T* out, int64_t n, random::Generator& gen, const std::function<double(random::Generator&)>& draw) {
    for (int64_t i = 0; i < n; ++i) out[i] = static_cast<T>(draw(gen));
}

}  // namespace

void FillRandom(Array& array, const std::function<double(random::Generator&)>& draw) {
    CNET_CHECK_AS(DtypeError, IsFloat(array.dtype()), "random initializers need a float array, got ",
                  DtypeName(array.dtype()));
    const int64_t n = array.size();
    std::lock_guard<std::mutex> lock(random::default_generator_mutex());
    random::Generator& gen = random::default_generator();
    if (array.is_contiguous() && array.device().is_cpu()) {
        if (array.dtype() == Dtype::kFloat32) return FillBuffer(array.data<float>(), n, gen, draw);
        if (array.dtype() == Dtype::kFloat64) return FillBuffer(array.data<double>(), n, gen, draw);
    }
    std::vector<double> values(static_cast<size_t>(n));
    FillBuffer(values.data(), n, gen, draw);
    array.assign(Array::FromVector(values, array.shape()).to_device(array.device()));
}

}  // namespace internal
}  // namespace initializers
}  // namespace cnet
