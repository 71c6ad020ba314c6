// zip_reader.cc — end-of-central-directory search, ZIP64 records, central entries, inflate and CRC check.
#include "cnet/serializers/zip_reader.h"

#include <zlib.h>

#include <utility>

#include "cnet/core/error.h"
#include "cnet/serializers/file_util.h"
#include "serializers/byte_io.h"

namespace cnet {
namespace serializers {
namespace {

using internal::ByteReader;

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr size_t kEndRecordSize = 22;
constexpr uint32_t kMax32 = 0xffffffffu;

// Replaces the 0xffffffff placeholders of an entry with the values of its ZIP64 extra field (id 1).
void ApplyZip64Extra(const std::string& extra, ZipEntry& e, bool offset_is_placeholder, const std::string& source) {
    ByteReader r(extra.data(), extra.size(), source);
    while (r.remaining() >= 4) {
        const uint16_t id = r.U16("extra field id");
        const uint16_t len = r.U16("extra field length");
        ByteReader field(r.Take(len, "extra field"), len, source);
        if (id != 1) continue;
        if (e.size == kMax32) e.size = field.U64("zip64 size");
        if (e.compressed_size == kMax32) e.compressed_size = field.U64("zip64 compressed size");
        if (offset_is_placeholder) e.local_header_offset = field.U64("zip64 header offset");
        return;
    }
}

std::string Inflate(const char* data, size_t size, uint64_t expected, const std::string& what) {
    if (size >= kMax32 || expected >= kMax32) throw SerializationError(what + ": entries of 4 GiB or more are not supported");
    // Deflate expands at most 1032:1; a larger claimed size is a corrupt directory, not a reason to allocate it.
    if (expected > uint64_t{size} * 1032 + 64)
        throw SerializationError(what + ": corrupt deflate data (claimed size " + std::to_string(expected) +
                                 " is impossible for " + std::to_string(size) + " compressed bytes)");
    // One spare byte: zlib rejects a null output buffer (an empty member deflates to "\x03\x00" and still needs
    // one), and a stream that inflates to more than the directory's size is caught as corrupt.
    std::string out(expected + 1, '\0');
    z_stream zs{};
    if (inflateInit2(&zs, -MAX_WBITS) != Z_OK) throw SerializationError(what + ": cannot initialize zlib");
    zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data));
    zs.avail_in = static_cast<uInt>(size);
    zs.next_out = reinterpret_cast<Bytef*>(&out[0]);
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = inflate(&zs, Z_FINISH);
    const uint64_t produced = zs.total_out;
    const std::string message = zs.msg ? zs.msg : "unexpected size";
    inflateEnd(&zs);
    if (rc != Z_STREAM_END || produced != expected)
        throw SerializationError(what + ": corrupt deflate data (" + message + ")");
    out.resize(expected);
    return out;
}

}  // namespace

ZipReader::ZipReader(std::string data, std::string source) : data_(std::move(data)), source_(std::move(source)) {
    ReadCentralDirectory();
}

ZipReader ZipReader::Open(const std::string& path) { return ZipReader(ReadFileBytes(path), path); }

size_t ZipReader::FindEndRecord() const {
    if (data_.size() < kEndRecordSize)
        throw SerializationError(source_ + ": not a zip archive (too short: " + std::to_string(data_.size()) +
                                 " bytes); the file may be truncated");
    const size_t lowest = data_.size() >= kEndRecordSize + 0xffff ? data_.size() - kEndRecordSize - 0xffff : 0;
    for (size_t pos = data_.size() - kEndRecordSize + 1; pos-- > lowest;) {
        ByteReader r(data_.data() + pos, 4, source_);
        if (r.U32("signature") == kEndSignature) return pos;
    }
    throw SerializationError(source_ + ": not a zip archive (no end of central directory record); the file may "
                             "be truncated or corrupt");
}

void ZipReader::ReadCentralDirectory() {
    const size_t end_pos = FindEndRecord();
    ByteReader r(data_.data(), data_.size(), source_);
    r.Seek(end_pos + 10, "end record");
    uint64_t count = r.U16("entry count");
    r.U32("directory size");
    uint64_t directory_offset = r.U32("directory offset");
    if ((count == 0xffff || directory_offset == kMax32) && end_pos >= 20) {
        r.Seek(end_pos - 20, "zip64 locator");
        if (r.U32("zip64 locator") == kZip64LocatorSignature) {
            r.U32("zip64 disk");
            r.Seek(r.U64("zip64 end record offset"), "zip64 end record");
            if (r.U32("zip64 end record") != kZip64EndSignature) r.Fail("bad zip64 end record signature");
            r.Take(20, "zip64 end record");
            count = r.U64("zip64 entry count");
            r.U64("zip64 directory size");
            directory_offset = r.U64("zip64 directory offset");
        }
    }
    if (directory_offset > data_.size()) r.Fail("central directory offset past the end of the file");
    r.Seek(directory_offset, "central directory");
    for (uint64_t i = 0; i < count; ++i) {
        if (r.U32("central directory entry") != kCentralHeaderSignature) r.Fail("bad central directory signature");
        ZipEntry e;
        r.Take(4, "central directory entry");
        e.flags = r.U16("flags");
        e.method = r.U16("compression method");
        r.Take(4, "timestamp");
        e.crc32 = r.U32("crc32");
        e.compressed_size = r.U32("compressed size");
        e.size = r.U32("size");
        const uint16_t name_len = r.U16("name length");
        const uint16_t extra_len = r.U16("extra length");
        const uint16_t comment_len = r.U16("comment length");
        r.Take(8, "central directory entry");
        e.local_header_offset = r.U32("local header offset");
        e.name = r.TakeString(name_len, "entry name");
        ApplyZip64Extra(r.TakeString(extra_len, "extra field"), e, e.local_header_offset == kMax32, source_);
        r.Take(comment_len, "entry comment");
        entries_.push_back(std::move(e));
    }
}

std::string ZipReader::Read(const ZipEntry& entry) const {
    const std::string what = source_ + ": entry '" + entry.name + "'";
    ByteReader r(data_.data(), data_.size(), what);
    r.Seek(entry.local_header_offset, "local header offset");
    if (r.U32("local header") != kLocalHeaderSignature) r.Fail("bad local header signature");
    r.Take(22, "local header");
    const uint16_t name_len = r.U16("name length");
    const uint16_t extra_len = r.U16("extra length");
    r.Take(size_t{name_len} + extra_len, "local header");
    if (entry.flags & 1) throw SerializationError(what + ": encrypted entries are not supported");
    const char* payload = r.Take(entry.compressed_size, "entry data");
    std::string out;
    if (entry.method == 0) {
        if (entry.compressed_size != entry.size) r.Fail("stored entry with different sizes");
        out.assign(payload, entry.compressed_size);
    } else if (entry.method == 8) {
        out = Inflate(payload, entry.compressed_size, entry.size, what);
    } else {
        throw SerializationError(what + ": unsupported compression method " + std::to_string(entry.method) +
                                 " (only stored and deflate)");
    }
    if (internal::Crc32(out) != entry.crc32) throw SerializationError(what + ": CRC-32 mismatch (corrupt data)");
    return out;
}

}  // namespace serializers
}  // namespace cnet
