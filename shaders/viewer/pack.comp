#version 430 core
// SPDX-License-Identifier: MIT
// Pads the image to the FFT's grid and packs it for the transform. Complex (uReal 0): channel c
// into complex plane c (layer c/2, xy for even c, zw for odd c) with imaginary part 0. Real
// (uReal 1, fft::RealPlan's layout): texel (m, y) of layer l holds samples 2m and 2m+1 of row y
// of channel 2l in .xy and of channel 2l+1 in .zw; past an odd width the sample is 0.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2D uImage;     // original size, unused channels 0
layout(binding = 1, rgba32f) uniform writeonly image2DArray uOut;  // 1 or 2 layers

uniform ivec2 uSize;   // original width, height
uniform ivec2 uPadded;
uniform int uMirror;   // 1: reflect the edges into the padding (no seam at the wrap), 0: zeros
uniform int uReal;

// The padded size is below twice the original, so one reflection (edge pixel repeated) always
// lands inside the image.
int reflect_index(int i, int n) { return i < n ? i : 2 * n - 1 - i; }

vec4 padded_pixel(ivec2 p) {
  if (p.x >= uPadded.x || p.y >= uPadded.y) return vec4(0.0);
  if (p.x < uSize.x && p.y < uSize.y) return imageLoad(uImage, p);
  if (uMirror != 0)
    return imageLoad(uImage, ivec2(reflect_index(p.x, uSize.x), reflect_index(p.y, uSize.y)));
  return vec4(0.0);
}

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  int layer = int(gl_GlobalInvocationID.z);
  if (uReal != 0) {
    if (2 * p.x >= uPadded.x || p.y >= uPadded.y) return;
    vec4 a = padded_pixel(ivec2(2 * p.x, p.y)), b = padded_pixel(ivec2(2 * p.x + 1, p.y));
    vec2 pa = layer == 0 ? a.xy : a.zw, pb = layer == 0 ? b.xy : b.zw;
    imageStore(uOut, ivec3(p, layer), vec4(pa.x, pb.x, pa.y, pb.y));
    return;
  }
  if (p.x >= uPadded.x || p.y >= uPadded.y) return;
  vec4 v = padded_pixel(p);
  vec2 pair = layer == 0 ? v.xy : v.zw;
  imageStore(uOut, ivec3(p, layer), vec4(pair.x, 0.0, pair.y, 0.0));
}
