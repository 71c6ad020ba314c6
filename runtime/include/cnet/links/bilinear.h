// bilinear.h — chainer.links.Bilinear: parameters W (J, K, L) and, unless nobias, V1 (J, L), V2 (K, L), b (L,).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// Bilinear(left_size, right_size, out_size, nobias=False, initialW=None, initial_bias=None): initialW defaults
/// to LeCunNormal; initial_bias is None (V1 and V2 LeCunNormal, b zeros) or the three initializers
/// (initialV1, initialV2, initialb). forward(e1, e2) = F.bilinear(e1, e2, W, V1, V2, b).
class Bilinear : public Link {
public:
    Bilinear(int64_t left_size, int64_t right_size, int64_t out_size, bool nobias = false,
             const initializers::InitializerArg& initialW = {},
             const std::vector<initializers::InitializerArg>& initial_bias = {});
    Variable forward(const Variable& e1, const Variable& e2);
    Variable operator()(const Variable& e1, const Variable& e2) { return forward(e1, e2); }
    Variable call(const std::vector<Variable>& args) override;

    Parameter W, V1, V2, b;  // V1, V2, b are None with nobias

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
