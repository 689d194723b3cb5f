#version 430 core
// SPDX-License-Identifier: MIT
// Takes the inverse FFT's result over the original region back to one rgba32f texel per pixel.
// Complex (uReal 0): the real parts, channel c from plane c (the imaginary parts are rounding
// noise of a real image). Real (uReal 1): the C2R result in fft::RealPlan's layout, sample x of
// channel c in layer c/2, texel x/2, component 2*(c%2) + x%2.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uIn;
layout(binding = 1, rgba32f) uniform writeonly image2D uOut;

uniform ivec2 uSize;
uniform int uLayers;
uniform int uReal;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  ivec2 t = uReal != 0 ? ivec2(p.x / 2, p.y) : p;
  vec4 a = imageLoad(uIn, ivec3(t, 0));
  vec4 b = uLayers > 1 ? imageLoad(uIn, ivec3(t, 1)) : vec4(0.0);
  if (uReal == 0)
    imageStore(uOut, p, vec4(a.x, a.z, b.x, b.z));
  else if ((p.x & 1) == 0)
    imageStore(uOut, p, vec4(a.x, a.z, b.x, b.z));
  else
    imageStore(uOut, p, vec4(a.y, a.w, b.y, b.w));
}
