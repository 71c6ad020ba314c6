#!/usr/bin/env bash
# nltk_brown.sh CNETC REPO OUT — tests/e2e/nltk/brown.cnet (postagging.py's nltk.download('brown') and its
# vocabularies from nltk.corpus.brown.tagged_sents()) run on a small corpus in Brown's format written here in NLTK's
# data layout, unzipped (corpora/brown/) and then as corpora/brown.zip: its stdout must be CPython + NLTK 3.10.4's
# (nltk/brown.expected) both times, and its stderr download()'s lines for an installed package. Then with no corpus
# in the data path: download()'s error, and NLTK's LookupError text at the first use of the corpus.
set -euo pipefail
CNETC=$1 REPO=$2 OUT=$3
rm -rf "$OUT" && mkdir -p "$OUT/home"
"$CNETC" build "$REPO/tests/e2e/nltk/brown.cnet" -o "$OUT/brown"
cd "$OUT"
# A relative entry, so that download()'s message (which names it) is the same wherever the build directory is.
export HOME=$OUT/home NLTK_DATA=nltk_data
fail() { echo "FAIL: $1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }

corpus=nltk_data/corpora/brown
mkdir -p $corpus
printf '\n\n\tThe/at Fulton/np-tl County/nn-tl Grand/jj-tl Jury/nn-tl said/vbd Friday/nr an/at investigation/nn of/in Atlanta'"'"'s/np$ recent/jj primary/nn election/nn produced/vbd ``/`` no/at evidence/nn '"''"'/'"''"' that/cs any/dti irregularities/nns took/vbd place/nn ./.\n\n\n\tThe/at jury/nn further/rbr said/vbd in/in term-end/nn presentments/nns that/cs the/at City/nn-tl Executive/jj-tl Committee/nn-tl ,/, which/wdt had/hvd over-all/jj charge/nn of/in the/at election/nn ,/, ``/`` deserves/vbz the/at praise/nn and/cc thanks/nns of/in the/at City/nn-tl of/in-tl Atlanta/np-tl '"''"'/'"''"' for/in the/at manner/nn in/in which/wdt the/at election/nn was/bedz conducted/vbn ./.\n\n\n\tThe/at vote/nn was/bedz 1/2/cd and/cc it'"'"'s/pps+bez not/* over/rp ./.\n\n' > $corpus/ca01
printf '\n\n\tAu/fw-in-tl revoir/fw-nn-tl ,/, said/vbd the/at Mayor/nn-tl-hl ./.\n\tThey/ppss don'"'"'t/do* know/vb the/at jury/nn ./.\n\n\n\t(/( 3/4/cd )/) --/-- the/at end/nn ;/.\n\n' > $corpus/cb02
printf '\n\n\tNo/at jury/nn said/vbd the/at vote/nn was/bedz over/rp ./.\n\n' > $corpus/cc03
printf 'ca01 news\ncb02 editorial\ncc03 reviews\n' > $corpus/cats.txt
printf 'BROWN CORPUS\n' > $corpus/README

expected_err="[nltk_data] Downloading package brown to nltk_data...
[nltk_data]   Package brown is already up-to-date!"
for layout in dir zip; do
  if [ $layout = zip ]; then
    (cd nltk_data/corpora &&
       python3 -c "import shutil; shutil.make_archive('brown', 'zip', '.', 'brown')" && rm -r brown)
  fi
  ./brown > out_$layout.txt 2> err_$layout.txt || fail "$layout: exit $?" err_$layout.txt
  diff "$REPO/tests/e2e/nltk/brown.expected" out_$layout.txt > /dev/null ||
    fail "$layout: stdout differs" out_$layout.txt
  [ "$(cat err_$layout.txt)" = "$expected_err" ] || fail "$layout: stderr" err_$layout.txt
done

rm -r nltk_data && mkdir nltk_data
if ./brown > out_missing.txt 2> err_missing.txt; then fail "ran with no corpus" out_missing.txt; fi
grep -q "^\[nltk_data\] Error loading brown: cnet does not download NLTK data" err_missing.txt ||
  fail "no download error" err_missing.txt
grep -q "^  Resource 'brown' not found\.$" err_missing.txt || fail "no LookupError text" err_missing.txt
grep -q "^    - 'nltk_data'$" err_missing.txt || fail "searched paths not listed" err_missing.txt
echo "ok: nltk_brown (directory and zip layouts, missing corpus)"
