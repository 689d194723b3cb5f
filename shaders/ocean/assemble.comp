#version 430 core
// The assemble pass after the inverse FFT (ocean/assemble.glsl). z = cascade. The fused path
// does this inside the FFT's last pass instead (ocean/fused_columns.comp).
// Defines: PACKED (as in spectrum.comp).
#include "ocean/assemble.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uFields;

uniform int uN;

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  int c = texel.z;
#if PACKED
  assemble_packed(texel, imageLoad(uFields, ivec3(texel.xy, 2 * c)),
                  imageLoad(uFields, ivec3(texel.xy, 2 * c + 1)));
#else
  // Unpacked, each field is the real part of its own plane.
  float f[8];
  for (int j = 0; j < 4; ++j) {
    vec4 p = imageLoad(uFields, ivec3(texel.xy, 4 * c + j));
    f[2 * j] = p.x;
    f[2 * j + 1] = p.z;
  }
  assemble_fields(texel, f);
#endif
}
