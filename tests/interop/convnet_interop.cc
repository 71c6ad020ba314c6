// convnet_interop.cc — the cnet half of convnet_interop.py: the same ConvBN network, loaded from Chainer's
// chainer.npz (strict), run in test and train mode, saved as cnet.npz with its outputs in cnet_out.npz.
// Usage: convnet_interop DIR
#include <cstdio>
#include <memory>
#include <string>

#include "cnet/core/config.h"
#include "cnet/functions/activation.h"
#include "cnet/functions/pooling.h"
#include "cnet/links/convolution.h"
#include "cnet/links/linear.h"
#include "cnet/links/normalization.h"
#include "cnet/serializers/npz.h"
#include "cnet/serializers/npz_file.h"

namespace cnet {
namespace {

class ConvBN : public Chain {
 public:
    ConvBN() {
        auto scope = init_scope();
        conv = add_link("conv", std::make_shared<links::Convolution2D>(1, 4, 3, 1, 1));
        bn = add_link("bn", std::make_shared<links::BatchNormalization>(4));
        fc = add_link("fc", std::make_shared<links::Linear>(64, 3));
    }
    Variable call(const std::vector<Variable>& args) override {
        return (*fc)(functions::max_pooling_2d(functions::relu((*bn)((*conv)(args.at(0)))), 2));
    }
    std::shared_ptr<links::Convolution2D> conv;
    std::shared_ptr<links::BatchNormalization> bn;
    std::shared_ptr<links::Linear> fc;
};

int Run(const std::string& dir) {
    const Array x = serializers::NpzFile::Load(dir + "/input.npz").at("x");
    auto model = std::make_shared<ConvBN>();
    serializers::load_npz(dir + "/chainer.npz", *model);
    serializers::NpzFile out;
    {
        using_config test_mode("train", false);
        out.set("test_before", model->call({Variable(x)}).array());
    }
    out.set("train", model->call({Variable(x)}).array());
    {
        using_config test_mode("train", false);
        out.set("test_after", model->call({Variable(x)}).array());
    }
    serializers::save_npz(dir + "/cnet.npz", *model);
    out.Save(dir + "/cnet_out.npz");
    return 0;
}

}  // namespace
}  // namespace cnet

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    try {
        return cnet::Run(argv[1]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "convnet_interop: %s\n", e.what());
        return 1;
    }
}
