#!/bin/bash
# SPDX-License-Identifier: MIT
# Puts what a call on the GPU machine needs into one folder (default out/dev, git-ignored):
# the oceanfft binary and the named test binaries from a build folder, tools/device/run.sh,
# shaders/, and lib/ with every shared library they link that the GPU machine lacks (all but
# the C runtime and the GL/EGL loaders, which .gl/prelude.sh brings).
#
#   tools/device/stage.sh [BUILD_DIR] [TEST_BINARY...]
#
# Then call the device with carry [".gl", "out/dev"] and a command like
#   . .gl/prelude.sh; cd out/dev && OUT=$OUT bash run.sh info fft ocean
set -euo pipefail
build=${1:-build/release}
shift || true
dest=${STAGE_DIR:-out/dev}
rm -rf "$dest"
mkdir -p "$dest/lib"
bins=("$build/oceanfft")
for t in "$@"; do bins+=("$build/tests/$t"); done
for b in "${bins[@]}"; do
  cp "$b" "$dest/"
  strip "$dest/$(basename "$b")"
done
cp tools/device/run.sh "$dest/"
cp tools/device/*.py "$dest/"
cp -r shaders "$dest/shaders"
keep='^(libc|libm|libdl|libpthread|librt|libstdc\+\+|libgcc_s|ld-linux[^ ]*|libGL[^ ]*|libEGL|libOpenGL|libGLX|libGLdispatch|libglvnd)\.'
for b in "${bins[@]}"; do
  ldd "$b" | awk '/=> \//{print $1, $3}' | while read -r name path; do
    [[ $name =~ $keep ]] || cp -L "$path" "$dest/lib/"
  done
done
du -sh "$dest"
