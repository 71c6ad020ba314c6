// corpus.cc — NLTK's CategorizedTaggedCorpusReader behind its LazyCorpusLoader: the corpus found at first use,
// cat_file's categories read at the first question about them, and each view read whole from the files as
// TaggedCorpusView reads them (read_blankline_block, the '\n' sentence tokenizer, the whitespace word tokenizer,
// str2tuple).
#include "cnet/nltk/corpus.h"

#include <algorithm>
#include <regex>
#include <utility>

#include "cnet/core/error.h"
#include "cnet/py/errors.h"
#include "cnet/py/format.h"

namespace cnet {
namespace nltk {
namespace corpus {

namespace {

// str.isspace over ASCII (str.strip and str.split()): the regex module's \s plus \x1c-\x1f.
bool IsPySpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f'); }
// \s of the regex module NLTK's tokenizers compile with (Unicode White_Space), over ASCII.
bool IsReSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// str.splitlines(keepends=True) over ASCII: \n, \r\n, \r, \v, \f and \x1c-\x1e end a line.
std::vector<std::string> SplitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n' || c == '\r' || c == '\v' || c == '\f' || (c >= '\x1c' && c <= '\x1e')) {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            lines.push_back(text.substr(start, i + 1 - start));
            start = i + 1;
        }
    }
    if (start < text.size()) lines.push_back(text.substr(start));
    return lines;
}

bool IsBlank(const std::string& line) { return std::all_of(line.begin(), line.end(), IsPySpace); }

// str.split() (whitespace, no empty pieces); `max_split` pieces at most before the rest.
std::vector<std::string> PySplit(const std::string& s, std::size_t max_split = std::string::npos) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && IsPySpace(s[i])) ++i;
        if (i == s.size()) break;
        if (out.size() == max_split) {
            std::size_t end = s.size();
            while (end > i && IsPySpace(s[end - 1])) --end;
            out.push_back(s.substr(i, end - i));
            break;
        }
        std::size_t j = i;
        while (j < s.size() && !IsPySpace(s[j])) ++j;
        out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

using Tokens = std::vector<std::string>;
using Paras = std::vector<std::vector<Tokens>>;

// A file's paragraphs of sentences of tokens: read_blankline_block's blocks (lines up to a blank one), each split
// by RegexpTokenizer('\n', gaps=True) and then WhitespaceTokenizer().
Paras ReadParas(const std::string& text) {
    Paras paras;
    std::string para;
    auto flush = [&] {
        if (para.empty()) return;
        std::vector<Tokens> sents;
        std::size_t start = 0;
        while (start <= para.size()) {
            std::size_t end = para.find('\n', start);
            if (end == std::string::npos) end = para.size();
            if (end > start) {
                Tokens tokens;
                std::size_t i = start;
                while (i < end) {
                    std::size_t j = i;
                    while (j < end && !IsReSpace(para[j])) ++j;
                    if (j > i) tokens.push_back(para.substr(i, j - i));
                    i = j + 1;
                }
                sents.push_back(std::move(tokens));
            }
            start = end + 1;
        }
        paras.push_back(std::move(sents));
        para.clear();
    };
    for (const std::string& line : SplitLines(text)) {
        if (IsBlank(line)) {
            flush();
        } else {
            para += line;
        }
    }
    flush();
    return paras;
}

// str2tuple(token, '/'): the word before the last '/', the tag after it upper-cased.
CategorizedTaggedCorpusReader::TaggedWord Tag(std::string&& token, const std::string& fileid) {
    const std::size_t slash = token.rfind('/');
    if (slash == std::string::npos) {
        throw ValueError("the token " + py::repr(token) + " in " + fileid +
                         " has no '/' before a tag: NLTK tags it None, which a tuple[str, str] cannot hold (words() "
                         "and sents() read it)");
    }
    std::string tag = token.substr(slash + 1);
    for (char& c : tag) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    token.resize(slash);
    return {std::move(token), std::move(tag)};
}

std::string Word(std::string&& token) {
    const std::size_t slash = token.rfind('/');
    if (slash != std::string::npos) token.resize(slash);
    return std::move(token);
}

// set.union(*sets) of the named keys (a defaultdict: an unknown key is added, empty), sorted.
std::vector<std::string> UnionOf(std::map<std::string, std::set<std::string>>& sets,
                                 const std::vector<std::string>& keys) {
    if (keys.empty()) throw py::TypeError("unbound method set.union() needs an argument");
    std::set<std::string> out;
    for (const std::string& k : keys) out.insert(sets[k].begin(), sets[k].end());
    return {out.begin(), out.end()};
}

}  // namespace

CategorizedTaggedCorpusReader::CategorizedTaggedCorpusReader(std::string name, const std::string& fileids,
                                                             std::string cat_file)
    : name_(std::move(name)), cat_file_(std::move(cat_file)) {
    // re.match(pattern + '$'): '$' also matches before a final '\n'.
    fileid_match_ = [pattern = std::regex(fileids)](const std::string& id) {
        return std::regex_match(id, pattern) ||
               (!id.empty() && id.back() == '\n' && std::regex_match(id.substr(0, id.size() - 1), pattern));
    };
}

const internal::CorpusRoot& CategorizedTaggedCorpusReader::Load() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!root_) {
        internal::CorpusRoot root = internal::FindCorpus(name_);
        fileids_ = root.Fileids(fileid_match_);
        root_ = std::move(root);
    }
    return *root_;
}

std::string CategorizedTaggedCorpusReader::Text(const std::string& fileid) {
    return internal::CheckAscii(Load().Read(fileid));
}

// CorpusReader.open(file): a relative name with no '..' anywhere in it, read and decoded.
std::string CategorizedTaggedCorpusReader::Open(const std::string& file) {
    std::string slashed = file;
    std::replace(slashed.begin(), slashed.end(), '\\', '/');
    if ((!file.empty() && file[0] == '/') || slashed.find("..") != std::string::npos) {
        throw ValueError("CorpusReader paths must be relative: " + file);
    }
    return Text(file);
}

// CategorizedCorpusReader._init: each line of cat_file is "<fileid> <category> ...". As in NLTK the maps count as
// read from the start, so a line that raises leaves those before it in place.
void CategorizedTaggedCorpusReader::LoadCategories() {
    Load();
    if (categories_loaded_) return;
    categories_loaded_ = true;
    for (const std::string& raw_line : SplitLines(Open(cat_file_))) {
        const std::vector<std::string> parts = PySplit(raw_line, 1);
        if (parts.size() < 2) {
            throw ValueError("not enough values to unpack (expected 2, got " + std::to_string(parts.size()) + ")");
        }
        if (std::find(fileids_.begin(), fileids_.end(), parts[0]) == fileids_.end()) {
            throw ValueError("In category mapping file " + cat_file_ + ": " + parts[0] + " not found");
        }
        for (const std::string& category : PySplit(parts[1])) {
            file_categories_[parts[0]].insert(category);
            category_files_[category].insert(parts[0]);
        }
    }
}

std::vector<std::string> CategorizedTaggedCorpusReader::fileids(const Selection& categories) {
    Load();
    if (categories.is_none()) return fileids_;
    LoadCategories();
    if (categories.is_str()) {
        const std::string& category = categories.names()[0];
        auto it = category_files_.find(category);
        if (it == category_files_.end()) throw ValueError("Category " + category + " not found");
        return {it->second.begin(), it->second.end()};
    }
    return UnionOf(category_files_, categories.names());
}

std::vector<std::string> CategorizedTaggedCorpusReader::categories(const Selection& fileids) {
    LoadCategories();
    if (fileids.is_none()) {
        std::vector<std::string> out;
        for (const auto& entry : category_files_) out.push_back(entry.first);
        return out;
    }
    return UnionOf(file_categories_, fileids.names());
}

std::vector<std::string> CategorizedTaggedCorpusReader::Resolve(const Selection& fileids,
                                                                const Selection& categories) {
    if (!fileids.is_none() && !categories.is_none()) throw ValueError("Specify fileids or categories, not both");
    std::vector<std::string> ids;
    if (!categories.is_none()) {
        ids = this->fileids(categories);
    } else if (fileids.is_none()) {
        ids = this->fileids();
    } else {
        ids = fileids.names();
    }
    // abspaths: each file is looked up (a missing one raises) before any is read.
    const internal::CorpusRoot& root = Load();
    for (const std::string& id : ids) root.Locate(id);
    if (ids.empty()) throw ValueError("concat() expects at least one object!");
    return ids;
}

std::vector<std::string> CategorizedTaggedCorpusReader::words(const Selection& fileids, const Selection& categories) {
    std::vector<std::string> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            for (auto& sent : para) {
                for (std::string& token : sent) out.push_back(Word(std::move(token)));
            }
        }
    }
    return out;
}

std::vector<std::vector<std::string>> CategorizedTaggedCorpusReader::sents(const Selection& fileids,
                                                                           const Selection& categories) {
    std::vector<std::vector<std::string>> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            for (auto& sent : para) {
                for (std::string& token : sent) token = Word(std::move(token));
                out.push_back(std::move(sent));
            }
        }
    }
    return out;
}

std::vector<std::vector<std::vector<std::string>>> CategorizedTaggedCorpusReader::paras(const Selection& fileids,
                                                                                        const Selection& categories) {
    std::vector<std::vector<std::vector<std::string>>> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            for (auto& sent : para) {
                for (std::string& token : sent) token = Word(std::move(token));
            }
            out.push_back(std::move(para));
        }
    }
    return out;
}

std::vector<CategorizedTaggedCorpusReader::TaggedWord> CategorizedTaggedCorpusReader::tagged_words(
    const Selection& fileids, const Selection& categories) {
    std::vector<TaggedWord> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            for (auto& sent : para) {
                for (std::string& token : sent) out.push_back(Tag(std::move(token), id));
            }
        }
    }
    return out;
}

std::vector<std::vector<CategorizedTaggedCorpusReader::TaggedWord>> CategorizedTaggedCorpusReader::tagged_sents(
    const Selection& fileids, const Selection& categories) {
    std::vector<std::vector<TaggedWord>> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            for (auto& sent : para) {
                std::vector<TaggedWord> tagged;
                tagged.reserve(sent.size());
                for (std::string& token : sent) tagged.push_back(Tag(std::move(token), id));
                out.push_back(std::move(tagged));
            }
        }
    }
    return out;
}

std::vector<std::vector<std::vector<CategorizedTaggedCorpusReader::TaggedWord>>>
CategorizedTaggedCorpusReader::tagged_paras(const Selection& fileids, const Selection& categories) {
    std::vector<std::vector<std::vector<TaggedWord>>> out;
    for (const std::string& id : Resolve(fileids, categories)) {
        for (auto& para : ReadParas(Text(id))) {
            std::vector<std::vector<TaggedWord>> tagged_para;
            for (auto& sent : para) {
                std::vector<TaggedWord> tagged;
                for (std::string& token : sent) tagged.push_back(Tag(std::move(token), id));
                tagged_para.push_back(std::move(tagged));
            }
            out.push_back(std::move(tagged_para));
        }
    }
    return out;
}

// CorpusReader.raw: each file opened in turn through open(), which takes relative names only, then concat.
std::string CategorizedTaggedCorpusReader::raw(const Selection& fileids, const Selection& categories) {
    if (!fileids.is_none() && !categories.is_none()) throw ValueError("Specify fileids or categories, not both");
    const std::vector<std::string> ids = !categories.is_none() ? this->fileids(categories)
                                         : fileids.is_none()   ? this->fileids()
                                                               : fileids.names();
    std::string out;
    for (const std::string& id : ids) out += Open(id);
    if (ids.empty()) throw ValueError("concat() expects at least one object!");
    return out;
}

std::shared_ptr<CategorizedTaggedCorpusReader> brown() {
    static const auto reader = std::make_shared<CategorizedTaggedCorpusReader>("brown", R"(c[a-z]\d\d)", "cats.txt");
    return reader;
}

}  // namespace corpus
}  // namespace nltk
}  // namespace cnet
