// data.h — nltk.data for the corpus readers: NLTK's data path (nltk.data.path), the search for a corpus in it as
// LazyCorpusLoader does it (corpora/<name>, else the archive corpora/<name>.zip) with NLTK's LookupError text,
// and the corpus's files read from the directory or the archive with NLTK's errors.
//
// Differences from NLTK 3.10.4, on purpose: the sys.prefix directories of nltk.data.path are left out (there is no
// Python installation), so they are neither searched nor listed in the "Searched in:" text; NLTK's refusal of data
// directories another account can write to (its pathsec checks) is not made; an archive that is not a zip raises
// the zip reader's SerializationError (NLTK: zipfile.BadZipFile).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cnet {
namespace serializers {
class ZipReader;
}  // namespace serializers

namespace nltk {

/// nltk.data.path as NLTK builds it when imported: the entries of $NLTK_DATA (split on ':', empty ones dropped,
/// '~' expanded), then ~/nltk_data (unless $APPENGINE_RUNTIME is set or there is no home directory), then
/// /usr/share/nltk_data, /usr/local/share/nltk_data, /usr/lib/nltk_data and /usr/local/lib/nltk_data.
std::vector<std::string> data_path();

namespace internal {

/// Where a found corpus is (NLTK's FileSystemPathPointer or ZipFilePathPointer for its root): a directory, or
/// an archive and the entry prefix of the corpus in it ("brown/").
class CorpusRoot {
public:
    static CorpusRoot Directory(const std::string& path);
    static CorpusRoot Zip(const std::string& archive, std::shared_ptr<const serializers::ZipReader> zip,
                          const std::string& entry);

    /// find_corpus_fileids: the root's file names that `match` accepts, sorted. A directory gives the files
    /// directly in it (the patterns cnet reads have no '/'); an archive, every member name not ending in '/'
    /// with the length of the entry prefix cut off (NLTK cuts it off every name, under the prefix or not).
    std::vector<std::string> Fileids(const std::function<bool(const std::string&)>& match) const;
    /// root.join(fileid): the file's path, or its member name in the archive. A fileid with a '..' part, or one
    /// leaving the directory, raises ValueError; a missing one OSError, with NLTK's messages.
    std::string Locate(const std::string& fileid) const;
    /// root.join(fileid).open(): the file's bytes.
    std::string Read(const std::string& fileid) const;
    /// The root as CorpusReader's repr shows it: the directory, or "<archive>/<entry>".
    std::string Path() const;

private:
    std::string path_;   // the directory, or the archive (absolute, normalized)
    std::string entry_;  // in the archive: the corpus's prefix, ending in '/'
    std::shared_ptr<const serializers::ZipReader> zip_;
};

/// LazyCorpusLoader's load of corpora/<name>: nltk.data.find('corpora/<name>') over data_path(), then
/// find('corpora/<name>.zip/<name>/'); when both fail, LookupError with the first search's text ("Resource
/// '<name>' not found. ... Searched in: ...").
CorpusRoot FindCorpus(const std::string& name);

/// posixpath.normpath and os.path.abspath.
std::string NormPath(const std::string& path);
std::string AbsPath(const std::string& path);

/// Bytes decoded as the 'ascii' codec does: ValueError (Python's UnicodeDecodeError) at the first byte past 127,
/// with the codec's message and the byte's offset in `bytes`.
const std::string& CheckAscii(const std::string& bytes);

}  // namespace internal
}  // namespace nltk
}  // namespace cnet
