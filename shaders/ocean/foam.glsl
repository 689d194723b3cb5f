// Foam coverage, accumulated frame by frame from the Jacobian of the choppy displacement.
// Included by ocean/assemble.glsl (the assemble pass and the fused last FFT pass alike).
#ifndef OCEAN_FOAM_GLSL
#define OCEAN_FOAM_GLSL

uniform float uFoamThreshold;
uniform float uFoamSoftness;
uniform float uFoamGrow;   // coverage per second at full injection
uniform float uFoamDecay;  // 1/s
uniform float uDt;         // simulated seconds since the last step, >= 0

// This step's coverage from last step's `foam` and the Jacobian terms (choppiness applied).
float foam_update(float foam, float jxx, float jzz, float jxz) {
  // The Jacobian of x -> x + lambda D(x) is [[1 + jxx, jxz], [jxz, 1 + jzz]]; its smaller
  // eigenvalue is the strongest compression in any direction, which is where waves break.
  float mean = 1.0 + 0.5 * (jxx + jzz);
  float dev = sqrt(0.25 * (jxx - jzz) * (jxx - jzz) + jxz * jxz);
  float eig_min = mean - dev;
  float inject = clamp((uFoamThreshold - eig_min) / max(uFoamSoftness, 1e-4), 0.0, 1.0);
  return clamp(foam * exp(-uFoamDecay * uDt) + uFoamGrow * uDt * inject, 0.0, 1.0);
}

#endif
