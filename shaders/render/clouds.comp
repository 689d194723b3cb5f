#version 430 core
// SPDX-License-Identifier: MIT
// The cloud layer (sky/sky.glsl's cloud_layer: heaps of cumulus and building cloud, or a stratus
// sheet) for the sky pass, at half the frame's resolution: the premultiplied radiance and
// opacity along each texel's view ray, which render/sky.frag upsamples. A compute pass, because
// marching the heaps takes tens of noise lookups per pixel, a sheet's octaves and self-shading
// a few tens more, and some GPUs run fragment arithmetic far slower than compute (the H100
// about 30 times); half resolution, because the heaps' edges and an overcast are soft, and
// filtering the texels up also smooths the march's grain.
// Built with MIRROR (over a glassy sea) it also writes uMirrorOut: below the horizon the sky
// a flat sea mirrors there (the clouds along the view ray turned up, from the eye mirrored
// under the surface, where a mirror's reflected rays come from, with the clear sky and haze
// around them), above it the sky itself, so that the two meet at the horizon. The water reads
// it at the pixel its reflected ray, turned down, points through (render/ocean.frag's
// mirror_sky): reflections as sharp as the sky, which the environment map's texels of about
// a degree are not. It is drawn here rather than in the water's pass because this pass is
// compute and the water's fragment work, which some GPUs run far slower.
#include "sky/sky.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(rgba16f, binding = 0) uniform writeonly image2D uOut;
uniform mat4 uInvViewProj;
uniform vec3 uEye;
#ifdef MIRROR
layout(rgba16f, binding = 1) uniform writeonly image2D uMirrorOut;
#endif

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(uOut);
  if (any(greaterThanEqual(p, size))) return;
  vec2 ndc = (vec2(p) + 0.5) / vec2(size) * 2.0 - 1.0;
  vec4 q = uInvViewProj * vec4(ndc, 1.0, 1.0);
  vec3 d = normalize(q.xyz / q.w - uEye);
  vec4 cloud = d.y > 0.0 ? cloud_layer(d, uEye.y, uCloudOffset, 6) : vec4(0.0);
  imageStore(uOut, p, cloud);
#ifdef MIRROR
  vec3 up = vec3(d.x, abs(d.y), d.z);
  if (d.y <= 0.0) cloud = cloud_layer(up, -uEye.y, uCloudOffset, 6);
  imageStore(uMirrorOut, p, vec4(sky_over_cloud(up, 0.0, cloud, vec3(0.0)), 1.0));
#endif
}
