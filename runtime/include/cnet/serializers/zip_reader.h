// zip_reader.h — reads ZIP archives held in memory (stored/deflated entries, ZIP64), the container of .npz.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cnet {
namespace serializers {

/// One member of a ZIP archive, as its central directory describes it.
struct ZipEntry {
    std::string name;
    uint16_t flags = 0;
    uint16_t method = 0;  // 0 stored, 8 deflate
    uint32_t crc32 = 0;
    uint64_t compressed_size = 0;
    uint64_t size = 0;
    uint64_t local_header_offset = 0;
};

/// Parses the central directory of an archive (including ZIP64 records, as numpy.savez writes with
/// force_zip64) and extracts members with their CRC-32 checked. Every malformed or truncated structure
/// raises SerializationError naming the source and what was being read; nothing is trusted unchecked.
class ZipReader {
public:
    /// `data` is the whole archive; `source` names it in error messages (usually the file path).
    ZipReader(std::string data, std::string source);
    /// Reads the archive at `path`.
    static ZipReader Open(const std::string& path);

    const std::vector<ZipEntry>& entries() const { return entries_; }
    const std::string& source() const { return source_; }
    /// The uncompressed bytes of `entry` (stored or deflate; other methods and encryption are rejected).
    std::string Read(const ZipEntry& entry) const;

private:
    void ReadCentralDirectory();
    size_t FindEndRecord() const;

    std::string data_;
    std::string source_;
    std::vector<ZipEntry> entries_;
};

}  // namespace serializers
}  // namespace cnet
