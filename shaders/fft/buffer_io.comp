#version 430 core
// SPDX-License-Identifier: MIT
// Copies complex planes between a storage buffer (interleaved complex float, strided; layout in
// src/fft/buffer.h) and the FFT's rgba32f image array, whose texel (x, y) of layer l holds plane
// 2l in .xy and plane 2l+1 in .zw.
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
layout(std430, binding = FFT_BUFFER_DATA) buffer Data { vec2 data[]; };

uniform int uToImage;  // 1: buffer -> image, 0: image -> buffer
uniform ivec2 uSize;   // width, height
// Offsets and strides in complex values, as uint (GLSL 4.30 has no 64-bit integers): indices
// below 2^32, which BufferPlan checks on the host.
uniform uint uOffset, uRowStride, uPlaneStride;

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uSize.x || p.y >= uSize.y) return;
  uint base = uOffset + uint(2 * p.z) * uPlaneStride + uint(p.y) * uRowStride + uint(p.x);
  if (uToImage != 0) {
    imageStore(uDst, p, vec4(data[base], data[base + uPlaneStride]));
  } else {
    vec4 v = imageLoad(uSrc, p);
    data[base] = v.xy;
    data[base + uPlaneStride] = v.zw;
  }
}
