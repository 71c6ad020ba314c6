#!/usr/bin/env python3
"""Side-by-side tables from the benchmark JSON lines printed by bench_cnet_bench and the peers.

  table.py results.jsonl          markdown table: per workload x threads, each peer's best-of-rounds median
                                  with its (min..max over rounds), then how many times faster cnet is
  table.py --check check.jsonl    first-5-iteration losses of each peer and the largest relative difference
                                  from the reference peer (chainer when present)

Lines that are not JSON objects are ignored, so raw logs can be fed in.
"""
import json
import sys

ORDER = ('cnet', 'eigen', 'torch', 'torch(passive)', 'chainer')


def read_rows(path):
    rows = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line.startswith('{'):
                continue
            try:
                rows.append(json.loads(line))
            except ValueError:
                continue
    return rows


def peer_key(peer):
    if peer in ORDER:
        return (ORDER.index(peer), peer)
    if peer.startswith('cnet'):   # variants of the cnet peer (other builds) right after it
        return (0.5, peer)
    return (len(ORDER), peer)


def faster_is_higher(metric):
    return metric != 'ms/iter'


def fmt(v):
    return '%.0f' % v if abs(v) >= 1000 else '%.4g' % v


def results_table(path, out=sys.stdout):
    runs = {}     # (workload, threads, peer) -> [values]
    metric = {}   # workload -> metric
    for r in read_rows(path):
        if 'value' not in r or 'workload' not in r:
            continue
        key = (r['workload'], int(r.get('threads', 1)), r['peer'])
        runs.setdefault(key, []).append(float(r['value']))
        metric[r['workload']] = r['metric']
    if not runs:
        out.write('(no results)\n')
        return

    def best(key):
        vals = runs.get(key)
        if not vals:
            return None
        return max(vals) if faster_is_higher(metric[key[0]]) else min(vals)

    peers = sorted({k[2] for k in runs}, key=peer_key)
    others = [p for p in peers if p != 'cnet']
    head = ['workload', 'metric', 'threads'] + peers + ['cnet vs %s' % p for p in others]
    out.write('| ' + ' | '.join(head) + ' |\n')
    out.write('|' + '---|' * len(head) + '\n')
    for w, t in sorted({(k[0], k[1]) for k in runs}):
        cells = [w, metric[w], str(t)]
        for p in peers:
            vals = runs.get((w, t, p))
            if not vals:
                cells.append('')
                continue
            s = fmt(best((w, t, p)))
            if len(vals) > 1:
                s += ' (%s..%s)' % (fmt(min(vals)), fmt(max(vals)))
            cells.append(s)
        mine = best((w, t, 'cnet'))
        for p in others:
            theirs = best((w, t, p))
            if mine is None or theirs is None:
                cells.append('')
            else:
                ratio = mine / theirs if faster_is_higher(metric[w]) else theirs / mine
                cells.append('%.2fx' % ratio)
        out.write('| ' + ' | '.join(cells) + ' |\n')
    out.write('\nEach cell: best over rounds of the per-run median (min..max of the medians over rounds). '
              '"cnet vs X" = how many times faster cnet is than X (>1: cnet wins).\n')


def check_table(path, out=sys.stdout):
    losses = {}   # workload -> peer -> [loss]
    for r in read_rows(path):
        if 'check' in r:
            losses.setdefault(r['workload'], {})[r['peer']] = [float(x) for x in r['check']]
    worst = 0.0
    out.write('| workload | peer | losses of iterations 1..5 | max rel. diff vs reference |\n')
    out.write('|---|---|---|---|\n')
    for w in sorted(losses):
        by_peer = losses[w]
        ref_peer = 'chainer' if 'chainer' in by_peer else sorted(by_peer, key=peer_key)[0]
        ref = by_peer[ref_peer]
        for p in sorted(by_peer, key=peer_key):
            ls = by_peer[p]
            d = max(abs(a - b) / max(abs(b), 1e-30) for a, b in zip(ls, ref))
            if len(ls) != len(ref):
                d = float('inf')
            worst = max(worst, d)
            note = ' (reference)' if p == ref_peer else ''
            out.write('| %s | %s | %s | %.1e%s |\n' % (w, p, ' '.join('%.7g' % x for x in ls), d, note))
    out.write('\nlargest relative difference: %.1e\n' % worst)
    return worst


def main(argv):
    if len(argv) == 3 and argv[1] == '--check':
        check_table(argv[2])
    elif len(argv) == 2 and not argv[1].startswith('-'):
        results_table(argv[1])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
