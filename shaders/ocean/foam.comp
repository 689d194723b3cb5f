#version 430 core
// SPDX-License-Identifier: MIT
// The foam pass (ocean/foam.glsl): after the displacement and derivative maps and their mip
// chains are built, and from Whitecaps::kInjectionPassFrom (src/ocean/whitecaps.h) on after the
// injection pass (ocean/foam_injection.comp). It reads every cascade, so it works the same after
// the fused column pass, which sees one cascade only. It also makes levels 1-4 of the
// foam-and-slopes map from the texels it has just written (the rest of that chain is a small
// dispatch after it). z = cascade.
// Defines: INJECTION_GRID (1: the injection pass made every layer's injection grid).
#include "ocean/common.glsl"
#include "ocean/foam.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
// Level 0, written whole: (active whitecap coverage, hx^2, hz^2, residual foam coverage), the
// slope moments from the derivatives map.
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
#include "ocean/injection.glsl"
// The injection comes from the sea filtered to the breaking length, so it changes over half that
// length at the fastest: where a layer's texels are shorter it is computed every uStride[c]
// texels and interpolated bilinearly (src/ocean/whitecaps.cpp, injection_stride), which saves
// fetching every cascade at every texel of the fine layers.
uniform int uStride[4];
#if INJECTION_GRID
// From ocean/foam_injection.comp: layer c's grid, (uN / uStride[c])^2 points from
// uGridOffset[c], repeating with the patch.
layout(std430, binding = 1) readonly buffer Injection { float grid[]; };
uniform int uGridOffset[4];

float injection_at(ivec2 p, int c, float cell) {
  int s = uStride[c], m = uN / s, base = uGridOffset[c];
  ivec2 g = p / s;
  if (s == 1) return grid[base + g.y * m + g.x];
  ivec2 h = (g + 1) % m;
  vec2 f = vec2(p - g * s) / float(s);
  return mix(mix(grid[base + g.y * m + g.x], grid[base + g.y * m + h.x], f.x),
             mix(grid[base + h.y * m + g.x], grid[base + h.y * m + h.x], f.x), f.y);
}
#else
// Computed here: per texel where the stride is 1, else at the grid's points inside the tile,
// which the tiles that meet there compute alike. A call of every invocation of the group.
shared float sInjection[9][9];

float injection_at(ivec2 p, int c, float cell) {
  int s = uStride[c];
  float inject;
  if (s == 1) {
    inject = periodic_injection(p, c, cell);
  } else {  // the same for the whole group (one layer), so its barrier is allowed
    ivec2 l = ivec2(gl_LocalInvocationID.xy);
    int n = 16 / s;  // intervals per tile side
    if (l.x <= n && l.y <= n)
      sInjection[l.y][l.x] = periodic_injection(ivec2(gl_WorkGroupID.xy) * 16 + l * s, c, cell);
    barrier();
    ivec2 g = l / s;
    vec2 f = vec2(l - g * s) / float(s);
    inject = mix(mix(sInjection[g.y][g.x], sInjection[g.y][g.x + 1], f.x),
                 mix(sInjection[g.y + 1][g.x], sInjection[g.y + 1][g.x + 1], f.x), f.y);
  }
  return inject;
}
#endif

void main() {
  // N is a multiple of the group size (a power of two >= 64): every invocation has a texel, and
  // none may leave before the tile's barriers.
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  ivec2 l = ivec2(gl_LocalInvocationID.xy);
  int c = texel.z;
  float cell = uPatch[c] / float(uN);
  float inject = injection_at(texel.xy, c, cell);
  vec2 state = foam_update(texel.xy, c, uN, cell, inject);
  imageStore(uFoamNext, texel, vec4(state, 0.0, 0.0));
  // The slope moments (hx^2, hz^2): their mip levels are the slope variance each level
  // averages away, which the renderer adds back as roughness.
  vec2 slope = texelFetch(uDerivativesMap, texel, 0).xy;
  vec4 t = vec4(state.x, slope.x * slope.x, slope.y * slope.y, state.y);
  imageStore(uFoamSlopes, texel, t);
  mip_tile_reduce(t, l, ivec2(gl_WorkGroupID.xy), c, 4, uN);
}
