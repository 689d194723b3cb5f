#!/bin/bash
# One device call's worth of fast-FFT work: GPU facts, correctness of the fast path at every size,
# copy bandwidth, the tuning sweep, and the cuFFT baselines. Logs go to $OUT.
# Usage (on the device machine, repo root): bash tools/device/run_tune.sh [sweep sizes...]
set -o pipefail
. .gl/prelude.sh
B=build-fast
SIZES=${*:-256 512 1024 2048 4096}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv | tee $OUT/gpu.txt
$B/fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 2048 4096 2>&1 | tee $OUT/verify.log | grep -E "renderer|FAIL|worst"
$B/fast_tune verify 6 4 64 512 4096 2>&1 | tee -a $OUT/verify.log | grep -E "FAIL|worst"
$B/fast_tune copy 1 100 $SIZES 2>&1 | tee $OUT/copy.log
$B/fast_tune copy 6 100 $SIZES 2>&1 | tee -a $OUT/copy.log
python3 .gl/cufft_baseline.py 2 $SIZES 2>&1 | tee $OUT/cufft.log
python3 .gl/cufft_baseline.py 12 $SIZES 2>&1 | tee -a $OUT/cufft.log
$B/fast_tune time 1 100 $SIZES > $OUT/time1.log 2>&1
$B/fast_tune time 6 100 $SIZES > $OUT/time6.log 2>&1
# The short table that comes back in the reply: defaults and the best fast variant per size.
for f in $OUT/time1.log $OUT/time6.log; do
  grep -E "^time" $f | grep -v "fast_P" | awk '{print $2,$3,$4,"tot",$6,"min",$8,"rows",$10,"cols",$12,$14"GB/s","err",$17}'
  for n in $SIZES; do
    grep -E "^time N=$n .*fast_P" $f | sort -k6 -g | head -2 | awk '{print "best",$2,$3,$4,"tot",$6,"rows",$10,"cols",$12}'
    grep -E "^time N=$n .*fast_P" $f | sort -k10 -g | head -1 | awk '{print "bestrow",$2,$3,$4,"rows",$10}'
    grep -E "^time N=$n .*fast_P" $f | sort -k12 -g | head -1 | awk '{print "bestcol",$2,$3,$4,"cols",$12}'
  done
done
