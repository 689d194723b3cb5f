#version 430 core
// SPDX-License-Identifier: MIT
// h0(k) for every cascade: a random phase times the directional spectrum's amplitude inside
// the cascade's band, and w(k) from finite-depth dispersion (rounded for looping). Runs only
// when spectrum parameters change. One invocation per texel, z = cascade.
// Defines: none.
#include "common/complex.glsl"
#include "ocean/common.glsl"
#include "ocean/spectrum_model.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
// xy = h0(k), zw = conj(h0(-k)): the evolve step reads both halves of every wave pair with one
// load instead of two, one of them from the mirrored texel, which is far away in memory.
layout(binding = 0, rgba32f) uniform writeonly image2DArray uH0;
layout(binding = 1, r32f) uniform image2DArray uPhase;
layout(binding = 2, r32f) uniform writeonly image2DArray uOmega;

uniform int uN;
uniform float uPatch[4];   // L_c, metres
uniform float uBandLo[4];  // the cascade's band, rad/m
uniform float uBandHi[4];
uniform uvec2 uSeed;       // the 64-bit seed, low and high words
uniform float uLoopOmega;  // 2 pi / loop period, or 0
// 0: the phase texture is new, start every wave at w * uSimTime; 1: keep each wave's phase, so
// changing the spectrum (depth, wind...) does not restart the waves.
uniform int uKeepPhase;
uniform double uSimTime;

// A uniformly random phase with |xi|^2 = 2, the mean of Tessendorf's pair of normals: each
// wave's amplitude is the spectrum's own and only its phase is drawn (random phase,
// deterministic amplitude). With Gaussian amplitudes a patch's variance is a sum of
// exponentials dominated by the few waves at the peak, and one seed's Hs strays by 3 % (sd) and
// up to 8 %, its whitecaps, which follow the steepest crests, by twice that; with fixed
// amplitudes every seed's patch holds the spectrum's energy and the surface is still Gaussian
// over the many waves a point sums. Hashing the signed wave number rather than the texel gives
// each wave the same draw at every N, so resizing keeps the ocean's look.
vec2 random_phase(ivec2 m, uint cascade) {
  uvec4 r = pcg4d(uvec4(uint(m.x), uint(m.y), uSeed.x, uSeed.y + cascade * 0x9E3779B9u));
  float u = float(r.y >> 8u) * (1.0 / 16777216.0);
  return sqrt(2.0) * vec2(cos(2.0 * PI * u), sin(2.0 * PI * u));
}

// h0 at wave number m of cascade c (k = dk m): zero outside the cascade's band.
vec2 h0_at(ivec2 m, int c, float dk) {
  vec2 k = dk * vec2(m);
  float kl = length(k);
  // The Nyquist row and column have no partner at +N/2, so their derived fields could not be
  // Hermitian; leaving them empty keeps every inverse FFT real. k = 0 is the mean level.
  if (!(kl > 0.0 && kl >= uBandLo[c] && kl < uBandHi[c] && m.x != -uN / 2 && m.y != -uN / 2))
    return vec2(0.0);
  // E|h0|^2 = F dk^2 / 2 (spectrum_model.h); |xi|^2 = 2.
  // A wave stored at k travels towards -k (h(x,t) holds e^{i(k.x + w t)}), so its energy is
  // the spectrum's in direction -k.
  float f = spectrum_density(-k);
  return random_phase(m, uint(c)) * (0.5 * dk * sqrt(max(f, 0.0)));
}

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  int c = texel.z;
  ivec2 m = wave_number(texel.xy, uN);
  float dk = 2.0 * PI / uPatch[c];
  float kl = length(dk * vec2(m));
  float omega = spec_omega(kl);
  if (uLoopOmega > 0.0 && kl > 0.0) omega = max(round(omega / uLoopOmega), 1.0) * uLoopOmega;

  // -k's texel, as the evolve step has always paired them (its own texel on the Nyquist lines).
  ivec2 minus_m = wave_number(mirror_texel(texel.xy, uN), uN);
  imageStore(uH0, texel, vec4(h0_at(m, c, dk), cconj(h0_at(minus_m, c, dk))));
  imageStore(uOmega, texel, vec4(omega));
  if (uKeepPhase == 0) {
    const double two_pi = 6.28318530717958647692LF;
    double ph = double(omega) * uSimTime;
    imageStore(uPhase, texel, vec4(float(ph - floor(ph / two_pi) * two_pi)));
  }
}
