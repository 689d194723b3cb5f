#!/bin/bash
# Session-2 second tuning call (issue 6, v5): the v4 defaults verified on the GPU, then row
# groups mapped as 2D tiles (ROW_G, trees from `gen_fast_shader.py --variants .tune`) against
# the plain row mapping, at 1 and 6 layers. Carry build-fast/fast_tune, .tune and .gl.
set -o pipefail
. .gl/prelude.sh
B=build-fast
ROOTS=base=.tune/base,g4=.tune/g4,g8=.tune/g8,g16=.tune/g16
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit --format=csv | tee $OUT/gpu.txt
{ $B/fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 2048 4096; $B/fast_tune verify 6 16 256 1024 4096; } \
  > $OUT/verify.log 2>&1; grep -E "renderer|FAIL|worst" $OUT/verify.log
for v in g4 g8; do OCEANFFT_SHADER_DIR=.tune/$v $B/fast_tune verify 1 64 1024 4096 2>&1 | tail -1 | sed "s/^/$v /"; done
export FAST_ALGOS=stockham-r4,fast FAST_EX=2
for L in 1 6; do
  FAST_ROOTS=$ROOTS FAST_P=4,8 FAST_LINES=2,4,8 $B/fast_tune time $L 50 256 512 > $OUT/small$L.log 2>&1
  FAST_ROOTS=$ROOTS FAST_P=8,16 FAST_LINES=1,2,4,8 $B/fast_tune time $L 50 1024 2048 4096 > $OUT/large$L.log 2>&1
done
cat $OUT/small*.log $OUT/large*.log > $OUT/all_time.log
for L in 1 6; do for n in 256 512 1024 2048 4096; do
  grep -E "^time N=$n L=$L " $OUT/all_time.log | grep -E " (stockham-r4|fast@[a-z0-9]+) " | awk '{print $2,$3,$4,$6,"r",$10,"c",$12,"e",$17}'
  grep -E "^time N=$n L=$L .*fast_P" $OUT/all_time.log | grep -v skipped | sort -k10 -g | head -3 | awk '{print "  bestrow",$4,$10}'
  grep -E "^time N=$n L=$L .*fast_P" $OUT/all_time.log | grep -v skipped | sort -k12 -g | head -2 | awk '{print "  bestcol",$4,$12}'
done; done
grep -c skipped $OUT/all_time.log
