#version 430 core
// SPDX-License-Identifier: MIT
// The fused path's first pass: the inverse FFT along rows (fft/fast.glsl) whose loads compute
// the spectrum on the fly from h0 and the phase (ocean/spectrum.glsl), so no spectrum texture is
// written or read between. FFT layer 2c + j is cascade c's packed plane j; both planes' groups
// evolve the same waves, and plane 0's stores the new phase. The dispatch is (1, rows, layers)
// or, from src/ocean/fused_step.cpp's kPlanesSideBySide on, (2, rows, cascades).
// Defines: fft/fast.glsl's (AXIS 0), set by src/fft/fast.cpp.
#include "ocean/spectrum.glsl"

vec4 spectrum_element(int x, int row, int layer) {
  ivec3 texel = ivec3(x, row, layer >> 1);
  vec2 f[8];
  derived_fields(texel, evolve(texel, (layer & 1) == 0), f);
  return packed_plane(f, layer & 1);
}

#define FFT_LOAD(i, line, layer) spectrum_element(i, line, layer)
#define FFT_CUSTOM_MAIN 1
#include "fft/fast.glsl"

void main() {
  int line, z;
  fft_setup(line, z);
  int layer = z * int(gl_NumWorkGroups.x) + int(gl_WorkGroupID.x);
  fft_line(line, layer);
  fft_store(line, layer);
}
