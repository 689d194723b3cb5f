#!/bin/bash
# Session-2 final H100 call for issue 6: both cuFFT baselines, `oceanfft bench` for every algorithm
# at 256..4096 with 1 and 6 layers (default warm-up: 200 calls and 200 ms per case), then the fast
# path's correctness at every size. Carry build-fast/oceanfft, build-fast/fast_tune,
# build-fast/lib and .gl. Everything lands in $OUT; the verify comes last so a run cut short
# still returns the bench.
set -o pipefail
. .gl/prelude.sh
B=build-fast
export LD_LIBRARY_PATH=$PWD/$B/lib:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv | tee $OUT/gpu.txt
ldd $B/oceanfft | grep -i "not found"
python3 .gl/cufft_baseline.py 2 256 512 1024 2048 4096 2>&1 | tee $OUT/cufft.log
python3 .gl/cufft_baseline.py 12 256 512 1024 2048 4096 2>&1 | tee -a $OUT/cufft.log
for L in 1 6; do
  date -u +%T
  $B/oceanfft bench --sizes 256,512,1024,2048,4096 --algorithms all --layers $L --reps 200 \
    --json $OUT/bench-L$L.json 2>$OUT/bench-L$L.err | tee $OUT/bench-L$L.txt | tail -22
done
date -u +%T
$B/fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 > $OUT/verify.log 2>&1
grep -E "renderer|FAIL|worst" $OUT/verify.log
date -u +%T
