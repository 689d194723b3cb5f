#version 430 core
// SPDX-License-Identifier: MIT
// Copies planes between a storage buffer (strided, layout in src/fft/buffer.h) and the FFT's
// rgba32f image array. Complex data: interleaved complex floats, texel (x, y) of layer l holds
// two planes' element (x, y) in .xy and .zw. Real data: floats, texel (m, y) holds elements 2m
// and 2m+1 of a row of each plane (fft/real.h); past an odd width the image's .y and .w are
// written 0 and never stored. Plane of layer l, channel pair c: l * uLayerPlanes +
// c * uChannelPlanes (2 and 1 for 2D planes, 1 and the depth for two volumes' slices).
// Complex data may also be four-step lines folded into the image (uFoldLines).
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
layout(std430, binding = FFT_BUFFER_DATA) buffer Data { float data[]; };

uniform int uToImage;  // 1: buffer -> image, 0: image -> buffer
uniform int uReal;     // 1: one float per element, two elements per complex texel value
uniform ivec2 uSize;   // elements per row, rows
uniform ivec2 uTexels; // the image's width and height
// Offsets and strides in elements, as uint (GLSL 4.30 has no 64-bit integers): float indices
// below 2^32, which the host checks.
uniform uint uOffset, uRowStride, uPlaneStride;
uniform uint uLayerPlanes, uChannelPlanes;
// Four-step lines (fft/long.h): 0, or the lines per plane H of lines folded row-major into the
// image, one layer per line: texel (i, j) of layer l*H + y is element j * width + i of row y of
// planes 2l and 2l+1.
uniform int uFoldLines;

// Float index of element x of row y of the plane that layer `layer`, channel pair c holds.
uint at(int layer, uint c, int y, int x) {
  if (uFoldLines > 0) {
    x += y * uTexels.x;
    y = layer % uFoldLines;
    layer /= uFoldLines;
  }
  uint e = uOffset + (uint(layer) * uLayerPlanes + c * uChannelPlanes) * uPlaneStride +
           uint(y) * uRowStride + uint(x);
  return uReal != 0 ? e : 2u * e;
}

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uTexels.x || p.y >= uTexels.y) return;
  if (uReal != 0) {
    int x0 = 2 * p.x;
    bool second = x0 + 1 < uSize.x;
    uint a = at(p.z, 0u, p.y, x0), b = at(p.z, 1u, p.y, x0);
    if (uToImage != 0) {
      imageStore(uDst, p, vec4(data[a], second ? data[a + 1u] : 0.0,
                               data[b], second ? data[b + 1u] : 0.0));
    } else {
      vec4 v = imageLoad(uSrc, p);
      data[a] = v.x;
      data[b] = v.z;
      if (second) {
        data[a + 1u] = v.y;
        data[b + 1u] = v.w;
      }
    }
  } else {
    uint a = at(p.z, 0u, p.y, p.x), b = at(p.z, 1u, p.y, p.x);
    if (uToImage != 0) {
      imageStore(uDst, p, vec4(data[a], data[a + 1u], data[b], data[b + 1u]));
    } else {
      vec4 v = imageLoad(uSrc, p);
      data[a] = v.x;
      data[a + 1u] = v.y;
      data[b] = v.z;
      data[b + 1u] = v.w;
    }
  }
}
