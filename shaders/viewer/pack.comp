#version 430 core
// SPDX-License-Identifier: MIT
// Pads the image to the FFT's power-of-two grid and packs channel c into complex plane c
// (layer c/2, xy for even c, zw for odd c) with imaginary part 0.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2D uImage;     // original size, unused channels 0
layout(binding = 1, rgba32f) uniform writeonly image2DArray uOut;  // padded size, 1 or 2 layers

uniform ivec2 uSize;   // original width, height
uniform ivec2 uPadded;
uniform int uMirror;   // 1: reflect the edges into the padding (no seam at the wrap), 0: zeros

// The padded size is below twice the original, so one reflection (edge pixel repeated) always
// lands inside the image.
int reflect_index(int i, int n) { return i < n ? i : 2 * n - 1 - i; }

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (p.x >= uPadded.x || p.y >= uPadded.y) return;
  vec4 v = vec4(0.0);
  if (p.x < uSize.x && p.y < uSize.y)
    v = imageLoad(uImage, p);
  else if (uMirror != 0)
    v = imageLoad(uImage, ivec2(reflect_index(p.x, uSize.x), reflect_index(p.y, uSize.y)));
  int layer = int(gl_GlobalInvocationID.z);
  vec2 pair = layer == 0 ? v.xy : v.zw;
  imageStore(uOut, ivec3(p, layer), vec4(pair.x, 0.0, pair.y, 0.0));
}
