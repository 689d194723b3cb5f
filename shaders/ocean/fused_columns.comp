#version 430 core
// SPDX-License-Identifier: MIT
// The fused path's last pass: the inverse FFT along columns (fft/fast.glsl) of both packed planes
// of one cascade per work group, one after the other, then the assemble step
// (ocean/assemble.glsl) on the results still in registers, so the fields texture is neither
// written nor read again. z = cascade.
// Defines: fft/fast.glsl's (AXIS 1), set by src/fft/fast.cpp; LEVEL1 (1: the group's L columns
// pair up, and level 1 is made here too; src/ocean/fused_step.cpp decides).
#include "ocean/assemble.glsl"

void assemble_out(ivec3 texel, vec4 p0, vec4 p1, int t_, int c_);
#define FFT_CUSTOM_MAIN 1
#define FFT_PAIR 1
#define FFT_PAIR_OUT(pos, p0, p1) assemble_out(pos, p0, p1, t, c)
#if LEVEL1
#define FFT_SHARE 1  // level 1's exchange reuses the FFT's shared memory
#endif
#include "fft/fast.glsl"

#if LEVEL1
void level1_put(int slot, vec4 v) { fft_share_put(slot, v); }
vec4 level1_get(int slot) { return fft_share_get(slot); }
#endif

// Invocation (t, c) of line c holds rows t + T m, so a 2 x 2 quad is t, t + 1 of columns c,
// c + 1 (T is even), slots t L + c apart by 1 and L.
void assemble_out(ivec3 texel, vec4 p0, vec4 p1, int t_, int c_) {
  vec4 displacement, derivatives;
  assemble_packed(texel, p0, p1, displacement, derivatives);
#if LEVEL1
  store_level1(texel, displacement, derivatives, t_ * L + c_, 1, L);
#endif
}

void main() {
  int line, cascade;
  fft_setup(line, cascade);
  fft_line(line, 2 * cascade);
  fft_keep();
  // The second transform's first exchange must not overwrite what slower invocations are still
  // reading from the first's last one.
  barrier();
  fft_line(line, 2 * cascade + 1);
  fft_pair_out(line, cascade);
}
