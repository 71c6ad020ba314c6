// dict_dataset.cc — see dict_dataset.h.
#include "cnet/datasets/dict_dataset.h"

#include "cnet/core/error.h"

namespace cnet {
namespace datasets {

DictDataset::DictDataset(std::vector<std::pair<std::string, Array>> arrays) : arrays_(std::move(arrays)) {
    CNET_CHECK_AS(ValueError, !arrays_.empty(), "DictDataset: no datasets are given");
    for (size_t k = 0; k < arrays_.size(); ++k) {
        const auto& [name, array] = arrays_[k];
        CNET_CHECK_AS(ValueError, array.defined() && array.ndim() >= 1, "DictDataset: dataset '", name,
                      "' is not an array with a first dimension");
        for (size_t j = 0; j < k; ++j)
            CNET_CHECK_AS(ValueError, arrays_[j].first != name, "DictDataset: the name '", name, "' is given twice");
        if (k == 0) length_ = array.len();
        CNET_CHECK_AS(ValueError, array.len() == length_, "dataset length mismatch: '", name, "' has ", array.len(),
                      " examples, '", arrays_[0].first, "' has ", length_);
    }
}

Example DictDataset::get_example(int64_t i) const {
    Example out;
    out.reserve(arrays_.size());
    for (const auto& item : arrays_) out.push_back(item.second[i]);
    return out;
}

DictExample DictDataset::get_example_dict(int64_t i) const {
    DictExample out;
    for (const auto& [name, array] : arrays_) out[name] = array[i];
    return out;
}

std::vector<std::string> DictDataset::keys() const {
    std::vector<std::string> out;
    for (const auto& item : arrays_) out.push_back(item.first);
    return out;
}

}  // namespace datasets
}  // namespace cnet
