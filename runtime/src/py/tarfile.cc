// tarfile.cc — tarfile.open's modes, the member index, getnames and extractfile (with CPython's link following),
// is_tarfile and io.TextIOWrapper of a member. extractall is in tarfile_extract.cc.
#include "cnet/py/tarfile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "cnet/core/utf8.h"
#include "cnet/py/format.h"
#include "cnet/py/os_path.h"
#include "py/tarfile_internal.h"

namespace cnet {
namespace py {
namespace tarfile {

namespace {

bool KnownCompression(const std::string& comptype) {
    return comptype == "tar" || comptype == "gz" || comptype == "bz2" || comptype == "xz";
}

[[noreturn]] void WritingUnsupported(const std::string& mode) {
    throw ValueError("tarfile.open(mode=" + repr(mode) +
                     ") is not supported in .cnet: archives are only read ('r', 'r:*', 'r:', 'r:gz', 'r:bz2', 'r:xz')");
}

// CPython's reading of tarfile.open's mode, with its errors; the write modes are refused.
Compression ParseMode(const std::string& mode) {
    if (mode == "r" || mode == "r:*") return {true, ""};
    for (const char sep : {':', '|'}) {  // 'r:gz' a file, 'r|gz' a stream: both read front to back here
        const std::size_t at = mode.find(sep);
        if (at == std::string::npos) continue;
        std::string filemode = mode.substr(0, at), comptype = mode.substr(at + 1);
        if (filemode.empty()) filemode = "r";
        if (comptype.empty()) comptype = "tar";
        if (sep == '|' && filemode != "r" && filemode != "w") throw ValueError("mode must be 'r' or 'w'");
        if (sep == '|' && comptype == "*") {
            if (filemode != "r") WritingUnsupported(mode);
            return {true, ""};
        }
        if (!KnownCompression(comptype)) throw CompressionError("unknown compression type " + repr(comptype));
        // A compressed archive cannot be appended to (CPython's gzopen, bz2open, xzopen).
        const bool appendable = sep == ':' && comptype == "tar";
        if (filemode != "r" && filemode != "w" && filemode != "x" && !(appendable && filemode == "a")) {
            throw ValueError(appendable ? "mode must be 'r', 'a', 'w' or 'x'" : "mode must be 'r', 'w' or 'x'");
        }
        if (filemode != "r") WritingUnsupported(mode);
        return {false, comptype};
    }
    if (mode == "a" || mode == "w" || mode == "x") WritingUnsupported(mode);
    throw ValueError("undiscernible mode");
}

// Python's posixpath.normpath: CPython compares a link's target with the members' names after it.
std::string NormPath(const std::string& path) {
    if (path.empty()) return ".";
    const bool absolute = path[0] == '/';
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('/', start);
        if (end == std::string::npos) end = path.size();
        const std::string part = path.substr(start, end - start);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..") {
                parts.pop_back();
            } else if (!absolute) {
                parts.push_back(part);
            }
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = end + 1;
    }
    std::string out = absolute ? "/" : "";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "/" : "") + parts[i];
    return out.empty() ? "." : out;
}

// The last member before `limit` named `name` (CPython's _getmember: a name archived twice means its last copy).
std::optional<std::size_t> FindLast(const std::vector<TarFile::Member>& members, const std::string& name,
                                    std::size_t limit, bool normalize) {
    const std::string key = normalize ? NormPath(name) : name;
    for (std::size_t i = limit; i-- > 0;) {
        if ((normalize ? NormPath(members[i].name) : members[i].name) == key) return i;
    }
    return std::nullopt;
}


}  // namespace

TarFile::TarFile(const std::string& name, const std::string& mode)
    : name_(os_path::abspath(name)), compression_(ParseMode(mode)) {
    if (name.empty()) throw ValueError("nothing to open");
    fd_ = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) raise_os_error(errno, name);
    try {
        struct stat st {};
        if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) raise_os_error(EISDIR, name);
        internal::Reader reader(fd_, compression_, name);
        reader.Next();  // the first header, as CPython reads it when opening
    } catch (...) {
        ::close(fd_);
        fd_ = -1;
        throw;
    }
}

TarFile::~TarFile() { close(); }

void TarFile::CheckOpen() const {
    if (fd_ < 0) throw OSError("TarFile is closed");
}

const std::vector<TarFile::Member>& TarFile::Members() {
    if (!members_) {
        internal::Reader reader(fd_, compression_, name_);
        std::vector<Member> members;
        while (reader.Next()) members.push_back(reader.Current());
        members_ = std::move(members);
    }
    return *members_;
}

std::vector<std::string> TarFile::getnames() {
    CheckOpen();
    std::vector<std::string> names;
    for (const Member& m : Members()) names.push_back(m.name);
    return names;
}

std::string TarFile::ReadMember(std::size_t index) {
    internal::Reader reader(fd_, compression_, name_);
    for (std::size_t i = 0; i <= index; ++i) {
        if (!reader.Next()) throw ReadError("unexpected end of data");
    }
    return reader.Data();
}

std::shared_ptr<File> TarFile::extractfile(const std::string& member) {
    CheckOpen();
    const std::vector<Member>& members = Members();
    std::string key = member;
    while (!key.empty() && key.back() == '/') key.pop_back();  // CPython's getmember(name.rstrip('/'))
    std::optional<std::size_t> index = FindLast(members, key, members.size(), false);
    if (!index) throw KeyError(repr("filename " + repr(member) + " not found"));
    // A link's file object is its target's: a symlink's target relative to its directory, searched in the whole
    // archive; a hard link's an archive path, searched before it (CPython's _find_link_target).
    for (int hops = 0; hops < 1000; ++hops) {
        const Member& m = members[*index];
        if (m.kind == Member::kFile) return std::make_shared<internal::MemberFile>(m.name, ReadMember(*index));
        if (m.kind == Member::kDirectory || m.kind == Member::kOther) {
            // CPython returns None, which a .cnet file variable cannot hold.
            throw ValueError("tarfile member " + repr(m.name) + " is " +
                             (m.kind == Member::kDirectory ? "a directory" : "not a regular file") +
                             ": it has no contents to read (CPython's extractfile returns None)");
        }
        std::string target = m.linkname;
        std::size_t limit = *index;
        if (m.kind == Member::kSymlink) {
            const std::string dir = os_path::dirname(m.name);
            target = dir.empty() ? m.linkname : m.linkname.empty() ? dir : dir + "/" + m.linkname;
            limit = members.size();
        }
        index = FindLast(members, target, limit, true);
        if (!index) throw KeyError(repr("linkname " + repr(target) + " not found"));
    }
    throw RecursionError("maximum recursion depth exceeded");  // CPython recurses through a link cycle
}

void TarFile::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    members_.reset();
}

std::shared_ptr<TarFile> open(const std::string& name, const std::string& mode) {
    return std::make_shared<TarFile>(name, mode);
}

bool is_tarfile(const std::string& name) {
    try {
        TarFile archive(name, "r");
        return true;
    } catch (const TarError&) {
        return false;
    }
}

std::shared_ptr<File> text_io_wrapper(const std::shared_ptr<File>& buffer, const std::optional<std::string>& encoding) {
    if (dynamic_cast<internal::MemberFile*>(buffer.get()) == nullptr) {
        throw TypeError("io.TextIOWrapper() in .cnet wraps a file from TarFile.extractfile(); a file from open() is "
                        "text already");
    }
    if (encoding && !IsUtf8Name(*encoding)) {
        throw ValueError("encoding " + repr(*encoding) + " is not supported by io.TextIOWrapper() in .cnet; tarfile "
                         "members are read as UTF-8");
    }
    return buffer;
}

}  // namespace tarfile
}  // namespace py
}  // namespace cnet
