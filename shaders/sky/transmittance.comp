#version 430 core
// SPDX-License-Identifier: MIT
// Transmittance from radius r along cosine mu to the top of the atmosphere, exp(-optical
// depth), for every texel of the table (atmosphere.glsl's parameterisation). Midpoint rule.
#include "sky/atmosphere.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uOut;

const int kSteps = 128;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (p.x >= size.x || p.y >= size.y) return;
  float r, mu;
  transmittance_r_mu((vec2(p) + 0.5) / vec2(size), vec2(size), r, mu);
  float t_max = distance_to_top(r, mu);
  float dt = t_max / float(kSteps);
  vec3 depth = vec3(0.0);
  for (int i = 0; i < kSteps; ++i) {
    float t = (float(i) + 0.5) * dt;
    float h = sqrt(r * r + t * t + 2.0 * r * mu * t) - uGroundR;
    depth += medium_at(h).extinction * dt;
  }
  imageStore(uOut, p, vec4(exp(-depth), 1.0));
}
