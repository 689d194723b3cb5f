#version 430 core
// SPDX-License-Identifier: MIT
// The real transform's split (forward) or join (inverse) fused into the loads of the register
// kernel's pass (fft/fast.glsl), so that a 2D R2C or C2R of even width W = 2M takes two
// dispatches (src/fft/real.cpp plans them; the algebra is shaders/fft/real.comp's, along rows):
// * AXIS 1, forward: the rows of the packed real data z[m] = x[2m] + i x[2m+1] are already
//   transformed (Z, M x H); element y of half-spectrum column k (k = 0..M) is split from Z[k mod
//   M] and conj Z[-k mod M] of row y as it is loaded, and the column FFT runs on it.
// * AXIS 0, inverse: the columns of the half spectrum X (M+1 x H) are already inverse
//   transformed; element m of row y's packed line is joined from X[m] and conj X[M-m] as it is
//   loaded, and the row FFT of length M writes the real layout directly.
// Each texel holds two planes (xy and zw), transformed alike.
// Defines: fft/fast.glsl's, set by src/fft/fast.cpp.
#include "common/complex.glsl"
#include "fft/bindings.h"

// The packed rows (forward) or the column-transformed half spectrum (inverse).
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uHalf;
// w^k = exp(-2 pi i k / W), k <= M, in double on the host; at binding FFT_BUFFER_CHIRP, which
// the register kernel leaves free (Bluestein's chirp belongs to mixed.comp).
layout(std430, binding = FFT_BUFFER_CHIRP) restrict readonly buffer RealTwiddles { vec2 rtw[]; };
uniform int uM;  // W / 2

vec4 real_conj(vec4 v) { return vec4(v.x, -v.y, v.z, -v.w); }

#if AXIS == 1
vec4 real_load(int y, int column, int layer) {
  int k = min(column, uM);  // columns past M belong to no line the pass stores
  vec4 a = imageLoad(uHalf, ivec3(k % uM, y, layer));
  vec4 b = real_conj(imageLoad(uHalf, ivec3((uM - k % uM) % uM, y, layer)));
  vec4 e = 0.5 * (a + b);
  vec4 o = cmul_i(0.5 * (a - b), -1.0);
  return e + cmul(o, rtw[k]);
}
#else
vec4 real_load(int m, int y, int layer) {
  vec4 a = imageLoad(uHalf, ivec3(m, y, layer));
  vec4 b = real_conj(imageLoad(uHalf, ivec3(uM - m, y, layer)));
  vec4 e = 0.5 * (a + b);
  vec4 o = cmul(0.5 * (a - b), cconj(rtw[m]));
  return e + cmul_i(o, 1.0);
}
#endif

#define FFT_LOAD(i, line, layer) real_load(i, line, layer)
#include "fft/fast.glsl"
