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
// and where the pattern has none left it is q itself. As the footprint filters the pattern's
// detail away its edges soften and its contrast fades, so what is left of it at the pixel's
// scale never turns into hard-edged flakes.
float foam_place(float q, float pattern, float kept) {
  q = clamp(q, 0.0, 1.0);
  if (q <= 0.0 || q >= 1.0 || kept <= 1e-3) return q;
  // The pattern in units of its own spread (fBm of these weights: about 0.1 times the contrast
  // kept), against the level that a share q of a normal variable exceeds (the logistic
  // approximation of its quantile); the ramp is symmetric about it, so the share is kept.
  float z = (pattern - 0.5) / (0.1 * kept);
  float level = log((1.0 - q) / q) / 1.702;
  float soft = 0.8 / max(kept, 0.25);
  float placed = smoothstep(level - soft, level + soft, z);
  return mix(q, placed, kept * kept);
}

// Cellular noise: one feature point per unit cell, jittered uniformly, F1 and F2 the distances
// to the nearest and second nearest. F2 - F1 is small along the cells' borders: a network of
// walls like those between the bubbles of a raft of foam.
vec2 foam_cells(vec2 x, uint seed) {
  vec2 i = floor(x);
  ivec2 c = ivec2(i);
  float f1 = 8.0, f2 = 8.0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      ivec2 k = c + ivec2(dx, dy);
      uint h = foam_hash(k, seed);
      vec2 jitter = vec2(float(h & 0xffffu), float(h >> 16)) * (1.0 / 65536.0);
      vec2 d = i + vec2(dx, dy) + jitter - x;
      float r = dot(d, d);
      if (r < f1) {
        f2 = f1;
        f1 = r;
      } else if (r < f2) {
        f2 = r;
      }
    }
  return sqrt(vec2(f1, f2));
}

// The level of F2 - F1 under which a fraction q of the plane lies (its quantiles at q = 0,
// 1/16, ..., 1, sampled from this noise), so the walls drawn up to it cover q of the area.
float foam_wall_level(float q) {
  const float kQuantile[17] = float[17](0.0, 0.0250, 0.0507, 0.0773, 0.1048, 0.1339, 0.1640,
                                        0.1959, 0.2294, 0.2654, 0.3038, 0.3469, 0.3960, 0.4527,
                                        0.5241, 0.6275, 1.2006);
  float x = clamp(q, 0.0, 1.0) * 16.0;
  int k = min(int(x), 15);
  return mix(kQuantile[k], kQuantile[k + 1], x - float(k));
}

// The walls of cells of `cell` metres (coordinates already stretched) covering a fraction q of
// the area on the whole, their edges one pixel soft; faded to q itself as the cells shrink
// under the pixel. One smooth noise of about three cells both bends the cells along a slant
// and varies the walls' share around q, so the net has no regular polygons: some walls thicken
// into sheets, others thin out and vanish.
float foam_walls(vec2 p, float cell, float q, float foot, uint seed) {
  float w = foam_octave_weight(cell, foot);
  if (w <= 0.0 || q <= 0.0 || q >= 1.0) return q;
  vec2 x = p / cell;
  float n = foam_value_noise(x * 0.35, seed + 101u);
  vec2 f = foam_cells(x + vec2(2.4, 1.6) * (n - 0.5), seed);
  float local = clamp(q * (0.2 + 1.6 * n), 0.0, 1.0);
  // F2 - F1 changes by up to 2 per cell across a wall: a pixel spans 2 foot / cell of it.
  float soft = max(2.0 * foot / cell, 0.02);
  float level = foam_wall_level(local);
  float walls = 1.0 - smoothstep(level - soft, level + soft, f.y - f.x);
  return mix(q, walls, w);
}

// Threads along the level lines of an fBm of cells of `cell` metres (coordinates already
// stretched), covering a fraction q of the area: where the pattern lies within t of its mean,
// t the level that a share q of a normal variable's magnitude stays under. Level lines wind and
// branch without polygons, as the streaks and marbling of foam on the water do; as q grows they
// thicken into sheets with holes. Their edges soften and their contrast fades as the footprint
// filters the detail away, down to q itself.
float foam_threads(vec2 p, float cell, float q, float foot, uint seed) {
  if (q <= 0.0 || q >= 1.0) return q;
  vec2 f = foam_fbm(p, cell, 2, foot, seed);
  if (f.y <= 1e-3) return q;
  float z = abs(f.x - 0.5) / (0.1 * f.y);
  float t = log((1.0 + q) / (1.0 - q)) / 1.702;
  float soft = 0.3 / max(f.y, 0.25);
  float threads = 1.0 - smoothstep(t - soft, t + soft, z);
  return mix(q, threads, f.y * f.y);
}

// One cascade's coverage q, varied by the noise value n (mean 0.5): the whitecaps a cascade
// makes repeat with its patch, and from the air a cascade of a few tens to hundreds of metres
// prints them as a lattice. The wind is gustier than that in any case, and whitecaps come and go
// with the gusts, so each copy of the patch gets more or fewer of them: a factor of mean 1 (0 to
// 2), acting less where the coverage is high so that its mean is kept and it never exceeds 1.
float foam_vary(float q, float n) {
  float g = clamp(1.0 + 4.0 * (n - 0.5), 0.0, 2.0);
  return q * mix(1.0, g, 1.0 - clamp(q, 0.0, 1.0));
}

// The pixel's foam opacity from the summed active and residual coverages at world point
// `plane` (the maps' Lagrangian coordinates, so the texture rides with the water), the pixel's
// footprint `foot` in metres, the wind's unit direction `wind` (x, z), the pattern's largest
// cell `size` in metres, and how much longer along the wind than across it the pattern is drawn,
// `stretch` (2 in a breeze, more in a gale: the foam lies in streaks).
// Returns (opacity of the active foam, opacity of the film, brightness of the active foam
// relative to its mean).
vec3 foam_opacity(float white, float residual, vec2 plane, float foot, vec2 wind, float size,
                  float stretch) {
  white = clamp(white, 0.0, 1.0);
  residual = clamp(residual, 0.0, 1.0);
  if (white + residual <= 1e-3) return vec3(0.0, 0.0, 1.0);
  vec2 along = vec2(dot(plane, wind), dot(plane, vec2(-wind.y, wind.x)));
  // Whitecaps: blotches of a few metres with ragged edges, holding the same share of the area
  // as the coverage; inside them a raft of bubbles of decimetres, brightest along their walls,
  // greyer and thinner in their middles where the water shows through. The same blotches hold
  // the film's islands, so the film trails the crests that shed it.
  vec2 blotch = foam_fbm(along * vec2(1.0 / stretch, 1.0), size, 5, foot, 11u);
  float a = 0.0, shade = 1.0, film = 0.0;
  if (white > 1e-3) {
    a = foam_place(white, blotch.x, blotch.y);
    float raft = foam_walls(along, size / 8.0, 0.45, foot, 23u);
    // The walls' deviations from their mean: far away, where the bubbles fade, the opacity is
    // the placed coverage and the brightness the foam's mean.
    a *= 1.0 + 0.35 * (raft - 0.45);
    shade = clamp(1.0 + 1.1 * (raft - 0.45), 0.4, 1.4);
  }
  if (residual > 1e-3) {
    // The film: threads drawn out along the wind (twice as long as the islands are), in islands that
    // break up as the film thins. The islands take sqrt(q) of the area and the threads sqrt(q)
    // of each island, so the film covers q on the whole; both are 1 where q is.
    float share = sqrt(residual);
    // Long threads, and a lace of bubble walls between them, each covering q1 so that together
    // they cover the share.
    float q1 = 1.0 - sqrt(1.0 - share);
    float coarse = foam_threads(along * vec2(0.5 / stretch, 1.0), size / 2.0, q1, foot, 41u);
    float small = foam_walls(along * vec2(1.0 / stretch, 1.0), size / 16.0, q1, foot, 43u);
    float r = foam_place(share, blotch.x, blotch.y) * (1.0 - (1.0 - coarse) * (1.0 - small));
    // Thin film lets the water show through; where it is thick it is nearly as white as a
    // crest.
    film = r * mix(0.5, 0.85, residual);
  }
  return vec3(clamp(a, 0.0, 1.0), film, shade);
}

#endif
