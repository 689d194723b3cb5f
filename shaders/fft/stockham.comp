#version 430 core
// SPDX-License-Identifier: MIT
// Stockham autosort FFT along one axis in a single dispatch: each work group loads LINES whole
// lines into shared memory, runs every stage there, and writes the lines back in natural order.
// Defines:
//   N        axis length (power of two)
//   AXIS     0 rows, 1 columns
//   RADIX    2 or 4 (radix 4 adds one radix-2 stage when log2 N is odd)
//   THREADS  invocations per line, divides N / RADIX (or is 1)
//   LINES    lines per work group
//   SPLIT    0: shared memory holds vec4 (both channels at once)
//            1: it holds vec2, and the two channels go through it one after the other; the
//               fallback when N * 16 bytes do not fit in shared memory
#include "fft/axis.glsl"

layout(local_size_x = THREADS, local_size_y = LINES, local_size_z = 1) in;

layout(binding = FFT_IMAGE_SRC, rgba32f) uniform readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform writeonly image2DArray uDst;

uniform int uDirection;  // 0 forward, 1 inverse
uniform float uScale;    // 1, or 1/N for the inverse

#if SPLIT
#define ELEM vec2
#define ROUNDS 2
#else
#define ELEM vec4
#define ROUNDS 1
#endif

shared ELEM sdata[LINES * N];

const int PER_THREAD = N / THREADS;  // elements each invocation loads and stores
const int BF4 = max((N / 4) / THREADS, 1);
const int BF2 = max((N / 2) / THREADS, 1);

// Set once at the top of main(); the initialisers only keep Mesa from warning that the stage
// functions read them uninitialised.
int ly = 0;           // line within the group
int base = 0;         // offset of this line in sdata
bool inverse = false;

vec2 mul_i(vec2 a, float s) { return cmul_i(a, s); }
vec4 mul_i(vec4 a, float s) { return cmul_i(a, s); }
vec2 twmul(vec2 a, vec2 w) { return cmul(a, w); }
vec4 twmul(vec4 a, vec2 w) { return cmul(a, w); }

// One radix-2 stage: sub-transforms of length Ns become length 2*Ns.
void stage2(int Ns) {
  int t = int(gl_LocalInvocationID.x);
  ELEM v0[BF2], v1[BF2];
  for (int b = 0; b < BF2; ++b) {
    int j = t + b * THREADS;
    if (j < N / 2) {
      v0[b] = sdata[base + j];
      v1[b] = sdata[base + j + N / 2];
    }
  }
  memoryBarrierShared();
  barrier();
  for (int b = 0; b < BF2; ++b) {
    int j = t + b * THREADS;
    if (j < N / 2) {
      int k = j & (Ns - 1);
      ELEM c = twmul(v1[b], twiddle(k * (N / (2 * Ns)), inverse));
      int o = ((j - k) << 1) + k;
      sdata[base + o] = v0[b] + c;
      sdata[base + o + Ns] = v0[b] - c;
    }
  }
  memoryBarrierShared();
  barrier();
}

// One radix-4 stage: sub-transforms of length Ns become length 4*Ns.
void stage4(int Ns) {
  int t = int(gl_LocalInvocationID.x);
  float s = inverse ? 1.0 : -1.0;  // exp(s*i*pi/2) = s*i
  ELEM v[BF4][4];
  for (int b = 0; b < BF4; ++b) {
    int j = t + b * THREADS;
    for (int r = 0; r < 4; ++r) v[b][r] = sdata[base + j + r * (N / 4)];
  }
  memoryBarrierShared();
  barrier();
  for (int b = 0; b < BF4; ++b) {
    int j = t + b * THREADS;
    int k = j & (Ns - 1);
    int step = k * (N / (4 * Ns));
    ELEM a0 = v[b][0];
    ELEM a1 = twmul(v[b][1], twiddle(step, inverse));
    ELEM a2 = twmul(v[b][2], twiddle(2 * step, inverse));
    ELEM a3 = twmul(v[b][3], twiddle(3 * step, inverse));
    ELEM e0 = a0 + a2, e1 = a0 - a2;
    ELEM o0 = a1 + a3, o1 = mul_i(a1 - a3, s);
    int o = (j - k) * 4 + k;
    sdata[base + o] = e0 + o0;
    sdata[base + o + Ns] = e1 + o1;
    sdata[base + o + 2 * Ns] = e0 - o0;
    sdata[base + o + 3 * Ns] = e1 - o1;
  }
  memoryBarrierShared();
  barrier();
}

ELEM pick(vec4 texel, int round) {
#if SPLIT
  return round == 0 ? texel.xy : texel.zw;
#else
  return texel;
#endif
}

void main() {
  int t = int(gl_LocalInvocationID.x);
  ly = int(gl_LocalInvocationID.y);
  base = ly * N;
  int line = int(gl_WorkGroupID.y) * LINES + ly;
  int layer = int(gl_WorkGroupID.z);
  inverse = uDirection != 0;

  ELEM first[PER_THREAD];  // the xy results while zw is in flight (SPLIT only)
  for (int round = 0; round < ROUNDS; ++round) {
    for (int e = 0; e < PER_THREAD; ++e) {
      int i = t + e * THREADS;
      sdata[base + i] = pick(imageLoad(uSrc, axis_coord(i, line, layer)), round);
    }
    memoryBarrierShared();
    barrier();
    int Ns = 1;
#if RADIX == 4
    for (; Ns * 4 <= N; Ns *= 4) stage4(Ns);
#endif
    for (; Ns < N; Ns *= 2) stage2(Ns);
#if SPLIT
    if (round == 0) {
      for (int e = 0; e < PER_THREAD; ++e) first[e] = sdata[base + t + e * THREADS];
      barrier();  // everyone has read round 0 before round 1 overwrites sdata
    }
#endif
  }
  for (int e = 0; e < PER_THREAD; ++e) {
    int i = t + e * THREADS;
#if SPLIT
    vec4 outv = vec4(first[e], sdata[base + i]);
#else
    vec4 outv = sdata[base + i];
#endif
    imageStore(uDst, axis_coord(i, line, layer), outv * uScale);
  }
}
