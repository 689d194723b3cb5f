#version 430 core
// The foam pass (ocean/foam.glsl): after the displacement and derivative maps and their mip
// chains are built. It also makes levels 1-4 of the foam-and-slopes map from the texels it has
// just written (the rest of that chain is a small dispatch after it). z = cascade. Reads every
// cascade, so it works the same after the fused column pass, which sees one cascade only.
#include "ocean/common.glsl"
#include "ocean/foam.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
// Level 0, written whole: the foam, and the slope moments from the derivatives map.
layout(binding = 0, rgba32f) uniform writeonly image2DArray uFoamSlopes;
layout(binding = 1, rg32f) uniform writeonly image2DArray uFoamNext;
layout(binding = 2, rgba32f) uniform writeonly image2DArray uFoamSlopes1;  // levels 1-4
layout(binding = 3, rgba32f) uniform writeonly image2DArray uFoamSlopes2;
layout(binding = 4, rgba32f) uniform writeonly image2DArray uFoamSlopes3;
layout(binding = 5, rgba32f) uniform writeonly image2DArray uFoamSlopes4;
#define MIP_TILE_STORE(k, at, value)                    \
  if (k == 1) imageStore(uFoamSlopes1, at, value);      \
  else if (k == 2) imageStore(uFoamSlopes2, at, value); \
  else if (k == 3) imageStore(uFoamSlopes3, at, value); \
  else imageStore(uFoamSlopes4, at, value)
#include "ocean/mip_tile.glsl"
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
// a point computes one injection: blending the two instead lowered the calibrated coverage
// 8-13 % (the test's 128^2 grids, four layers each with its band) and cost the pass 3-22 % on an
// H100; choosing costs it 3-5 %.
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

shared float sInjection[9][9];

void main() {
  // N is a multiple of the group size (a power of two >= 64): every invocation has a texel, and
  // none may leave before the tile's barriers.
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  ivec2 l = ivec2(gl_LocalInvocationID.xy);
  int c = texel.z;
  float cell = uPatch[c] / float(uN);
  // The injection comes from the sea filtered to the breaking length, so it changes over half
  // that length at the fastest. Where the cascade's texels are shorter it is computed every s
  // texels (s a power of two, 2..16, the same for the whole layer), at points the tiles that
  // meet there compute alike, and interpolated bilinearly: fetching every cascade at every
  // texel of the fine layers was 40-60 % of this pass.
  int s = int(clamp(exp2(floor(log2(0.5 * uBreakingLength / cell))), 1.0, 16.0));
  float inject;
  if (s == 1) {
    inject = periodic_injection(texel.xy, c, cell);
  } else {
    int n = 16 / s;  // intervals per tile side
    if (l.x <= n && l.y <= n)
      sInjection[l.y][l.x] = periodic_injection(ivec2(gl_WorkGroupID.xy) * 16 + l * s, c, cell);
    barrier();
    ivec2 g = l / s;
    vec2 f = vec2(l - g * s) / float(s);
    inject = mix(mix(sInjection[g.y][g.x], sInjection[g.y][g.x + 1], f.x),
                 mix(sInjection[g.y + 1][g.x], sInjection[g.y + 1][g.x + 1], f.x), f.y);
  }
  vec2 state = foam_update(texel.xy, c, uN, cell, inject);
  imageStore(uFoamNext, texel, vec4(state, 0.0, 0.0));
  // The slope moments (hx^2, hz^2, hx hz): their mip levels are the slope variance each level
  // averages away, which the renderer adds back as roughness.
  vec2 slope = texelFetch(uDerivativesMap, texel, 0).xy;
  vec4 t = vec4(min(state.x + state.y, 1.0), slope.x * slope.x, slope.y * slope.y, slope.x * slope.y);
  imageStore(uFoamSlopes, texel, t);
  mip_tile_reduce(t, l, ivec2(gl_WorkGroupID.xy), c, 4, uN);
}
