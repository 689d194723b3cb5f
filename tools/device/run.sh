#!/bin/bash
# SPDX-License-Identifier: MIT
# The one script for calls on the GPU machine (docs/perf-notes.md says which call ran what).
#
#   run.sh SECTION...      in a folder holding the stripped binaries, shaders/ and lib/
#
# Sections, run in the order given, each writing its full output under $OUT:
#   info     GPU name, driver, clocks (nvidia-smi), missing libraries
#   cufft    tools/device/cufft_shapes.py for 2 and 12 planes at 256..4096 (cuFFT through CuPy)
#   fft      oceanfft bench, FFT only, 1 and 6 layers (2 and 12 planes) at 256..4096
#   ocean    oceanfft bench, the ocean step fused and unfused at 256, 512, 1024 for 3 and 4
#            cascades, with the per-pass breakdown
#   query    oceanfft bench: ocean::Ocean's query of 1,000 world points (GPU time of one
#            submit) on the default 3-cascade sea at 256, 512 and 1024 (also on the ocean
#            section's lines)
#   frame    oceanfft bench --frame at 1920x1080 and 3840x2160, default sea and storm
#   exposure the storm frame at 1920x1080 with the camera's adaptation off (exposure_adapt=0)
#            and at its default, A B A B: what tonemap()'s metered exposure costs per frame
#   anysize  oceanfft bench (fast, 2 planes) and cuFFT (tools/device/cufft_shapes.py) at the
#            lengths of the any-size table: 1000^2, 1080x1920, 3000^2, 3^7, 5^5, 997^2, 4093^2
#   transforms  oceanfft bench --transforms (R2C vs C2C round trips, 1D, 3D, four-step) and
#            tools/device/cufft_transforms.py on the same shapes (TRANSFORMS="2D;3D;LONG")
#   real     R2C+C2R round trips against C2C at REAL_SIZES (default 1024,4096): the split and
#            join fused into the register passes (r2c-2d) and as passes of their own
#            (r2c-2d-sep), with each one's ratio to the C2C round trip (goal <= 0.6)
#   seeds    the issue-24 measures on seeds and times the Beaufort sheet does not use: each
#            PRESET:CAMERA of SEED_SHOTS (default the sheet's four aerials and the deck at
#            forces 4, 10, 12) at noon for each SEED:TIME of SEEDS (default 7:30 23:45 101:20),
#            the sheet's 60 s of foam warm-up; render's summary per shot in seeds.txt, the PNGs
#            as one tar in parts (seeds.tar.*)
#   maps     issue 24's sea numbers off the tests' seeds: each preset of MAP_PRESETS (default
#            all thirteen) for each SEED:TIME of MAP_SEEDS (default 7:30 23:45), wind along +x,
#            MAP_WARMUP seconds of foam warm-up (default the sheet's 60), exported
#            (--export-maps) and read by tools/device/sea_check.py (Hs, Cox-Munk, Monahan, the
#            foam's correlation lengths along and across the wind per cascade) into maps.txt
#   long2d   the 2D four-step path: oceanfft bench (forward FFT, fast, 2 planes, GL timestamps,
#            median of REPS after warm-up) at LSIZES (default 8192,16384) beside cuFFT
#            (tools/device/cufft_shapes.py, median of 200) in the same call, for the
#            natural-layout passes (the default), the same with every long axis split
#            (OCEANFFT_FFT_FOUR_STEP=split), with split columns only (rows) and the re-laid path
#            (relaid), A B C D A B C D, then each one's error against FFTW (verify,
#            8192 x 8192, forward and inverse rel L2)
#   big      the four-step sizes in one short call, each case under its own `timeout` with its
#            expected wall time printed first and its output streamed: oceanfft bench (forward,
#            fast, default four-step variant, median of BIG_REPS GL-timestamp runs, default 100,
#            rel L2 against FFTW in double over the whole output) then cuFFT (cufft_shapes.py,
#            reference in double on the GPU) at BIG_SIZES (default 16384) x 2 planes; then, unless
#            BIG_VOLUMES is empty, oceanfft bench --transforms then cuFFT (cufft_transforms.py) at
#            BIG_VOLUMES^3 (default 512: C2C and R2C round trips of two volumes, error against the
#            input).
#            BIG_TIMEOUT (default 120) caps each case in seconds. Expected on an H100 host with 16
#            cores: about 35 + 15 + 30 + 15 s at the defaults (BIG_VOLUMES= leaves ~50 s).
#   long16k  the 2D four-step variants at L16_SIZES (default 16384; e.g. 16384,8192) x 2 planes,
#            forward, in one call: for each size, round 1 then round 2, the variants in
#            L16_VARIANTS (default natural relaid split rows: OCEANFFT_FFT_FOUR_STEP) in turn,
#            A B C D A B C D, each an oceanfft bench case (fast, median of L16_REPS GL-timestamp
#            runs, default 100) with --passes (each pass's median, bytes and GB/s) and --no-copy;
#            round 1 also checks each variant's rel L2 against FFTW in double (threaded, whole
#            output), round 2 repeats with --no-check; cuFFT (cufft_shapes.py, reference in
#            double on the GPU) after round 1. Each case under `timeout` (L16_TIMEOUT, default
#            150 s) with its expected wall time printed first and its output streamed, then a
#            summary table (long16k-summary.txt). Measured on an H200 host: L16_VARIANTS=
#            "natural relaid" L16_SIZES=16384,8192 190 s; six variants at 16384, one round,
#            L16_REPS=50, 186 s (each 16384^2 case ~25-33 s, mostly host work and the check;
#            cuFFT ~5 s). The script prints its own estimate first. For a check on llvmpipe:
#            L16_SIZES=64 L16_LIMIT=16 (--long-line-limit) L16_REPS=3 L16_NO_CUFFT=1.
#            A variant may name the natural-layout passes' line order after its path:
#            natural:run=R:band=B:rowrun=W (OCEANFFT_FFT_FOUR_STEP_RUN, _BAND, _ROW_RUN; any part
#            may be left out), its files tagged natural.runR.bandB.rowrunW (on llvmpipe at 64
#            `natural` takes whole lines, so check the orders there with split:run=2 and the
#            like). L16_ROUNDS=1 leaves round 2 out. The line-order comparison
#            (docs/perf-notes.md, last section), expected ~220 s on an H100 host: L16_ROUNDS=1
#            L16_REPS=50 L16_VARIANTS="natural natural:run=2:rowrun=2 natural:run=16:rowrun=16
#            natural:run=128 natural:band=16 relaid".
#   gap      issue 27 item 7: the fast path's default against its two opt-in variants for the
#            small-size gap, forward C2C, 2 and 12 planes at GSIZES (default 256..4096), REPS
#            timed calls each after the bench's warm-up, GAP_ROUNDS rounds (default 2) with the
#            variants alternating inside each round: default; transpose (OCEANFFT_FFT_TRANSPOSE=
#            between, natural output); spectrum (=spectrum, transposed output); radix32
#            (OCEANFFT_FFT_COLUMN_P=32); transpose+radix32. Prints one line per case (round,
#            planes, variant, then the bench's columns: N, median/min/p90 ms, GB/s, of copy,
#            rel L2), then a table: per size and planes each variant's median us (the median
#            over rounds), its ratio to the default and its worst rel L2, and the plans; then,
#            where fast_tune is built, the same variants per axis ("time N= L= fast total ...
#            rows ... cols ... ms", variant= prefixed; spectrum left out: its err column compares
#            natural order). Not yet timed; mostly FFTW's references at 4096^2 x 12 planes, so
#            expect minutes (GAP_ROUNDS=1 or GSIZES=256,512,1024 to shorten it)
#   verify   fast_tune verify: forward and inverse error against FFTW at every size
#   tests    the ocean tests that compare the fused and unfused paths, on this driver
#   variants issue 13's FFT variants side by side: the fast kernel's shared-memory exchanges
#            (default) against subgroup shuffles on rows / both axes (OCEANFFT_FFT_SHUFFLE) at
#            256, 512, 1024 with 2 and 12 planes; the fused ocean step at 3x256^2, 3x512^2,
#            4x1024^2 with and without; a per-axis sweep of the shuffle variant (fast_tune, if
#            built); its accuracy against FFTW (rel L2 <= 2e-7); the FFT's barriers merged or
#            narrowed (OCEANFFT_FFT_BARRIER); default and shuffles timed as a launch loop of
#            20 calls per timestamp pair (OCEANFFT_BENCH_CALLS). About 3 minutes on an H100.
#   tune     fast_tune's sweep of the fast kernel's knobs per axis (TSIZES, 2 and 12 planes)
#   compare  this build with each setting in VARS (e.g. OCEANFFT_FFT_SHUFFLE=rows) and
#            without, A B A B: FFT at VSIZES (2 and 12 planes), ocean step at VOCEAN, accuracy
#   shaders  the fused ocean step (VOCEAN) with each shader folder in SHADER_VARIANTS (names
#            under variants/) against shaders/, A B A B
#   framebase the storm frame 1920x1080 beside the baselines in BASES (folders with an oceanfft
#            and its shaders/), alternating, two rounds
#   frameparts the frame's time per shader variant or setting (FRAME_CASES, FRAME_PRESETS)
#   whitecaps every preset's whitecap and residual coverage after 8 s and 60 s of warm-up
#   beaufort the Beaufort contact sheet at 1280x720 (render --beaufort) as $OUT/gallery.tar.*
#            (join with cat, then untar over docs/), with each picture's foam share
#   readme   the README's pictures with its own commands, as $OUT/readme/*.png
#   spinup   the foam spin-up: the storm frame (bench --frame 1920x1080) with its foam at balance
#            and from none (--foam-start), A B A B, with the spin-up's own steps and time; then
#            SPINUP_SHOTS ("PRESET:CAMERA ...", default the storm's deck and the hurricane's
#            aerial) rendered at 1280x720, noon, 8 s of warm-up, as $OUT/spinup/*.png
#   bigrender  render --width 16384 --height 16384 at 4, 1 and 64 samples: time, exit status
#   startup  `oceanfft fft` at a new length: first and second run with the program cache, and
#            without it
# Environment: OUT (results folder, set by the device tool),
# REPS (timed repetitions, default 200), SIZES (FFT sizes, default 256..4096),
# ALGORITHMS (FFT bench, default fast,stockham-r4), BASE (ocean: a baseline build to time
# beside this one), OSIZES (ocean: sizes, default 256,512,1024), VSIZES and VOCEAN (variants: FFT sizes,
# default 256,512,1024; ocean step cases SIZES:CASCADES, default 256,512:3 1024:4).
set -o pipefail
REPS=${REPS:-200}
# timed_case PREFIX LIMIT FILTER NAME EXPECTED_S COMMAND...: one case under `timeout` LIMIT
# seconds, its expected and measured wall time printed around it, everything it prints kept in
# $OUT/PREFIX-NAME.txt and streamed, less the lines FILTER (an ERE; empty: none) matches.
timed_case() {
  local prefix=$1 limit=$2 filter=$3 name=$4 expected=$5 start rc
  shift 5
  local show=(cat)
  [ -n "$filter" ] && show=(grep -vE "$filter")
  echo "-- $name: expected ~${expected} s, limit ${limit} s"
  start=$EPOCHREALTIME
  timeout -k 5 "$limit" "$@" 2>&1 | tee "$OUT/$prefix-$name.txt" | "${show[@]}"
  rc=${PIPESTATUS[0]}
  echo "-- $name: exit $rc$( ((rc == 124)) && echo ' (timed out)'), $(awk -v a="$start" \
    -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }') s"
}
SIZES=${SIZES:-256,512,1024,2048,4096}
ALGORITHMS=${ALGORITHMS:-fast,stockham-r4}
export LD_LIBRARY_PATH=$PWD/lib:$LD_LIBRARY_PATH
export OCEANFFT_SHADER_DIR=$PWD/shaders
stamp() { echo "== $1 $(date -u +%T)"; }

for section in "$@"; do
  stamp "$section"
  case $section in
    beaufort)
      # The sheet's 19 files travel back as one tar in parts under 15 MB (the device tool returns
      # at most 8 files of 16 MB).
      rm -rf /tmp/gallery
      ./oceanfft render --beaufort /tmp/gallery --width 1280 --height 720 2>&1 | tee "$OUT/beaufort.txt"
      tar -C /tmp -cf - gallery | split -b 15M - "$OUT/gallery.tar."
      ;;
    readme)
      # The README's pictures with the README's own commands, into $OUT/readme/ (copy over
      # docs/): the calm, fresh and storm seas, the sunset, and docs/ocean.png.
      mkdir -p "$OUT/readme"
      cam=(--width 960 --height 540 --camera-height 30 --camera-pitch -10 --camera-yaw -70 --time 30 --foam-warmup 4)
      for preset in calm fresh storm; do
        ./oceanfft render --preset "$preset" --out "$OUT/readme/ocean-$preset.png" "${cam[@]}" 2>&1 | head -1
      done
      ./oceanfft render --time-of-day 18:45 --camera-yaw 285 --camera-pitch 3 --camera-height 10 \
        --set cloud_coverage=0.45 --out "$OUT/readme/sky-sunset.png" 2>&1 | head -1
      ./oceanfft render --preset strong-breeze --size 512 --camera bridge --time-of-day 17:30 \
        --width 1280 --height 720 --foam-warmup 4 --out "$OUT/readme/ocean.png" 2>&1 | head -1
      ;;
    seeds)
      rm -rf /tmp/seeds && mkdir -p /tmp/seeds
      for shot in ${SEED_SHOTS:-moderate-breeze:aerial gale:aerial storm:aerial hurricane:aerial moderate-breeze:deck storm:deck hurricane:deck}; do
        IFS=: read -r preset camera <<< "$shot"
        for st in ${SEEDS:-7:30 23:45 101:20}; do
          IFS=: read -r seed t <<< "$st"
          name="$preset-$camera-s$seed"
          echo "== $name" | tee -a "$OUT/seeds.txt"
          ./oceanfft render --preset "$preset" --camera "$camera" --seed "$seed" --time "$t" \
            --set foam_variation=1 --time-of-day 12:00 --foam-warmup 60 --width 1280 --height 720 \
            --out "/tmp/seeds/$name.png" 2>&1 | tee -a "$OUT/seeds.txt" | grep -E "reads on|whitecap"
        done
      done
      tar -C /tmp -cf - seeds | split -b 15M - "$OUT/seeds.tar."
      ;;
    maps)
      for preset in ${MAP_PRESETS:-glassy light-air light-breeze gentle-breeze moderate-breeze fresh strong-breeze near-gale gale strong-gale storm violent-storm hurricane}; do
        for st in ${MAP_SEEDS:-7:30 23:45}; do
          IFS=: read -r seed t <<< "$st"
          rm -rf /tmp/maps
          ./oceanfft render --preset "$preset" --seed "$seed" --time "$t" --wind-direction 0 \
            --foam-warmup "${MAP_WARMUP:-60}" --width 64 --height 36 --export-maps /tmp/maps --out /tmp/maps.png \
            >/dev/null 2>>"$OUT/maps.err" || echo "$preset seed $seed: render failed" | tee -a "$OUT/maps.txt"
          python3 sea_check.py /tmp/maps "$preset seed $seed" | tee -a "$OUT/maps.txt"
        done
      done
      ;;
    spinup)
      for round in 1 2; do
        for start in balance calm; do
          ./oceanfft bench --frame 1920x1080 --preset storm --reps "$REPS" --foam-start "$start" \
            2>>"$OUT/frame.err" | grep -E "spin-up|GPU frame|^  render  " | sed "s|^|storm $start $round |"
        done
      done
      mkdir -p "$OUT/spinup"
      for shot in ${SPINUP_SHOTS:-storm:deck hurricane:aerial}; do
        IFS=: read -r preset camera <<< "$shot"
        TIMEFORMAT="$preset $camera: %R s"
        { time ./oceanfft render --preset "$preset" --camera "$camera" --time-of-day 12 --foam-warmup 8 \
            --width 1280 --height 720 --out "$OUT/spinup/$preset-$camera.png" 2>&1 | tail -4; } 2>&1
      done
      ;;
    bigrender)
      # The advertised largest picture against this driver's limits (gl::require_targets):
      # 16384^2 at 4 samples (9 GiB of targets) renders or is refused at once with the limit
      # named; a sample count past GL_MAX_SAMPLES is refused with exit 2.
      for samples in 4 1 64; do
        TIMEFORMAT="render 16384^2 at $samples sample(s): %R s"
        { time ./oceanfft render --width 16384 --height 16384 --samples $samples --foam-warmup 0 \
            --out /tmp/big.png; echo "exit $?"; } 2>&1 | tee -a "$OUT/bigrender.txt"
        ls -l /tmp/big.png 2>&1 | tee -a "$OUT/bigrender.txt"
        rm -f /tmp/big.png
      done
      ;;
    startup)
      # The program cache: `oceanfft fft` at a length not compiled before, with an empty cache,
      # then again with the cache it filled, then without any cache.
      python3 -c "import numpy as n; n.random.default_rng(7).random(2*1000*1000*2, dtype=n.float32).tofile('/tmp/in.raw')"
      rm -rf /tmp/pcache
      for run in first second; do
        TIMEFORMAT="startup, $run run with the cache: %R s"
        { time ./oceanfft fft --width 1000 --height 1000 --input /tmp/in.raw --output /tmp/out.raw \
            --program-cache /tmp/pcache >/dev/null; } 2>&1 | tee -a "$OUT/startup.txt"
      done
      TIMEFORMAT="startup, no cache: %R s"
      { time ./oceanfft fft --width 1000 --height 1000 --input /tmp/in.raw --output /tmp/out.raw \
          --no-program-cache >/dev/null; } 2>&1 | tee -a "$OUT/startup.txt"
      ;;
    info)
      nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit \
        --format=csv | tee "$OUT/gpu.txt"
      for b in oceanfft fast_tune test_ocean_simulation test_fft_shuffle; do
        [ -x "$b" ] && ldd "$b" | grep -i "not found"
      done
      ;;
    cufft)
      for planes in 2 12; do
        python3 ./cufft_shapes.py $planes ${SIZES//,/ } 2>&1 | tee -a "$OUT/cufft.txt"
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
    query)
      ./oceanfft bench --sizes 256,512,1024 --algorithms fast --reps "$REPS" --ocean-cascades 3 \
        --json "$OUT/query.json" 2>"$OUT/query.err" | tee "$OUT/query.txt" |
        grep "^ocean step fast fused" | sed 's/; passes.*; query/: query/'
      ;;
    ocean)
      # With BASE=dir (a baseline build: dir/oceanfft and dir/shaders), every case runs on it
      # too, just before this build's, so both see the same card and clocks.
      for cascades in 3 4; do
        for build in ${BASE:+base} this; do
          bin=./oceanfft shaders=$PWD/shaders tag=
          [ $build = base ] && bin=$BASE/oceanfft shaders=$BASE/shaders tag=base-
          OCEANFFT_SHADER_DIR=$shaders $bin bench --sizes "${OSIZES:-256,512,1024}" --algorithms fast \
            --reps "$REPS" --ocean-cascades $cascades --json "$OUT/${tag}ocean-c$cascades.json" \
            2>"$OUT/${tag}ocean-c$cascades.err" | tee "$OUT/${tag}ocean-c$cascades.txt" |
            grep "^ocean step" | sed "s/(median ms, GPU timestamp queries)//; s/^/$build /"
        done
      done
      ;;
    framebase)
      # The storm frame (1920x1080, 4x MSAA; FRAME_PRESETS="storm default" adds others) of this
      # build beside the baseline builds named in BASES (folders holding an oceanfft and its
      # shaders/), alternating, two rounds.
      for round in 1 2; do
        for preset in ${FRAME_PRESETS:-storm}; do
          for dir in . ${BASES:-}; do
            (cd "$dir" && OCEANFFT_SHADER_DIR=$PWD/shaders ./oceanfft bench --frame 1920x1080 --preset "$preset" --reps "$REPS" \
               --json "$OUT/framebase-$preset-$(basename "$(realpath "$dir")")-$round.json" 2>>"$OUT/frame.err") |
              grep -E "^(frame|render|  )" | sed "s|^|$preset $(basename "$(realpath "$dir")") $round  |"
          done
        done
      done
      ;;
    frameparts)
      # Where the frame's time goes: FRAME_CASES holds NAME:DIR:KEY=V,KEY=V entries (the
      # settings optional), DIR's shaders/ (and DIR's own oceanfft where it has one) timed on the
      # FRAME_PRESETS frames (default storm and default) at 1920x1080, alternating, two rounds.
      for round in 1 2; do
        for preset in ${FRAME_PRESETS:-storm default}; do
          for c in ${FRAME_CASES:-new:.:}; do
            IFS=: read -r name dir sets <<< "$c"
            bin=./oceanfft
            [ -x "$dir/oceanfft" ] && bin=$dir/oceanfft
            args=()
            for kv in ${sets//,/ }; do args+=(--set "$kv"); done
            OCEANFFT_SHADER_DIR=$PWD/$dir/shaders "$bin" bench --frame 1920x1080 --preset "$preset" \
              --reps "$REPS" "${args[@]}" 2>>"$OUT/frame.err" |
              grep -E "GPU frame|render.water|render.maps|render.clouds|render.sky|^  render  " | sed "s|^|$preset $name $round |"
          done
        done
      done
      ;;
    whitecaps)
      # docs/ocean.md's whitecap columns: every preset at N = 256, seed 1, t = 12 s, after 8 s
      # and after 60 s of foam warm-up from none (the Beaufort sheet's).
      for preset in calm light-air light-breeze gentle-breeze moderate-breeze fresh strong-breeze \
                    near-gale gale strong-gale storm violent-storm hurricane; do
        for warm in 8 60; do
          ./oceanfft render --preset "$preset" --foam-start calm --foam-warmup "$warm" --width 64 --height 36 \
            --samples 1 --out /tmp/w.png 2>&1 | grep -oE "Hs measured.*|mean square slope.*" |
            sed "s/^/$preset warm-up $warm s: /"
        done
      done | tee "$OUT/whitecaps.txt"
      ;;
    frame)
      for preset in default storm; do
        for size in 1920x1080 3840x2160; do
          ./oceanfft bench --frame $size --preset $preset --reps "$REPS" \
            --json "$OUT/frame-$preset-$size.json" 2>>"$OUT/frame.err" | tee -a "$OUT/frame.txt"
        done
      done
      ;;
    exposure)
      for round in 1 2; do
        for adapt in 0 default; do
          set_args=()
          [ "$adapt" = default ] || set_args=(--set exposure_adapt="$adapt")
          echo "round $round, exposure_adapt=$adapt" | tee -a "$OUT/exposure.txt"
          ./oceanfft bench --frame 1920x1080 --preset storm --reps "$REPS" "${set_args[@]}" \
            --json "$OUT/exposure-$adapt-$round.json" 2>>"$OUT/exposure.err" | tee -a "$OUT/exposure.txt"
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
    transforms)
      # R2C+C2R against C2C round trips (1024^2, 4096^2), 1D lines, 3D volumes and four-step
      # lengths, this build and cuFFT on the same shapes; TRANSFORMS="2D;3D;LONG" overrides.
      spec=${TRANSFORMS:-1024,4096,8192,16384;64,128,256,512;8192,16384,65536}
      python3 ./cufft_transforms.py "$spec" 2>&1 | tee "$OUT/cufft-transforms.txt"
      ./oceanfft bench --transforms "$spec" --reps "$REPS" 2>"$OUT/transforms.err" \
        | tee "$OUT/transforms.txt"
      ;;
    real)
      ./oceanfft bench --transforms "${REAL_SIZES:-1024,4096}" --reps "$REPS" 2>"$OUT/real.err" \
        | tee "$OUT/real.txt"
      awk '$1 == "c2c-2d" { c[$2] = $3 } $1 ~ /^r2c-2d/ && c[$2] { printf "%s %s: %.3f x C2C\n", $1, $2, $3 / c[$2] }' \
        "$OUT/real.txt" | tee "$OUT/real-ratio.txt"
      ;;
    long2d)
      lsizes=${LSIZES:-8192,16384}
      python3 ./cufft_shapes.py 2 ${lsizes//,/ } 2>&1 | tee "$OUT/cufft-long2d.txt"
      for round in 1 2; do
        for fs in natural split rows relaid; do
          OCEANFFT_FFT_FOUR_STEP=$fs ./oceanfft bench --sizes "$lsizes" --algorithms fast \
            --layers 1 --reps "$REPS" --no-ocean --json "$OUT/long2d-$fs-$round.json" \
            2>>"$OUT/long2d.err" | tee "$OUT/long2d-$fs-$round.txt" |
            grep -vE "^(renderer|vendor|GL|GLSL|context|subgroup|images)" | sed "s/^/$fs $round  /"
        done
      done
      for fs in natural split rows relaid; do
        OCEANFFT_FFT_FOUR_STEP=$fs ./oceanfft verify --sizes 8192 --algorithms fast \
          --tolerance 3e-7 2>&1 | tee "$OUT/long2d-verify-$fs.txt" | sed "s/^/four_step=$fs  /"
      done
      ./oceanfft verify --sizes 8192 --algorithms stockham-r4 --tolerance 3e-7 \
        2>&1 | tee "$OUT/long2d-verify-r4.txt"
      ;;
    big)
      case_run() { timed_case big "${BIG_TIMEOUT:-120}" "" "$@"; }
      bsizes=${BIG_SIZES:-16384}
      # This build's case first at each size, so a call cut short still brings back its number.
      for n in ${bsizes//,/ }; do
        # The bench's default warm-up stops after 1 s at this size (its cap for slow calls); the
        # check downloads the result once and compares all of it with FFTW in double, threaded.
        case_run "fft-$n" 35 ./oceanfft bench --sizes "$n" --algorithms fast --layers 1 \
          --reps "${BIG_REPS:-100}" --no-ocean --json "$OUT/big-fft-$n.json"
        case_run "cufft-$n" 15 env CUFFT_REF=gpu python3 -u ./cufft_shapes.py 2 "$n"
      done
      bvolumes=${BIG_VOLUMES-512}
      for v in ${bvolumes//,/ }; do
        # --transforms warms up by count (no time cap): 50 round trips after the 2D cases above.
        case_run "3d-$v" 30 ./oceanfft bench --transforms ";$v;" --reps "${BIG_REPS:-100}" \
          --warmup 50 --warmup-ms 500 --json "$OUT/big-3d-$v.json"
        case_run "cufft-3d-$v" 15 python3 -u ./cufft_transforms.py ";$v;"
      done
      ;;
    long16k)
      # The stream leaves out what every case repeats (the file keeps it).
      l16_case() {
        timed_case long16k "${L16_TIMEOUT:-150}" \
          '^(vendor|GLSL|context|subgroup|images|layers|bytes per|image copy|bench: done)|^ +N +compute|^$' "$@"
      }
      # Expected wall seconds of one case: host work (context, plan, input, upload: ~10 s at
      # 16384^2, scaling with the texels), the FFTW check (~12 s at 16384^2) in round 1, and
      # 2 x reps executes (timed, then --passes) at the variant's last measured time (H200; the
      # plain line order, natural:run=1:rowrun=1, took 93.3 ms).
      l16_expected() {
        awk -v n="$1" -v fs="$2" -v reps="$3" -v check="$4" 'BEGIN {
          s = (n / 16384) ^ 2
          ms = (fs == "relaid") ? 64.0 : 25.9
          if (n == 8192) ms = (fs == "natural") ? 4.1 : (fs == "split") ? 12.2 : (fs == "rows") ? 10 : 13
          else ms *= s
          printf "%d", 2 + 8 * s + 12 * s * check + 2 * reps * ms / 1000 + 0.5 }'
      }
      l16reps=${L16_REPS:-100}
      l16variants=${L16_VARIANTS:-natural relaid split rows}
      l16sizes=${L16_SIZES:-16384}
      l16rounds=${L16_ROUNDS:-2}
      # A variant "path[:run=R][:band=B][:rowrun=W]": the path, the line order's variables, and
      # the tag its files carry (path.runR.bandB.rowrunW: no characters file names cannot hold).
      l16_parse() {
        local spec=$1 part
        l16path=${spec%%:*}
        l16vars=(OCEANFFT_FFT_FOUR_STEP="$l16path")
        l16tag=$l16path
        [ "$spec" = "$l16path" ] && return 0
        local IFS=:
        for part in ${spec#*:}; do
          case $part in
            run=[0-9]*) l16vars+=(OCEANFFT_FFT_FOUR_STEP_RUN="${part#run=}") ;;
            band=[0-9]*) l16vars+=(OCEANFFT_FFT_FOUR_STEP_BAND="${part#band=}") ;;
            rowrun=[0-9]*) l16vars+=(OCEANFFT_FFT_FOUR_STEP_ROW_RUN="${part#rowrun=}") ;;
            *) echo "long16k: variant $spec: expected path[:run=R][:band=B][:rowrun=W]" >&2
              return 1 ;;
          esac
          l16tag+=.${part//=/}
        done
      }
      total=0
      for n in ${l16sizes//,/ }; do
        for round in $(seq 1 "$l16rounds"); do
          for fs in $l16variants; do
            l16_parse "$fs" || exit 2
            total=$((total + $(l16_expected "$n" "$l16path" "$l16reps" $((round == 1)))))
          done
        done
        total=$((total + 15))
      done
      echo "long16k: sizes $l16sizes, variants $l16variants, rounds $l16rounds, $l16reps reps each;" \
        "expected ~$total s"
      for n in ${l16sizes//,/ }; do
        for round in $(seq 1 "$l16rounds"); do
          for fs in $l16variants; do
            l16_parse "$fs"
            check=()
            ((round == 2)) && check=(--no-check)
            l16_case "$n-$l16tag-$round" \
              "$(l16_expected "$n" "$l16path" "$l16reps" $((round == 1)))" \
              env "${l16vars[@]}" ./oceanfft bench --sizes "$n" --algorithms fast \
              --layers 1 --reps "$l16reps" --no-ocean --no-copy --passes "${check[@]}" \
              ${L16_LIMIT:+--long-line-limit "$L16_LIMIT"} \
              --json "$OUT/long16k-$n-$l16tag-$round.json"
          done
          if ((round == 1)); then
            if [ -n "${L16_NO_CUFFT:-}" ]; then
              echo "-- cufft-$n: skipped (L16_NO_CUFFT)"
            else
              l16_case "cufft-$n" 15 env CUFFT_REF=gpu python3 -u ./cufft_shapes.py 2 "$n"
            fi
          fi
        done
      done
      python3 - "$OUT" <<'PY' | tee "$OUT/long16k-summary.txt"
import glob, json, os, re, sys
out = sys.argv[1]
rows = {}
for f in sorted(glob.glob(os.path.join(out, "long16k-*-*-[12].json"))):
    n, fs, rnd = os.path.basename(f)[len("long16k-"):-len(".json")].split("-")
    try:
        d = json.load(open(f))
    except ValueError:
        continue
    for r in d["results"]:
        rows.setdefault((int(n), fs), []).append((int(rnd), r))
cufft = {}
for f in glob.glob(os.path.join(out, "long16k-cufft-*.txt")):
    for line in open(f):
        m = re.match(r"\s*(\d+)\s+2\s+([\d.]+)\s+([\d.]+)\s+(\S+)", line)
        if m:
            cufft[int(m.group(1))] = (float(m.group(2)), m.group(4))
for (n, fs), runs in sorted(rows.items(), key=lambda k: (-k[0][0], k[0][1])):
    c = cufft.get(n)
    for rnd, r in sorted(runs, key=lambda x: x[0]):
        ms = r["fft"]["median_ms"]
        rel = r.get("rel_l2")
        print("%5d %-24s round %d: %9.3f ms%s, %d dispatches, rel L2 %s" % (
            n, fs, rnd, ms, " (%.2fx cuFFT %.3f ms)" % (ms / c[0], c[0]) if c else "",
            r["dispatches"], "%.2e" % rel if rel is not None else "-"))
        for p in r.get("passes", []):
            print("        %-34s %9.3f ms %7.2f GB %8.1f GB/s" % (
                p["pass"].replace("fft.four_step.", ""), p["median_ms"], p["bytes"] / 1e9, p["gbps"]))
    print("        plan: %s" % runs[0][1]["plan"])
    print("        passes timed by: %s" % runs[0][1].get("pass_timer", "-"))
for n, (ms, err) in sorted(cufft.items()):
    print("%5d cuFFT: %.3f ms, rel L2 %s" % (n, ms, err))
PY
      ;;
    gap)
      gsizes=${GSIZES:-256,512,1024,2048,4096}
      # A throwaway case brings the clocks up from idle; it also names the card.
      ./oceanfft bench --sizes 256 --algorithms fast --reps 50 --no-ocean 2>/dev/null |
        grep -E "^renderer|^GL version"
      for round in $(seq 1 "${GAP_ROUNDS:-2}"); do
        for layers in 1 6; do
          for v in default transpose spectrum radix32 transpose+radix32; do
            case $v in
              default) vars=() ;;
              transpose) vars=(OCEANFFT_FFT_TRANSPOSE=between) ;;
              spectrum) vars=(OCEANFFT_FFT_TRANSPOSE=spectrum) ;;
              radix32) vars=(OCEANFFT_FFT_COLUMN_P=32) ;;
              transpose+radix32) vars=(OCEANFFT_FFT_TRANSPOSE=between OCEANFFT_FFT_COLUMN_P=32) ;;
            esac
            env "${vars[@]}" ./oceanfft bench --sizes "$gsizes" --algorithms fast --layers $layers \
              --reps "$REPS" --no-ocean --json "$OUT/gap-$v-L$layers-r$round.json" \
              2>>"$OUT/gap.err" | tee "$OUT/gap-$v-L$layers-r$round.txt" | grep "^fast" |
              sed "s/^/round=$round planes=$((2 * layers)) variant=$v  /"
          done
        done
      done
      python3 - "$OUT" <<'PY' | tee "$OUT/gap-table.txt"
import glob, json, os, statistics, sys
cases, plans = {}, {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], "gap-*-L*-r*.json"))):
    v = os.path.basename(f)[4:].rsplit("-L", 1)[0]
    d = json.load(open(f))
    for r in d["results"]:
        key = (r["size"], 2 * r["layers"])
        cases.setdefault(key, {}).setdefault(v, []).append((r["fft"]["median_ms"] * 1000, r["rel_l2"]))
        plans.setdefault(v, {})[r["size"]] = r["plan"]
order = ["default", "transpose", "spectrum", "radix32", "transpose+radix32"]
print("forward C2C, us: median over rounds of each call's median; x: ratio to default")
print("%-6s %-6s" % ("N", "planes") + "".join("%26s" % v for v in order))
for (n, planes) in sorted(cases):
    row, base = cases[(n, planes)], None
    cells = []
    for v in order:
        if v not in row:
            cells.append("%26s" % "-")
            continue
        us = statistics.median(t for t, _ in row[v])
        err = max(e for _, e in row[v])
        base = us if v == "default" else base
        ratio = us / base if base else float("nan")
        cells.append("%26s" % ("%.1f x%.3f %.2e" % (us, ratio, err)))
    print("%-6d %-6d" % (n, planes) + "".join(cells))
for v in order:
    for n, p in sorted(plans.get(v, {}).items()):
        print(v, "|", p)
PY
      # Per axis: which pass each variant moves (fast_tune's stamps around each pass).
      if [ -x ./fast_tune ]; then
        for layers in 1 6; do
          for v in default transpose radix32 transpose+radix32; do
            case $v in
              default) vars=() ;;
              transpose) vars=(OCEANFFT_FFT_TRANSPOSE=between) ;;
              radix32) vars=(OCEANFFT_FFT_COLUMN_P=32) ;;
              transpose+radix32) vars=(OCEANFFT_FFT_TRANSPOSE=between OCEANFFT_FFT_COLUMN_P=32) ;;
            esac
            env "${vars[@]}" FAST_ALGOS=fast FAST_P=none ./fast_tune time $layers "$REPS" \
              ${gsizes//,/ } 2>>"$OUT/gap.err" | tee -a "$OUT/gap-axes.txt" | grep "^time" |
              sed "s/^/variant=$v  /; s/ | .*//"
          done
        done
      fi
      ;;
    verify)
      ./fast_tune verify 1 2 4 8 16 32 64 128 256 512 1024 2048 4096 >"$OUT/verify.txt" 2>&1
      grep -E "renderer|FAIL|worst" "$OUT/verify.txt"
      ;;
    tests)
      ./test_ocean_simulation --gtest_filter='*Fused*:*Mip*:*EveryAlgorithm*:*Parseval*:*Slope*' \
        >"$OUT/tests.txt" 2>&1
      grep -E "^\[ +(OK|FAILED|PASSED) |fused vs|rel L2" "$OUT/tests.txt"
      ;;
    variants)
      vsizes=${VSIZES:-256,512,1024}
      # What the driver offers, and a throwaway case to bring the clocks up from idle (the first
      # case after an idle gap measured 3-5x slow in earlier calls).
      ./oceanfft bench --sizes 256 --algorithms fast --reps 50 --no-ocean 2>/dev/null |
        grep -E "^renderer|^GL version|subgroup"
      # FFT only. The variants alternate inside each layer count, so drift hits them alike;
      # where a line does not fit a subgroup (1024 on 32 lanes) the default kernel runs, and the
      # plans printed below say so.
      for layers in 1 6; do
        for v in off rows both; do
          OCEANFFT_FFT_SHUFFLE=$v ./oceanfft bench --sizes "$vsizes" --algorithms fast \
            --layers $layers --reps "$REPS" --no-ocean --json "$OUT/variants-fft-$v-L$layers.json" \
            2>>"$OUT/variants.err" | tee "$OUT/variants-fft-$v-L$layers.txt" | grep "^fast" |
            sed "s/^/shuffle=$v layers=$layers  /"
        done
      done
      # The FFT's memory barriers (OCEANFFT_FFT_BARRIER), 2 planes, default kernel, next to a
      # second run of the default.
      for b in merged narrow separate; do
        OCEANFFT_FFT_BARRIER=$b ./oceanfft bench --sizes "$vsizes" --algorithms fast --layers 1 \
          --reps "$REPS" --no-ocean --json "$OUT/variants-barrier-$b.json" 2>>"$OUT/variants.err" |
          tee "$OUT/variants-barrier-$b.txt" | grep "^fast" | sed "s/^/barrier=$b layers=1  /"
      done
      # Timed as a launch loop (20 transforms back to back per timestamp pair, as benchmarks
      # that loop over launches measure), default kernel and shuffles: how much of the gap to
      # VkFFT at small N is the per-call timestamp bracket rather than the kernels.
      for layers in 1 6; do
        for v in off both; do
          OCEANFFT_BENCH_CALLS=20 OCEANFFT_FFT_SHUFFLE=$v ./oceanfft bench --sizes "$vsizes" \
            --algorithms fast --layers $layers --reps "$REPS" --no-ocean \
            --json "$OUT/variants-loop-$v-L$layers.json" 2>>"$OUT/variants.err" |
            tee "$OUT/variants-loop-$v-L$layers.txt" | grep -E "^fast|^ +[0-9]+ +[0-9.]+ " |
            sed "s/^/loop20 shuffle=$v layers=$layers  /"
        done
      done
      # The ocean step (fused, spectrum-fused and unfused paths; per-pass medians in the JSON).
      for v in off both; do
        for c in ${VOCEAN:-256,512:3 1024:4}; do
          OCEANFFT_FFT_SHUFFLE=$v ./oceanfft bench --sizes "${c%:*}" --algorithms fast \
            --reps "$REPS" --ocean-cascades "${c#*:}" --json "$OUT/variants-ocean-$v-${c/:/-c}.json" \
            2>>"$OUT/variants.err" | tee "$OUT/variants-ocean-$v-${c/:/-c}.txt" |
            grep "^ocean step" | sed 's/(median ms, GPU timestamp queries)//; s/^/shuffle='$v'  /'
        done
      done
      python3 - "$OUT"/variants-fft-*-L1.json <<'PY'
import json, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    for r in d["results"]:
        print(d["device"].get("fft_variant"), "|", r["plan"])
PY
      # Per axis (rows / columns ms) for the shuffle variant's elements per invocation and lines
      # per group, next to the default kernel, 2 planes; rel L2 checked for every case.
      # The same P and lines with shared memory (off) isolate the exchange's cost; 1024 is left
      # out (its lines do not fit a 32-lane subgroup).
      tune_sizes=${vsizes/,1024/}
      if [ -x ./fast_tune ]; then
        for v in off both; do
          OCEANFFT_FFT_SHUFFLE=$v FAST_ALGOS=fast FAST_P=8,16 FAST_LINES=1,2,4 FAST_EX=2 \
            ./fast_tune time 1 100 ${tune_sizes//,/ } >"$OUT/variants-tune-$v.txt" 2>&1
          grep "^time" "$OUT/variants-tune-$v.txt" | sed 's/ | .*//; s/^/shuffle='$v'  /'
        done
      fi
      # Accuracy of the shuffle variant against FFTW, forward and inverse, 2 and 12 planes; the
      # goal is rel L2 <= 2e-7 (fast_tune verify adds N x 2N and 2N x N shapes, bound 1e-6 there).
      for layers in 1 6; do
        OCEANFFT_FFT_SHUFFLE=both ./oceanfft verify --algorithms fast --layers $layers \
          --sizes 2,4,8,16,32,64,128,256,512,1024 --tolerance 2e-7 2>&1 |
          tee "$OUT/variants-verify-L$layers.txt" | grep -vE "^renderer"
      done
      if [ -x ./fast_tune ]; then
        OCEANFFT_FFT_SHUFFLE=both ./fast_tune verify 1 4 16 64 128 256 512 \
          >"$OUT/variants-verify-tune.txt" 2>&1
        grep -E "FAIL|worst" "$OUT/variants-verify-tune.txt"
      fi
      # The gtest of the real builtin (it skips where the driver lacks the extension), if shipped.
      if [ -x ./test_fft_shuffle ]; then
        ./test_fft_shuffle >"$OUT/variants-gtest.txt" 2>&1
        grep -E "^\[ +(OK|FAILED|PASSED|SKIPPED) |Skipped" "$OUT/variants-gtest.txt"
      fi
      ;;
    tune)
      # The fast kernel's per-axis knobs swept with fast_tune (elements per invocation, lines per
      # group, exchange width) at TSIZES (default 256,512,1024), 2 and 12 planes: what
      # src/fft/fast.cpp's table should hold. Per-axis medians (rows, cols) in the log.
      tsizes=${TSIZES:-256,512,1024}
      for layers in 1 6; do
        FAST_ALGOS=fast FAST_P=${FAST_P:-4,8,16} FAST_LINES=${FAST_LINES:-1,2,4,8} FAST_EX=${FAST_EX:-4,2} \
          ./fast_tune time $layers 100 ${tsizes//,/ } >"$OUT/tune-L$layers.txt" 2>&1
        grep "^time" "$OUT/tune-L$layers.txt" | sed 's/ | .*//'
      done
      ;;
    compare)
      # This build with each of VARS (space-separated NAME=value settings) against itself with
      # none, twice in the order A B A B so drift shows: the FFT at VSIZES with 2 and 12 planes,
      # the ocean step at VOCEAN, then each setting's accuracy against FFTW (2e-7).
      vsizes=${VSIZES:-256,512,1024}
      ./oceanfft bench --sizes 256 --algorithms fast --reps 50 --no-ocean 2>/dev/null | grep -E "^renderer"
      for round in $(seq ${ROUNDS:-2}); do
        for v in none $VARS; do
          envs=(); [ "$v" != none ] && envs=("$v")
          tag=${v//[^A-Za-z0-9]/_}-r$round
          for layers in 1 6; do
            env "${envs[@]}" ./oceanfft bench --sizes "$vsizes" --algorithms fast --layers $layers \
              --reps "$REPS" --no-ocean --json "$OUT/compare-fft-$tag-L$layers.json" \
              2>>"$OUT/compare.err" | grep "^fast" | sed "s/^/$v L$layers r$round  /"
          done
          for c in ${VOCEAN:-256,512:3 1024:4}; do
            env "${envs[@]}" ./oceanfft bench --sizes "${c%:*}" --algorithms fast --reps "$REPS" \
              --ocean-cascades "${c#*:}" --json "$OUT/compare-ocean-$tag-${c//[^0-9]/_}.json" \
              2>>"$OUT/compare.err" | grep "^ocean step" |
              sed "s/(median ms, GPU timestamp queries)//; s/^/$v r$round  /"
          done
        done
      done
      for v in $VARS; do
        for layers in 1 6; do
          sizes=2,4,8,16,32,64,128,256,512,1024; [ $layers = 1 ] && sizes=$sizes,2048,4096
          env "$v" ./oceanfft verify --algorithms fast --layers $layers \
            --sizes $sizes --tolerance 2e-7 2>&1 |
            grep -vE "^renderer" | sed "s/^/$v L$layers  /"
        done
        [ -x ./test_ocean_simulation ] && env "$v" ./test_ocean_simulation \
          --gtest_filter='*Fused*:*Mip*:*EveryAlgorithm*' 2>&1 | grep -E "^\[ +(OK|FAILED|PASSED) " |
          sed "s/^/$v  /"
      done
      ;;
    shaders)
      # The ocean step with each folder named in SHADER_VARIANTS (under variants/, each a whole
      # copy of shaders/ with one change) against shaders/, A B A B: what a part of a pass costs.
      # A variant that leaves work out computes a wrong sea; only its times are read.
      ./oceanfft bench --sizes 256 --algorithms fast --reps 50 --no-ocean 2>/dev/null | grep -E "^renderer"
      for round in $(seq ${ROUNDS:-2}); do
        for v in default $SHADER_VARIANTS; do
          dir=$PWD/shaders; [ "$v" != default ] && dir=$PWD/variants/$v
          for c in ${VOCEAN:-256,512,1024:3}; do
            OCEANFFT_SHADER_DIR=$dir ./oceanfft bench --sizes "${c%:*}" --algorithms fast \
              --reps "$REPS" --ocean-cascades "${c#*:}" \
              --json "$OUT/shaders-$v-r$round-${c//[^0-9]/_}.json" 2>>"$OUT/shaders.err" |
              grep "^ocean step fast fused [0-9]" | sed "s/(median ms, GPU timestamp queries)//; s/^/$v r$round  /"
          done
        done
      done
      ;;
    *) echo "run.sh: unknown section '$section'" >&2; exit 2 ;;
  esac
done
stamp end
# The tool returns at most 8 files of 16 MiB: everything goes back as one archive in parts of
# 15 MiB, all.tgz.aa, .ab, ... (cat them, then untar), and nothing else, so no part is crowded
# out by the small files.
tar -C "$OUT" -czf /tmp/run-all.tgz . 2>/dev/null
find "$OUT" -mindepth 1 -delete
split -b 15M /tmp/run-all.tgz "$OUT/all.tgz."
