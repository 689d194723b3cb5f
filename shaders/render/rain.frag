#version 430 core
// SPDX-License-Identifier: MIT
// Rain streaks of one layer (src/render/rain.h): the drops in a slab of rain, projected onto the
// plane at the layer's view depth, each a line along their velocity across the view. The plane
// is cut into cells (`uCell`: along and across the streaks, metres) with one streak each, the
// columns of cells offset at random along the streaks so that no grid shows; the pattern moves
// with the drops. A drop narrower than the pixel is box-filtered across it, so the streaks
// turn faint rather than dotted. What is the same over a layer (the cells, the streak's length,
// the pixel's footprint) comes from the CPU; a pixel hashes twice and most leave at once.

in vec2 vNdc;
flat in int vLayer;
flat in vec3 vColor;
out vec4 oColor;
uniform vec2 uTanHalf;      // tan of half the field of view, across and up
uniform vec2 uStreakDir;    // unit: the drops' velocity across the view (right, up)
uniform float uShift;       // metres the drops have moved along it (kept small)
uniform float uLayerDepth[2];
uniform vec4 uCell[2];      // (length along, width across, streak length, opacity) per layer
uniform float uFoot[2];     // metres a pixel spans at the layer
uniform float uDropDiameter;  // metres

uint rain_hash(uint x, uint y, uint z) {
  uint h = x * 0x8da6b343u ^ y * 0xd8163841u ^ z * 0xcb1ab31fu;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return h;
}
float unit(uint h) { return float(h >> 8) * (1.0 / 16777216.0); }

void main() {
  int k = vLayer;
  vec4 cell = uCell[k];
  float foot = uFoot[k];
  vec2 uv = vNdc * (uLayerDepth[k] * uTanHalf);
  vec2 s = uStreakDir;
  vec2 ab = vec2(dot(uv, s), dot(uv, vec2(-s.y, s.x)));
  float column = floor(ab.y / cell.y);
  uint layer = uint(k) + 1u;
  uint hc = rain_hash(uint(int(column)), 0x5eedu, layer);
  // Each column starts at its own place along the streaks and draws its streaks at its own
  // place across the cell, varied per cell by the second hash below.
  ab.x += unit(hc) * cell.x - uShift;
  float row = floor(ab.x / cell.x);
  uint h = rain_hash(uint(int(row)), uint(int(column)), layer);
  float across = ab.y - column * cell.y;
  float centre = (0.2 + 0.6 * unit(h * 0x9e3779b1u)) * cell.y;
  float width = max(foot, uDropDiameter);
  float cover_b = 1.0 - abs(across - centre) / width;
  if (cover_b <= 0.0) discard;
  // Drops differ in size and in depth within the slab: each streak its own length and strength.
  float len = cell.z * (0.45 + 0.55 * unit(h * 0xc2b2ae35u));
  float strength = 0.25 + 0.75 * unit(h * 0x27d4eb2fu);
  float along = ab.x - row * cell.x;
  float start = unit(h) * (cell.x - len - foot) + 0.5 * foot;
  float cover_a = smoothstep(start - foot, start, along) *
                  (1.0 - smoothstep(start + len, start + len + foot, along));
  float a = clamp(cell.w * strength * cover_a * cover_b * min(uDropDiameter / foot, 1.0), 0.0, 1.0);
  if (a <= 1e-3) discard;
  oColor = vec4(vColor * a, a);
}
