#version 430 core
// SPDX-License-Identifier: MIT
// Turns one cascade (array layer) of a float map of the simulation into an RGBA8 preview for
// the Maps panel. The maps hold metres and slopes, far outside [0,1], so each view maps them
// through its own scale.
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0) uniform sampler2DArray u_source;
layout(rgba8, binding = 0) writeonly uniform image2D u_target;

uniform int u_layer;         // the cascade
uniform int u_mode;          // 0: colour = matrix * texel + bias; 1: slopes in .xy shown as a normal
uniform mat4 u_matrix;
uniform vec4 u_bias;
uniform float u_slope_scale;
uniform float u_lod;         // the mip level whose texels match the preview's

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(u_target);
  if (any(greaterThanEqual(p, size))) return;
  vec2 uv = (vec2(p) + 0.5) / vec2(size);
  vec4 v = textureLod(u_source, vec3(uv, float(u_layer)), u_lod);
  vec4 c;
  if (u_mode == 1) {
    vec3 n = normalize(vec3(-v.x * u_slope_scale, 1.0, -v.y * u_slope_scale));
    c = vec4(0.5 + 0.5 * n.x, 0.5 + 0.5 * n.z, n.y, 1.0);
  } else {
    c = u_matrix * v + u_bias;
  }
  imageStore(u_target, p, clamp(c, 0.0, 1.0));
}
