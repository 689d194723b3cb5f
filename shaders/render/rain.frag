#version 430 core
// SPDX-License-Identifier: MIT
// Rain streaks of one layer (src/render/rain.h): the drops in a slab of rain, projected onto the
// plane at the layer's view depth, each a line as long as its velocity across the view times
// the exposure and as wide as the drop. The plane is cut into cells along and across the
// streaks' direction, one streak in each, the columns of cells offset at random so no grid
// shows; the pattern moves with the drops. A drop narrower than the pixel is box-filtered
// across it, so far layers are faint lines and not dotted ones. A drop is a small lens that
// shows the sky around it: its radiance is the sky's irradiance over pi, more towards the sun.
#include "sky/sky.glsl"

in vec2 vNdc;
flat in int vLayer;
out vec4 oColor;
uniform mat4 uInvViewProj;
uniform vec3 uEye;
uniform vec3 uForward, uRight, uUp;   // the camera's unit axes
uniform float uLayerDepth[3];         // metres along uForward
uniform float uLayerThickness[3];     // metres of rain each layer stands for
uniform vec3 uDropVelocity;           // m/s, world
uniform float uDropsPerM3;
uniform float uDropDiameter;          // metres
uniform float uStreakTime;            // seconds of exposure
uniform float uPixelAngle;            // radians per pixel
uniform float uTime;                  // seconds, kept small
uniform float uStreakOpacity;         // the settings' rain_streaks scale

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
  float depth = uLayerDepth[k];
  vec4 q = uInvViewProj * vec4(vNdc, 1.0, 1.0);
  vec3 ray = normalize(q.xyz / q.w - uEye);
  vec3 rel = ray * (depth / max(dot(ray, uForward), 1e-3));
  vec2 uv = vec2(dot(rel, uRight), dot(rel, uUp));
  // The drops' velocity across the view, and the streak it draws.
  vec2 vel = vec2(dot(uDropVelocity, uRight), dot(uDropVelocity, uUp));
  float speed = length(vel);
  vec2 s = speed > 1e-3 ? vel / speed : vec2(0.0, -1.0);
  float foot = depth * uPixelAngle;
  float len = max(speed * uStreakTime, uDropDiameter);
  // Cells: long enough for a streak and a gap, wide enough for about one streak each (never
  // under three pixels: more drops then share a cell and it is drawn more opaque).
  float per_m2 = uDropsPerM3 * uLayerThickness[k];
  float cell_a = 2.0 * len + 2.0 * foot;
  float cell_b = max(1.0 / (per_m2 * cell_a), 3.0 * foot);
  float drops = per_m2 * cell_a * cell_b;
  vec2 ab = vec2(dot(uv, s), dot(uv, vec2(-s.y, s.x)));
  float column = floor(ab.y / cell_b);
  uint layer = uint(k) + 1u;
  // The pattern moves with the drops; each column starts at its own place along it.
  ab.x -= speed * uTime;
  ab.x += unit(rain_hash(uint(int(column)), 0x5eedu, layer)) * cell_a;
  float row = floor(ab.x / cell_a);
  uint h = rain_hash(uint(int(row)), uint(int(column)), layer);
  float along = ab.x - row * cell_a;
  float across = ab.y - column * cell_b;
  // Drops differ in size and in depth within the slab: each streak its own length and strength.
  float own_len = len * (0.45 + 0.55 * unit(h * 0xc2b2ae35u));
  float strength = 0.25 + 0.75 * unit(h * 0x27d4eb2fu);
  float start = unit(h) * (cell_a - own_len - foot) + 0.5 * foot;
  float centre = (0.2 + 0.6 * unit(h * 0x9e3779b1u)) * cell_b;
  float width = max(foot, uDropDiameter);
  float cover_b = max(1.0 - abs(across - centre) / width, 0.0) * min(uDropDiameter / foot, 1.0);
  float cover_a = smoothstep(start - foot, start, along) *
                  (1.0 - smoothstep(start + own_len, start + own_len + foot, along));
  float a = clamp(0.25 * uStreakOpacity * strength * min(drops, 2.0) * cover_a * cover_b, 0.0, 1.0);
  if (a <= 1e-3) discard;
  vec3 sky_irradiance = kPi * env_radiance(vec3(0.0, 1.0, 0.0), 1.0);
  float forward = min(hg_phase(dot(ray, uSunDir), 0.6) * 4.0 * kPi, 4.0);
  vec3 radiance = (sky_irradiance + 0.3 * forward * sun_irradiance_sea()) / kPi;
  oColor = vec4(tonemap(radiance) * a, a);
}
