// Turns the inverse FFT's fields into the maps the renderer samples (layouts in
// src/ocean/simulation.h); foam is ocean/foam.comp's own pass, after this. Shared by
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

// f: the eight real fields (Field in src/ocean/simulation.h) at `texel` (z = cascade).
void assemble_fields(ivec3 texel, float f[8]) {
  float lambda = uChoppiness;
  float jxx = lambda * f[5], jzz = lambda * f[6], jxz = lambda * f[7];
  imageStore(uDisplacement, texel, vec4(lambda * f[0], f[1], lambda * f[2], jxz));
  imageStore(uDerivatives, texel, vec4(f[3], f[4], jxx, jzz));
}

// The packed layout: plane 0 = (f0, f1, f2, f3), plane 1 = (f4, f5, f6, f7).
void assemble_packed(ivec3 texel, vec4 p0, vec4 p1) {
  float f[8] = float[8](p0.x, p0.y, p0.z, p0.w, p1.x, p1.y, p1.z, p1.w);
  assemble_fields(texel, f);
}

#endif
