// file.cc — text files with Python's modes and error messages.
#include "cnet/py/file.h"

#include <cerrno>
#include <cstring>
#include <sstream>

#include "cnet/py/format.h"

namespace cnet {
namespace py {

File::File(const std::string& path, const std::string& mode) : path_(path), mode_(mode) {
    std::string m = mode;
    if (m.find('t') != std::string::npos) m.erase(m.find('t'), 1);
    std::ios::openmode flags;
    if (m == "r") {
        flags = std::ios::in;
    } else if (m == "w") {
        flags = std::ios::out | std::ios::trunc;
    } else if (m == "a") {
        flags = std::ios::out | std::ios::app;
    } else if (m == "r+") {
        flags = std::ios::in | std::ios::out;
    } else if (m == "w+") {
        flags = std::ios::in | std::ios::out | std::ios::trunc;
    } else if (m == "a+") {
        flags = std::ios::in | std::ios::out | std::ios::app;
    } else if (m.find('b') != std::string::npos) {
        throw ValueError("binary mode '" + mode + "' is not supported by open() in .cnet; use np.save/np.load or "
                         "chainer.serializers for binary data");
    } else {
        throw ValueError("invalid mode: '" + mode + "'");
    }
    stream_.open(path, flags | std::ios::binary);  // no newline translation: Python's '\n' on POSIX
    if (!stream_.is_open()) {
        const int err = errno;
        const std::string message = "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " + repr(path);
        if (err == ENOENT) throw FileNotFoundError(message);
        throw OSError(message);
    }
}

void File::CheckOpen(bool for_reading) const {
    if (!stream_.is_open()) throw ValueError("I/O operation on closed file.");
    const bool readable = mode_.find('r') != std::string::npos || mode_.find('+') != std::string::npos;
    const bool writable = mode_.find('r') == std::string::npos || mode_.find('+') != std::string::npos;
    if (for_reading && !readable) throw OSError("not readable");
    if (!for_reading && !writable) throw OSError("not writable");
}

std::string File::read(int64_t size) {
    CheckOpen(true);
    if (size < 0) {
        std::ostringstream os;
        os << stream_.rdbuf();
        stream_.clear();  // reading to the end sets eof; a later read returns ""
        return os.str();
    }
    std::string out(static_cast<std::size_t>(size), '\0');
    stream_.read(out.data(), size);
    out.resize(static_cast<std::size_t>(stream_.gcount()));
    stream_.clear();
    return out;
}

std::string File::readline() {
    CheckOpen(true);
    std::string line;
    if (!std::getline(stream_, line)) {
        stream_.clear();
        return "";
    }
    if (!stream_.eof()) line += '\n';
    stream_.clear();
    return line;
}

std::vector<std::string> File::readlines() {
    std::vector<std::string> lines;
    for (std::string line = readline(); !line.empty(); line = readline()) lines.push_back(line);
    return lines;
}

int64_t File::write(const std::string& text) {
    CheckOpen(false);
    stream_ << text;
    if (!stream_) throw OSError("write to '" + path_ + "' failed");
    // Python counts code points.
    int64_t n = 0;
    for (unsigned char c : text) n += (c & 0xC0) != 0x80;
    return n;
}

void File::close() {
    if (stream_.is_open()) stream_.close();
}

std::shared_ptr<File> open(const std::string& path, const std::string& mode) { return std::make_shared<File>(path, mode); }

}  // namespace py
}  // namespace cnet
