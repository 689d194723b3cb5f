#version 430 core
// SPDX-License-Identifier: MIT
// Plain rgba32f image copy: the bandwidth ceiling that the fast FFT's passes are measured against
// (each pass reads and writes every texel once, like this).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uSrc;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uDst;
void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  imageStore(uDst, p, imageLoad(uSrc, p));
}
