// zip_writer.cc — ZIP local headers, deflate through zlib, central directory and end record.
#include "cnet/serializers/zip_writer.h"

#include <zlib.h>

#include <limits>

#include "cnet/core/error.h"
#include "serializers/byte_io.h"

namespace cnet {
namespace serializers {
namespace {

using internal::AppendU16;
using internal::AppendU32;
using internal::Crc32;

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint16_t kVersionNeeded = 20;
constexpr uint16_t kVersionMadeBy = (3 << 8) | 20;  // Unix, ZIP 2.0 (as Python's zipfile)
constexpr uint16_t kDosDate1980 = (1 << 5) | 1;     // 1980-01-01
constexpr uint16_t kUtf8NameFlag = 0x800;
constexpr uint64_t kMax32 = std::numeric_limits<uint32_t>::max();

// Raw deflate (no zlib header), zlib's default level: what zipfile.ZIP_DEFLATED produces.
std::string Deflate(const std::string& data, const std::string& name) {
    z_stream zs{};
    if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw SerializationError("zlib: cannot initialize deflate for '" + name + "'");
    std::string out(deflateBound(&zs, data.size()), '\0');
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    zs.avail_in = static_cast<uInt>(data.size());
    zs.next_out = reinterpret_cast<Bytef*>(&out[0]);
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END) throw SerializationError("zlib: deflate failed for '" + name + "'");
    return out;
}

bool IsAscii(const std::string& s) {
    for (char c : s)
        if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
}

}  // namespace

void ZipWriter::Add(const std::string& name, const std::string& data) {
    CNET_CHECK_AS(SerializationError, !finished_, "ZipWriter: Add after Finish");
    CNET_CHECK_AS(SerializationError, entries_.size() < 0xffff, "zip: too many entries (at most 65535)");
    CNET_CHECK_AS(SerializationError, data.size() < kMax32 && out_.size() < kMax32,
                  "zip: entry '", name, "' is too large (archives are limited to 4 GiB without ZIP64)");
    CentralEntry e{name, IsAscii(name) ? uint16_t{0} : kUtf8NameFlag, static_cast<uint16_t>(compress_ ? 8 : 0), Crc32(data),
                   0, static_cast<uint32_t>(data.size()), static_cast<uint32_t>(out_.size())};
    const std::string packed = compress_ ? Deflate(data, name) : std::string();
    const std::string& payload = compress_ ? packed : data;
    e.compressed_size = static_cast<uint32_t>(payload.size());
    AppendU32(out_, kLocalHeaderSignature);
    AppendU16(out_, kVersionNeeded);
    AppendU16(out_, e.flags);
    AppendU16(out_, e.method);
    AppendU16(out_, 0);  // time 00:00:00
    AppendU16(out_, kDosDate1980);
    AppendU32(out_, e.crc);
    AppendU32(out_, e.compressed_size);
    AppendU32(out_, e.size);
    AppendU16(out_, static_cast<uint16_t>(name.size()));
    AppendU16(out_, 0);  // no extra field
    out_ += name;
    out_ += payload;
    entries_.push_back(std::move(e));
}

std::string ZipWriter::Finish() {
    CNET_CHECK_AS(SerializationError, !finished_, "ZipWriter: Finish called twice");
    finished_ = true;
    const size_t directory_offset = out_.size();
    for (const CentralEntry& e : entries_) {
        AppendU32(out_, kCentralHeaderSignature);
        AppendU16(out_, kVersionMadeBy);
        AppendU16(out_, kVersionNeeded);
        AppendU16(out_, e.flags);
        AppendU16(out_, e.method);
        AppendU16(out_, 0);
        AppendU16(out_, kDosDate1980);
        AppendU32(out_, e.crc);
        AppendU32(out_, e.compressed_size);
        AppendU32(out_, e.size);
        AppendU16(out_, static_cast<uint16_t>(e.name.size()));
        AppendU16(out_, 0);               // extra length
        AppendU16(out_, 0);               // comment length
        AppendU16(out_, 0);               // disk number
        AppendU16(out_, 0);               // internal attributes
        AppendU32(out_, 0600u << 16);     // external attributes: rw------- (as zipfile)
        AppendU32(out_, e.offset);
        out_ += e.name;
    }
    CNET_CHECK_AS(SerializationError, out_.size() < kMax32, "zip: archive is too large (4 GiB without ZIP64)");
    const size_t directory_size = out_.size() - directory_offset;
    AppendU32(out_, kEndSignature);
    AppendU16(out_, 0);
    AppendU16(out_, 0);
    AppendU16(out_, static_cast<uint16_t>(entries_.size()));
    AppendU16(out_, static_cast<uint16_t>(entries_.size()));
    AppendU32(out_, static_cast<uint32_t>(directory_size));
    AppendU32(out_, static_cast<uint32_t>(directory_offset));
    AppendU16(out_, 0);  // comment length
    return std::move(out_);
}

}  // namespace serializers
}  // namespace cnet
