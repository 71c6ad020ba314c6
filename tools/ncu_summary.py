"""ncu_summary.py — the GPU time of one ncu CSV (`ncu --csv --metrics gpu__time_duration.sum ...`) by kernel
name: launches, total and mean microseconds and share of the total, the largest first.
Usage: python3 tools/ncu_summary.py FILE.csv [--top N]"""
import argparse
import collections
import csv
import sys

UNIT_US = {'nsecond': 1e-3, 'usecond': 1.0, 'msecond': 1e3, 'second': 1e6}


def main():
    p = argparse.ArgumentParser()
    p.add_argument('csv')
    p.add_argument('--top', type=int, default=40)
    args = p.parse_args()
    with open(args.csv, newline='') as f:
        lines = [line for line in f if line.startswith('"')]  # ncu's own "==PROF==" lines are not CSV
    total = collections.defaultdict(float)
    count = collections.Counter()
    for row in csv.DictReader(lines):
        if row.get('Metric Name') != 'gpu__time_duration.sum':
            continue
        us = float(row['Metric Value'].replace(',', '')) * UNIT_US[row['Metric Unit']]
        name = row['Kernel Name']
        total[name] += us
        count[name] += 1
    if not total:
        sys.exit('ncu_summary: no gpu__time_duration.sum rows in ' + args.csv)
    grand = sum(total.values())
    print('%d launches, %.1f us in all' % (sum(count.values()), grand))
    print('%8s %12s %10s %6s  %s' % ('launches', 'total us', 'mean us', 'share', 'kernel'))
    for name, us in sorted(total.items(), key=lambda kv: -kv[1])[:args.top]:
        print('%8d %12.1f %10.2f %5.1f%%  %s' % (count[name], us, us / count[name], 100 * us / grand, name[:140]))


if __name__ == '__main__':
    main()
