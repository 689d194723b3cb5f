#version 430 core
// The fused path's first pass: the inverse FFT along rows (fft/fast.glsl) whose loads compute
// the spectrum on the fly from h0 and the phase (ocean/spectrum.glsl), so no spectrum texture is
// written or read between. One work group per cascade and row set: it evolves each wave once,
// derives both packed planes (layers 2c and 2c + 1) from it, and transforms them one after the
// other, the second from registers. z = cascade.
// Defines: fft/fast.glsl's (AXIS 0), set by src/fft/fast.cpp.
#include "ocean/spectrum.glsl"

void spectrum_pair(int x, int row, int cascade, out vec4 plane0, out vec4 plane1) {
  ivec3 texel = ivec3(x, row, cascade);
  vec2 f[8];
  derived_fields(texel, evolve(texel, true), f);
  plane0 = packed_plane(f, 0);
  plane1 = packed_plane(f, 1);
}

#define FFT_CUSTOM_MAIN 1
#define FFT_PAIR_IN 1
#define FFT_LOAD_PAIR(i, line, cascade, a, b) spectrum_pair(i, line, cascade, a, b)
#include "fft/fast.glsl"

void main() {
  int line, cascade;
  fft_setup(line, cascade);
  fft_line(line, 2 * cascade);
  fft_store(line, 2 * cascade);
  // The second transform's first exchange must not overwrite what slower invocations are still
  // reading from the first's last one.
  barrier();
  fft_line(line, 2 * cascade + 1);
  fft_store(line, 2 * cascade + 1);
}
