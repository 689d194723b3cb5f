// SPDX-License-Identifier: MIT
// The whitecaps' injection: how hard the whole sea breaks (ocean/foam.glsl), times one
// cascade's share, at a point of that cascade's foam layer. Included by ocean/foam.comp, which
// computes it itself below Whitecaps::kInjectionPassFrom (src/ocean/whitecaps.h), and by
// ocean/foam_injection.comp, which computes it from there on. Both run after the displacement
// and derivative maps' mip chains, whose levels it samples.
#ifndef OCEAN_INJECTION_GLSL
#define OCEAN_INJECTION_GLSL

uniform sampler2DArray uDisplacementMap;  // complete mip chains, trilinear, repeating
uniform sampler2DArray uDerivativesMap;

uniform int uN;
uniform int uCascades;
uniform float uPatch[4];
uniform float uInvChoppiness;  // 1 / lambda (0 where lambda is 0): the maps hold lambda * J
uniform float uBreakingLength; // metres: shorter waves make no whitecaps

// (d Dx/dx, d Dz/dz, d Dx/dz) of cascade c at world point `at`, choppiness 1, box-filtered
// to the breaking length: the mip level whose texels span it (level 0 where the cascade's
// texels are already longer). Cascades whose waves are all shorter average out to nothing,
// and the result does not depend on the grid size once the grid resolves that length.
vec3 jacobian_at(vec2 at, int c) {
  float cell = uPatch[c] / float(uN);
  float lod = max(log2(uBreakingLength / cell), 0.0);
  vec3 uv = vec3(at / uPatch[c] + 0.5 / float(uN), float(c));
  vec2 d = textureLod(uDerivativesMap, uv, lod).zw;
  float xz = textureLod(uDisplacementMap, uv, lod).w;
  return vec3(d, xz) * uInvChoppiness;
}

// How hard the whole sea breaks at texel p of cascade c, times the cascade's share of it.
float injection(ivec2 p, int c) {
  // The whole sea at this point: the other cascades sampled where it lies in theirs.
  vec2 at = vec2(p) * (uPatch[c] / float(uN));
  vec3 js[4];
  vec3 sum = vec3(0.0);
  for (int o = 0; o < uCascades; ++o) {
    js[o] = jacobian_at(at, o);
    sum += js[o];
  }
  vec3 breaking = foam_breaking(sum);
  float total = 0.0;
  for (int o = 0; o < uCascades; ++o) total += foam_compression(js[o], breaking.yz);
  float share = total > 0.0 ? foam_compression(js[c], breaking.yz) / total : 1.0 / float(uCascades);
  return breaking.x * share;
}

// The other cascades do not repeat with this one's patch, so the sea at the patch's far edge is
// not the sea beside its near edge, where the renderer repeats the map. Near the far edge a point
// takes, with a probability rising smoothly to 1 at the edge, the injection of the point one
// patch back (before texel 0) instead of its own, so that at the edge it is the injection at
// texel 0 and the map is periodic. The choice is fixed per point (a hash), and the stretch spans
// two breaking lengths (the injection changes over half of one) within 1/16 of the patch.
// Choosing keeps every point's injection one the sea makes, so whitecap coverage is unbiased and
// a point computes one injection, where blending the two would lower the calibrated coverage and
// compute two.
float periodic_injection(ivec2 p, int c, float cell) {
  float width = clamp(2.0 * uBreakingLength / cell, 2.0, float(uN) / 16.0);
  vec2 a = smoothstep(vec2(float(uN) - width), vec2(float(uN)), vec2(p));
  // Hashed where the map repeats, so the point at the edge and the one at 0 choose alike along
  // the other axis.
  uint h = pcg4d(uvec4(uvec2(p % uN), uint(c), 0u)).x;
  vec2 u = vec2(float(h & 0xffffu), float(h >> 16u)) / 65536.0;  // in [0, 1)
  ivec2 back = ivec2(lessThan(u, a));  // a = 1 at the edge: always back there
  return injection(p - back * uN, c);
}

#endif
