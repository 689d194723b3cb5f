#version 430 core
// SPDX-License-Identifier: MIT
// The assemble pass after the inverse FFT (ocean/assemble.glsl). z = cascade. The fused path
// does this inside the FFT's last pass instead (ocean/fused_columns.comp).
// Every N is a multiple of the 16 x 16 group, so each group holds whole 2 x 2 quads and makes
// level 1 too.
// Defines: PACKED (as in spectrum.comp).
#define LEVEL1 1
#include "ocean/assemble.glsl"

shared vec4 sQuad[256];
void level1_put(int slot, vec4 v) { sQuad[slot] = v; }
vec4 level1_get(int slot) { return sQuad[slot]; }

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uFields;

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  int c = texel.z;
  vec4 displacement, derivatives;
#if PACKED
  assemble_packed(texel, imageLoad(uFields, ivec3(texel.xy, 2 * c)),
                  imageLoad(uFields, ivec3(texel.xy, 2 * c + 1)), displacement, derivatives);
#else
  // Unpacked, each field is the real part of its own plane.
  float f[8];
  for (int j = 0; j < 4; ++j) {
    vec4 p = imageLoad(uFields, ivec3(texel.xy, 4 * c + j));
    f[2 * j] = p.x;
    f[2 * j + 1] = p.z;
  }
  assemble_fields(texel, f, displacement, derivatives);
#endif
  store_level1(texel, displacement, derivatives, int(gl_LocalInvocationIndex), 1, 16);
}
