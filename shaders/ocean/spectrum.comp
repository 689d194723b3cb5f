#version 430 core
// Per frame: advance each wave's phase, then h(k,t) = h0(k) e^{i phi} + conj(h0(-k)) e^{-i phi}
// and the fields the renderer needs, as spectra for one inverse FFT of all cascades. Two real
// fields share a complex plane (a + i b), which works because each field's spectrum is
// Hermitian, so its inverse transform is real. z = cascade.
// Defines: PACKED (1: plane j = field 2j + i field 2j+1; 0: plane j = field j).
#include "common/complex.glsl"
#include "ocean/common.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uH0;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uSpectrum;
layout(binding = 2, r32f) uniform image2DArray uPhase;

uniform int uN;
uniform float uPatch[4];
// Simulated seconds since the last step. Accumulating w dt per wave, instead of w t, keeps the
// surface continuous when w changes (depth, loop period) or the time scale does. Double: a
// jump of hours still lands on the right phase.
uniform double uDt;

vec2 mul_i(vec2 a) { return vec2(-a.y, a.x); }

#if PACKED
const int PLANES = 2;
#else
const int PLANES = 4;
#endif

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  int c = texel.z;
  vec4 a = imageLoad(uH0, texel);
  vec4 b = imageLoad(uH0, ivec3(mirror_texel(texel.xy, uN), c));
  const double two_pi = 6.28318530717958647692LF;
  const double inv_two_pi = 0.15915494309189533577LF;  // a double divide is a slow loop on GPUs
  double ph = double(imageLoad(uPhase, texel).x) + double(a.z) * uDt;
  float phase = float(ph - floor(ph * inv_two_pi) * two_pi);
  imageStore(uPhase, texel, vec4(phase));
  // k and -k share |k|, so w and the accumulated phase: this invocation's phase serves both.
  vec2 e = cexp_i(phase);
  vec2 h = cmul(a.xy, e) + cmul(cconj(b.xy), cconj(e));

  vec2 k = 2.0 * PI * vec2(wave_number(texel.xy, uN)) / uPatch[c];
  float kl = length(k);
  vec2 kn = kl > 0.0 ? k / kl : vec2(0.0);
  float inv_k = kl > 0.0 ? 1.0 / kl : 0.0;
  // The inverse FFT divides by N^2; multiplying here makes its output metres.
  h *= float(uN) * float(uN);

  vec2 f[8];
  f[0] = -mul_i(h) * kn.x;              // Dx
  f[1] = h;                             // height
  f[2] = -mul_i(h) * kn.y;              // Dz
  f[3] = mul_i(h) * k.x;                // dh/dx
  f[4] = mul_i(h) * k.y;                // dh/dz
  f[5] = -h * (k.x * k.x * inv_k);      // dDx/dx
  f[6] = -h * (k.y * k.y * inv_k);      // dDz/dz
  f[7] = -h * (k.x * k.y * inv_k);      // dDx/dz

  int base = c * PLANES;
#if PACKED
  for (int j = 0; j < 2; ++j)
    imageStore(uSpectrum, ivec3(texel.xy, base + j),
               vec4(f[4 * j] + mul_i(f[4 * j + 1]), f[4 * j + 2] + mul_i(f[4 * j + 3])));
#else
  for (int j = 0; j < 4; ++j)
    imageStore(uSpectrum, ivec3(texel.xy, base + j), vec4(f[2 * j], f[2 * j + 1]));
#endif
}
