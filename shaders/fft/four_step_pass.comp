#version 430 core
// SPDX-License-Identifier: MIT
// One pass of the four-step 2D path on natural-layout images (src/fft/four_step_2d.cpp): the
// fast kernel (fft/fast.glsl, compiled as a column pass so that a work group's L lines are
// adjacent lanes) transforms lines whose elements lie along one axis of the W x H image, and
// each line's texels are found from the line number, so nothing is gathered or scattered in a
// pass of its own.
//
// An axis of length N = N1 x N2 (N1 = 1 when it needs no split) takes two passes (the second
// alone when N1 = 1), each over lines g = j + J (o + M l) along rows (axis 0) or
// g = o + M (j + J l) along columns, where o is the other in-plane coordinate (M of them) and l
// the layer; neighbouring lines are neighbouring texels wherever the line's sub-index j or the
// column o varies fastest:
//   first pass, J = N2, j = n2: element n1 at e = n1 N2 + n2 in, the twiddled output k1 at
//     e = k1 N2 + n2 out (exp(-+2 pi i n2 k1 / N) from a table computed in double on the host);
//   second pass, J = N1, j = k1: element n2 at e = k1 N2 + n2 in, output k2 at e = k1 + N1 k2.
// uMap holds (A, B, C, D): element i of line j is read at e = A j + B i and written at
// e = C j + D i.
//
// Along columns the lines may come in another order (Options::FastTuning::four_step_run and
// four_step_band): g = jr + R (ob + B (jq + (J / R) (oq + (M / B) l))) with j = jr + R jq and
// o = ob + B oq, where R (uRun) divides J and B (uBand) divides M; R = 1 and B = M is the order
// above. Along rows (four_step_row_run) g = or + R (j + J (oq + (M / R) l)) with o = or + R oq,
// R dividing M. Only which invocation takes which line changes, never a line's arithmetic.
#include "fft/axis.glsl"

#define FFT_CUSTOM_MAIN
#define FFT_LOAD(i, line, layer) fs_load(i)
#define FFT_STORE(i, line, layer, value) fs_store(i, value)

layout(binding = FFT_IMAGE_SRC, rgba32f) uniform restrict readonly image2DArray uSrc;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform restrict writeonly image2DArray uDst;

uniform int uPassAxis;  // 0: elements along x, 1: along y
uniform int uOther;     // M
uniform int uSub;       // J
uniform int uLines;     // J x M x layers
uniform ivec4 uMap;
uniform int uTwiddle;   // 1: the first pass, whose outputs take the four-step twiddle
uniform int uRun;       // R: neighbouring j (columns) or rows o (rows) first
uniform int uBand;      // B: then neighbouring columns (columns only)

// The four-step twiddles exp(-2 pi i n2 k1 / N) at k1 * N2 + n2.
layout(std430, binding = FFT_BUFFER_CHIRP) readonly buffer FourStepTwiddles { vec2 fs_tw[]; };

bool fs_valid = false;
int fs_j = 0;
ivec3 fs_in = ivec3(0), fs_out = ivec3(0), fs_step_in = ivec3(0), fs_step_out = ivec3(0);

vec4 fs_load(int i) { return fs_valid ? imageLoad(uSrc, fs_in + i * fs_step_in) : vec4(0.0); }

void fs_store(int i, vec4 value);

#include "fft/fast.glsl"

void fs_store(int i, vec4 value) {
  if (!fs_valid) return;
  if (uTwiddle != 0) {
    const vec2 w = fs_tw[i * uSub + fs_j];
    value = cmul(value, uDirection != 0 ? cconj(w) : w);
  }
  imageStore(uDst, fs_out + i * fs_step_out, value);
}

void main() {
  // A group past the last line leaves as a whole, before any barrier.
  if (int(gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x) * L >= uLines) return;
  int line, layer;
  fft_setup(line, layer);
  const int g = line + int(gl_WorkGroupID.y * gl_NumWorkGroups.x) * L;
  fs_valid = g < uLines;
  int o, l;
  if (uPassAxis == 0) {
    int q = g;
    const int orun = q % uRun;
    q /= uRun;
    fs_j = q % uSub;
    q /= uSub;
    const int runs = uOther / uRun;
    o = orun + uRun * (q % runs);
    l = q / runs;
  } else {
    int q = g;
    const int jr = q % uRun;
    q /= uRun;
    const int ob = q % uBand;
    q /= uBand;
    const int runs = uSub / uRun, bands = uOther / uBand;
    fs_j = jr + uRun * (q % runs);
    q /= runs;
    o = ob + uBand * (q % bands);
    l = q / bands;
  }
  const ivec3 along = uPassAxis == 0 ? ivec3(1, 0, 0) : ivec3(0, 1, 0);
  const ivec3 base = uPassAxis == 0 ? ivec3(0, o, l) : ivec3(o, 0, l);
  fs_in = base + along * (uMap.x * fs_j);
  fs_step_in = along * uMap.y;
  fs_out = base + along * (uMap.z * fs_j);
  fs_step_out = along * uMap.w;
  fft_line(line, layer);
  fft_store(line, layer);
}
