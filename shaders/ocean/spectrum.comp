#version 430 core
// SPDX-License-Identifier: MIT
// Per frame, as its own pass before the inverse FFT: the spectra of every field of every
// cascade (ocean/spectrum.glsl). z = cascade. The fused path does this inside the FFT's first
// pass instead (ocean/fused_rows.comp).
// Defines: PACKED (1: plane j = field 2j + i field 2j+1; 0: plane j = field j).
#include "ocean/spectrum.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uSpectrum;

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  vec2 f[8];
  derived_fields(texel, evolve(texel, true), f);
#if PACKED
  int base = texel.z * 2;
  for (int j = 0; j < 2; ++j) imageStore(uSpectrum, ivec3(texel.xy, base + j), packed_plane(f, j));
#else
  int base = texel.z * 4;
  for (int j = 0; j < 4; ++j)
    imageStore(uSpectrum, ivec3(texel.xy, base + j), vec4(f[2 * j], f[2 * j + 1]));
#endif
}
