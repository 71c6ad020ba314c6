#!/usr/bin/env bash
# run_mpi_e2e.sh CNETC MPIEXEC SOURCE EXPECTED WORK — builds a .cnet program with cnetc, runs it with
# `mpirun -np 2` on this host (60 s at most) and compares its output (rank 0 prints) with EXPECTED.
set -euo pipefail
CNETC=$1 MPIEXEC=$2 SOURCE=$3 EXPECTED=$4 WORK=$5
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMP_NUM_THREADS=1
rm -rf "$WORK" && mkdir -p "$WORK"
"$CNETC" build "$SOURCE" -o "$WORK/program"
timeout 60 "$MPIEXEC" -np 2 --oversubscribe "$WORK/program" > "$WORK/out.txt"
if ! diff -u "$EXPECTED" "$WORK/out.txt"; then echo "FAIL: output differs"; exit 1; fi
echo "PASS"
