#version 430 core
// Turns the inverse FFT's fields into the maps the renderer samples (layouts in
// src/ocean/simulation.h) and steps the foam (ocean/foam.glsl). z = cascade.
// Defines: PACKED (as in spectrum.comp).
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uFields;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uDisplacement;
layout(binding = 2, rgba32f) uniform writeonly image2DArray uDerivatives;
layout(binding = 3, rgba32f) uniform writeonly image2DArray uTurbulence;

#include "ocean/foam.glsl"

uniform int uN;
uniform int uCascades;
uniform float uPatch[4];
uniform float uChoppiness;

// (d Dx/dx, d Dz/dz, d Dx/dz) of cascade c at texel t, choppiness 1.
vec3 jacobian_at(ivec2 t, int c) {
  t &= ivec2(uN - 1);
#if PACKED
  return imageLoad(uFields, ivec3(t, 2 * c + 1)).yzw;
#else
  return vec3(imageLoad(uFields, ivec3(t, 4 * c + 2)).z, imageLoad(uFields, ivec3(t, 4 * c + 3)).xz);
#endif
}

// Bilinear between texels, periodic: cascade c at texel coordinates p.
vec3 jacobian_sample(vec2 p, int c) {
  vec2 f = floor(p);
  vec2 w = p - f;
  ivec2 t = ivec2(f);
  vec3 a = mix(jacobian_at(t, c), jacobian_at(t + ivec2(1, 0), c), w.x);
  vec3 b = mix(jacobian_at(t + ivec2(0, 1), c), jacobian_at(t + ivec2(1, 1), c), w.x);
  return mix(a, b, w.y);
}

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  int c = texel.z;
  float f[8];
#if PACKED
  vec4 p0 = imageLoad(uFields, ivec3(texel.xy, 2 * c));
  vec4 p1 = imageLoad(uFields, ivec3(texel.xy, 2 * c + 1));
  f[0] = p0.x; f[1] = p0.y; f[2] = p0.z; f[3] = p0.w;
  f[4] = p1.x; f[5] = p1.y; f[6] = p1.z; f[7] = p1.w;
#else
  // Unpacked, each field is the real part of its own plane.
  for (int j = 0; j < 4; ++j) {
    vec4 p = imageLoad(uFields, ivec3(texel.xy, 4 * c + j));
    f[2 * j] = p.x;
    f[2 * j + 1] = p.z;
  }
#endif
  float lambda = uChoppiness;
  float jxx = lambda * f[5], jzz = lambda * f[6], jxz = lambda * f[7];
  imageStore(uDisplacement, texel, vec4(lambda * f[0], f[1], lambda * f[2], jxz));
  imageStore(uDerivatives, texel, vec4(f[3], f[4], jxx, jzz));

  // The whole sea at this texel's point: the other cascades sampled where it lies in theirs.
  vec3 own = vec3(f[5], f[6], f[7]);
  vec3 js[4];
  vec3 sum = vec3(0.0);
  for (int o = 0; o < uCascades; ++o) {
    js[o] = o == c ? own : jacobian_sample(vec2(texel.xy) * (uPatch[c] / uPatch[o]), o);
    sum += js[o];
  }
  vec3 breaking = foam_breaking(sum);
  // Each layer takes its cascade's part of the compression, so the foam of a breaking crest
  // lies in the layer of the waves that broke; the renderer adds the layers up again.
  float total = 0.0;
  for (int o = 0; o < uCascades; ++o) total += foam_compression(js[o], breaking.yz);
  float share = total > 0.0 ? foam_compression(own, breaking.yz) / total : 1.0 / float(uCascades);
  float foam = foam_update(texel.xy, c, uN, uPatch[c] / float(uN), breaking.x * share);
  imageStore(uTurbulence, texel, vec4(foam, f[3] * f[3], f[4] * f[4], f[3] * f[4]));
}
