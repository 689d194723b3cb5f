#version 430 core
// SPDX-License-Identifier: MIT
// Spray and spindrift as camera-facing sheets, one instance each, without buffers or state:
// instance i owns a cell of a grid fixed in the world around the eye; in each of its lives
// (uLife seconds, phase from a hash) it is born at a random point of its cell if the sea there
// is breaking (the summed foam maps' active coverage, read where it is born), leaves the crest
// with the surface there, is blown downwind and falls back. Dead or unborn sheets collapse to
// a point outside the view.

uniform mat4 uViewProj;
uniform vec3 uEye;
uniform vec3 uCameraRight, uCameraUp;
uniform int uGridSide;      // instances per grid side
uniform float uCellSize;    // metres
uniform float uTime;        // simulation seconds
uniform float uLife;        // seconds one sheet lives
uniform float uWindSpeed;   // U10, m/s
uniform vec2 uWindDir;      // unit, the direction the wind blows towards (x, z)
uniform int uCascades;
uniform float uPatch[4];
uniform sampler2DArray uDisplacement;
uniform sampler2DArray uFoamSlopes;  // x: foam coverage

out vec2 vCorner;     // -1..1 across the sheet
out vec3 vSprayWorld;
out float vOpacity;

uint spray_hash(uvec3 v) {
  uint h = v.x * 0x8da6b343u ^ v.y * 0xd8163841u ^ v.z * 0xcb1ab31fu;
  h ^= h >> 15; h *= 0x2c1b3c6du; h ^= h >> 12; h *= 0x297a2d39u; h ^= h >> 15;
  return h;
}
float unit(uint h) { return float(h) / 4294967295.0; }

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
  vCorner = corner;
  vOpacity = 0.0;
  ivec2 local = ivec2(gl_InstanceID % uGridSide, gl_InstanceID / uGridSide) - uGridSide / 2;
  ivec2 cell = ivec2(floor(uEye.xz / uCellSize)) + local;
  uvec2 key = uvec2(cell + 32768);
  float phase = uTime / uLife + unit(spray_hash(uvec3(key, 7u)));
  uint life = uint(max(floor(phase), 0.0));
  float age = fract(phase);  // 0 born .. 1 gone
  uint h = spray_hash(uvec3(key, life));
  vec2 birth = (vec2(cell) + vec2(unit(h), unit(spray_hash(uvec3(h, key.x, 1u))))) * uCellSize;
  float born_at = uTime - age * uLife;

  // Breaking here, as the foam pass sees it: the cascades' foam summed as the water sums it.
  float foam = 0.0;
  vec3 disp = vec3(0.0);
  for (int c = 0; c < uCascades; ++c) {
    vec3 uv = vec3(birth / uPatch[c], float(c));
    foam += textureLod(uFoamSlopes, uv, 1.0).x;
    disp += textureLod(uDisplacement, uv, 1.0).xyz;
  }
  float chance = unit(spray_hash(uvec3(h, key.y, 2u)));
  if (chance >= clamp(1.5 * foam - 0.2, 0.0, 1.0)) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the view: nothing drawn
    return;
  }
  // Leaves the crest at a few m/s, is carried at a fraction of the wind and falls back.
  float t = age * uLife;
  float up = 2.0 + 4.0 * unit(spray_hash(uvec3(h, 3u, key.x)));
  float carried = (0.35 + 0.3 * unit(spray_hash(uvec3(h, 4u, key.y)))) * uWindSpeed;
  vec3 p = vec3(birth.x, 0.0, birth.y) + disp;
  p.xz += uWindDir * carried * t;
  p.y += max(up * t - 0.5 * 9.81 * 0.25 * t * t, 0.0);  // drag holds the small drops up
  // A sheet of spray, growing as it spreads.
  float size = (0.6 + 1.6 * age) * (0.7 + 0.6 * unit(spray_hash(uvec3(h, 5u, 5u))));
  // The Earth's curvature, as ocean.vert applies it.
  vec2 rel = p.xz - uEye.xz;
  p.y -= dot(rel, rel) / (2.0 * 6.36e6);
  // Streaked along the wind (spindrift), facing the eye across it; seen end-on, a round sheet.
  vec3 along = vec3(uWindDir.x, 0.0, uWindDir.y);
  vec3 view = normalize(p - uEye);
  vec3 across = cross(along, view);
  float l = length(across);
  vec3 a1 = l > 0.2 ? along * 2.5 : uCameraRight;
  vec3 a2 = l > 0.2 ? across / l * 0.6 : uCameraUp;
  vec3 world = p + (a1 * corner.x + a2 * corner.y) * size;
  vSprayWorld = world;
  vOpacity = smoothstep(0.0, 0.1, age) * (1.0 - age) * (1.0 - age);
  gl_Position = uViewProj * vec4(world, 1.0);
}
