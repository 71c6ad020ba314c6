#!/usr/bin/env bash
# failing_rank.sh MPIEXEC PROGRAM MODE — a rank that fails (MODE throw: an uncaught error; kill: SIGKILL) ends
# the whole `mpirun -np 2` job with a non-zero status within 60 s, while the other rank waits in a collective.
set -u
mpiexec=$1 program=$2 mode=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
out=$(timeout 60 "$mpiexec" -np 2 --oversubscribe "$program" "$mode" 2>&1)
rc=$?
echo "$out"
echo "failing_rank.sh: mode $mode: mpirun exited with status $rc"
if [ $rc -eq 124 ]; then echo "FAIL: the job hung (killed by the 60 s timeout)"; exit 1; fi
if [ $rc -eq 0 ]; then echo "FAIL: the job succeeded although rank 1 failed"; exit 1; fi
if echo "$out" | grep -q "rank 0 was not stopped"; then echo "FAIL: rank 0 went on"; exit 1; fi
if [ "$mode" = throw ]; then
  echo "$out" | grep -q "failing_rank: error: rank 1 fails on purpose" || { echo "FAIL: rank 1's error is not shown"; exit 1; }
  echo "$out" | grep -q "chainermn: rank 1 exits with status 1: aborting the job" || { echo "FAIL: no MPI_Abort"; exit 1; }
fi
echo "PASS"
