// SPDX-License-Identifier: MIT
// Foam shading, included by render/ocean.frag. The simulation gives two coverages per point,
// each the fraction of the area it covers (ocean/foam.glsl): the active whitecaps and the
// residual film with its streaks. Here they become an opacity with a procedural texture below
// the maps' texels: active foam bright, nearly opaque and bubbly; residual foam a translucent
// film of winding threads that breaks up as it thins. No thresholds: each coverage places its
// white area where a noise pattern is highest, through a ramp as wide as the pattern is sharp,
// and the pattern's octaves fade to their mean as the pixel's footprint outgrows them, so
// nothing shimmers: far away the film's opacity is its coverage itself, while the whitecaps'
// blotches grow coarser octaves with the footprint and stay patches (foam_blotches). The
// pattern is computed, not fetched: it does not repeat, and no lattice shows in it.
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

// Each octave is turned by an irrational angle from the last so the lattices never line up.
const mat2 kFoamTurn = mat2(0.8, 0.6, -0.6, 0.8);

// The octaves of an fBm at `p` (metres, already stretched as wanted) from lattice cell `cell0`
// down by halves, `octaves` of them, each of amplitude 0.6 of the one before and faded to its
// mean 0.5 by the footprint with weight w. Returns the sums over the octaves of amp w (v - 0.5),
// amp w, (amp w)^2 and amp.
// `tail` gets the same sums over the octaves from `split` on, `steep` the sum of
// (amp w / cell)^2, from which the pattern's slope follows (foam_blotches).
vec4 foam_fbm_sums(vec2 p, float cell0, int octaves, float foot, uint seed, int split, out vec4 tail,
                   out float steep) {
  vec4 sums = vec4(0.0);
  tail = vec4(0.0);
  steep = 0.0;
  float amp = 1.0, cell = cell0;
  for (int o = 0; o < octaves; ++o) {
    float w = foam_octave_weight(cell, foot);
    vec4 add = vec4(0.0, 0.0, 0.0, amp);
    if (w > 0.0) {
      float aw = amp * w;
      add.xyz = vec3(aw * (foam_value_noise(p / cell, seed + uint(o)) - 0.5), aw, aw * aw);
      steep += (aw / cell) * (aw / cell);
    }
    sums += add;
    if (o >= split) tail += add;
    p = kFoamTurn * p + vec2(17.3, 5.9);
    amp *= 0.6;
    cell *= 0.5;
  }
  return sums;
}

// That fBm's value (mean 0.5) in x and how much of its contrast is left in y (0..1).
vec2 foam_fbm(vec2 p, float cell0, int octaves, float foot, uint seed) {
  vec4 tail;
  float steep;
  vec4 s = foam_fbm_sums(p, cell0, octaves, foot, seed, octaves, tail, steep);
  return vec2(0.5 + s.x / s.w, s.y / s.w);
}

// Levels of the patterns below for a share q, from their quantiles (sampled once from this
// very noise at 17 shares: value noise is flatter than a normal variable, and its spread
// depends on the octaves), fitted by polynomials in s: error under 0.004, a tenth of the
// spacing of the samples. Polynomials rather than table lookups: an indexed array in a
// fragment shader may live in slow local memory. s runs from -1 to 1, finer towards q = 0
// and 1, where the tails change fastest; the fits hold for |s| <= 0.875 and the last eighth
// to either end is linear to the extreme sample.
float foam_tail_index(float q) {
  q = clamp(q, 0.0, 1.0);
  return q < 0.5 ? sqrt(2.0 * q) - 1.0 : 1.0 - sqrt(2.0 * (1.0 - q));
}
float foam_ends(float s, float fit_lo, float end_lo, float fit_hi, float end_hi) {
  return s < 0.0 ? mix(fit_lo, end_lo, (-s - 0.875) * 8.0) : mix(fit_hi, end_hi, (s - 0.875) * 8.0);
}
// The five-octave fBm's deviation from its mean that a share q of the plane exceeds.
float foam_place_level(float q) {
  float s = foam_tail_index(q);
  if (abs(s) > 0.875) return foam_ends(s, 0.2777, 0.4444, -0.2778, -0.4648);
  float s2 = s * s;
  return -s * (0.303647 - s2 * (0.084873 - 0.134258 * s2));
}
// The two-octave fBm's distance from its mean that a share q of the plane stays under.
float foam_thread_level(float q) {
  float s = foam_tail_index(q);
  if (abs(s) > 0.875) return foam_ends(s, 0.0016, 0.0, 0.3905, 0.4925);
  return 0.119403 + s * (0.246500 + s * (0.092512 + s * (-0.094344 + s * (-0.020763 +
         s * (0.081763 + s * 0.040084)))));
}

// The area fraction `q` of the surface placed where `pattern` (foam_fbm of five octaves: mean
// 0.5, contrast `kept`) is highest, through a soft ramp: where the pattern has no contrast
// left it is q itself. As the footprint filters the pattern's detail away its edges soften
// and its contrast fades, so what is left of it at the pixel's scale never turns into
// hard-edged flakes.
// `blur`: the ramp's least half-width in the pattern's deviation, for detail the pixel no
// longer resolves. Returns the opacity in x and in y how far inside the placed area the point
// lies, in the pattern's deviation above the level as far as the pixel resolves it (< 0 outside).
vec2 foam_place_depth(float q, float pattern, float kept, float blur) {
  q = clamp(q, 0.0, 1.0);
  // A fully covered point lies deep inside. Where the pattern has faded, the depth is half
  // the 0.1 over which the foam's brightness rises from its rim (foam_opacity), which keeps
  // that brightness at its mean.
  if (q <= 0.0 || q >= 1.0) return vec2(q, q >= 1.0 ? 1.0 : -1.0);
  if (kept <= 1e-3) return vec2(q, 0.05);
  // The pattern's deviation at full contrast against the level a share q of it exceeds.
  float d = (pattern - 0.5) / kept;
  float level = foam_place_level(q);
  float soft = max(0.03 / max(kept, 0.25), blur);
  float placed = smoothstep(level - soft, level + soft, d);
  return vec2(mix(q, placed, kept * kept), (d - level) * kept * kept);
}
float foam_place(float q, float pattern, float kept) {
  return foam_place_depth(q, pattern, kept, 0.0).x;
}

// Bubbles: one per unit cell of the lattice, centred on a point jittered uniformly inside it,
// each with its own radius factor r from 0.4 to 1. m = min |x - c| / r over the nearest
// centres is the distance from the nearest bubble's centre in units of its size, so where m
// is small lies a bubble, round, and bubbles of many sizes pack between bright films that
// thicken where three meet: a raft of foam, never the straight-walled polygons of plain
// cellular noise. (Only the 3 x 3 nearest lattice cells are searched: with r >= 0.4 a
// farther one would change the pattern below on 0.02 % of the area.) Returns (m, the nearest
// bubble's r).
vec2 foam_bubbles(vec2 x, uint seed) {
  vec2 i = floor(x);
  ivec2 c = ivec2(i);
  float m2 = 64.0, rn = 1.0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      ivec2 k = c + ivec2(dx, dy);
      uint h = foam_hash(k, seed);
      vec2 jitter = vec2(float(h & 0xffffu), float(h >> 16)) * (1.0 / 65536.0);
      float r = 0.4 + 0.6 * float((h * 0x9e3779b1u) >> 8) * (1.0 / 16777216.0);
      vec2 d = i + vec2(dx, dy) + jitter - x;
      float e = dot(d, d) / (r * r);
      if (e < m2) {
        m2 = e;
        rn = r;
      }
    }
  return vec2(sqrt(m2), rn);
}

// The level of m above which a fraction q of the plane lies (its quantiles at 17 shares,
// sampled from this field, fitted as above in s = 2 q - 1), so the films between the bubbles
// cover q of the area.
float foam_bubble_level(float q) {
  float s = 2.0 * clamp(q, 0.0, 1.0) - 1.0;
  if (abs(s) > 0.875) return foam_ends(s, 1.0504, 2.1366, 0.1959, 0.0);
  return 0.592433 + s * (-0.375140 + s * (-0.001549 + s * (-0.029348 + s * (0.054474 +
         s * -0.154660))));
}

// The films between bubbles of about `cell` metres (coordinates already stretched), covering a
// fraction q of the area on the whole, their edges one pixel soft; faded to q itself as the
// bubbles shrink under the pixel. One smooth noise of about three cells both bends the raft
// and varies the films' share around q, so in places the bubbles are packed and elsewhere
// they are wide and the films thin. `warped`: two more of about a cell and a half push each
// bubble out of round, for clusters of bubbles rather than bubbles, so that close up they are
// no field of discs.
float foam_raft(vec2 p, float cell, float q, float foot, uint seed, bool warped) {
  float w = foam_octave_weight(cell, foot);
  if (w <= 0.0 || q <= 0.0 || q >= 1.0) return q;
  vec2 x = p / cell;
  float n = foam_value_noise(x * 0.35, seed + 101u);
  vec2 warp = warped ? vec2(foam_value_noise(x * 0.7, seed + 102u), foam_value_noise(x * 0.7 + 37.0, seed + 103u)) - 0.5
                     : vec2(0.0);
  vec2 b = foam_bubbles(x + vec2(2.4, 1.6) * (n - 0.5) + 0.6 * warp, seed);
  float local = clamp(q * (0.2 + 1.6 * n), 0.0, 1.0);
  // m grows by 1 / r per lattice cell: a pixel spans foot / (cell r) of it.
  float soft = max(0.5 * foot / (cell * b.y), 0.01);
  float level = foam_bubble_level(local);
  return mix(q, smoothstep(level - soft, level + soft, b.x), w);
}

// Threads along the level lines of an fBm of cells of `cell` metres (coordinates already
// stretched), covering a fraction q of the area: where the pattern lies within t of its mean,
// t the level that a share q of its distance from the mean stays under. Level lines wind and
// branch without polygons, as the streaks and marbling of foam on the water do; as q grows they
// thicken into sheets with holes. Their edges soften and their contrast fades as the footprint
// filters the detail away. Returns the pattern (mean q) and how much of it shows (0..1): the
// opacity is mix(q, pattern, shown), q itself where the pixel resolves no thread.
vec2 foam_thread_parts(vec2 p, float cell, float q, float foot, uint seed) {
  if (q <= 0.0 || q >= 1.0) return vec2(q, 0.0);
  vec2 f = foam_fbm(p, cell, 2, foot, seed);
  if (f.y <= 1e-3) return vec2(q, 0.0);
  float z = (f.x - 0.5) / f.y;
  float t = foam_thread_level(q);
  // The share of the pixel the thread |z| < t covers, box-filtered over the pixel's span of z
  // (the fBm changes by about 0.62 per cell near its mean), so a thread thinner than a pixel
  // turns fainter rather than into a dotted line.
  float half_span = max(0.31 * foot / (cell * max(f.y, 0.25)), 1e-4);
  float threads = clamp((min(z + half_span, t) - max(z - half_span, -t)) / (2.0 * half_span),
                        0.0, 1.0);
  return vec2(threads, f.y * f.y);
}
float foam_threads(vec2 p, float cell, float q, float foot, uint seed) {
  vec2 t = foam_thread_parts(p, cell, q, foot, seed);
  return mix(q, t.x, t.y);
}

// The blotches' pattern: near the eye foam_fbm's five octaves from cells of `size` metres
// down by halves; as the pixel's footprint grows, coarser octaves of 2, 4, ... 64 times `size`
// join one by one, each faded in over a doubling of the footprint, while the fine ones fade
// out under it. A pattern that stopped at `size` would fade to its mean beyond a few metres of
// footprint, and the far sea's whitecaps would show the coverage maps' soft texels as a grey
// veil; with the coarse octaves the coverage keeps ragged white patches with dark water between
// them as far as the maps hold whitecaps. Each octave is fixed on the water (only the weights
// follow the footprint), so nothing swims as the eye moves. Returns the value (mean 0.5) and
// its contrast, as foam_fbm does, with the value spread as a five-octave fBm's so that
// foam_place's levels hold at every distance. The contrast is measured by the spread (standard
// deviation), not the share of the amplitudes: the faded fine octaves, weak as they are, lower
// the spread less. z: the contrast of the fine octaves alone, as foam_fbm's pattern would keep.
// `unresolved`: the share of the pattern's spread (standard deviation) in octaves the pixel
// no longer resolves, which the edges blur by. `slope`: how fast the value's deviation (as
// foam_place_depth reads it, (x - 0.5) / y) changes per metre across the pattern, the root
// mean square over the octaves the pixel resolves: a value noise's slope is about 0.49 of its
// range per cell, so each octave adds (0.49 w amp / cell)^2.
const int kFoamBlotchLevels = 6;
const float kFoamNoiseSlope = 0.49;
vec3 foam_blotches(vec2 p, float size, float foot, float lod_foot, uint seed, out vec2 mat,
                   out float unresolved, out float slope) {
  // The coarse octaves join while the largest cell spans fewer than four pixels, so about two
  // octaves stay resolved: enough for ragged patches with dark water between them, and no
  // coarser, because the pattern, not the maps, decides where inside its largest cell the white
  // lies, and over a view of few whitecaps cells of many pixels make the white the pattern's
  // draw rather than the maps' coverage. They follow `lod_foot`, the footprint's geometric
  // mean: at a grazing view the footprint is long along the view and narrow across it, and
  // cells grown to its length would lie on the sea as broad flat bands.
  float lod = clamp(log2(4.0 * lod_foot / size), 0.0, float(kFoamBlotchLevels));
  // The fine octaves are foam_fbm's: near the eye this is its pattern.
  vec4 tail;
  float steep;
  vec4 fine = foam_fbm_sums(p, size, 5, foot, seed, 2, tail, steep);
  // The last three octaves alone (cells of a quarter of `size` down to a sixteenth): a
  // three-octave fBm, its value (mean 0.5) and contrast as foam_fbm gives them.
  mat = vec2(0.5 + tail.x / tail.w, tail.y / tail.w);
  float sum = fine.x, var = fine.z;
  // What the footprint fades of each octave (the fine ones' and, below, the joined coarse
  // ones') is detail under the pixel: the variance amp^2 (1 - w^2) it takes away. The five
  // fine octaves' amp^2 sum to 1.5531.
  float hidden = max(1.5531 - fine.z, 0.0);
  // The coarse ones, turned the other way so that no lattice lines up with another.
  vec2 x = p;
  float amp = 1.0, cell = size;
  for (int k = 1; k <= kFoamBlotchLevels; ++k) {
    float join = clamp(lod - float(k - 1), 0.0, 1.0);
    if (join <= 0.0) break;
    x = transpose(kFoamTurn) * x + vec2(-7.1, 11.4);
    amp /= 0.6;
    cell *= 2.0;
    float resolved = foam_octave_weight(cell, foot);
    float w = join * resolved;
    hidden += join * join * amp * amp * (1.0 - resolved * resolved);
    if (w > 0.0) {
      sum += w * amp * (foam_value_noise(x / cell, seed + 100u + uint(k)) - 0.5);
      var += w * w * amp * amp;
      steep += (w * amp / cell) * (w * amp / cell);
    }
  }
  unresolved = sqrt(hidden / max(var + hidden, 1e-12));
  slope = 0.0;
  if (var <= 1e-12) return vec3(0.5, 0.0, 0.0);
  // A five-octave fBm's amplitudes sum to fine.w (2.3056) times its largest one, and its
  // spread is 1.2462 times that octave's. Near the eye (lod 0) the contrast is the share of that spread
  // the footprint leaves; once the coarse octaves have joined, the pattern is resolved
  // by construction, and its contrast is full. The value's deviation is the pattern's
  // standardised deviation times that contrast, so foam_place's levels hold either way.
  float spread = sqrt(var);
  slope = kFoamNoiseSlope * sqrt(steep) * (1.2462 / fine.w) / spread;
  float kept = max(min(spread / 1.2462, 1.0), clamp(lod, 0.0, 1.0));
  return vec3(0.5 + kept * sum * (1.2462 / fine.w) / spread, kept,
              min(sqrt(fine.z) / 1.2462, 1.0));
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

// The film's brightness at an island's edge and inside it, relative to its mean.
const float kFoamFilmRim = 0.75, kFoamFilmCore = 1.15;

// The film's opacity where it lies, from its coverage q: thin film lets the water show
// through; where it is thick it is nearly as white as a crest.
float foam_film_strength(float q) {
  return mix(0.3, 0.85, clamp(q, 0.0, 1.0));
}

// The pixel's foam opacity from the summed active and residual coverages at world point
// `plane` (the maps' Lagrangian coordinates, so the texture rides with the water), the pixel's
// footprint `feet` in metres along the screen's x and y (the detail fades by the longer), the
// wind's unit direction `wind` (x, z), the pattern's largest
// cell `size` in metres, and how much longer along the wind than across it the pattern is drawn,
// `stretch` (2 in a breeze, more in a gale: the foam lies in streaks), `near`, the
// pixel's footprint where the ray meets the water itself (metres, without the slant), which
// a wave's face close to the eye makes far smaller than `feet` on the flat sea, and `face`,
// that footprint stretched by the face's own slant.
// Returns (opacity of the active foam, opacity of the film, brightness of the active foam
// relative to its mean, brightness of the film relative to its mean).
vec4 foam_opacity(float white, float residual, vec2 plane, vec2 feet, vec2 wind, float size,
                  float stretch, float near, float face) {
  white = clamp(white, 0.0, 1.0);
  residual = clamp(residual, 0.0, 1.0);
  if (white + residual <= 1e-3) return vec4(0.0, 0.0, 1.0, 1.0);
  // Where the water's own footprint is well under the flat sea's (a wave's face near the eye,
  // seen far more squarely and nearer than the flat sea along the same ray), the patterns
  // show their detail down to it: a storm's face full of foam is then a lace with holes
  // rather than a uniform white sheet. Elsewhere the two differ little, and the flat sea's
  // footprint, which costs fewer octaves, is kept.
  float foot = max(feet.x, feet.y);
  feet = mix(feet, min(feet, vec2(face)), 1.0 - smoothstep(0.25, 0.5, face / max(foot, 1e-6)));
  foot = max(feet.x, feet.y);
  vec2 along = vec2(dot(plane, wind), dot(plane, vec2(-wind.y, wind.x)));
  // Whitecaps: blotches of a few metres with ragged edges, holding the same share of the area
  // as the coverage. Inside them the foam is a mat that tears open where it is thinnest, and on
  // the mat a raft of bubbles of a few centimetres, brightest along their films, greyer and
  // thinner in their middles where the water shows through. The same blotches hold the film's
  // islands, so the film trails the crests that shed it.
  vec2 stretched = along * vec2(1.0 / stretch, 1.0);
  vec2 mat;
  float unresolved, slope;
  vec3 blotch = foam_blotches(stretched, size, foot, sqrt(max(feet.x * feet.y, 0.0)), 11u, mat,
                              unresolved, slope);
  float a = 0.0, shade = 1.0, film = 0.0, film_shade = 1.0;
  if (white > 1e-3) {
    // The blotches' edges blur as their ragged detail falls under the pixel, by a part of the
    // unresolved octaves' spread (about 0.13 of the deviation per unit share): all of it, the
    // expected opacity of a pixel whose hidden detail could fall either way, smears the
    // patches along the wind like motion blur.
    // The edges are spread over about a pixel too, as a box filter over the pixel would draw
    // them, not in steps of one: the ramp's half-width is at least 0.75 of the pixel's span of
    // the pattern (a smoothstep that wide rises as steeply as the pixel's box-filtered edge).
    // The film's islands keep their own ramp: where the pixel resolves them their edges are
    // the threads', and spread that wide the islands' rims lose most of their grey.
    float edge = 0.75 * foot * slope;
    vec2 placed = foam_place_depth(white, blotch.x, blotch.y, max(0.1 * unresolved, edge));
    a = placed.x;
    // Foam is thickest inside a patch and thins to its edges: greyer at the rim, brighter
    // within, about the mean, as a whitecap's fresh core and its thinning margin are.
    float thickness = mix(0.875, 1.13, smoothstep(0.0, 0.1, placed.y));
    // Bubbles of 2 to 5 cm (cells of 5 cm at the default size of 3 m), about sea foam's
    // largest, where a pixel on the water is under 6 mm; from there to 12 mm the raft's
    // clusters of 6 to 15 cm take over, which a coarser pixel sees in place of the bubbles it
    // cannot resolve. Both are fixed on the water (only their weights follow the footprint),
    // so nothing swims. Clusters drawn nearer read as a hide's spots wherever a storm's
    // whitecaps fill the sea a metre or two from the eye.
    float clusters = smoothstep(size / 500.0, size / 250.0, min(near, foot));
    float raft = clusters < 1.0 ? foam_raft(along, size / 60.0, 0.45, foot, 23u, false) : 0.45;
    if (clusters > 0.0) raft = mix(raft, foam_raft(along, size / 20.0, 0.45, foot, 27u, true), clusters);
    // The mat's rifts: ragged holes of decimetres to a metre, drawn out along the wind, in a
    // fifth of it, where the water shows greyed by what foam is left (0.52 of the opacity);
    // the rest is a little more opaque, and its brightness follows the mat's thickness. The
    // mat is the blotches' three finest octaves (of a quarter of `size` down), which make the
    // blotches' edges ragged, so inside a blotch the rifts continue them; their deviation is
    // scaled to a five-octave fBm's spread (0.5405 of the largest octave's per unit
    // amplitude, against 0.6227 for three), which foam_place's levels are for.
    mat.x = 0.5 + (mat.x - 0.5) * (0.5405 / 0.6227);
    float torn = 1.0 + 0.6 * (foam_place(0.8, mat.x, mat.y) - 0.8);
    // The bubbles' films and the mat's rifts vary the opacity and brightness about their
    // means: far away, where both fade, the opacity is the placed coverage and the brightness
    // the foam's mean.
    a *= (1.0 + 0.35 * (raft - 0.45)) * torn;
    shade = clamp((1.0 + 0.7 * (raft - 0.45)) * (torn + 1.5 * (mat.x - 0.5)) * thickness, 0.6, 1.4);
  }
  if (residual > 1e-3) {
    // The film: threads drawn out along the wind (twice as long as the islands are), in islands that
    // break up as the film thins. The islands take sqrt(q) of the area and the threads sqrt(q)
    // of each island, so the film covers q on the whole; both are 1 where q is.
    float share = sqrt(residual);
    // Threads at three scales, long, medium and fine, wound between each other (level lines,
    // never a net of cells), that together cover the share. The finer ones take most of it
    // (the fine q1 = 1 - (1 - share)^0.6, the medium two thirds of the rest in the same sense),
    // so that from a few metres to a few tens a thick island reads as lace with holes rather
    // than as broad white bands of the long threads. Where the pixel no longer resolves a finer
    // family, the coarser ones take over its share rather than its mean spreading a grey veil
    // over the island: each family keeps only the part of its coverage that still shows, and
    // the next coarser one covers what is left.
    float q1 = 1.0 - pow(1.0 - share, 0.6);
    vec2 fine = foam_thread_parts(stretched, size / 12.0, q1, foot, 43u);
    float small = fine.x * fine.y;
    float rest = (1.0 - share) / (1.0 - q1 * fine.y);
    float qm = 1.0 - pow(rest, 0.67);
    vec2 mid = foam_thread_parts(along * vec2(0.7 / stretch, 1.0), size / 5.0, qm, foot, 47u);
    float medium = mid.x * mid.y;
    float q2 = 1.0 - rest / (1.0 - qm * mid.y);
    float coarse = foam_threads(along * vec2(0.5 / stretch, 1.0), size / 2.0, q2, foot, 41u);
    // The islands are placed by the blotches' fine octaves' contrast alone: far away, where the
    // threads inside them have faded, an island drawn sharp would be a flat grey cut-out, so
    // there the film is a translucent veil of its coverage, as a film seen from afar is.
    vec2 islands = foam_place_depth(share, 0.5 + (blotch.x - 0.5) * blotch.z / max(blotch.y, 1e-6),
                                    blotch.z, 0.0);
    float r = islands.x *
              (1.0 - (1.0 - coarse) * (1.0 - small) * (1.0 - medium));
    film = r * foam_film_strength(residual);
    // An island of film is thickest in its middle and thins to its edges, where it has
    // drained and broken first: greyer there, so that where the threads inside it have faded
    // it is no flat grey cut-out. As the islands fade into a veil, so does this, to the mean.
    float kept2 = blotch.z * blotch.z;
    float depth = islands.y / max(kept2, 1e-3);
    film_shade = mix(1.0, mix(kFoamFilmRim, kFoamFilmCore, smoothstep(0.0, 0.1, depth)), kept2);
  }
  return vec4(clamp(a, 0.0, 1.0), film, shade, film_shade);
}

#endif
