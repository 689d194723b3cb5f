#!/bin/sh
# Builds tools/device/fast_tune against build-fast's static libraries (FFTW linked statically).
set -e
B=${1:-build-fast}
ninja -C "$B" -j2 oceanfft_fft glad
c++ -std=c++20 -O2 -Isrc -I"$B"/third_party/glad/include -Ithird_party/glad/include \
  tools/device/fast_tune.cpp -o "$B"/fast_tune \
  "$B"/liboceanfft_fft.a "$B"/liboceanfft_gl.a "$B"/third_party/glad/libglad.a \
  /usr/lib/x86_64-linux-gnu/libfftw3.a -lglfw -ldl
