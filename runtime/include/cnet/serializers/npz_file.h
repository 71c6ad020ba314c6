// npz_file.h — an .npz archive in memory: named arrays in insertion order, read from and written to zip.
#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace serializers {

/// The contents of an .npz file (numpy.savez / savez_compressed / Chainer's save_npz): arrays by name, in
/// archive order. An entry may be None (an undefined Array), as Chainer stores for None-valued state.
/// Keys are the member names without ".npy" ("predictor/l1/W").
class NpzFile {
public:
    NpzFile() = default;

    /// Reads every member of the .npz at `path`. SerializationError naming the path (and the member) when the
    /// file is missing, truncated or corrupt.
    static NpzFile Load(const std::string& path);
    /// Parses an archive held in memory; `source` names it in messages.
    static NpzFile FromBytes(const std::string& bytes, const std::string& source);

    /// Writes the archive atomically (temp file + rename); `compression` deflates the members.
    void Save(const std::string& path, bool compression = true) const;
    /// The archive's bytes.
    std::string ToBytes(bool compression = true) const;

    bool contains(const std::string& key) const { return index_.count(key) != 0; }
    /// The array stored under `key` (undefined for None); SerializationError naming the key when absent.
    const Array& at(const std::string& key) const;
    const Array& operator[](const std::string& key) const { return at(key); }
    /// Inserts or replaces `key` (a replaced key keeps its position).
    void set(const std::string& key, const Array& value);
    /// Keys in archive order (numpy's NpzFile.files).
    std::vector<std::string> files() const;
    size_t size() const { return entries_.size(); }
    const std::vector<std::pair<std::string, Array>>& entries() const { return entries_; }
    /// Where the archive came from (a path), for messages; empty for archives built in memory.
    const std::string& source() const { return source_; }

private:
    std::vector<std::pair<std::string, Array>> entries_;
    std::unordered_map<std::string, size_t> index_;
    std::string source_;
};

}  // namespace serializers
}  // namespace cnet
