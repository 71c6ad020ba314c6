// zip_writer.h — builds a ZIP archive in memory (stored or deflated entries), the container of .npz files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cnet {
namespace serializers {

/// Writes a ZIP archive the way Python's zipfile does for numpy.savez / savez_compressed: one local header
/// per entry, CRC-32 checked data (stored, or raw deflate at zlib's default level), then the central
/// directory. Timestamps are fixed at 1980-01-01 00:00 so equal contents give equal bytes. Archives are
/// limited to 65535 entries of under 4 GiB each (no ZIP64 on write; ZipReader reads ZIP64).
class ZipWriter {
public:
    /// `compress`: deflate every entry (savez_compressed); otherwise store them (savez).
    explicit ZipWriter(bool compress) : compress_(compress) {}

    /// Appends an entry named `name` (e.g. "predictor/l1/W.npy") holding `data`.
    void Add(const std::string& name, const std::string& data);
    /// Appends the central directory and the end record, and returns the whole archive.
    std::string Finish();

private:
    struct CentralEntry {
        std::string name;
        uint16_t flags;
        uint16_t method;
        uint32_t crc;
        uint32_t compressed_size;
        uint32_t size;
        uint32_t offset;
    };

    bool compress_;
    bool finished_ = false;
    std::string out_;
    std::vector<CentralEntry> entries_;
};

}  // namespace serializers
}  // namespace cnet
