#version 430 core
// SPDX-License-Identifier: MIT
// The four-step FFT's passes between its column and row transforms (src/fft/long.cpp): the
// image is a line of N = N1 x N2 folded N2 wide and N1 tall.
// uMode 0: twiddle, dst(n2, k1) = src(n2, k1) * exp(-+2 pi i n2 k1 / N) (conjugated for the
//          inverse), the table computed in double on the host.
// uMode 1: gather, dst at natural position k = y * N2 + x takes src(k / N1, k mod N1), where the
//          row pass left X[k1 + N1 k2] at (k2, k1).
#include "common/complex.glsl"
#include "fft/bindings.h"

layout(local_size_x = 8, local_size_y = 8, local_size_z = 1) in;
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
layout(std430, binding = FFT_BUFFER_TWIDDLES) readonly buffer Twiddles { vec2 tw[]; };

uniform int uMode;
uniform int uInverse;
uniform ivec2 uFold;  // N2 (width), N1 (height)

void main() {
  ivec3 p = ivec3(gl_GlobalInvocationID);
  if (p.x >= uFold.x || p.y >= uFold.y) return;
  vec4 v;
  if (uMode == 0) {
    vec2 w = tw[p.y * uFold.x + p.x];
    v = cmul(imageLoad(uSrc, p), uInverse != 0 ? cconj(w) : w);
  } else {
    int k = p.y * uFold.x + p.x;
    v = imageLoad(uSrc, ivec3(k / uFold.y, k % uFold.y, p.z));
  }
  imageStore(uDst, p, v);
}
