#!/usr/bin/env python3
"""text_to_ptb.py — writes ptb.train.txt, ptb.valid.txt and ptb.test.txt in the Penn Treebank LM layout
(lowercase words separated by spaces, one sentence per line, words outside the vocabulary as <unk>) from
English text files, for training models/ptb_lm.cnet where PTB itself is not available.

Usage: text_to_ptb.py OUT_DIR [--vocab N] TEXT_FILE...
Default text: the fortune cookies of Debian's fortunes-min package (/usr/share/games/fortunes/{fortunes,
literature,riddles}); fortune files separate entries with '%' lines. Every 10th sentence goes to valid,
every 10th after that to test, the rest to train; the vocabulary (N words) is the N - 2 most frequent
training words, <unk> and the <eos> that get_ptb_words adds.
"""
import argparse
import collections
import os
import re
import sys

DEFAULT = ['/usr/share/games/fortunes/' + n for n in ('fortunes', 'literature', 'riddles')]


def sentences(paths):
    for path in paths:
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        for entry in re.split(r'^%$', text, flags=re.M):
            for s in re.split(r'(?<=[.!?])\s+', ' '.join(entry.split())):
                words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", s.lower())
                if words:
                    yield [re.sub(r'[0-9]', 'N', w) for w in words]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out')
    ap.add_argument('--vocab', type=int, default=2000)
    ap.add_argument('texts', nargs='*', default=DEFAULT)
    a = ap.parse_args()
    missing = [p for p in a.texts if not os.path.exists(p)]
    if missing:
        sys.exit('text_to_ptb: missing %s (install the Debian package fortunes-min)' % ', '.join(missing))
    splits = {'train': [], 'valid': [], 'test': []}
    for i, s in enumerate(sentences(a.texts)):
        splits['valid' if i % 10 == 3 else 'test' if i % 10 == 7 else 'train'].append(s)
    counts = collections.Counter(w for s in splits['train'] for w in s)
    vocab = {w for w, _ in counts.most_common(a.vocab - 2)}  # plus <unk> and the loader's <eos>
    os.makedirs(a.out, exist_ok=True)
    for name, sents in splits.items():
        with open(os.path.join(a.out, 'ptb.%s.txt' % name), 'w') as f:
            for s in sents:
                f.write(' ' + ' '.join(w if w in vocab else '<unk>' for w in s) + ' \n')
    print('text_to_ptb: %d/%d/%d sentences, vocabulary %d' % (
        len(splits['train']), len(splits['valid']), len(splits["test"]), len(vocab) + 2))


main()
