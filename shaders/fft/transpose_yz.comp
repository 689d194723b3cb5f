#version 430 core
// SPDX-License-Identifier: MIT
// Swaps the y axis and the layer axis of an rgba32f image array: dst(x, y, z) = src(x, z, y),
// so that the 3D FFT's third axis becomes the columns of a 2D pass (src/fft/volume.cpp).
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
uniform ivec2 uDstSize;  // width and height of the destination

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uDstSize.x || p.y >= uDstSize.y) return;
  imageStore(uDst, p, imageLoad(uSrc, ivec3(p.x, p.z, p.y)));
}
