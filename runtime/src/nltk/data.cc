// data.cc — nltk.data.path, LazyCorpusLoader's search for a corpus (nltk.data.find twice) with NLTK's
// LookupError text, and reading a corpus's files from its directory or its zip archive.
#include "cnet/nltk/data.h"

#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"
#include "cnet/serializers/zip_reader.h"

namespace cnet {
namespace nltk {

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool StatIs(const std::string& path, mode_t type) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && (st.st_mode & S_IFMT) == type;
}
bool Exists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
}
bool IsDir(const std::string& path) { return StatIs(path, S_IFDIR); }
bool IsFile(const std::string& path) { return StatIs(path, S_IFREG); }

// os.path.join of two parts.
std::string Join(const std::string& a, const std::string& b) {
    if (!b.empty() && b[0] == '/') return b;
    if (a.empty() || a.back() == '/') return a + b;
    return a + "/" + b;
}

// posixpath.expanduser: '~' is $HOME (else the password database's home), '~user' that user's home; a name
// with no home is left as it is.
std::string ExpandUser(const std::string& path) {
    if (path.empty() || path[0] != '~') return path;
    std::size_t i = path.find('/', 1);
    if (i == std::string::npos) i = path.size();
    std::string home;
    if (i == 1) {
        if (const char* env = std::getenv("HOME")) {
            home = env;
        } else {
            const struct passwd* pw = ::getpwuid(::getuid());
            if (pw == nullptr) return path;
            home = pw->pw_dir;
        }
    } else {
        const struct passwd* pw = ::getpwnam(path.substr(1, i - 1).c_str());
        if (pw == nullptr) return path;
        home = pw->pw_dir;
    }
    while (!home.empty() && home.back() == '/') home.pop_back();
    const std::string out = home + path.substr(i);
    return out.empty() ? "/" : out;
}

// open(path, 'rb').read(), with CPython's OSError for a missing, unreadable or directory path.
std::string ReadBytes(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) py::raise_os_error(errno, path);
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        py::raise_os_error(EISDIR, path);
    }
    std::string out;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int err = errno;
            ::close(fd);
            py::raise_os_error(err, path);
        }
        if (n == 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

// nltk.data.find's message for a resource found nowhere (textwrap.indent of the first part by two spaces).
std::string NotFoundText(const std::string& package, const std::string& resource,
                         const std::vector<std::string>& near_misses, const std::vector<std::string>& paths) {
    std::string msg;
    if (!near_misses.empty()) {
        msg = "  Resource entry '" + resource + "' not found in installed package '" + package +
              "'.\n  The package appears to be installed, but the requested file is missing.\n\n"
              "  If you believe the package is corrupted or out of date, you can try re-downloading it with the "
              "NLTK Downloader:\n\n";
    } else {
        msg = "  Resource '" + package + "' not found.\n  Please use the NLTK Downloader to obtain the resource:\n\n";
    }
    msg += "  >>> import nltk\n  >>> nltk.download('" + package + "')\n";
    msg += "\n  For more information see: https://www.nltk.org/data.html\n";
    msg += "\n  Attempted to load '" + resource + "'\n";
    if (!near_misses.empty()) {
        msg += "\n  Package was found in:";
        for (const std::string& p : near_misses) msg += "\n    - " + py::repr(p);
    }
    msg += "\n  Searched in:";
    for (const std::string& p : paths) msg += "\n    - " + py::repr(p);
    const std::string sep(70, '*');
    return "\n" + sep + "\n" + msg + "\n" + sep + "\n";
}

// ZipFilePathPointer's check of an entry: the member itself, or for a directory ("x/") any member under it.
bool ZipHas(const serializers::ZipReader& zip, const std::string& entry) {
    for (const serializers::ZipEntry& e : zip.entries()) {
        if (e.name == entry) return true;
        if (EndsWith(entry, "/") && e.name.compare(0, entry.size(), entry) == 0) return true;
    }
    return false;
}

}  // namespace

std::vector<std::string> data_path() {
    std::vector<std::string> path;
    const char* env = std::getenv("NLTK_DATA");
    std::stringstream entries(env != nullptr ? env : "");
    for (std::string d; std::getline(entries, d, ':');) {
        if (!d.empty()) path.push_back(ExpandUser(d));
    }
    if (std::getenv("APPENGINE_RUNTIME") == nullptr && ExpandUser("~/") != "~/") {
        path.push_back(ExpandUser("~/nltk_data"));
    }
    // NLTK puts sys.prefix's nltk_data, share/nltk_data and lib/nltk_data here: a compiled program has no Python
    // installation, so they are left out (see data.h).
    for (const char* d : {"/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data",
                          "/usr/local/lib/nltk_data"}) {
        path.push_back(d);
    }
    return path;
}

namespace internal {

std::string NormPath(const std::string& path) {
    if (path.empty()) return ".";
    int initial_slashes = path[0] == '/' ? 1 : 0;
    if (path.compare(0, 2, "//") == 0 && path.compare(0, 3, "///") != 0) initial_slashes = 2;
    std::vector<std::string> comps;
    std::stringstream parts(path);
    for (std::string comp; std::getline(parts, comp, '/');) {
        if (comp.empty() || comp == ".") continue;
        if (comp != ".." || (initial_slashes == 0 && comps.empty()) || (!comps.empty() && comps.back() == "..")) {
            comps.push_back(comp);
        } else if (!comps.empty()) {
            comps.pop_back();
        }
    }
    std::string out(static_cast<std::size_t>(initial_slashes), '/');
    for (std::size_t i = 0; i < comps.size(); ++i) out += (i ? "/" : "") + comps[i];
    return out.empty() ? "." : out;
}

std::string AbsPath(const std::string& path) {
    if (!path.empty() && path[0] == '/') return NormPath(path);
    std::string cwd(4096, '\0');
    if (::getcwd(cwd.data(), cwd.size()) == nullptr) py::raise_os_error(errno, ".");
    cwd.resize(cwd.find('\0'));
    return NormPath(Join(cwd, path));
}

const std::string& CheckAscii(const std::string& bytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        if (b > 127) {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", b);
            throw ValueError(std::string("'ascii' codec can't decode byte ") + hex + " in position " +
                             std::to_string(i) + ": ordinal not in range(128)");
        }
    }
    return bytes;
}

CorpusRoot CorpusRoot::Directory(const std::string& path) {
    CorpusRoot root;
    root.path_ = AbsPath(path);
    return root;
}

CorpusRoot CorpusRoot::Zip(const std::string& archive, std::shared_ptr<const serializers::ZipReader> zip,
                           const std::string& entry) {
    CorpusRoot root;
    root.path_ = AbsPath(archive);
    root.entry_ = entry;
    root.zip_ = std::move(zip);
    return root;
}

std::vector<std::string> CorpusRoot::Fileids(const std::function<bool(const std::string&)>& match) const {
    std::vector<std::string> ids;
    if (zip_ != nullptr) {
        for (const serializers::ZipEntry& e : zip_->entries()) {
            if (EndsWith(e.name, "/")) continue;
            const std::string id = e.name.substr(std::min(entry_.size(), e.name.size()));
            if (match(id)) ids.push_back(id);
        }
    } else if (DIR* dir = ::opendir(path_.c_str())) {
        // os.walk's files of the root: entries that are not directories (links followed; a dangling link is a file).
        while (const struct dirent* d = ::readdir(dir)) {
            const std::string name = d->d_name;
            if (name == "." || name == ".." || IsDir(Join(path_, name))) continue;
            if (match(name)) ids.push_back(name);
        }
        ::closedir(dir);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string CorpusRoot::Locate(const std::string& fileid_in) const {
    std::string fileid = fileid_in;
    std::replace(fileid.begin(), fileid.end(), '\\', '/');
    if (zip_ != nullptr) {
        // ZipFilePathPointer.join: the entry normalized (normpath, a trailing '/' kept), with no leading '/'.
        const bool is_dir = !fileid.empty() && (fileid.back() == '/' || fileid.back() == '.');
        std::string entry = NormPath(entry_ + "/" + fileid);
        if (is_dir && !EndsWith(entry, "/")) entry += "/";
        entry.erase(0, entry.find_first_not_of('/'));
        if (!ZipHas(*zip_, entry)) {
            throw py::OSError("Zipfile " + py::repr(path_) + " does not contain " + py::repr(entry));
        }
        return entry;
    }
    // FileSystemPathPointer.join: no '..' part, and the joined path inside the root.
    std::stringstream parts(fileid);
    for (std::string part; std::getline(parts, part, '/');) {
        if (part == "..") throw ValueError("Traversal blocked: " + fileid);
    }
    const std::string joined = NormPath(Join(path_, fileid));
    const std::string root = NormPath(path_);
    if (joined != root && joined.compare(0, root.size() + 1, root + "/") != 0) {
        throw ValueError("Escape outside root blocked: " + joined);
    }
    const std::string path = AbsPath(joined);
    if (!Exists(path)) throw py::OSError("No such file or directory: " + py::repr(path));
    return path;
}

std::string CorpusRoot::Read(const std::string& fileid) const {
    const std::string where = Locate(fileid);
    if (zip_ == nullptr) return ReadBytes(where);
    const serializers::ZipEntry* found = nullptr;  // zipfile's getinfo: the last member of the name
    for (const serializers::ZipEntry& e : zip_->entries()) {
        if (e.name == where) found = &e;
    }
    if (found == nullptr) throw py::KeyError("There is no item named " + py::repr(where) + " in the archive");
    return zip_->Read(*found);
}

std::string CorpusRoot::Path() const { return zip_ != nullptr ? path_ + "/" + entry_ : path_; }

CorpusRoot FindCorpus(const std::string& name) {
    const std::vector<std::string> paths = data_path();
    const std::string resource = "corpora/" + name;
    // nltk.data.find('corpora/<name>'): the first data directory that has it (a file there is returned too, and
    // fails when read). A zip file in the path holds no member named 'corpora/<name>' (a directory's member ends
    // in '/'), which NLTK reports as the package found with the entry missing.
    std::vector<std::string> near_misses;
    for (const std::string& p : paths) {
        if (IsFile(p) && EndsWith(p, ".zip")) {
            near_misses.push_back(p);
        } else if (IsDir(p) && Exists(Join(p, resource))) {
            return CorpusRoot::Directory(Join(p, resource));
        }
    }
    // find's own retries with a '.zip' component ('corpora/<name>.zip/<name>', no trailing '/') name a member
    // that archives do not have; LazyCorpusLoader's second find of 'corpora/<name>.zip/<name>/' is the one that
    // finds an archive.
    for (const std::string& p : paths) {
        if (!IsDir(p)) continue;
        const std::string archive = Join(p, resource + ".zip");
        if (!Exists(archive) || IsDir(archive)) continue;
        std::string bytes;
        try {
            bytes = ReadBytes(archive);
        } catch (const py::OSError&) {
            continue;  // unreadable: NLTK goes on to the next directory
        }
        auto zip = std::make_shared<const serializers::ZipReader>(std::move(bytes), AbsPath(archive));
        if (ZipHas(*zip, name + "/")) return CorpusRoot::Zip(archive, std::move(zip), name + "/");
    }
    throw LookupError(NotFoundText(name, resource, near_misses, paths));
}

}  // namespace internal
}  // namespace nltk
}  // namespace cnet
