// SPDX-License-Identifier: MIT
// Shared by the FFT kernels: which texel holds element i of line `line` along the axis being
// transformed (AXIS 0 = rows, 1 = columns), and the twiddle table.
#ifndef FFT_AXIS_GLSL
#define FFT_AXIS_GLSL

#include "common/complex.glsl"
#include "fft/bindings.h"

ivec3 axis_coord(int i, int line, int layer) {
#if AXIS == 0
  return ivec3(i, line, layer);
#else
  return ivec3(line, i, layer);
#endif
}

// tw[t] = exp(-2*pi*i*t/N) for t in [0, N), computed in double on the host: GPU sin/cos are
// too coarse for the 3e-7 error target at large N.
layout(std430, binding = FFT_BUFFER_TWIDDLES) readonly buffer Twiddles { vec2 tw[]; };

// exp(sign*2*pi*i*t/N); uInverse flips the sign.
vec2 twiddle(int t, bool inverse) {
  vec2 w = tw[t];
  return inverse ? cconj(w) : w;
}

#endif
