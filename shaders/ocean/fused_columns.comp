#version 430 core
// The fused path's last pass: the inverse FFT along columns (fft/fast.glsl) of both packed planes
// of one cascade per work group, one after the other, then the assemble step
// (ocean/assemble.glsl) on the results still in registers, so the fields texture is neither
// written nor read again. z = cascade.
// Defines: fft/fast.glsl's (AXIS 1), set by src/fft/fast.cpp.
#include "ocean/assemble.glsl"

#define FFT_CUSTOM_MAIN 1
#define FFT_PAIR 1
#define FFT_PAIR_OUT(pos, p0, p1) assemble_packed(pos, p0, p1)
#include "fft/fast.glsl"

void main() {
  int line, cascade;
  fft_setup(line, cascade);
  fft_line(line, 2 * cascade);
  fft_keep();
  // The second transform's first exchange must not overwrite what slower invocations are still
  // reading from the first's last one.
  barrier();
  fft_line(line, 2 * cascade + 1);
  fft_pair_out(line, cascade);
}
