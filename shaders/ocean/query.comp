#version 430 core
// SPDX-License-Identifier: MIT
// The water at world points (src/ocean/ocean.h, Ocean::query): for each point (x, z) find the
// label p whose displaced surface point p + D(p) lies above it, by the fixed-point iteration
// p <- (x, z) - D(p) from p = (x, z), then the height, normal and velocity there. Every map is
// read with texelFetch and bilinear weights in fp32 (not the sampler's filtering, whose weights
// have a few bits only on some GPUs), at GL's texel centres as the renderer samples them.
layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer Points { vec2 points[]; };
// 12 floats a point: x, z, height, normal xyz, velocity xyz, residual, 0, 0.
layout(std430, binding = 1) writeonly buffer Results { float results[]; };

uniform sampler2DArray uDisplacement;  // level 0 of the maps, the last step's
uniform sampler2DArray uDerivatives;
uniform sampler2DArray uPrevious;      // level 0 of the step before's displacement
uniform int uCount;
uniform int uCascades;
uniform int uSize;                     // N, a power of two
uniform int uIterations;
uniform float uPatch[4];
uniform float uInvInterval;            // 1 / the last step's interval in seconds; 0: none

// Bilinear at world point p in layer c, wrapping (the patch repeats).
vec4 bilinear(sampler2DArray map, vec2 p, int c) {
  vec2 t = p * (float(uSize) / uPatch[c]) - 0.5;
  vec2 i0 = floor(t);
  vec2 f = t - i0;
  ivec2 a = ivec2(i0) & ivec2(uSize - 1);
  ivec2 b = (a + 1) & ivec2(uSize - 1);
  vec4 v00 = texelFetch(map, ivec3(a.x, a.y, c), 0);
  vec4 v10 = texelFetch(map, ivec3(b.x, a.y, c), 0);
  vec4 v01 = texelFetch(map, ivec3(a.x, b.y, c), 0);
  vec4 v11 = texelFetch(map, ivec3(b.x, b.y, c), 0);
  return mix(mix(v00, v10, f.x), mix(v01, v11, f.x), f.y);
}

vec4 sum(sampler2DArray map, vec2 p) {
  vec4 s = vec4(0.0);
  for (int c = 0; c < uCascades; ++c) s += bilinear(map, p, c);
  return s;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= uint(uCount)) return;
  vec2 target = points[i];
  vec2 p = target;
  for (int k = 0; k < uIterations; ++k) p = target - sum(uDisplacement, p).xz;
  vec4 d = sum(uDisplacement, p);
  vec4 der = sum(uDerivatives, p);
  vec3 tx = vec3(1.0 + der.z, der.x, d.w);
  vec3 tz = vec3(d.w, der.y, 1.0 + der.w);
  vec3 n = cross(tz, tx);
  // A folded crest's cross product points down; the answer keeps the upper side.
  n.y = max(n.y, 1e-6);
  n = normalize(n);
  vec3 v = (d.xyz - sum(uPrevious, p).xyz) * uInvInterval;
  float residual = length(p + d.xz - target);
  uint o = i * 12u;
  results[o + 0u] = target.x;
  results[o + 1u] = target.y;
  results[o + 2u] = d.y;
  results[o + 3u] = n.x;
  results[o + 4u] = n.y;
  results[o + 5u] = n.z;
  results[o + 6u] = v.x;
  results[o + 7u] = v.y;
  results[o + 8u] = v.z;
  results[o + 9u] = residual;
  results[o + 10u] = 0.0;
  results[o + 11u] = 0.0;
}
