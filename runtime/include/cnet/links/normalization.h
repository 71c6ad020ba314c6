// normalization.h — chainer.links normalizations: BatchNormalization, BatchRenormalization,
// LayerNormalization. Parameters gamma/beta; BatchNormalization's running statistics are the persistent
// values avg_mean, avg_var and N (Chainer's npz keys).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/functions/int_tuple.h"
#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// BatchNormalization(size=None, decay=0.9, eps=2e-05, dtype=float32, use_gamma=True, use_beta=True,
/// initial_gamma=None, initial_beta=None). size: an int (the channel axis 1), a tuple (channel dims
/// from axis 1), or None (axis 1 of the first input; the statistics are saved as None until then). In training
/// (chainer.config.train) it normalizes with the batch statistics and updates avg_mean/avg_var with decay (finetune:
/// decay = 1 - 1/N, N counting the calls); otherwise it uses fixed_batch_normalization with avg_mean/avg_var.
class BatchNormalization : public Link {
 public:
    explicit BatchNormalization(const functions::IntTuple& size = {}, double decay = 0.9, double eps = 2e-5,
                                Dtype dtype = Dtype::kFloat32, bool use_gamma = true, bool use_beta = true,
                                const initializers::InitializerArg& initial_gamma = {},
                                const initializers::InitializerArg& initial_beta = {});
    virtual Variable forward(const Variable& x, bool finetune = false);
    Variable operator()(const Variable& x, bool finetune = false) { return forward(x, finetune); }
    Variable call(const std::vector<Variable>& args) override;
    /// Resets N, so finetuning accumulates the population statistics afresh.
    void start_finetuning();

    /// The persistent arrays (looked up by name: loading an npz replaces them).
    Array avg_mean();
    Array avg_var();
    int64_t N();

    /// None when use_gamma / use_beta is False.
    Parameter gamma, beta;
    double decay, eps;

 protected:
    /// gamma/beta or their constant stand-ins (ones/zeros on `device`, the input's) when not used.
    Variable Gamma(Device device) const;
    Variable Beta(Device device) const;
    /// Sizes gamma, beta and the statistics from x when the link was built with size None.
    void InitLazily(const Variable& x);
    void InitParam(Parameter& p) const;
    std::shared_ptr<Link> clone(const std::string& mode) const override;
    Shape size_;
    Dtype dtype_;
};

/// BatchRenormalization(size, rmax=1, dmax=0, decay=0.9, eps=2e-05, dtype=float32, use_gamma=True,
/// use_beta=True, initial_gamma=None, initial_beta=None, freeze_running_statistics=False).
class BatchRenormalization : public BatchNormalization {
 public:
    explicit BatchRenormalization(const functions::IntTuple& size, double rmax = 1, double dmax = 0, double decay = 0.9,
                                  double eps = 2e-5, Dtype dtype = Dtype::kFloat32, bool use_gamma = true,
                                  bool use_beta = true, const initializers::InitializerArg& initial_gamma = {},
                                  const initializers::InitializerArg& initial_beta = {},
                                  bool freeze_running_statistics = false);
    Variable forward(const Variable& x, bool finetune = false) override;
    double rmax, dmax;
    bool freeze_running_statistics;

 protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

/// LayerNormalization(size=None, eps=1e-06, initial_gamma=None, initial_beta=None): x (batch, size);
/// with size None, gamma and beta are created at the first call.
class LayerNormalization : public Link {
 public:
    explicit LayerNormalization(std::optional<int64_t> size = std::nullopt, double eps = 1e-6,
                                const initializers::InitializerArg& initial_gamma = {},
                                const initializers::InitializerArg& initial_beta = {});
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    Parameter gamma, beta;
    double eps;

 protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
