// corpus.h — nltk.corpus for generated code: `nltk.corpus.brown`, the Brown corpus as NLTK 3.10.4 reads it
// (CategorizedTaggedCorpusReader(root, r'c[a-z]\d\d', cat_file='cats.txt', tagset='brown', encoding='ascii')
// behind a LazyCorpusLoader), from NLTK's own data layout: corpora/brown/ or corpora/brown.zip in a directory of
// nltk.data.path (cnet/nltk/data.h). Nothing is downloaded (nltk.download: cnet/nltk/downloader.h).
//
// The reader's views follow TaggedCorpusReader: a file is ASCII text; its lines (str.splitlines) are grouped into
// paragraphs at blank lines, a paragraph's sentences are its '\n'-separated lines, a sentence's tokens are split at
// whitespace, and a token "word/tag" splits at its last '/' with the tag upper-cased ('1/2/cd' is ('1/2', 'CD')).
// Each method takes fileids (a str or a list of str) or categories (the same), as NLTK's do.
//
// Differences from NLTK, on purpose:
// - The views are lists, read when the method is called (NLTK's are lazy views that read a file when iterated),
//   so an error in a file (a byte past ASCII) is raised by the call; the UnicodeDecodeError (a ValueError here)
//   gives the byte's offset in the file where NLTK's counts from the start of the block it was reading.
// - A token with no '/' is tagged None by NLTK, which a tuple[str, str] cannot hold: words() and sents() give its
//   word as NLTK does, and the tagged views raise ValueError naming the token and the file (Brown has none).
// - tagged_*'s tagset= (a mapping to another tagset, which needs NLTK's universal_tagset data) is not provided.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "cnet/nltk/data.h"

namespace cnet {
namespace nltk {
namespace corpus {

/// A fileids or categories argument: None (all), one str, or a list of str.
class Selection {
public:
    Selection() = default;
    Selection(std::nullopt_t) {}                                          // NOLINT(google-explicit-constructor)
    Selection(const char* name) : names_{name}, one_(true), given_(true) {}  // NOLINT(google-explicit-constructor)
    Selection(std::string name)                                           // NOLINT(google-explicit-constructor)
        : names_{std::move(name)}, one_(true), given_(true) {}
    Selection(std::vector<std::string> names)  // NOLINT(google-explicit-constructor)
        : names_(std::move(names)), given_(true) {}
    template <typename T>
    Selection(const std::optional<T>& value) {  // NOLINT(google-explicit-constructor)
        if (value) *this = Selection(*value);
    }
    bool is_none() const { return !given_; }
    bool is_str() const { return one_; }
    const std::vector<std::string>& names() const { return names_; }

private:
    std::vector<std::string> names_;
    bool one_ = false;
    bool given_ = false;
};

/// NLTK's CategorizedTaggedCorpusReader behind a LazyCorpusLoader: the corpus corpora/<name> of the data path is
/// found at the first call of a method, and while it is missing each call raises LookupError with NLTK's text.
class CategorizedTaggedCorpusReader {
public:
    using TaggedWord = std::tuple<std::string, std::string>;

    /// LazyCorpusLoader(name, CategorizedTaggedCorpusReader, fileids, cat_file=cat_file, encoding='ascii'): `fileids`
    /// is a regular expression a file name must match whole (ECMAScript here, which is Python's for the patterns
    /// NLTK's corpora use; like Python's `$` it also takes the name with a final '\n').
    CategorizedTaggedCorpusReader(std::string name, const std::string& fileids, std::string cat_file);

    /// fileids(categories=None): the corpus's files, sorted; or those of the categories (ValueError "Category x
    /// not found" for one unknown str).
    std::vector<std::string> fileids(const Selection& categories = Selection());
    /// categories(fileids=None): the categories of cat_file, sorted; or those of the files.
    std::vector<std::string> categories(const Selection& fileids = Selection());

    std::vector<std::string> words(const Selection& fileids = Selection(), const Selection& categories = Selection());
    std::vector<std::vector<std::string>> sents(const Selection& fileids = Selection(),
                                                const Selection& categories = Selection());
    std::vector<std::vector<std::vector<std::string>>> paras(const Selection& fileids = Selection(),
                                                             const Selection& categories = Selection());
    std::vector<TaggedWord> tagged_words(const Selection& fileids = Selection(),
                                         const Selection& categories = Selection());
    std::vector<std::vector<TaggedWord>> tagged_sents(const Selection& fileids = Selection(),
                                                      const Selection& categories = Selection());
    std::vector<std::vector<std::vector<TaggedWord>>> tagged_paras(const Selection& fileids = Selection(),
                                                                   const Selection& categories = Selection());
    /// raw(fileids=None, categories=None): the files' text, joined.
    std::string raw(const Selection& fileids = Selection(), const Selection& categories = Selection());

private:
    const internal::CorpusRoot& Load();
    void LoadCategories();
    // The fileids a view reads: _resolve(fileids, categories), then abspaths (each must exist), then concat's
    // refusal of none.
    std::vector<std::string> Resolve(const Selection& fileids, const Selection& categories);
    std::string Text(const std::string& fileid);  // root.join(fileid).open(encoding='ascii').read()
    std::string Open(const std::string& file);     // CorpusReader.open(file).read()

    std::string name_;
    std::function<bool(const std::string&)> fileid_match_;  // the fileids pattern, matched whole
    std::string cat_file_;
    std::mutex mutex_;
    std::optional<internal::CorpusRoot> root_;
    std::vector<std::string> fileids_;
    bool categories_loaded_ = false;
    std::map<std::string, std::set<std::string>> file_categories_;  // _f2c
    std::map<std::string, std::set<std::string>> category_files_;  // _c2f
};

/// nltk.corpus.brown: the one Brown reader of the program (loaded at its first use).
std::shared_ptr<CategorizedTaggedCorpusReader> brown();

}  // namespace corpus
}  // namespace nltk
}  // namespace cnet
