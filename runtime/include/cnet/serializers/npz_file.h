// npz_file.h — an .npz archive in memory: named arrays in insertion order, read from and written to zip.
#pragma once

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "cnet/core/array.h"

namespace cnet {
namespace serializers {

/// The contents of an .npz file (numpy.savez / savez_compressed / Chainer's save_npz): arrays by name, in
/// archive order. An entry may be None (an undefined Array), as Chainer stores for None-valued state.
/// Keys are the member names without ".npy" ("predictor/l1/W"). A Python str member is held as its UTF-8 bytes
/// (see set_string).
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
    /// Inserts or replaces `key` with a Python str: held as a 1-D uint8 array of the UTF-8 bytes (what at()
    /// returns), written as NumPy writes numpy.asarray(text) (0-d '<U{n}'), as Chainer's serializer does.
    /// Str members of a loaded archive are marked the same way.
    void set_string(const std::string& key, const std::string& utf8);
    /// True when `key` holds a str (see set_string).
    bool is_string(const std::string& key) const { return strings_.count(key) != 0; }
    /// Keys in archive order (numpy's NpzFile.files).
    std::vector<std::string> files() const;
    size_t size() const { return entries_.size(); }
    const std::vector<std::pair<std::string, Array>>& entries() const { return entries_; }
    /// Where the archive came from (a path), for messages; empty for archives built in memory.
    const std::string& source() const { return source_; }

private:
    std::vector<std::pair<std::string, Array>> entries_;
    std::unordered_map<std::string, size_t> index_;
    std::unordered_set<std::string> strings_;
    std::string source_;
};

}  // namespace serializers
}  // namespace cnet
