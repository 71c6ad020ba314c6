#!/usr/bin/env bash
# check_chainer_examples.sh CHAINER_DIR [CNETC] — builds Chainer v4.3.1's example programs with cnetc, as written
# apart from one mechanical step: each example's local modules (net.py, updater.py, models/VGG.py, ...) are
# joined into one .cnet file ahead of its script, their `import net` / `from net import X` lines dropped and
# `net.X` written `X`. Prints per example "builds" or "fails" with the first errors (docs/chainer-examples.md
# records the results). CHAINER_DIR is a Chainer source tree at v4.3.1 (its examples/ is read, never changed;
# get one with `git clone -b v4.3.1 https://github.com/chainer/chainer`). Without it the check is skipped.
#   CNETC defaults to build/compiler/cnetc; ERRORS=N lines of errors per example (default 5); WORK=dir keeps
#   the joined files (default: a temporary directory, removed at the end).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
chainer=${1:-}
cnetc=${2:-$here/build/compiler/cnetc}
errors=${ERRORS:-5}
if [ -z "$chainer" ] || [ ! -d "$chainer/examples" ]; then
    echo "check_chainer_examples: skipped (no Chainer tree given; usage: $0 CHAINER_DIR [CNETC])"
    exit 0
fi
if [ ! -x "$cnetc" ]; then
    echo "check_chainer_examples: $cnetc not found (ninja -C build cnetc cnet_runtime)" >&2
    exit 1
fi
work=${WORK:-}
if [ -z "$work" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
ex=$chainer/examples

# name | local modules (joined first, in this order) | the script
examples=(
    "mnist||mnist/train_mnist.py"
    "mnist_custom_loop|mnist/train_mnist.py|mnist/train_mnist_custom_loop.py"
    "ptb||ptb/train_ptb.py"
    "ptb_custom_loop|ptb/train_ptb.py|ptb/train_ptb_custom_loop.py"
    "word2vec||word2vec/train_word2vec.py"
    "sentiment||sentiment/train_sentiment.py"
    "seq2seq||seq2seq/seq2seq.py"
    "vae|vae/net.py|vae/train_vae.py"
    "vae_custom_loop|vae/net.py|vae/train_vae_custom_loop.py"
    "dcgan|dcgan/net.py dcgan/updater.py dcgan/visualize.py|dcgan/train_dcgan.py"
    "cifar|cifar/models/VGG.py|cifar/train_cifar.py"
    "cifar_custom_loop|cifar/models/VGG.py|cifar/train_cifar_custom_loop.py"
    "imagenet|imagenet/alex.py imagenet/googlenet.py imagenet/googlenetbn.py imagenet/nin.py imagenet/resnet50.py|imagenet/train_imagenet.py"
    "pos||pos/postagging.py"
    "text_classification|text_classification/nlp_utils.py text_classification/nets.py text_classification/text_datasets.py|text_classification/train_text_classifier.py"
)

# join OUT MODULE... SCRIPT: `from __future__` lines first (once), then the modules and the script with their
# imports of each other removed and `mod.name` / `pkg.mod.name` references to them written `name`. A module that is
# itself a script (the custom loops import train_mnist.py / train_ptb.py) loses its `if __name__ == '__main__':`
# block, and its `main` is renamed `<module>_main`, as importing it leaves that block unrun.
join() {
    python3 - "$@" <<'PY'
import os, re, sys
out, files = sys.argv[1], sys.argv[2:]
modules = []  # dotted names a script may import: "net", "models.VGG"
for f in files[:-1]:
    rel = os.path.splitext(f)[0].split(os.sep)
    modules.append(rel[-1])
    if len(rel) >= 2:
        modules.append('.'.join(rel[-2:]))
future, body = [], []
local = '|'.join(re.escape(m) for m in sorted(modules, key=len, reverse=True))
for index, f in enumerate(files):
    with open(f) as src:
        text = src.read()
    if index < len(files) - 1 and "__name__ == '__main__'" in text:
        name = os.path.splitext(os.path.basename(f))[0]
        text = re.sub(r"(?m)^if __name__ == '__main__':\n(?:[ \t]+.*\n?|\n)*", '', text)
        text = re.sub(r'(?m)^def main\(', 'def %s_main(' % name, text)
    lines = []
    for line in text.split('\n'):
        if line.startswith('from __future__ import'):
            if line not in future:
                future.append(line)
            continue
        if local and re.match(r'\s*(import (%s)(\s+as\s+\w+)?|from (%s) import .*)\s*$' % (local, local), line):
            continue
        if local:
            line = re.sub(r'(?<![\w.])(%s)\.' % local, '', line)
        lines.append(line)
    body.append('# ---- %s\n%s' % (os.path.basename(f), '\n'.join(lines)))
with open(out, 'w') as dst:
    dst.write('\n'.join(future) + ('\n' if future else '') + '\n'.join(body))
PY
}

built=0
failed=0
for entry in "${examples[@]}"; do
    IFS='|' read -r name modules script <<<"$entry"
    files=()
    missing=""
    for m in $modules $script; do
        [ -f "$ex/$m" ] || missing="$missing $m"
        files+=("$ex/$m")
    done
    if [ -n "$missing" ]; then
        echo "$name: fails (missing in $ex:$missing)"
        failed=$((failed + 1))
        continue
    fi
    src=$work/$name.cnet
    join "$src" "${files[@]}"
    if log=$("$cnetc" --error-limit 0 build "$src" -o "$work/$name" 2>&1); then
        echo "$name: builds"
        built=$((built + 1))
    else
        count=$(grep -c ': error: ' <<<"$log" || true)
        echo "$name: fails ($count errors)"
        { grep -E ': error: |internal compiler error' <<<"$log" | sed "s|^$work/||" | head -n "$errors" | sed 's/^/    /'; } || true  # (head ends the pipe early)
        failed=$((failed + 1))
    fi
done
echo "check_chainer_examples: $built built, $failed failed"
