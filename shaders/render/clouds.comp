#version 430 core
// SPDX-License-Identifier: MIT
// The cloud layer (sky/sky.glsl's cloud_layer: heaps of cumulus and building cloud, or a stratus
// sheet) for the sky pass, at half the frame's resolution: the premultiplied radiance and
// opacity along each texel's view ray, which render/sky.frag upsamples. A compute pass, because
// marching the heaps takes tens of noise lookups per pixel, a sheet's octaves and self-shading
// a few tens more, and some GPUs run fragment arithmetic far slower than compute (the H100
// about 30 times); half resolution, because the heaps' edges and an overcast are soft, and
// filtering the texels up also smooths the march's grain.
#include "sky/sky.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(rgba16f, binding = 0) uniform writeonly image2D uOut;
uniform mat4 uInvViewProj;
uniform vec3 uEye;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (any(greaterThanEqual(p, size))) return;
  vec2 ndc = (vec2(p) + 0.5) / vec2(size) * 2.0 - 1.0;
  vec4 q = uInvViewProj * vec4(ndc, 1.0, 1.0);
  vec3 d = normalize(q.xyz / q.w - uEye);
  imageStore(uOut, p, d.y > 0.0 ? cloud_layer(d, uEye.y, uCloudOffset, 6) : vec4(0.0));
}
