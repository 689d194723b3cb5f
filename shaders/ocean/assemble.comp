#version 430 core
// Turns the inverse FFT's fields into the maps the renderer samples (layouts in
// src/ocean/simulation.h) and accumulates foam. z = cascade.
// Defines: PACKED (as in spectrum.comp).
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0, rgba32f) uniform readonly image2DArray uFields;
layout(binding = 1, rgba32f) uniform writeonly image2DArray uDisplacement;
layout(binding = 2, rgba32f) uniform writeonly image2DArray uDerivatives;
// Read and written by the same invocation only: last frame's foam is this texel's own.
layout(binding = 3, rgba32f) uniform image2DArray uTurbulence;

uniform int uN;
uniform float uChoppiness;
uniform float uFoamThreshold;
uniform float uFoamSoftness;
uniform float uFoamGrow;   // coverage per second at full injection
uniform float uFoamDecay;  // 1/s
uniform float uDt;         // simulated seconds since the last step, >= 0
uniform int uFoamReset;    // the turbulence map is new: no foam to carry over

void main() {
  ivec3 texel = ivec3(gl_GlobalInvocationID);
  if (texel.x >= uN || texel.y >= uN) return;
  int c = texel.z;
  float f[8];
#if PACKED
  vec4 p0 = imageLoad(uFields, ivec3(texel.xy, 2 * c));
  vec4 p1 = imageLoad(uFields, ivec3(texel.xy, 2 * c + 1));
  f[0] = p0.x; f[1] = p0.y; f[2] = p0.z; f[3] = p0.w;
  f[4] = p1.x; f[5] = p1.y; f[6] = p1.z; f[7] = p1.w;
#else
  // Unpacked, each field is the real part of its own plane.
  for (int j = 0; j < 4; ++j) {
    vec4 p = imageLoad(uFields, ivec3(texel.xy, 4 * c + j));
    f[2 * j] = p.x;
    f[2 * j + 1] = p.z;
  }
#endif
  float lambda = uChoppiness;
  float jxx = lambda * f[5], jzz = lambda * f[6], jxz = lambda * f[7];
  imageStore(uDisplacement, texel, vec4(lambda * f[0], f[1], lambda * f[2], jxz));
  imageStore(uDerivatives, texel, vec4(f[3], f[4], jxx, jzz));

  // The Jacobian of x -> x + lambda D(x) is [[1 + jxx, jxz], [jxz, 1 + jzz]]; its smaller
  // eigenvalue is the strongest compression in any direction, which is where waves break.
  float mean = 1.0 + 0.5 * (jxx + jzz);
  float dev = sqrt(0.25 * (jxx - jzz) * (jxx - jzz) + jxz * jxz);
  float eig_min = mean - dev;
  float inject = clamp((uFoamThreshold - eig_min) / max(uFoamSoftness, 1e-4), 0.0, 1.0);
  float foam = uFoamReset != 0 ? 0.0 : imageLoad(uTurbulence, texel).x;
  foam = clamp(foam * exp(-uFoamDecay * uDt) + uFoamGrow * uDt * inject, 0.0, 1.0);
  imageStore(uTurbulence, texel, vec4(foam, f[3] * f[3], f[4] * f[4], f[3] * f[4]));
}
