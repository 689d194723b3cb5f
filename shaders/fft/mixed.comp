#version 430 core
// SPDX-License-Identifier: MIT
// Any-length FFT along one axis, one dispatch: Stockham stages of radix 2, 3, 4, 5, 7, 8 and 9
// computed in registers, with shared memory touched only to exchange data between stages
// (src/fft/anysize.cpp plans it). Lengths with a prime factor above 7 use Bluestein's algorithm
// in the same dispatch: the line, multiplied by a chirp and zero-padded to a power of two M >=
// 2N-1, is convolved with the conjugate chirp through a forward FFT of length M, a pointwise
// product with the chirp's spectrum (computed in double on the host) and a second forward FFT
// of the conjugate. Every texel is still read once and written once.
//
// Stockham indexing: a stage of radix R over sub-transforms of length Ns has M/R butterflies;
// butterfly j takes elements j + m*M/R (m < R), twiddles them by W_{Ns*R}^{(j mod Ns)*m}, and
// writes its outputs to (j/Ns)*Ns*R + (j mod Ns) + m*Ns. Invocation t owns butterflies
// t, t+T, ..., t+(B-1)*T, so a stage's register count is B*R and every index below is a
// compile-time constant once the stage functions are inlined.
//
// Defines (src/fft/anysize.cpp):
//   N        axis length (texels per line)            M   transform length (N, or Bluestein's)
//   AXIS     0 rows, 1 columns                        LINES  lines in the image (guards the last
//   T        invocations per line                            work group when L does not divide)
//   L, TL    lines per work group, T * L
//   NSTAGES  1..8; stage s has radix R<s>, sub-length NS<s>, butterflies per invocation B<s>
//   RL, NSL, BL  the last stage's values           E   registers per invocation (max B*R)
//   EX       floats per shared word: 4, 2 or 1 (rounds through a smaller array)
//   PAD      1: one padding word per 16 against bank conflicts (0 when the array must be exactly
//            M words to fit the GL minimum of 32 KiB)
//   SCRATCH  1: exchanges go through a coherent scratch image instead of shared memory (drivers,
//            or tests, whose shared memory is too small for one line)
//   BLUESTEIN 0 or 1
#include "fft/axis.glsl"

// Every loop below has a trip count fixed by the defines; unrolled, each x[]/y[] index is a
// constant and the arrays live in registers (an array indexed at run time may go to local
// memory, many times slower than registers). NVIDIA's compiler takes this
// pragma; the others ignore it.
#pragma optionNV(unroll all)

#ifndef N  // a representative set, so the reference compiler can check the file on its own
#define N 12
#define M 12
#define AXIS 0
#define T 4
#define L 2
#define TL 8
#define LINES 8
#define NSTAGES 2
#define R0 3
#define NS0 1
#define B0 1
#define R1 4
#define NS1 3
#define B1 1
#define RL 4
#define NSL 3
#define BL 1
#define E 4
#define EX 2
#define PAD 1
#define SCRATCH 0
#define BLUESTEIN 0
#endif

#if AXIS == 0
layout(local_size_x = T, local_size_y = L, local_size_z = 1) in;
#else
// Adjacent columns are adjacent lanes, so an image access touches L texels of one row.
layout(local_size_x = L, local_size_y = T, local_size_z = 1) in;
#endif

layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
#if SCRATCH
layout(binding = FFT_IMAGE_SCRATCH, rgba32f) uniform coherent image2DArray uScratch;
#endif

#if BLUESTEIN
// chirp[n] = exp(-i*pi*n^2/N), n < N; kernel[k] = FFT_M(conj chirp, wrapped)[k] / M.
layout(std430, binding = FFT_BUFFER_CHIRP) readonly buffer Chirp { vec2 chirp[]; };
layout(std430, binding = FFT_BUFFER_KERNEL) readonly buffer Kernel { vec2 kernel[]; };
#endif

uniform int uDirection;  // 0 forward, 1 inverse
uniform float uScale;    // 1, or 1/N for the inverse

#if EX == 4
#define SH_T vec4
#elif EX == 2
#define SH_T vec2
#else
#define SH_T float
#endif

#if PAD
const int STRIDE = M + (M >> 4);
#else
const int STRIDE = M;
#endif
#if NSTAGES > 1 || BLUESTEIN
#if !SCRATCH
shared SH_T sh[L * STRIDE];
#endif
#endif

vec4 x[E];  // the stage's registers
vec4 y[E];  // the next stage's, filled during an exchange
int t = 0, c = 0, line = 0, layer = 0;
bool live = false;  // this invocation's line exists (the last group may run past LINES)

#include "fft/radix.glsl"

// ---- exchange ----
int sh_index(int pos) {
#if PAD
  pos += pos >> 4;
#endif
#if AXIS == 0
  return c * STRIDE + pos;
#else
  return pos * L + c;
#endif
}

SH_T part(vec4 v, int round) {
#if EX == 4
  return v;
#elif EX == 2
  return round == 0 ? v.xy : v.zw;
#else
  return v[round];
#endif
}

vec4 with_part(vec4 v, int round, SH_T s) {
#if EX == 4
  return s;
#elif EX == 2
  return round == 0 ? vec4(s, v.zw) : vec4(v.xy, s);
#else
  v[round] = s;
  return v;
#endif
}

int out_pos(int j, int m, int R, int Ns) { return (j / Ns) * Ns * R + j % Ns + m * Ns; }
int in_pos(int j, int m, int R) { return j + m * (M / R); }

#if NSTAGES > 1 || BLUESTEIN
// Outputs of a stage (R, Ns, B) become inputs of the next stage (Rn, Bn).
void exchange(int R, int Ns, int B, int Rn, int Bn) {
#if SCRATCH
  for (int b = 0; b < B; ++b) {
    int j = t + b * T;
    if (live && j < M / R)
      for (int m = 0; m < R; ++m)
        imageStore(uScratch, axis_coord(out_pos(j, m, R, Ns), line, layer), x[b * R + m]);
  }
  memoryBarrierImage();
  barrier();
  for (int b = 0; b < Bn; ++b) {
    int j = t + b * T;
    if (live && j < M / Rn)
      for (int m = 0; m < Rn; ++m)
        x[b * Rn + m] = imageLoad(uScratch, axis_coord(in_pos(j, m, Rn), line, layer));
  }
  memoryBarrierImage();
  barrier();
#elif EX == 4
  // One round: every output is in shared memory before anyone reads, so the inputs can go
  // straight into x.
  for (int b = 0; b < B; ++b) {
    int j = t + b * T;
    if (j < M / R)
      for (int m = 0; m < R; ++m) sh[sh_index(out_pos(j, m, R, Ns))] = x[b * R + m];
  }
  barrier();
  for (int b = 0; b < Bn; ++b) {
    int j = t + b * T;
    if (j < M / Rn)
      for (int m = 0; m < Rn; ++m) x[b * Rn + m] = sh[sh_index(in_pos(j, m, Rn))];
  }
  barrier();
#else
  for (int round = 0; round < 4 / EX; ++round) {
    for (int b = 0; b < B; ++b) {
      int j = t + b * T;
      if (j < M / R)
        for (int m = 0; m < R; ++m) sh[sh_index(out_pos(j, m, R, Ns))] = part(x[b * R + m], round);
    }
    barrier();
    for (int b = 0; b < Bn; ++b) {
      int j = t + b * T;
      if (j < M / Rn)
        for (int m = 0; m < Rn; ++m)
          y[b * Rn + m] = with_part(round == 0 ? vec4(0.0) : y[b * Rn + m], round,
                                    sh[sh_index(in_pos(j, m, Rn))]);
    }
    barrier();
  }
  for (int i = 0; i < Bn * Rn; ++i) x[i] = y[i];
#endif
}
#endif

// Twiddles and butterflies of one stage.
void butterflies(int R, int Ns, int B) {
  for (int b = 0; b < B; ++b) {
    int k = (t + b * T) % Ns;
    int step = k * (M / (Ns * R));
    for (int m = 1; m < R; ++m) x[b * R + m] = cmul(x[b * R + m], tw[m * step]);
    dft(R, b * R);
  }
}

// Every stage after the first: exchange, then butterflies.
void later_stages() {
#if NSTAGES > 1
  exchange(R0, NS0, B0, R1, B1); butterflies(R1, NS1, B1);
#endif
#if NSTAGES > 2
  exchange(R1, NS1, B1, R2, B2); butterflies(R2, NS2, B2);
#endif
#if NSTAGES > 3
  exchange(R2, NS2, B2, R3, B3); butterflies(R3, NS3, B3);
#endif
#if NSTAGES > 4
  exchange(R3, NS3, B3, R4, B4); butterflies(R4, NS4, B4);
#endif
#if NSTAGES > 5
  exchange(R4, NS4, B4, R5, B5); butterflies(R5, NS5, B5);
#endif
#if NSTAGES > 6
  exchange(R5, NS5, B5, R6, B6); butterflies(R6, NS6, B6);
#endif
#if NSTAGES > 7
  exchange(R6, NS6, B6, R7, B7); butterflies(R7, NS7, B7);
#endif
}

void main() {
#if AXIS == 0
  t = int(gl_LocalInvocationID.x);
  c = int(gl_LocalInvocationID.y);
  line = int(gl_WorkGroupID.y) * L + c;
#else
  c = int(gl_LocalInvocationID.x);
  t = int(gl_LocalInvocationID.y);
  line = int(gl_WorkGroupID.x) * L + c;
#endif
  layer = int(gl_WorkGroupID.z);
  live = line < LINES;
  bool inverse = uDirection != 0;

  // First stage's inputs straight from the image. The inverse is the forward transform on
  // swapped real and imaginary parts: IDFT(x) = swap(DFT(swap(x))).
  for (int b = 0; b < B0; ++b) {
    int j = t + b * T;
    for (int m = 0; m < R0; ++m) {
      int i = in_pos(j, m, R0);
      vec4 v = vec4(0.0);
      if (live && j < M / R0 && i < N) {
        v = imageLoad(uSrc, axis_coord(i, line, layer));
        if (inverse) v = v.yxwz;
#if BLUESTEIN
        v = cmul(v, chirp[i]);
#endif
      }
      x[b * R0 + m] = v;
    }
  }
#if BLUESTEIN
  // Convolution with the conjugate chirp: conj(FFT(conj(FFT(a) * K))) with K already scaled by
  // 1/M. Both transforms run the same stages, so they are one loop: the driver may keep it a
  // loop (half the code, and half of llvmpipe's compile time) or unroll it.
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1) {
      // The last stage's outputs sit at natural positions j + m*M/RL.
      for (int b = 0; b < BL; ++b) {
        int j = t + b * T;
        for (int m = 0; m < RL; ++m) {
          vec4 v = cmul(x[b * RL + m], kernel[min(j + m * (M / RL), M - 1)]);
          x[b * RL + m] = vec4(v.x, -v.y, v.z, -v.w);
        }
      }
      exchange(RL, NSL, BL, R0, B0);
    }
    butterflies(R0, NS0, B0);
    later_stages();
  }
#else
  butterflies(R0, NS0, B0);
  later_stages();
#endif

  if (!live) return;
  for (int b = 0; b < BL; ++b) {
    int j = t + b * T;
    if (j >= M / RL) continue;
    for (int m = 0; m < RL; ++m) {
      int i = j + m * (M / RL);
      if (i >= N) continue;
      vec4 v = x[b * RL + m];
#if BLUESTEIN
      v = cmul(vec4(v.x, -v.y, v.z, -v.w), chirp[i]);
#endif
      if (inverse) v = v.yxwz;
      imageStore(uDst, axis_coord(i, line, layer), v * uScale);
    }
  }
}
