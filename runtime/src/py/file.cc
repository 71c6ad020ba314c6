// file.cc — text files with Python's modes and error messages.
#include "cnet/py/file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "cnet/core/utf8.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {

void raise_os_error(int err, const std::string& path) {
    const std::string message = "[Errno " + std::to_string(err) + "] " + std::strerror(err) + ": " + repr(path);
    if (err == ENOENT) throw FileNotFoundError(message);
    throw OSError(message);
}

File::File(const std::string& path, const std::string& mode, const std::optional<std::string>& encoding,
           const std::optional<std::string>& errors)
    : path_(path), mode_(mode) {
    if (encoding.has_value() && !IsUtf8Name(*encoding)) {
        throw ValueError("encoding '" + *encoding + "' is not supported by open() in .cnet; text files are UTF-8");
    }
    if (errors.has_value()) {
        if (*errors != "strict" && *errors != "ignore" && *errors != "replace") {
            throw ValueError("errors='" + *errors +
                             "' is not supported by open() in .cnet; use 'strict', 'ignore' "
                             "or 'replace'");
        }
        errors_ = *errors;
    }
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
    if (!stream_.is_open()) raise_os_error(errno, path);
}

void File::CheckOpen(bool for_reading) const {
    if (!stream_.is_open()) throw ValueError("I/O operation on closed file.");
    const bool readable = mode_.find('r') != std::string::npos || mode_.find('+') != std::string::npos;
    const bool writable = mode_.find('r') == std::string::npos || mode_.find('+') != std::string::npos;
    if (for_reading && !readable) throw OSError("not readable");
    if (!for_reading && !writable) throw OSError("not writable");
}

// Python decodes what it reads: an invalid byte raises UnicodeDecodeError (a ValueError; its position here is
// within the text read), is dropped ('ignore') or becomes U+FFFD ('replace').
std::string File::Decode(std::string bytes) const {
    std::string out;
    for (std::size_t i = 0; i < bytes.size();) {
        const char* reason = "";
        std::size_t bad = 1;
        const std::size_t n = Utf8Sequence(bytes, i, bytes.size(), &reason, &bad);
        if (n != 0) {
            out.append(bytes, i, n);
            i += n;
            continue;
        }
        if (errors_ == "strict") {
            char hex[8];
            std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(bytes[i]));
            throw ValueError("'utf-8' codec can't decode " +
                             (bad == 1 ? "byte " + std::string(hex) + " in position " + std::to_string(i)
                                       : "bytes in position " + std::to_string(i) + "-" + std::to_string(i + bad - 1)) +
                             ": " + reason);
        }
        if (errors_ == "replace") out += "\xEF\xBF\xBD";
        i += bad;
    }
    return out;
}

std::string File::read(int64_t size) {
    CheckOpen(true);
    if (size < 0) {
        std::ostringstream os;
        os << stream_.rdbuf();
        stream_.clear();  // reading to the end sets eof; a later read returns ""
        return Decode(os.str());
    }
    // Python reads `size` characters: each with the continuation bytes that follow it.
    std::string out;
    int64_t chars = 0;
    for (int c = stream_.peek(); c != std::char_traits<char>::eof(); c = stream_.peek()) {
        const bool continuation = IsUtf8Continuation(static_cast<unsigned char>(c));
        if (!continuation && chars == size) break;
        if (!continuation) ++chars;
        out += static_cast<char>(stream_.get());
    }
    stream_.clear();
    return Decode(std::move(out));
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
    return Decode(std::move(line));
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
    return Utf8Length(text);  // Python counts code points
}

void File::close() {
    if (stream_.is_open()) stream_.close();
}

std::shared_ptr<File> open(const std::string& path, const std::string& mode, int64_t /*buffering*/,
                           const std::optional<std::string>& encoding, const std::optional<std::string>& errors) {
    return std::make_shared<File>(path, mode, encoding, errors);
}

namespace codecs {
std::shared_ptr<File> open(const std::string& filename, const std::string& mode,
                           const std::optional<std::string>& encoding, const std::string& errors,
                           int64_t /*buffering*/) {
    return std::make_shared<File>(filename, mode, encoding, errors);
}
}  // namespace codecs

}  // namespace py
}  // namespace cnet
