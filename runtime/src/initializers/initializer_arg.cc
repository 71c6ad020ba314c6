// initializer_arg.cc — Chainer's initializer-argument rule (_get_initializer).
#include "cnet/initializers/initializer_arg.h"

#include "cnet/initializers/constant.h"
#include "cnet/initializers/normal.h"

namespace cnet {
namespace initializers {
namespace {

// Adapts a plain fill function to the Initializer interface.
class FunctionInitializer : public Initializer {
public:
    explicit FunctionInitializer(std::function<void(Array&)> fill) : fill_(std::move(fill)) {}
    void operator()(Array& array) const override { fill_(array); }

private:
    std::function<void(Array&)> fill_;
};

}  // namespace

InitializerArg::InitializerArg(const Array& array) {
    if (!array.defined()) return;  // an undefined array is Python's None
    kind_ = Kind::kArray;
    array_ = array;
}

InitializerArg::InitializerArg(std::shared_ptr<Initializer> initializer) {
    if (!initializer) return;
    kind_ = Kind::kInitializer;
    initializer_ = std::move(initializer);
}

InitializerArg InitializerArg::FromFunction(std::function<void(Array&)> fill) {
    if (!fill) return InitializerArg();
    return InitializerArg(std::shared_ptr<Initializer>(std::make_shared<FunctionInitializer>(std::move(fill))));
}

std::shared_ptr<Initializer> InitializerArg::get(std::shared_ptr<Initializer> default_initializer) const {
    switch (kind_) {
        case Kind::kNone:
            return default_initializer ? default_initializer : std::make_shared<LeCunNormal>();
        case Kind::kScalar:
            return std::make_shared<Constant>(scalar_);
        case Kind::kArray:
            return std::make_shared<Constant>(array_);
        case Kind::kInitializer:
            break;
    }
    return initializer_;
}

std::shared_ptr<Initializer> get_initializer(const InitializerArg& initializer) { return initializer.get(); }

}  // namespace initializers
}  // namespace cnet
