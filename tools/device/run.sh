#!/bin/bash
# The one script for calls on the GPU machine (docs/perf-notes.md says which call ran what).
#
#   run.sh SECTION...      in a folder holding the stripped binaries, shaders/ and lib/
#
# Sections, run in the order given, each writing its full output under $OUT:
#   info     GPU name, driver, clocks (nvidia-smi), missing libraries
#   cufft    .gl/cufft_baseline.py for 2 and 12 planes at 256..4096 (cuFFT through CuPy)
#   fft      oceanfft bench, FFT only, 1 and 6 layers (2 and 12 planes) at 256..4096
#   ocean    oceanfft bench, the ocean step fused and unfused at 256, 512, 1024 for 3 and 4
#            cascades, with the per-pass breakdown
#   frame    oceanfft bench --frame at 1920x1080 and 3840x2160, default sea and storm
#   anysize  oceanfft bench (fast, 2 planes) and cuFFT (tools/device/cufft_shapes.py) at the
#            lengths of the any-size table: 1000^2, 1080x1920, 3000^2, 3^7, 5^5, 997^2, 4093^2
#   verify   fast_tune verify: forward and inverse error against FFTW at every size
#   tests    the ocean tests that compare the fused and unfused paths, on this driver
# Environment: OUT (results folder, set by the device tool), GLDIR (the carried .gl, default
# ../../.gl), REPS (timed repetitions, default 200), SIZES (FFT sizes, default 256..4096),
# ALGORITHMS (FFT bench, default fast,stockham-r4).
set -o pipefail
GLDIR=${GLDIR:-../../.gl}
REPS=${REPS:-200}
SIZES=${SIZES:-256,512,1024,2048,4096}
ALGORITHMS=${ALGORITHMS:-fast,stockham-r4}
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH
export OCEANFFT_SHADER_DIR=$PWD/shaders
stamp() { echo "== $1 $(date -u +%T)"; }

for section in "$@"; do
  stamp "$section"
  case $section in
    info)
      nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit \
        --format=csv | tee "$OUT/gpu.txt"
      for b in oceanfft fast_tune test_ocean_simulation; do
        [ -x "$b" ] && ldd "$b" | grep -i "not found"
      done
      ;;
    cufft)
      for planes in 2 12; do
        python3 "$GLDIR/cufft_baseline.py" $planes ${SIZES//,/ } 2>&1 | tee -a "$OUT/cufft.txt"
      done
      ;;
    fft)
      for layers in 1 6; do
        ./oceanfft bench --sizes "$SIZES" --algorithms "$ALGORITHMS" --layers $layers \
          --reps "$REPS" --no-ocean --json "$OUT/fft-L$layers.json" 2>"$OUT/fft-L$layers.err" |
          tee "$OUT/fft-L$layers.txt" | tail -12
      done
      # 256^2 x 6 layers measured 5x its neighbours in one call: once more, on its own.
      ./oceanfft bench --sizes 256 --algorithms fast --layers 6 --reps "$REPS" --no-ocean \
        2>/dev/null | tee "$OUT/fft-L6-256-again.txt" | tail -1
      ;;
    ocean)
      for cascades in 3 4; do
        ./oceanfft bench --sizes 256,512,1024 --algorithms fast --reps "$REPS" \
          --ocean-cascades $cascades --json "$OUT/ocean-c$cascades.json" \
          2>"$OUT/ocean-c$cascades.err" | tee "$OUT/ocean-c$cascades.txt" | grep "^ocean step" |
          sed 's/(median ms, GPU timestamp queries)//'

      done
      ;;
    frame)
      for preset in default storm; do
        for size in 1920x1080 3840x2160; do
          ./oceanfft bench --frame $size --preset $preset --reps "$REPS" \
            --json "$OUT/frame-$preset-$size.json" 2>>"$OUT/frame.err" | tee -a "$OUT/frame.txt"
        done
      done
      ;;
    anysize)
      shapes=1000,1080x1920,3000,2187,3125,997,4093
      python3 ./cufft_shapes.py 2 1000x1000 1080x1920 3000x3000 2187x2187 3125x3125 997x997 4093x4093 \
        2>&1 | tee "$OUT/cufft-shapes.txt"
      ./oceanfft bench --sizes $shapes --algorithms fast --layers 1 --reps "$REPS" --no-ocean \
        --json "$OUT/anysize.json" 2>"$OUT/anysize.err" | tee "$OUT/anysize.txt" | tail -9
      ;;
    verify)
      ./fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 2048 4096 >"$OUT/verify.txt" 2>&1
      grep -E "renderer|FAIL|worst" "$OUT/verify.txt"
      ;;
    tests)
      ./test_ocean_simulation --gtest_filter='*Fused*:*Mip*:*EveryAlgorithm*:*Parseval*' \
        >"$OUT/tests.txt" 2>&1
      grep -E "^\[ +(OK|FAILED|PASSED) |fused vs|rel L2" "$OUT/tests.txt"
      ;;
    *) echo "run.sh: unknown section '$section'" >&2; exit 2 ;;
  esac
done
stamp end
# The tool returns at most 8 files: everything also goes back as one archive.
tar -C "$OUT" -czf "$OUT/all.tgz" --exclude all.tgz . 2>/dev/null
