// SPDX-License-Identifier: MIT
// The per-frame spectrum, shared by ocean/spectrum.comp (its own pass) and
// ocean/fused_rows.comp (inside the inverse FFT's first pass): advance each wave's phase, then
// h(k,t) = h0(k) e^{i phi} + conj(h0(-k)) e^{-i phi} and the fields the renderer needs. Two real
// fields share a complex plane (a + i b), which works because each field's spectrum is
// Hermitian, so its inverse transform is real.
// Identifiers here must not be the FFT's one-letter defines (N, P, T, L, ...): the fused pass
// includes this file after them.
#ifndef OCEAN_SPECTRUM_GLSL
#define OCEAN_SPECTRUM_GLSL

#include "common/complex.glsl"
#include "ocean/common.glsl"

// xy = h0(k), zw = conj(h0(-k)) (ocean/initial_spectrum.comp), and w(k).
layout(binding = 2, rgba32f) uniform readonly image2DArray uH0;
layout(binding = 5, r32f) uniform readonly image2DArray uOmega;
// The phase ping-pongs between two textures, so a pass may read every wave's old phase while
// it writes the new one (the fused pass reads it in two work groups per texel).
layout(binding = 3, r32f) uniform readonly image2DArray uPhase;
layout(binding = 4, r32f) uniform writeonly image2DArray uPhaseOut;

uniform int uN;
uniform float uPatch[4];
// Simulated seconds since the last step. Accumulating w dt per wave, instead of w t, keeps the
// surface continuous when w changes (depth, loop period) or the time scale does. Double: a
// jump of hours still lands on the right phase.
uniform double uDt;
// The same in float, where the step is short enough for it (uLongStep 0): w dt then stays under
// ~110 rad at every size, which float resolves to ~1e-5 rad, and most GPUs outside data centres
// run fp64 at 1/32 to 1/64 of the fp32 rate (src/ocean/simulation.cpp, kShortStep).
uniform float uShortDt;
uniform int uLongStep;

vec2 mul_i(vec2 a) { return vec2(-a.y, a.x); }

// N^2 h(k,t) at `texel` (z = cascade); stores the new phase when `store_phase`.
vec2 evolve(ivec3 texel, bool store_phase) {
  vec4 a = imageLoad(uH0, texel);
  float phase;
  if (uLongStep != 0) {
    const double two_pi = 6.28318530717958647692LF;
    const double inv_two_pi = 0.15915494309189533577LF;  // a double divide is a slow loop on GPUs
    double ph = double(imageLoad(uPhase, texel).x) + double(imageLoad(uOmega, texel).x) * uDt;
    phase = float(ph - floor(ph * inv_two_pi) * two_pi);
  } else {
    float ph = imageLoad(uPhase, texel).x + imageLoad(uOmega, texel).x * uShortDt;
    phase = ph - floor(ph * (0.5 / PI)) * (2.0 * PI);
  }
  if (store_phase) imageStore(uPhaseOut, texel, vec4(phase));
  // k and -k share |k|, so w and the accumulated phase: this invocation's phase serves both.
  vec2 e = cexp_i(phase);
  vec2 h = cmul(a.xy, e) + cmul(a.zw, cconj(e));
  // The inverse FFT divides by N^2; multiplying here makes its output metres.
  return h * (float(uN) * float(uN));
}

// The eight fields (Field in src/ocean/params.h) of h at `texel`.
void derived_fields(ivec3 texel, vec2 h, out vec2 f[8]) {
  vec2 k = 2.0 * PI * vec2(wave_number(texel.xy, uN)) / uPatch[texel.z];
  float kl = length(k);
  vec2 kn = kl > 0.0 ? k / kl : vec2(0.0);
  float inv_k = kl > 0.0 ? 1.0 / kl : 0.0;
  f[0] = -mul_i(h) * kn.x;              // Dx
  f[1] = h;                             // height
  f[2] = -mul_i(h) * kn.y;              // Dz
  f[3] = mul_i(h) * k.x;                // dh/dx
  f[4] = mul_i(h) * k.y;                // dh/dz
  f[5] = -h * (k.x * k.x * inv_k);      // dDx/dx
  f[6] = -h * (k.y * k.y * inv_k);      // dDz/dz
  f[7] = -h * (k.x * k.y * inv_k);      // dDx/dz
}

// Packed plane j (0, 1): fields 4j + i (4j+1) and 4j+2 + i (4j+3).
vec4 packed_plane(vec2 f[8], int j) {
  return j == 0 ? vec4(f[0] + mul_i(f[1]), f[2] + mul_i(f[3]))
                : vec4(f[4] + mul_i(f[5]), f[6] + mul_i(f[7]));
}

#endif
