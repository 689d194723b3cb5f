#version 430 core
// SPDX-License-Identifier: MIT
// The four-step 2D path's first sub-FFT in one pass (src/fft/four_step_2d.cpp): gathers lines of
// N1 elements x[n1 N2 + n2] from the natural view of the source (four_step_2d.glsl), transforms
// them in shared memory (radix-2 Stockham, twiddles from a table computed in double on the host),
// multiplies by the four-step twiddle exp(-+2 pi i n2 k1 / N) and stores them in layout B, where
// the column plan of length N2 takes them. It stands for four_step_2d.comp's gather, a column
// plan of length N1 and the twiddle pass.
// Defines: N1, the sub-FFT length, a power of two in 2..256.
#include "common/complex.glsl"
#include "fft/bindings.h"

#ifndef N1
#define N1 64
#endif
#define TEXELS 512
#define LINES (TEXELS / N1)

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;  // TEXELS / 2
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
// The four-step twiddles exp(-2 pi i n2 k1 / N) at k1 * N2 + n2.
layout(std430, binding = FFT_BUFFER_TWIDDLES) readonly buffer Twiddles { vec2 tw[]; };
// exp(-2 pi i t / N1) for t in 0..N1/2-1.
layout(std430, binding = FFT_BUFFER_CHIRP) readonly buffer Roots { vec2 roots[]; };

uniform int uLines;  // lines of layout A: N2 x M x layers
#include "fft/four_step_2d.glsl"

shared vec4 buf[2][TEXELS];  // element n1 of local line j at n1 * LINES + j

void main() {
  const int n2 = uSplit.y, m = other_count(uAxis);
  const int group = int(gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x);
  const int first = group * LINES;
  const int t = int(gl_LocalInvocationIndex);
  // Load: two elements per invocation, neighbouring invocations on neighbouring lines.
  for (int r = 0; r < 2; ++r) {
    const int i = t + r * (TEXELS / 2);
    const int j = i % LINES, n1 = i / LINES, b = first + j;
    vec4 v = vec4(0.0);
    if (b < uLines) {
      int q, o, l;
      if (uAxis == 0) {
        q = b % n2;
        o = (b / n2) % m;
        l = b / (n2 * m);
      } else {
        o = b % m;
        q = (b / m) % n2;
        l = b / (m * n2);
      }
      v = load_natural(natural(n1 * n2 + q, o, l));
    }
    buf[0][i] = v;
  }
  barrier();
  // Stockham radix 2: stage s combines spans of `span` into spans of 2 * span, natural order out.
  int from = 0;
  for (int span = 1; span < N1; span *= 2) {
    const int j = t % LINES, h = t / LINES;  // butterfly h of N1 / 2 on local line j
    const int k = h % span;
    vec2 w = roots[k * (N1 / (2 * span))];
    if (uInverse != 0) w = cconj(w);
    const vec4 a = buf[from][h * LINES + j];
    const vec4 c = cmul(buf[from][(h + N1 / 2) * LINES + j], w);
    const int out_index = (h / span) * 2 * span + k;
    buf[1 - from][out_index * LINES + j] = a + c;
    buf[1 - from][(out_index + span) * LINES + j] = a - c;
    from = 1 - from;
    barrier();
  }
  // Store: twiddled, at element n2 of line c(k1, o, l) of layout B.
  const float scale = uInverse != 0 ? 1.0 / float(N1) : 1.0;
  for (int r = 0; r < 2; ++r) {
    const int i = t + r * (TEXELS / 2);
    const int j = i % LINES, k1 = i / LINES, b = first + j;
    if (b >= uLines) continue;
    int q, o, l;
    if (uAxis == 0) {
      q = b % n2;
      o = (b / n2) % m;
      l = b / (n2 * m);
    } else {
      o = b % m;
      q = (b / m) % n2;
      l = b / (m * n2);
    }
    vec2 w = tw[k1 * n2 + q];
    if (uInverse != 0) w = cconj(w);
    const int c = uAxis == 0 ? k1 + N1 * (o + m * l) : o + m * (k1 + N1 * l);
    imageStore(uDst, texel(c, q, uLayoutWidth.y), cmul(buf[from][i], w) * scale);
  }
}
