#version 430 core
// SPDX-License-Identifier: MIT
// Takes the real parts of the inverse FFT over the original region back to one rgba32f texel
// per pixel (channel c from plane c). The imaginary parts are rounding noise of a real image.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uIn;
layout(binding = 1, rgba32f) uniform writeonly image2D uOut;

uniform ivec2 uSize;
uniform int uLayers;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  vec4 a = imageLoad(uIn, ivec3(p, 0));
  vec4 b = uLayers > 1 ? imageLoad(uIn, ivec3(p, 1)) : vec4(0.0);
  imageStore(uOut, p, vec4(a.x, a.z, b.x, b.z));
}
