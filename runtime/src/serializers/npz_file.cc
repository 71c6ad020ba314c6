// npz_file.cc — NpzFile: zip members <-> .npy arrays.
#include "cnet/serializers/npz_file.h"

#include "cnet/core/error.h"
#include "cnet/serializers/file_util.h"
#include "cnet/serializers/npy_format.h"
#include "cnet/serializers/zip_reader.h"
#include "cnet/serializers/zip_writer.h"

namespace cnet {
namespace serializers {
namespace {

constexpr char kNpySuffix[] = ".npy";

bool EndsWithNpy(const std::string& name) {
    return name.size() >= 4 && name.compare(name.size() - 4, 4, kNpySuffix) == 0;
}

NpzFile ReadArchive(const ZipReader& zip) {
    NpzFile out;
    for (const ZipEntry& entry : zip.entries()) {
        if (!EndsWithNpy(entry.name)) continue;  // numpy.load exposes other members as raw bytes; we skip them
        const std::string key = entry.name.substr(0, entry.name.size() - 4);
        const std::string bytes = zip.Read(entry);
        const std::string source = zip.source() + ": '" + key + "'";
        Array value = DecodeNpy(bytes, source);
        if (IsNpyString(bytes, source)) {
            const std::vector<uint8_t> utf8 = value.to_vector<uint8_t>();
            out.set_string(key, std::string(utf8.begin(), utf8.end()));
        } else {
            out.set(key, value);
        }
    }
    return out;
}

}  // namespace

NpzFile NpzFile::Load(const std::string& path) {
    NpzFile out = ReadArchive(ZipReader::Open(path));
    out.source_ = path;
    return out;
}

NpzFile NpzFile::FromBytes(const std::string& bytes, const std::string& source) {
    NpzFile out = ReadArchive(ZipReader(bytes, source));
    out.source_ = source;
    return out;
}

void NpzFile::Save(const std::string& path, bool compression) const { WriteFileAtomically(path, ToBytes(compression)); }

std::string NpzFile::ToBytes(bool compression) const {
    ZipWriter zip(compression);
    for (const auto& [key, value] : entries_) {
        if (is_string(key)) {
            const std::vector<uint8_t> utf8 = value.to_vector<uint8_t>();
            zip.Add(key + kNpySuffix, EncodeNpyString(std::string(utf8.begin(), utf8.end())));
        } else {
            zip.Add(key + kNpySuffix, EncodeNpy(value));
        }
    }
    return zip.Finish();
}

const Array& NpzFile::at(const std::string& key) const {
    auto it = index_.find(key);
    if (it == index_.end())
        throw SerializationError("'" + key + "' is not a file in the archive" +
                                 (source_.empty() ? std::string() : " '" + source_ + "'"));
    return entries_[it->second].second;
}

void NpzFile::set(const std::string& key, const Array& value) {
    strings_.erase(key);
    auto it = index_.find(key);
    if (it != index_.end()) {
        entries_[it->second].second = value;
        return;
    }
    index_.emplace(key, entries_.size());
    entries_.emplace_back(key, value);
}

void NpzFile::set_string(const std::string& key, const std::string& utf8) {
    set(key, Array::FromVector(std::vector<uint8_t>(utf8.begin(), utf8.end())));
    strings_.insert(key);
}

std::vector<std::string> NpzFile::files() const {
    std::vector<std::string> out;
    out.reserve(entries_.size());
    for (const auto& entry : entries_) out.push_back(entry.first);
    return out;
}

}  // namespace serializers
}  // namespace cnet
