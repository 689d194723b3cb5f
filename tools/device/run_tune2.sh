#!/bin/bash
# Second/third tuning call: correctness of the register version, its NVIDIA assembly, and a narrower
# sweep (stockham-r4 as the reference, fast variants) at 1 and 6 layers.
set -o pipefail
. .gl/prelude.sh
B=build-fast
SIZES=${*:-256 512 1024 2048 4096}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv | tee $OUT/gpu.txt
mkdir -p /tmp/asm
$B/fast_tune dump 4096 16 1 2 /tmp/asm; $B/fast_tune dump 1024 16 1 4 /tmp/asm
tar czf $OUT/asm.tar.gz -C /tmp asm
for f in /tmp/asm/*axis0.bin; do echo "$f lmem: $(grep -a -c -i 'lmem' $f) regs: $(grep -a -o -i 'REG[A-Z_]* *[0-9]*' $f | head -2 | tr '\n' ' ')"; done
{ $B/fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 2048 4096; $B/fast_tune verify 6 4 512 4096; } 2>&1 | tee $OUT/verify.log | grep -E "renderer|FAIL|worst"
export FAST_ALGOS=stockham-r4,fast FAST_P=4,8,16 FAST_LINES=1,2 FAST_EX=4,2
$B/fast_tune time 1 50 $SIZES > $OUT/time1.log 2>&1
$B/fast_tune time 6 50 $SIZES > $OUT/time6.log 2>&1
$B/fast_tune copy 1 50 $SIZES 2>&1 | tee $OUT/copy.log | awk '/compute/{print $2,$3,$5,$7,$8}'
$B/fast_tune copy 6 50 $SIZES 2>&1 | tee -a $OUT/copy.log | awk '/compute/{print $2,$3,$5,$7,$8}'
if [ -x $B/oceanfft ]; then $B/oceanfft bench --sizes 256,1024,4096 --algorithms stockham-r4,fast --reps 50 --warmup 100 --json $OUT/bench_try.json 2>&1 | tail -15; fi
for f in $OUT/time1.log $OUT/time6.log; do
  grep -E "^time" $f | grep -v "fast_P" | awk '{print $2,$3,$4,"tot",$6,"min",$8,"rows",$10,"cols",$12,$14"GB/s","err",$17}'
  for n in $SIZES; do
    grep -E "^time N=$n .*fast_P" $f | sort -k6 -g | head -2 | awk '{print "best",$2,$3,$4,"tot",$6,"rows",$10,"cols",$12}'
    grep -E "^time N=$n .*fast_P" $f | sort -k10 -g | head -1 | awk '{print "bestrow",$2,$3,$4,"rows",$10}'
    grep -E "^time N=$n .*fast_P" $f | sort -k12 -g | head -1 | awk '{print "bestcol",$2,$3,$4,"cols",$12}'
  done
done
