#version 430 core
// The "fast" FFT: one dispatch per axis. Every invocation keeps P elements of its line in
// registers and computes whole radix-R butterflies there (R = P on all stages but the first);
// shared memory is touched only to exchange data between stages, so a transform of length
// R1 * P^(S-1) costs S-1 exchanges and one read and one write of global memory.
//
// Stockham indexing keeps every invocation's register set the same at every stage: invocation t
// always holds elements t + T*m (m < P) of the current sequence, so the first stage reads them
// straight from the image and the last stage writes them straight back in natural order.
//
// Defines (set by src/fft/fast.cpp):
//   N        axis length (power of two)
//   AXIS     0 rows, 1 columns
//   P        elements per invocation (2..16, power of two, divides N)
//   T        invocations per line, N / P
//   L        lines per work group (rows for AXIS 0, adjacent columns for AXIS 1)
//   R1       radix of the first stage (divides P); later stages use radix P
//   STAGES   number of stages: N = R1 * P^(STAGES-1)
//   EX       floats per shared-memory word in an exchange: 4 (one round), 2 or 1 (2 or 4 rounds
//            through a smaller array when the whole line of vec4 does not fit)
#pragma optionNV(unroll all)
#include "fft/axis.glsl"

#if AXIS == 0
layout(local_size_x = T, local_size_y = L, local_size_z = 1) in;
#else
// Columns vary fastest inside a warp, so each image access touches L adjacent texels of a row:
// full memory sectors instead of one 16-byte texel per sector.
layout(local_size_x = L, local_size_y = T, local_size_z = 1) in;
#endif

layout(binding = 0, rgba32f) uniform readonly image2DArray uSrc;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uDst;

uniform int uDirection;  // 0 forward, 1 inverse
uniform float uScale;    // 1, or 1/N for the inverse

#if EX == 4
#define SH_T vec4
#elif EX == 2
#define SH_T vec2
#else
#define SH_T float
#endif

// One padding word every 16 keeps the stride-16 writes of a radix-16 stage off a single bank.
const int STRIDE = N + N / 16;
#if STAGES > 1
shared SH_T sh[L * STRIDE];
#endif

vec4 v[P];   // this invocation's elements t + T*m
int t;       // invocation within its line
int c;       // line within the work group

int sh_index(int pos) {
  int p = pos + (pos >> 4);
#if AXIS == 0
  return c * STRIDE + p;
#else
  return p * L + c;  // adjacent columns are adjacent lanes: interleave them
#endif
}

SH_T part(vec4 x, int round) {
#if EX == 4
  return x;
#elif EX == 2
  return round == 0 ? x.xy : x.zw;
#else
  return x[round];
#endif
}

void set_part(inout vec4 x, int round, SH_T s) {
#if EX == 4
  x = s;
#elif EX == 2
  if (round == 0) x.xy = s; else x.zw = s;
#else
  x[round] = s;
#endif
}

// exp(-2*pi*i*k/16), k < 8: the in-register butterflies' own twiddles, exact to float rounding.
const vec2 W16[8] = vec2[](vec2(1.0, 0.0), vec2(0.92387953251128676, -0.38268343236508977),
                           vec2(0.70710678118654752, -0.70710678118654752),
                           vec2(0.38268343236508977, -0.92387953251128676), vec2(0.0, -1.0),
                           vec2(-0.38268343236508977, -0.92387953251128676),
                           vec2(-0.70710678118654752, -0.70710678118654752),
                           vec2(-0.92387953251128676, -0.38268343236508977));
const int BITREV16[16] = int[](0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15);

// x * W16[k]; k is a constant after unrolling, so the trivial factors cost nothing.
vec4 twiddle16(vec4 x, int k) {
  if (k == 0) return x;
  if (k == 4) return vec4(x.y, -x.x, x.w, -x.z);
  return cmul(x, W16[k]);
}

// Stage templates: one function per radix in use.
#define STAGE_FN stage_first
#define STAGE_R R1
#include "fft/fast_stage.glsl"
#undef STAGE_FN
#undef STAGE_R
#if R1 != P
#define STAGE_FN stage_main
#define STAGE_R P
#include "fft/fast_stage.glsl"
#undef STAGE_FN
#undef STAGE_R
#else
void stage_main(int Ns, bool last) { stage_first(Ns, last); }
#endif

ivec3 texel(int i, int line, int layer) { return axis_coord(i, line, layer); }

void main() {
#if AXIS == 0
  t = int(gl_LocalInvocationID.x);
  c = int(gl_LocalInvocationID.y);
  int line = int(gl_WorkGroupID.y) * L + c;
#else
  c = int(gl_LocalInvocationID.x);
  t = int(gl_LocalInvocationID.y);
  int line = int(gl_WorkGroupID.x) * L + c;
#endif
  int layer = int(gl_WorkGroupID.z);
  bool inverse = uDirection != 0;

  // The inverse transform is the forward one on swapped real and imaginary parts:
  // IDFT(x) = swap(DFT(swap(x))), so one kernel serves both directions.
  for (int m = 0; m < P; ++m) {
    vec4 x = imageLoad(uSrc, texel(t + T * m, line, layer));
    v[m] = inverse ? x.yxwz : x;
  }

  stage_first(1, STAGES == 1);
  int Ns = R1;
  for (int s = 1; s < STAGES; ++s) {
    stage_main(Ns, s == STAGES - 1);
    Ns *= P;
  }

  for (int m = 0; m < P; ++m) {
    vec4 x = inverse ? v[m].yxwz : v[m];
    imageStore(uDst, texel(t + T * m, line, layer), x * uScale);
  }
}
