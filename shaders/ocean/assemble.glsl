// SPDX-License-Identifier: MIT
// Turns the inverse FFT's fields into the maps the renderer samples (layouts in
// src/ocean/params.h); foam is ocean/foam.comp's own pass, after this. Shared by
// ocean/assemble.comp (its own pass) and ocean/fused_columns.comp (inside the FFT's last pass).
// Identifiers here must not be the FFT's one-letter defines (N, P, T, L, ...): the fused pass
// includes this file after them.
#ifndef OCEAN_ASSEMBLE_GLSL
#define OCEAN_ASSEMBLE_GLSL

// The foam-and-slopes map is the foam pass's alone (it reads every cascade, so it cannot run
// here): it squares the slopes it loads from the derivatives, which costs this pass a third of
// its writes less than storing them here for the foam pass to load back.
layout(binding = 2, rgba32f) uniform writeonly image2DArray uDisplacement;
layout(binding = 3, rgba32f) uniform writeonly image2DArray uDerivatives;

uniform float uChoppiness;

// f: the eight real fields (Field in src/ocean/params.h) at `texel` (z = cascade); the
// texels stored, for level 1.
void assemble_fields(ivec3 texel, float f[8], out vec4 displacement, out vec4 derivatives) {
  float lambda = uChoppiness;
  float jxx = lambda * f[5], jzz = lambda * f[6], jxz = lambda * f[7];
  displacement = vec4(lambda * f[0], f[1], lambda * f[2], jxz);
  derivatives = vec4(f[3], f[4], jxx, jzz);
  imageStore(uDisplacement, texel, displacement);
  imageStore(uDerivatives, texel, derivatives);
}

// The packed layout: plane 0 = (f0, f1, f2, f3), plane 1 = (f4, f5, f6, f7).
void assemble_packed(ivec3 texel, vec4 p0, vec4 p1, out vec4 displacement, out vec4 derivatives) {
  float f[8] = float[8](p0.x, p0.y, p0.z, p0.w, p1.x, p1.y, p1.z, p1.w);
  assemble_fields(texel, f, displacement, derivatives);
}

#if LEVEL1
// Level 1 of both maps, where a work group holds whole 2 x 2 quads of level 0: the mip rounds
// then start from a quarter of the texels (src/ocean/mip_chain.cpp). The includer
// defines the group's exchange, level1_put/get: a vec4 per invocation, at its slot.
layout(binding = 4, rgba32f) uniform writeonly image2DArray uDisplacement1;
layout(binding = 5, rgba32f) uniform writeonly image2DArray uDerivatives1;
void level1_put(int slot, vec4 v);
vec4 level1_get(int slot);

// One map's round: every invocation of the group calls it with its texel's value at slot i;
// the texels at x + 1, y + 1 and both are at slots i + dx, i + dy and i + dx + dy, and the
// quad's first invocation (`first`) gets their mean.
vec4 quad_mean(vec4 v, int i, int dx, int dy, bool first) {
  barrier();  // the previous round's readers are done
  level1_put(i, v);
  barrier();
  return first ? 0.25 * (level1_get(i) + level1_get(i + dx) + level1_get(i + dy) +
                         level1_get(i + dx + dy))
               : v;
}

// Stores level 1 at texel / 2 from this texel's maps; a call of every invocation of the group.
// One map per round keeps the exchange slot one vec4 wide.
void store_level1(ivec3 texel, vec4 displacement, vec4 derivatives, int i, int dx, int dy) {
  bool first = ((texel.x | texel.y) & 1) == 0;
  vec4 d = quad_mean(displacement, i, dx, dy, first);
  vec4 e = quad_mean(derivatives, i, dx, dy, first);
  if (first) {
    ivec3 half_texel = ivec3(texel.xy >> 1, texel.z);
    imageStore(uDisplacement1, half_texel, d);
    imageStore(uDerivatives1, half_texel, e);
  }
}
#endif

#endif
