// SPDX-License-Identifier: MIT
// The smooth noise that varies each cascade's foam (render/foam.glsl's foam_vary) and moves its
// residual film, fetched per pixel by render/ocean.frag.
#ifndef RENDER_FOAM_NOISE_GLSL
#define RENDER_FOAM_NOISE_GLSL

// `noise` holds `size`^2 random texels, filtered and repeating; one texel spans the cascade's
// patch, `tile` metres, so each copy of the patch meets other values. Turned and offset
// differently per cascade, so the cascades' noise never lines up. At mip level `lod` (where a
// pixel spans more than a patch) it fades to its mean 0.5, where nothing is varied.
vec4 foam_noise(sampler2D noise, float size, vec2 plane, float tile, int cascade, float lod) {
  const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
  vec2 x = turn * plane / tile + vec2(37.1, 11.3) * float(cascade + 1);
  return textureLod(noise, x / size, lod);
}

// How far the residual film of a cascade of patch `tile` metres is moved, from the noise's first
// two channels: up to 0.4 of the patch, so that each copy of the patch shows its streaks in
// another place. The film has left the crests that shed it and drifts with the surface, so it
// need not stay on them; the active whitecaps are not moved. The noise is bilinear, so the
// shift's gradient stays under 0.8: the film is bent, never folded.
vec2 foam_film_shift(vec4 n, float tile) {
  return (n.xy - 0.5) * (0.8 * tile);
}

#endif
