// extension.cc — LambdaExtension and make_extension.
#include "cnet/training/extension.h"

namespace cnet {
namespace training {

LambdaExtension::LambdaExtension(std::function<void(Trainer&)> fn, std::string default_name)
    : fn_(std::move(fn)), default_name_(std::move(default_name)) {}

std::shared_ptr<LambdaExtension> make_extension(std::function<void(Trainer&)> fn, TriggerArg trigger,
                                                std::optional<std::string> default_name, std::optional<int> priority,
                                                std::function<void()> finalizer,
                                                std::function<void(Trainer&)> initializer) {
    auto ext = std::make_shared<LambdaExtension>(std::move(fn), default_name ? *default_name : "extension");
    if (!trigger.is_none()) ext->trigger = std::move(trigger);
    if (priority) ext->priority = *priority;
    ext->finalizer = std::move(finalizer);
    ext->initializer = std::move(initializer);
    return ext;
}

}  // namespace training
}  // namespace cnet
