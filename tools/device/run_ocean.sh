#!/bin/bash
# Session-2 ocean-step call for issue 6: the step (spectrum + FFT + assemble + mip chains) of
# one 512^2 cascade and of the default three, with the per-pass breakdown bench prints, plus
# the three README presets rendered at 512^2 x 4 cascades. Carry build-fast (oceanfft, lib/)
# and .gl.
set -o pipefail
. .gl/prelude.sh
B=build-fast
export LD_LIBRARY_PATH=$PWD/$B/lib:$LD_LIBRARY_PATH
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv | tee $OUT/gpu.txt
ldd $B/oceanfft | grep -i "not found"
for C in 1 3; do
  $B/oceanfft bench --sizes 256,512,1024 --algorithms fast --layers 1 --reps 200 \
    --ocean-cascades $C --json $OUT/ocean-c$C.json 2>$OUT/ocean-c$C.err | tee $OUT/ocean-c$C.txt | tail -6
done
for P in calm fresh storm; do
  $B/oceanfft render --preset $P --size 512 --cascades 4 --anisotropy 16 --samples 8 \
    --width 1280 --height 720 --out $OUT/ocean-$P.png 2>&1 | tail -1
done
