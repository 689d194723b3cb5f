#version 430 core
// SPDX-License-Identifier: MIT
// The simplest pass over an rgba32f array: one load and one store per texel. Its bandwidth is the
// ceiling an FFT pass over the same images can reach, which is what `oceanfft bench` compares to.
layout(local_size_x = 16, local_size_y = 16, local_size_z = 1) in;

layout(binding = 0, rgba32f) uniform readonly image2DArray uSrc;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uDst;

void main() {
  ivec3 c = ivec3(gl_GlobalInvocationID);
  if (any(greaterThanEqual(c.xy, imageSize(uSrc).xy))) return;
  imageStore(uDst, c, imageLoad(uSrc, c));
}
