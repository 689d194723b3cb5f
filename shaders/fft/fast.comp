#version 430 core
// The "fast" FFT: one dispatch per axis. Every invocation keeps P elements of its line in
// registers and computes whole radix-P butterflies there; shared memory is touched only to
// exchange data between stages, so a transform of length R1 * P^(STAGES-1) costs STAGES-1
// exchanges and exactly one read and one write of every texel.
//
// Stockham indexing keeps every invocation's register set the same at every stage: invocation t
// always holds elements t + T*m (m < P) of the current sequence, so the first stage reads them
// straight from the image and the last stage writes them straight back in natural order.
//
// The registers are separate variables v0..v15, never an array: a driver may put an array in
// local memory when it cannot prove every index constant, and the first version of this shader,
// written with arrays, ran at a tenth of copy bandwidth on an H100 (docs/perf-notes.md).
//
// Defines (set by src/fft/fast.cpp):
//   N        axis length (power of two)
//   AXIS     0 rows, 1 columns
//   P        elements per invocation: 2, 4, 8 or 16 (divides N)
//   T        invocations per line, N / P
//   TL       T * L
//   L        lines per work group (rows for AXIS 0, adjacent columns for AXIS 1)
//   R1       radix of the first stage (divides P); the later stages use radix P
//   STAGES   number of stages: N = R1 * P^(STAGES-1)
//   EX       floats per shared-memory word in an exchange: 4 (one round), 2 or 1 (2 or 4 rounds
//            through a smaller array when a whole line of vec4 does not fit)
#include "fft/axis.glsl"

#if AXIS == 0 && ROW_G > 0 && ROW_G < T && L > 1
#define ROW_TILES 1
layout(local_size_x = TL, local_size_y = 1, local_size_z = 1) in;
#elif AXIS == 0
layout(local_size_x = T, local_size_y = L, local_size_z = 1) in;
#else
// Columns vary fastest inside a warp, so each image access touches L adjacent texels of a row:
// whole memory sectors instead of one 16-byte texel per sector.
layout(local_size_x = L, local_size_y = T, local_size_z = 1) in;
#endif

// Variant switches, measured on the H100 (docs/perf-notes.md, v4); the tuning harness overrides
// them by prepending defines to copies of this file.
//   TW_EARLY  1: a stage's twiddles are loaded before its exchange, so their latency hides behind
//             the barriers instead of stalling the butterfly after them
//   IMG_RESTRICT 1: the images are declared restrict (source and destination never alias)
//   SH_MEMBAR 1: memoryBarrierShared() before each barrier(); GLSL's barrier() already orders
//             shared-variable accesses in compute shaders, so 0 is correct too and may be cheaper
//   PAD_SHIFT one padding word per 2^PAD_SHIFT exchange words (src/fft/fast.cpp sizes the
//             array for 4)
//   ROW_G     0: a row group's warps run along one row (32 consecutive texels); else lanes
//             take ROW_G consecutive texels of each of the group's L rows in turn, so one warp
//             access covers 2D tiles (ROW_G x L texels) of the image, like the column pass's
//             and the copy's. NVIDIA stores images in 2D blocks, and whole-row warps measured
//             10-13 % slower (4 best of 4/8/16 at every size)
#ifndef ROW_G
#define ROW_G 4
#endif
#ifndef SH_MEMBAR
#define SH_MEMBAR 0
#endif
#ifndef PAD_SHIFT
#define PAD_SHIFT 4
#endif
#ifndef TW_EARLY
#define TW_EARLY 1
#endif
#ifndef IMG_RESTRICT
#define IMG_RESTRICT 1
#endif

#if IMG_RESTRICT
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;
#else
layout(binding = FFT_IMAGE_SRC, rgba32f) uniform readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform writeonly image2DArray uDst;
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

// One padding word every 16 keeps the stride-16 writes of a radix-16 stage off a single bank.
const int STRIDE = N + (N >> PAD_SHIFT);
#if STAGES > 1
shared SH_T sh[L * STRIDE];
#endif

vec4 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
int t;  // invocation within its line
int c;  // line within the work group

// ---- butterflies on explicit registers, forward direction, natural order in and out ----
vec4 mul_mi(vec4 x) { return vec4(x.y, -x.x, x.w, -x.z); }  // * -i
const float R8 = 0.70710678118654752;
// * exp(-i pi/4) and * exp(-3i pi/4)
vec4 mul_w8(vec4 x) { return R8 * vec4(x.x + x.y, x.y - x.x, x.z + x.w, x.w - x.z); }
vec4 mul_w8_3(vec4 x) { return R8 * vec4(x.y - x.x, -x.x - x.y, x.w - x.z, -x.z - x.w); }
const float C16 = 0.92387953251128676, S16 = 0.38268343236508977;

void dft2(inout vec4 a0, inout vec4 a1) {
  vec4 d = a0 - a1;
  a0 += a1;
  a1 = d;
}

void dft4(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3) {
  dft2(a0, a2);
  dft2(a1, a3);
  a3 = mul_mi(a3);
  dft2(a0, a1);
  dft2(a2, a3);
  vec4 y2 = a1;  // the outputs are y0 = a0, y2 = a1, y1 = a2, y3 = a3
  a1 = a2;
  a2 = y2;
}

// Decimation in frequency: one radix-2 step with twiddles, then two half-size DFTs that give
// the even and the odd outputs.
void dft8(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3, inout vec4 a4,
          inout vec4 a5, inout vec4 a6, inout vec4 a7) {
  dft2(a0, a4); dft2(a1, a5); dft2(a2, a6); dft2(a3, a7);
  a5 = mul_w8(a5);
  a6 = mul_mi(a6);
  a7 = mul_w8_3(a7);
  dft4(a0, a1, a2, a3);
  dft4(a4, a5, a6, a7);
  vec4 e1 = a1, e2 = a2, e3 = a3, o0 = a4, o1 = a5, o2 = a6;
  a1 = o0; a2 = e1; a3 = o1; a4 = e2; a5 = o2; a6 = e3;
}

void dft16(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3, inout vec4 a4,
           inout vec4 a5, inout vec4 a6, inout vec4 a7, inout vec4 a8, inout vec4 a9,
           inout vec4 a10, inout vec4 a11, inout vec4 a12, inout vec4 a13, inout vec4 a14,
           inout vec4 a15) {
  dft2(a0, a8); dft2(a1, a9); dft2(a2, a10); dft2(a3, a11);
  dft2(a4, a12); dft2(a5, a13); dft2(a6, a14); dft2(a7, a15);
  a9 = cmul(a9, vec2(C16, -S16));
  a10 = mul_w8(a10);
  a11 = cmul(a11, vec2(S16, -C16));
  a12 = mul_mi(a12);
  a13 = cmul(a13, vec2(-S16, -C16));
  a14 = mul_w8_3(a14);
  a15 = cmul(a15, vec2(-C16, -S16));
  dft8(a0, a1, a2, a3, a4, a5, a6, a7);
  dft8(a8, a9, a10, a11, a12, a13, a14, a15);
  vec4 e1 = a1, e2 = a2, e3 = a3, e4 = a4, e5 = a5, e6 = a6, e7 = a7;
  vec4 o0 = a8, o1 = a9, o2 = a10, o3 = a11, o4 = a12, o5 = a13, o6 = a14;
  a1 = o0; a2 = e1; a3 = o1; a4 = e2; a5 = o2; a6 = e3; a7 = o3;
  a8 = e4; a9 = o4; a10 = e5; a11 = o5; a12 = e6; a13 = o6; a14 = e7;
}

#if P == 2
#define DFT_P dft2(v0, v1)
#elif P == 4
#define DFT_P dft4(v0, v1, v2, v3)
#elif P == 8
#define DFT_P dft8(v0, v1, v2, v3, v4, v5, v6, v7)
#else
#define DFT_P dft16(v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15)
#endif

// ---- exchange through shared memory ----
int sh_index(int pos) {
  int p = pos + (pos >> PAD_SHIFT);
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
  return round == 0 ? x.x : round == 1 ? x.y : round == 2 ? x.z : x.w;
#endif
}

vec4 with_part(vec4 x, int round, SH_T s) {
#if EX == 4
  return s;
#elif EX == 2
  return round == 0 ? vec4(s, x.zw) : vec4(x.xy, s);
#else
  return round == 0 ? vec4(s, x.yzw) : round == 1 ? vec4(x.x, s, x.zw)
       : round == 2 ? vec4(x.xy, s, x.w) : vec4(x.xyz, s);
#endif
}

#if STAGES > 1
// One round of an exchange: register m goes to position base + (m % B) * sB + (m / B) * sR of
// the line; afterwards invocation t holds elements t + T*m again. Every call site passes
// constants, so the divisions and the round's component choice fold away.
void exchange_round(int base, int B, int sB, int sR, int round, bool final_round) {
  sh[sh_index(base + (0 % B) * sB + (0 / B) * sR)] = part(v0, round);
  sh[sh_index(base + (1 % B) * sB + (1 / B) * sR)] = part(v1, round);
#if P > 2
  sh[sh_index(base + (2 % B) * sB + (2 / B) * sR)] = part(v2, round);
  sh[sh_index(base + (3 % B) * sB + (3 / B) * sR)] = part(v3, round);
#endif
#if P > 4
  sh[sh_index(base + (4 % B) * sB + (4 / B) * sR)] = part(v4, round);
  sh[sh_index(base + (5 % B) * sB + (5 / B) * sR)] = part(v5, round);
  sh[sh_index(base + (6 % B) * sB + (6 / B) * sR)] = part(v6, round);
  sh[sh_index(base + (7 % B) * sB + (7 / B) * sR)] = part(v7, round);
#endif
#if P > 8
  sh[sh_index(base + (8 % B) * sB + (8 / B) * sR)] = part(v8, round);
  sh[sh_index(base + (9 % B) * sB + (9 / B) * sR)] = part(v9, round);
  sh[sh_index(base + (10 % B) * sB + (10 / B) * sR)] = part(v10, round);
  sh[sh_index(base + (11 % B) * sB + (11 / B) * sR)] = part(v11, round);
  sh[sh_index(base + (12 % B) * sB + (12 / B) * sR)] = part(v12, round);
  sh[sh_index(base + (13 % B) * sB + (13 / B) * sR)] = part(v13, round);
  sh[sh_index(base + (14 % B) * sB + (14 / B) * sR)] = part(v14, round);
  sh[sh_index(base + (15 % B) * sB + (15 / B) * sR)] = part(v15, round);
#endif
#if SH_MEMBAR
  memoryBarrierShared();
#endif
  barrier();
  v0 = with_part(v0, round, sh[sh_index(t + T * 0)]);
  v1 = with_part(v1, round, sh[sh_index(t + T * 1)]);
#if P > 2
  v2 = with_part(v2, round, sh[sh_index(t + T * 2)]);
  v3 = with_part(v3, round, sh[sh_index(t + T * 3)]);
#endif
#if P > 4
  v4 = with_part(v4, round, sh[sh_index(t + T * 4)]);
  v5 = with_part(v5, round, sh[sh_index(t + T * 5)]);
  v6 = with_part(v6, round, sh[sh_index(t + T * 6)]);
  v7 = with_part(v7, round, sh[sh_index(t + T * 7)]);
#endif
#if P > 8
  v8 = with_part(v8, round, sh[sh_index(t + T * 8)]);
  v9 = with_part(v9, round, sh[sh_index(t + T * 9)]);
  v10 = with_part(v10, round, sh[sh_index(t + T * 10)]);
  v11 = with_part(v11, round, sh[sh_index(t + T * 11)]);
  v12 = with_part(v12, round, sh[sh_index(t + T * 12)]);
  v13 = with_part(v13, round, sh[sh_index(t + T * 13)]);
  v14 = with_part(v14, round, sh[sh_index(t + T * 14)]);
  v15 = with_part(v15, round, sh[sh_index(t + T * 15)]);
#endif
  // Nobody may overwrite sh (next round or next stage) before everyone has read it; after the
  // last read of the last exchange nothing writes sh again.
  if (!final_round) {
#if SH_MEMBAR
    memoryBarrierShared();
#endif
    barrier();
  }
}

void exchange(int base, int B, int sB, int sR, bool last) {
#if EX == 4
  exchange_round(base, B, sB, sR, 0, last);
#elif EX == 2
  exchange_round(base, B, sB, sR, 0, false);
  exchange_round(base, B, sB, sR, 1, last);
#else
  exchange_round(base, B, sB, sR, 0, false);
  exchange_round(base, B, sB, sR, 1, false);
  exchange_round(base, B, sB, sR, 2, false);
  exchange_round(base, B, sB, sR, 3, last);
#endif
}

// A stage after the first: sub-transforms of length Ns become P*Ns. Before it, the previous
// stage's outputs go through shared memory: the first stage's P/R1 radix-R1 butterflies, or a
// later stage's single butterfly per invocation with sub-length prev = Ns/P.
void stage(int Ns, bool second, bool last) {
  int prev = Ns / P;
  // Twiddles from the table computed in double: index m*k*N/(Ns*P) < N.
  int step = (t & (Ns - 1)) * (N / (Ns * P));
#if TW_EARLY
  vec2 w1 = tw[1 * step];
#if P > 2
  vec2 w2 = tw[2 * step]; vec2 w3 = tw[3 * step];
#endif
#if P > 4
  vec2 w4 = tw[4 * step]; vec2 w5 = tw[5 * step]; vec2 w6 = tw[6 * step]; vec2 w7 = tw[7 * step];
#endif
#if P > 8
  vec2 w8 = tw[8 * step]; vec2 w9 = tw[9 * step]; vec2 w10 = tw[10 * step];
  vec2 w11 = tw[11 * step]; vec2 w12 = tw[12 * step]; vec2 w13 = tw[13 * step];
  vec2 w14 = tw[14 * step]; vec2 w15 = tw[15 * step];
#endif
#endif
  if (second)
    exchange(t * R1, P / R1, T * R1, 1, last);
  else
    exchange((t & ~(prev - 1)) * P + (t & (prev - 1)), 1, 0, prev, last);
#if TW_EARLY
  v1 = cmul(v1, w1);
#if P > 2
  v2 = cmul(v2, w2); v3 = cmul(v3, w3);
#endif
#if P > 4
  v4 = cmul(v4, w4); v5 = cmul(v5, w5); v6 = cmul(v6, w6); v7 = cmul(v7, w7);
#endif
#if P > 8
  v8 = cmul(v8, w8); v9 = cmul(v9, w9); v10 = cmul(v10, w10); v11 = cmul(v11, w11);
  v12 = cmul(v12, w12); v13 = cmul(v13, w13); v14 = cmul(v14, w14); v15 = cmul(v15, w15);
#endif
#else
  v1 = cmul(v1, tw[1 * step]);
#if P > 2
  v2 = cmul(v2, tw[2 * step]); v3 = cmul(v3, tw[3 * step]);
#endif
#if P > 4
  v4 = cmul(v4, tw[4 * step]); v5 = cmul(v5, tw[5 * step]); v6 = cmul(v6, tw[6 * step]);
  v7 = cmul(v7, tw[7 * step]);
#endif
#if P > 8
  v8 = cmul(v8, tw[8 * step]); v9 = cmul(v9, tw[9 * step]); v10 = cmul(v10, tw[10 * step]);
  v11 = cmul(v11, tw[11 * step]); v12 = cmul(v12, tw[12 * step]); v13 = cmul(v13, tw[13 * step]);
  v14 = cmul(v14, tw[14 * step]); v15 = cmul(v15, tw[15 * step]);
#endif
#endif
  DFT_P;
}
#endif

ivec3 texel(int i, int line, int layer) { return axis_coord(i, line, layer); }

void main() {
#if defined(ROW_TILES)
  int i = int(gl_LocalInvocationIndex);
  t = (i / (ROW_G * L)) * ROW_G + i % ROW_G;
  c = (i / ROW_G) % L;
  int line = int(gl_WorkGroupID.y) * L + c;
#elif AXIS == 0
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

  v0 = imageLoad(uSrc, texel(t + T * 0, line, layer));
  v1 = imageLoad(uSrc, texel(t + T * 1, line, layer));
#if P > 2
  v2 = imageLoad(uSrc, texel(t + T * 2, line, layer));
  v3 = imageLoad(uSrc, texel(t + T * 3, line, layer));
#endif
#if P > 4
  v4 = imageLoad(uSrc, texel(t + T * 4, line, layer));
  v5 = imageLoad(uSrc, texel(t + T * 5, line, layer));
  v6 = imageLoad(uSrc, texel(t + T * 6, line, layer));
  v7 = imageLoad(uSrc, texel(t + T * 7, line, layer));
#endif
#if P > 8
  v8 = imageLoad(uSrc, texel(t + T * 8, line, layer));
  v9 = imageLoad(uSrc, texel(t + T * 9, line, layer));
  v10 = imageLoad(uSrc, texel(t + T * 10, line, layer));
  v11 = imageLoad(uSrc, texel(t + T * 11, line, layer));
  v12 = imageLoad(uSrc, texel(t + T * 12, line, layer));
  v13 = imageLoad(uSrc, texel(t + T * 13, line, layer));
  v14 = imageLoad(uSrc, texel(t + T * 14, line, layer));
  v15 = imageLoad(uSrc, texel(t + T * 15, line, layer));
#endif
  // The inverse transform is the forward one on swapped real and imaginary parts:
  // IDFT(x) = swap(DFT(swap(x))), so one kernel serves both directions.
  if (inverse) {
    v0 = v0.yxwz;
    v1 = v1.yxwz;
#if P > 2
    v2 = v2.yxwz; v3 = v3.yxwz;
#endif
#if P > 4
    v4 = v4.yxwz; v5 = v5.yxwz; v6 = v6.yxwz; v7 = v7.yxwz;
#endif
#if P > 8
    v8 = v8.yxwz; v9 = v9.yxwz; v10 = v10.yxwz; v11 = v11.yxwz; v12 = v12.yxwz; v13 = v13.yxwz;
    v14 = v14.yxwz; v15 = v15.yxwz;
#endif
  }

  // First stage: sub-transforms of length 1, so no twiddles; P/R1 butterflies of radix R1.
#if R1 == P
  DFT_P;
#elif P == 4 && R1 == 2
  dft2(v0, v2);
  dft2(v1, v3);
#elif P == 8 && R1 == 2
  dft2(v0, v4);
  dft2(v1, v5);
  dft2(v2, v6);
  dft2(v3, v7);
#elif P == 8 && R1 == 4
  dft4(v0, v2, v4, v6);
  dft4(v1, v3, v5, v7);
#elif P == 16 && R1 == 2
  dft2(v0, v8);
  dft2(v1, v9);
  dft2(v2, v10);
  dft2(v3, v11);
  dft2(v4, v12);
  dft2(v5, v13);
  dft2(v6, v14);
  dft2(v7, v15);
#elif P == 16 && R1 == 4
  dft4(v0, v4, v8, v12);
  dft4(v1, v5, v9, v13);
  dft4(v2, v6, v10, v14);
  dft4(v3, v7, v11, v15);
#elif P == 16 && R1 == 8
  dft8(v0, v2, v4, v6, v8, v10, v12, v14);
  dft8(v1, v3, v5, v7, v9, v11, v13, v15);
#endif

  // Later stages, written out so that every stage's constants are literal.
#if STAGES > 1
  stage(R1, true, STAGES == 2);
#endif
#if STAGES > 2
  stage(R1 * P, false, STAGES == 3);
#endif
#if STAGES > 3
  stage(R1 * P * P, false, STAGES == 4);
#endif
#if STAGES > 4
  stage(R1 * P * P * P, false, STAGES == 5);
#endif
#if STAGES > 5
  stage(R1 * P * P * P * P, false, STAGES == 6);
#endif
#if STAGES > 6
  stage(R1 * P * P * P * P * P, false, STAGES == 7);
#endif
#if STAGES > 7
  stage(R1 * P * P * P * P * P * P, false, STAGES == 8);
#endif
#if STAGES > 8
  stage(R1 * P * P * P * P * P * P * P, false, STAGES == 9);
#endif
#if STAGES > 9
  stage(R1 * P * P * P * P * P * P * P * P, false, STAGES == 10);
#endif
#if STAGES > 10
  stage(R1 * P * P * P * P * P * P * P * P * P, false, STAGES == 11);
#endif
#if STAGES > 11
  stage(R1 * P * P * P * P * P * P * P * P * P * P, false, STAGES == 12);
#endif

  if (inverse) {
    v0 = v0.yxwz;
    v1 = v1.yxwz;
#if P > 2
    v2 = v2.yxwz; v3 = v3.yxwz;
#endif
#if P > 4
    v4 = v4.yxwz; v5 = v5.yxwz; v6 = v6.yxwz; v7 = v7.yxwz;
#endif
#if P > 8
    v8 = v8.yxwz; v9 = v9.yxwz; v10 = v10.yxwz; v11 = v11.yxwz; v12 = v12.yxwz; v13 = v13.yxwz;
    v14 = v14.yxwz; v15 = v15.yxwz;
#endif
  }
  imageStore(uDst, texel(t + T * 0, line, layer), v0 * uScale);
  imageStore(uDst, texel(t + T * 1, line, layer), v1 * uScale);
#if P > 2
  imageStore(uDst, texel(t + T * 2, line, layer), v2 * uScale);
  imageStore(uDst, texel(t + T * 3, line, layer), v3 * uScale);
#endif
#if P > 4
  imageStore(uDst, texel(t + T * 4, line, layer), v4 * uScale);
  imageStore(uDst, texel(t + T * 5, line, layer), v5 * uScale);
  imageStore(uDst, texel(t + T * 6, line, layer), v6 * uScale);
  imageStore(uDst, texel(t + T * 7, line, layer), v7 * uScale);
#endif
#if P > 8
  imageStore(uDst, texel(t + T * 8, line, layer), v8 * uScale);
  imageStore(uDst, texel(t + T * 9, line, layer), v9 * uScale);
  imageStore(uDst, texel(t + T * 10, line, layer), v10 * uScale);
  imageStore(uDst, texel(t + T * 11, line, layer), v11 * uScale);
  imageStore(uDst, texel(t + T * 12, line, layer), v12 * uScale);
  imageStore(uDst, texel(t + T * 13, line, layer), v13 * uScale);
  imageStore(uDst, texel(t + T * 14, line, layer), v14 * uScale);
  imageStore(uDst, texel(t + T * 15, line, layer), v15 * uScale);
#endif
}
