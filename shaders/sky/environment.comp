#version 430 core
// SPDX-License-Identifier: MIT
// Level 0 of the environment map: the sky and its clouds (or the user's image) in every
// direction of the hemi-octahedral map, without the sun (the water adds it analytically).
#include "sky/sky.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uOut;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (p.x >= size.x || p.y >= size.y) return;
  vec3 d = env_direction((vec2(p) + 0.5) / vec2(size));
  imageStore(uOut, p, vec4(sky_background(d, 0.0, uCloudOffset, 5), 1.0));
}
