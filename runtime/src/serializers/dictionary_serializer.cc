// dictionary_serializer.cc — key joining and storage for DictionarySerializer.
#include "cnet/serializers/dictionary_serializer.h"

#include <utility>

#include "serializers/key_path.h"

namespace cnet {
namespace serializers {

DictionarySerializer::DictionarySerializer(std::shared_ptr<NpzFile> target, std::string path)
    : target_(target ? std::move(target) : std::make_shared<NpzFile>()), path_(std::move(path)) {}

std::shared_ptr<Serializer> DictionarySerializer::child(const std::string& key) {
    return std::make_shared<DictionarySerializer>(target_, internal::ChildPath(path_, key));
}

void DictionarySerializer::serialize(const std::string& key, Array& value) {
    // Chainer stores numpy.asarray(value): the same memory on the host (device arrays are copied over).
    target_->set(internal::ValueKey(path_, key), value.defined() ? value.to_device(Device::Cpu()) : Array());
}

}  // namespace serializers
}  // namespace cnet
