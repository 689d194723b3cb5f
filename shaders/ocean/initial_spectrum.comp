#version 430 core
// h0(k): Phillips spectrum times complex Gaussian randoms, and w(k) from finite-depth
// dispersion. Runs only when spectrum parameters change.
// Defines: none. One invocation per texel.
#include "ocean/common.glsl"

layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform writeonly image2D uH0;

uniform int uN;
uniform float uPatch;       // L, metres
uniform vec2 uWindDir;      // unit vector the wind blows towards (x, z)
uniform float uWindSpeed;   // m/s
uniform float uAmplitude;   // Phillips constant A
uniform float uCutoff;      // small-wave damping length l, metres
uniform float uOpposing;    // amplitude kept by waves running against the wind
uniform float uDepth;       // metres
uniform uvec2 uSeed;        // the 64-bit seed, low and high words
uniform float uGravity;

// PCG-style 4D hash (Jarzynski & Olano 2020). Hashing the signed wave number rather than the
// texel gives each wave the same random draw at every N, so resizing keeps the ocean's look.
uvec4 pcg4d(uvec4 v) {
  v = v * 1664525u + 1013904223u;
  v.x += v.y * v.w; v.y += v.z * v.x; v.z += v.x * v.y; v.w += v.y * v.z;
  v ^= v >> 16u;
  v.x += v.y * v.w; v.y += v.z * v.x; v.z += v.x * v.y; v.w += v.y * v.z;
  v ^= v >> 16u;
  return v;
}

// Two independent standard normals by Box-Muller.
vec2 gaussian_pair(ivec2 m) {
  uvec4 r = pcg4d(uvec4(uint(m.x), uint(m.y), uSeed.x, uSeed.y));
  float u1 = (float(r.x >> 8u) + 1.0) * (1.0 / 16777216.0);  // (0, 1]: log stays finite
  float u2 = float(r.y >> 8u) * (1.0 / 16777216.0);
  return sqrt(-2.0 * log(u1)) * vec2(cos(2.0 * PI * u2), sin(2.0 * PI * u2));
}

void main() {
  ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
  if (texel.x >= uN || texel.y >= uN) return;
  ivec2 m = wave_number(texel, uN);
  vec2 k = 2.0 * PI * vec2(m) / uPatch;
  float kl = length(k);
  float omega = kl > 0.0 ? sqrt(uGravity * kl * tanh(min(kl * uDepth, 20.0))) : 0.0;

  vec2 h0 = vec2(0.0);
  // The Nyquist row and column have no partner at +N/2, so their derived fields could not be
  // Hermitian; leaving them empty keeps every inverse FFT real. k = 0 is the mean level.
  if (kl > 0.0 && m.x != -uN / 2 && m.y != -uN / 2) {
    float lw = uWindSpeed * uWindSpeed / uGravity;  // largest wave from a steady wind
    // With h(x) = sum h(k,t) e^{i k.x} and the e^{+i w t} term, h0(k) travels towards -k.
    float c = dot(-k / kl, uWindDir);
    float k2 = kl * kl;
    float phillips = uAmplitude * exp(-1.0 / (k2 * lw * lw)) / (k2 * k2) * c * c *
                     exp(-k2 * uCutoff * uCutoff);
    if (c < 0.0) phillips *= uOpposing * uOpposing;
    float dk = 2.0 * PI / uPatch;
    // Scaling by the cell area dk^2 turns the continuous spectrum into per-wave variance, so
    // heights do not depend on N or L.
    h0 = gaussian_pair(m) * sqrt(0.5 * phillips * dk * dk);
  }
  imageStore(uH0, texel, vec4(h0, omega, 0.0));
}
