// file.h — Python's text files for generated code: open(path, mode) with modes r, w, a (and r+, w+, a+),
// read/readline/readlines/write/close, iteration by line (each line keeps its '\n', as in Python), and the
// errors CPython raises (FileNotFoundError, ValueError on a closed file). `with open(...) as f:` closes the file
// when the block is left (FileCloser). Text is UTF-8 (encoding='utf-8' or None); what is read is decoded with
// Python's `errors` handlers: 'strict' (ValueError: UnicodeDecodeError is one), 'ignore', 'replace'. io.open is
// open; codecs.open(filename, mode, encoding, errors) opens the same text files.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cnet/py/errors.h"

namespace cnet {
namespace py {

class File {
public:
    File(const std::string& path, const std::string& mode, const std::optional<std::string>& encoding = std::nullopt,
         const std::optional<std::string>& errors = std::nullopt);
    virtual ~File() = default;
    File(const File&) = delete;
    File& operator=(const File&) = delete;
    virtual std::string read(int64_t size = -1);
    /// The next line with its '\n' ("" at the end of the file).
    virtual std::string readline();
    std::vector<std::string> readlines();  // by readline()
    virtual int64_t write(const std::string& text);
    virtual void close();
    virtual bool closed() const { return !stream_.is_open(); }
    virtual const std::string& name() const { return path_; }
    virtual const std::string& mode() const { return mode_; }

    /// `for line in f:` reads line by line.
    class LineIterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = std::string;
        using difference_type = std::ptrdiff_t;
        using pointer = const std::string*;
        using reference = const std::string&;
        explicit LineIterator(File* file) : file_(file) { ++*this; }
        LineIterator() = default;
        const std::string& operator*() const { return line_; }
        LineIterator& operator++() {
            line_ = file_->readline();
            if (line_.empty()) file_ = nullptr;
            return *this;
        }
        bool operator==(const LineIterator& o) const { return file_ == o.file_; }
        bool operator!=(const LineIterator& o) const { return file_ != o.file_; }

    private:
        File* file_ = nullptr;
        std::string line_;
    };
    LineIterator begin() { return LineIterator(this); }
    LineIterator end() { return LineIterator(); }

protected:
    File() = default;  // a view over another file: no stream of its own, every operation overridden

private:
    void CheckOpen(bool for_reading) const;
    std::string Decode(std::string bytes) const;
    std::string path_;
    std::string mode_;
    std::string errors_ = "strict";
    std::fstream stream_;
};

std::shared_ptr<File> open(const std::string& path, const std::string& mode = "r", int64_t buffering = -1,
                           const std::optional<std::string>& encoding = std::nullopt,
                           const std::optional<std::string>& errors = std::nullopt);

namespace codecs {
/// codecs.open: Chainer's examples read their UTF-8 corpora with it; errors defaults to 'strict' here.
std::shared_ptr<File> open(const std::string& filename, const std::string& mode = "r",
                           const std::optional<std::string>& encoding = std::nullopt,
                           const std::string& errors = "strict", int64_t buffering = -1);
}  // namespace codecs

/// Closes what `with open(...) as f:` (or `with tarfile.open(...) as tf:`) opened when its block is left, however
/// it is left.
template <typename T>
class FileCloser {
public:
    explicit FileCloser(std::shared_ptr<T> file) : file_(std::move(file)) {}
    ~FileCloser() {
        if (file_) file_->close();
    }
    FileCloser(const FileCloser&) = delete;
    FileCloser& operator=(const FileCloser&) = delete;

private:
    std::shared_ptr<T> file_;
};

}  // namespace py
}  // namespace cnet
