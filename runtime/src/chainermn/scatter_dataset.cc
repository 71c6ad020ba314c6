// scatter_dataset.cc — scatter_dataset: root's split of a dataset, each part stacked position by position and
// sent to its rank as .npy messages.
#include "cnet/chainermn/scatter_dataset.h"

#include <numeric>

#include "chainermn/communicator_state.h"
#include "cnet/core/error.h"
#include "cnet/core/random.h"
#include "cnet/datasets/sub_dataset.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/np/manipulation.h"
#include "cnet/serializers/npy_format.h"

namespace cnet {
namespace chainermn {
namespace {

constexpr int kScatterTag = 0x5ca7;

std::vector<int64_t> Order(int64_t n, bool shuffle, std::optional<int64_t> seed) {
    std::vector<int64_t> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    if (!shuffle) return order;
    std::optional<random::Generator> own;
    if (seed) own.emplace(static_cast<uint64_t>(*seed));
    std::unique_lock<std::mutex> lock(random::default_generator_mutex(), std::defer_lock);
    if (!own) lock.lock();
    random::Generator& gen = own ? *own : random::default_generator();
    for (int64_t i = n - 1; i > 0; --i) std::swap(order[i], order[gen.randint(0, i + 1)]);
    return order;
}

// The examples order[b:e] (indices wrap around), stacked per tuple position.
std::vector<Array> StackPart(const datasets::Dataset& dataset, const std::vector<int64_t>& order, int64_t b,
                             int64_t e) {
    const int64_t n = static_cast<int64_t>(order.size());
    const datasets::Example first = dataset.get_example(0);
    std::vector<std::vector<Array>> columns(first.size());
    for (int64_t k = b; k < e; ++k) {
        datasets::Example example = dataset.get_example(order[static_cast<size_t>(k % n)]);
        CNET_CHECK_AS(ValueError, example.size() == first.size(), "scatter_dataset: example ", k % n, " has ",
                      example.size(), " arrays, example 0 has ", first.size());
        for (size_t j = 0; j < example.size(); ++j) {
            CNET_CHECK_AS(ValueError,
                          example[j].shape() == first[j].shape() && example[j].dtype() == first[j].dtype(),
                          "scatter_dataset: position ", j, " of example ", order[static_cast<size_t>(k % n)],
                          " is ", example[j].dtype(), example[j].shape(), ", of example 0 ", first[j].dtype(),
                          first[j].shape());
            columns[j].push_back(example[j].to_device(Device::Cpu()));
        }
    }
    std::vector<Array> stacked;
    for (size_t j = 0; j < columns.size(); ++j) {
        if (columns[j].empty()) {
            Dims dims{0};
            for (int64_t d : first[j].shape()) dims.push_back(d);
            stacked.push_back(Array::Zeros(dims, first[j].dtype()));
        } else {
            stacked.push_back(np::stack(columns[j]));
        }
    }
    return stacked;
}

}  // namespace

datasets::DatasetPtr scatter_dataset(datasets::DatasetPtr dataset, CommunicatorPtr comm, int root, bool shuffle,
                                     std::optional<int64_t> seed, int64_t max_buf_len, bool force_equal_length) {
    CNET_CHECK_AS(ValueError, comm != nullptr, "scatter_dataset: comm is None");
    CNET_CHECK_AS(ValueError, root >= 0 && root < comm->size(), "scatter_dataset: root ", root,
                  " is not a rank of ", comm->size());
    CNET_CHECK_AS(ValueError, max_buf_len > 0, "scatter_dataset: max_buf_len must be positive (got ", max_buf_len,
                  ")");
    const mpi::Comm& world = *comm->state().world;
    if (comm->rank() != root) {
        const std::string source = "scatter_dataset: the part from rank " + std::to_string(root);
        const int64_t positions =
            serializers::DecodeNpy(mpi::RecvBytes(world, root, kScatterTag, max_buf_len), source).item<int64_t>();
        std::vector<Array> arrays;
        for (int64_t j = 0; j < positions; ++j) {
            arrays.push_back(serializers::DecodeNpy(mpi::RecvBytes(world, root, kScatterTag, max_buf_len), source));
        }
        return std::make_shared<datasets::TupleDataset>(std::move(arrays));
    }
    CNET_CHECK_AS(ValueError, dataset != nullptr, "scatter_dataset: the root rank ", root, " has no dataset (None)");
    const int64_t n = dataset->size();
    CNET_CHECK_AS(ValueError, n > 0, "scatter_dataset: the dataset is empty");
    const int64_t size = comm->size();
    const int64_t n_sub = (n + size - 1) / size;
    std::vector<int64_t> order = Order(n, shuffle, seed);
    datasets::DatasetPtr mine;
    for (int64_t i = 0; i < size; ++i) {
        const int64_t b = n * i / size;
        const int64_t e = force_equal_length ? b + n_sub : n * (i + 1) / size;
        if (i == root) {
            // A SubDataset whose order starts with this part (SubDataset's order must cover the base; a part
            // never repeats an example, as ceil(n / size) <= n).
            std::vector<int64_t> full;
            std::vector<bool> used(static_cast<size_t>(n));
            for (int64_t k = b; k < e; ++k) {
                full.push_back(order[static_cast<size_t>(k % n)]);
                used[static_cast<size_t>(full.back())] = true;
            }
            for (int64_t k = 0; k < n; ++k)
                if (!used[static_cast<size_t>(k)]) full.push_back(k);
            mine = std::make_shared<datasets::SubDataset>(dataset, 0, e - b, std::move(full));
            continue;
        }
        std::vector<Array> arrays = StackPart(*dataset, order, b, e);
        mpi::SendBytes(world, serializers::EncodeNpy(Array::FromScalar(static_cast<int64_t>(arrays.size()),
                                                                       Dtype::kInt64)),
                       static_cast<int>(i), kScatterTag, max_buf_len);
        for (const Array& a : arrays) {
            mpi::SendBytes(world, serializers::EncodeNpy(a), static_cast<int>(i), kScatterTag, max_buf_len);
        }
    }
    return mine;
}

}  // namespace chainermn
}  // namespace cnet
