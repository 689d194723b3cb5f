// SPDX-License-Identifier: MIT
// Foam shading, included by render/ocean.frag. The simulation gives two coverages per point,
// each the fraction of the area it covers (ocean/foam.glsl): the active whitecaps and the
// residual film with its streaks. Here they become an opacity with a procedural texture below
// the maps' texels: active foam bright, nearly opaque and bubbly; residual foam a translucent
// lace that breaks up as it thins. No thresholds: each coverage places its white area where a
// noise pattern is highest, through a ramp as wide as the pattern is sharp, and the pattern's
// octaves fade to their mean as the pixel's footprint outgrows them, so far away the opacity
// is the coverage itself and nothing shimmers. The pattern is computed, not fetched: it does
// not repeat, and it has no cells.
#ifndef RENDER_FOAM_GLSL
#define RENDER_FOAM_GLSL

uint foam_hash(ivec2 p, uint seed) {
  uint h = uint(p.x) * 0x8da6b343u ^ uint(p.y) * 0xd8163841u ^ seed * 0xcb1ab31fu;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}

// Value noise in [0, 1] on a unit lattice, quintic-interpolated (no creases along the lattice).
float foam_value_noise(vec2 x, uint seed) {
  vec2 i = floor(x), f = x - i;
  ivec2 c = ivec2(i);
  vec2 s = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  float a = float(foam_hash(c, seed) >> 8) * (1.0 / 16777216.0);
  float b = float(foam_hash(c + ivec2(1, 0), seed) >> 8) * (1.0 / 16777216.0);
  float d = float(foam_hash(c + ivec2(0, 1), seed) >> 8) * (1.0 / 16777216.0);
  float e = float(foam_hash(c + ivec2(1, 1), seed) >> 8) * (1.0 / 16777216.0);
  return mix(mix(a, b, s.x), mix(d, e, s.x), s.y);
}

// How much of an octave of lattice cell `cell` metres a pixel of footprint `foot` metres still
// resolves: 1 while a cell spans two pixels or more, 0 once it is under one.
float foam_octave_weight(float cell, float foot) {
  return 1.0 - smoothstep(0.5, 1.0, foot / cell);
}

// fBm at `p` (metres, already stretched as wanted) from lattice cell `cell0` down by halves,
// `octaves` of them, each faded to its mean 0.5 by the footprint. Returns the value (mean 0.5)
// in x and how much of its contrast is left in y (0..1).
vec2 foam_fbm(vec2 p, float cell0, int octaves, float foot, uint seed) {
  float sum = 0.0, norm = 0.0, kept = 0.0, amp = 1.0, cell = cell0;
  // Each octave is turned by an irrational angle so the lattices never line up.
  const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
  for (int o = 0; o < octaves; ++o) {
    float w = foam_octave_weight(cell, foot);
    float v = w > 0.0 ? foam_value_noise(p / cell, seed + uint(o)) : 0.5;
    sum += amp * mix(0.5, v, w);
    kept += amp * w;
    norm += amp;
    p = turn * p + vec2(17.3, 5.9);
    amp *= 0.6;
    cell *= 0.5;
  }
  return vec2(sum / norm, kept / norm);
}

// The area fraction `q` of the surface placed where `pattern` (mean 0.5, contrast `kept`) is
// highest, through a soft ramp: its mean over the pattern stays q whatever the contrast left,
// and where the pattern has none left it is q itself.
float foam_place(float q, float pattern, float kept) {
  q = clamp(q, 0.0, 1.0);
  if (q <= 0.0 || q >= 1.0 || kept <= 1e-3) return q;
  // The pattern in units of its own spread (fBm of these weights: about 0.1 times the contrast
  // kept), against the level that a share q of a normal variable exceeds (the logistic
  // approximation of its quantile); the ramp is symmetric about it, so the share is kept.
  float z = (pattern - 0.5) / (0.1 * kept);
  float level = log((1.0 - q) / q) / 1.702;
  float placed = smoothstep(level - 0.5, level + 0.5, z);
  return mix(q, placed, kept);
}

// The pixel's foam opacity from the summed active and residual coverages at world point
// `plane` (the maps' Lagrangian coordinates, so the texture rides with the water), the pixel's
// footprint `foot` in metres, the wind's unit direction `wind` (x, z) and the pattern's largest
// cell `size` in metres.
// Returns (opacity of the active foam, opacity of the film).
vec2 foam_opacity(float white, float residual, vec2 plane, float foot, vec2 wind, float size) {
  vec2 along = vec2(dot(plane, wind), dot(plane, vec2(-wind.y, wind.x)));
  // Whitecaps: blotches of a few metres with ragged edges, and holes of bubbles down to 4 cm.
  vec2 blotch = foam_fbm(along * vec2(0.7, 1.0), size, 7, foot, 11u);
  float a = foam_place(white, blotch.x, blotch.y);
  vec2 bubbles = foam_fbm(along, size / 12.0, 3, foot, 23u);
  a *= 1.0 - 0.35 * smoothstep(0.35, 0.2, bubbles.x) * bubbles.y;
  // The film: a lace drawn out along the wind (its cells 4 times longer along it) that thins
  // into threads and islands and then breaks up as its coverage falls.
  vec2 lace = foam_fbm(along * vec2(0.25, 1.0), size / 2.0, 6, foot, 37u);
  float r = foam_place(residual, lace.x, lace.y);
  // Thin film lets the water show through; where it is thick it is nearly as white as a crest.
  float film = r * mix(0.45, 0.9, clamp(residual * 1.5, 0.0, 1.0));
  return vec2(clamp(a, 0.0, 1.0), film);
}

#endif
