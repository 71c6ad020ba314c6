// embed_id.h — chainer.links.EmbedID: a lookup table of word embeddings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/initializers/initializer_arg.h"
#include "cnet/links/link.h"

namespace cnet {
namespace links {

/// EmbedID(in_size, out_size, initialW=None, ignore_label=None): W is (in_size, out_size), Normal(1.0) by
/// default; the input holds int32 ids (rows of ignore_label give zero vectors).
class EmbedID : public Link {
public:
    EmbedID(int64_t in_size, int64_t out_size, const initializers::InitializerArg& initialW = {},
            std::optional<int64_t> ignore_label = std::nullopt);

    /// x: integer ids of any shape; returns x.shape + (out_size,).
    Variable forward(const Variable& x);
    Variable operator()(const Variable& x) { return forward(x); }
    Variable call(const std::vector<Variable>& args) override;

    Parameter W;
    std::optional<int64_t> ignore_label;

protected:
    std::shared_ptr<Link> clone(const std::string& mode) const override;
};

}  // namespace links
}  // namespace cnet
