#version 430 core
// SPDX-License-Identifier: MIT
// Radix-2 decimation-in-time Cooley-Tukey, one stage per dispatch (the design source's "stage
// pass"). Stage 0 reads its inputs in bit-reversed order; every stage reads one ping-pong image
// and writes the other. One invocation computes one butterfly for both complex channels.
// Defines: N (axis length), AXIS, LOCAL (invocations per group along x).
#include "fft/axis.glsl"

layout(local_size_x = LOCAL, local_size_y = 1, local_size_z = 1) in;

layout(binding = FFT_IMAGE_SRC, rgba32f) uniform image2DArray uPingpong0;
layout(binding = FFT_IMAGE_DST, rgba32f) uniform image2DArray uPingpong1;

uniform int uStage;      // 0 .. log2(N)-1
uniform int uPingpong;   // 0: read uPingpong0, write uPingpong1; 1: the other way round
uniform int uDirection;  // 0 forward, 1 inverse
uniform float uScale;    // applied to the outputs (1/N on the last inverse stage, else 1)

int bit_reverse(int i) {
  return int(bitfieldReverse(uint(i)) >> uint(32 - findMSB(N)));
}

vec4 load(ivec3 c) { return uPingpong == 0 ? imageLoad(uPingpong0, c) : imageLoad(uPingpong1, c); }
void store(ivec3 c, vec4 v) {
  if (uPingpong == 0) imageStore(uPingpong1, c, v); else imageStore(uPingpong0, c, v);
}

void main() {
  int b = int(gl_GlobalInvocationID.x);  // butterfly index in [0, N/2)
  int line = int(gl_GlobalInvocationID.y);
  int layer = int(gl_GlobalInvocationID.z);
  int span = 1 << uStage;
  int pos = b & (span - 1);
  int i0 = ((b - pos) << 1) + pos;
  int i1 = i0 + span;
  int r0 = uStage == 0 ? bit_reverse(i0) : i0;
  int r1 = uStage == 0 ? bit_reverse(i1) : i1;
  vec4 a = load(axis_coord(r0, line, layer));
  vec4 c = cmul(load(axis_coord(r1, line, layer)), twiddle(pos * (N / (2 * span)), uDirection != 0));
  store(axis_coord(i0, line, layer), (a + c) * uScale);
  store(axis_coord(i1, line, layer), (a - c) * uScale);
}
