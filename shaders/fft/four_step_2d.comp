#version 430 core
// SPDX-License-Identifier: MIT
// The moves between the column FFTs of a 2D transform with long axes (src/fft/four_step_2d.cpp).
// An axis of length N = N1 x N2 (N1 = 1 for an axis that needs no split) is transformed in two
// layouts, each an image array whose columns are the lines of one sub-FFT, line b at texel
// column b % width of layer b / width:
//   layout A, lines of length N1: element n1 of line b is x[n1 N2 + n2];
//   layout B, lines of length N2: element n2 of line c is the twiddled k1-th output of layout A.
// Lines are numbered so that neighbouring invocations touch neighbouring texels of the natural
// image: along rows (axis 0) b = n2 + N2 (o + M l) and c = k1 + N1 (o + M l); along columns
// b = o + M (n2 + N2 l) and c = o + M (k1 + N1 l), where o is the other in-plane coordinate,
// M its count and l the layer.
// uMode 0: dst in layout A, read from the natural view of the source;
// uMode 1: dst in layout B, read from layout A times exp(-+2 pi i n2 k1 / N) (the table computed
//          in double on the host), or from the natural view when N1 = 1;
// uMode 2: dst natural, read from the natural view of the source.
// The natural view: the source image itself (uSrcAxis < 0), or the layout B result of an axis
// transformed before, where output k = k1 + N1 k2 lies at element k2 of line c(k1, o, l).
#include "common/complex.glsl"
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
layout(std430, binding = FFT_BUFFER_TWIDDLES) readonly buffer Twiddles { vec2 tw[]; };

uniform int uMode;
uniform ivec3 uDstSize;  // width, height, layers of the destination
#include "fft/four_step_2d.glsl"

void main() {
  const ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uDstSize.x || p.y >= uDstSize.y || p.z >= uDstSize.z) return;
  const int n1 = uSplit.x, n2 = uSplit.y, m = other_count(uAxis);
  vec4 v;
  if (uMode == 0) {
    // Element n1 = p.y of line b.
    const int b = p.x + uDstSize.x * p.z;
    int j, o, l;
    if (uAxis == 0) {
      j = b % n2;
      o = (b / n2) % m;
      l = b / (n2 * m);
    } else {
      o = b % m;
      j = (b / m) % n2;
      l = b / (m * n2);
    }
    v = load_natural(natural(p.y * n2 + j, o, l));
  } else if (uMode == 1) {
    // Element n2 = p.y of line c.
    const int c = p.x + uDstSize.x * p.z;
    int k1, o, l;
    if (uAxis == 0) {
      k1 = c % n1;
      o = (c / n1) % m;
      l = c / (n1 * m);
    } else {
      o = c % m;
      k1 = (c / m) % n1;
      l = c / (m * n1);
    }
    if (n1 == 1) {
      v = load_natural(natural(p.y, o, l));
    } else {
      const int b = uAxis == 0 ? p.y + n2 * (o + m * l) : o + m * (p.y + n2 * l);
      const vec2 w = tw[k1 * n2 + p.y];
      v = cmul(imageLoad(uSrc, texel(b, k1, uLayoutWidth.x)), uInverse != 0 ? cconj(w) : w);
    }
  } else {
    v = load_natural(p);
  }
  imageStore(uDst, p, v);
}
