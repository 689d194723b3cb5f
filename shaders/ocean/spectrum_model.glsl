// SPDX-License-Identifier: MIT
// The directional wave spectrum F(kx, kz) of src/ocean/spectrum_model.h in float, for the
// initial-spectrum pass. set_spectrum_uniforms() sets every uSpec* uniform; the tests hold this
// file to the C++ (double) model. Component 0 is the wind sea, 1 the swell.
#ifndef OCEAN_SPECTRUM_MODEL_GLSL
#define OCEAN_SPECTRUM_MODEL_GLSL

#include "ocean/common.glsl"

// Enum values in the order of SpectrumType and Spreading.
const int SPEC_PHILLIPS = 0;
const int SPEC_PIERSON_MOSKOWITZ = 1;
const int SPEC_JONSWAP = 2;
const int SPREAD_COS2S = 0;
const int SPREAD_HASSELMANN = 1;
const int SPREAD_DONELAN_BANNER = 2;

uniform int uSpecType[2];
uniform int uSpecSpreading[2];
uniform float uSpecScale[2];       // multiplies S; 0 = component off
uniform float uSpecWindSpeed[2];   // U10, m/s
uniform float uSpecPeakOmega[2];   // w_p, rad/s
uniform float uSpecAlpha[2];       // PM / JONSWAP alpha
uniform float uSpecLogGamma[2];    // ln of JONSWAP's peak enhancement
uniform vec2 uSpecDirection[2];    // unit vector the component travels towards (x, z)
uniform float uSpecSpread[2];      // cos2s s
uniform float uSpecSpreadNorm[2];  // Q(s) of that s, computed in double on the host
uniform float uSpecPhillips;       // Phillips A
uniform float uSpecCutoff;         // small-wave damping length, metres
uniform float uSpecDepth;          // metres
uniform int uSpecTma;
uniform float uSpecGravity;

float spec_omega(float k) {
  if (k <= 0.0) return 0.0;
  // tanh is 1 in float beyond kh = 10; the clamp keeps exp inside tanh from overflowing.
  return sqrt(uSpecGravity * k * tanh(min(k * uSpecDepth, 20.0)));
}

float spec_domega_dk(float k, float omega) {
  float kh = min(k * uSpecDepth, 20.0);
  float e = exp(-2.0 * kh);
  float sech2 = 4.0 * e / ((1.0 + e) * (1.0 + e));
  return uSpecGravity * (tanh(kh) + kh * sech2) / (2.0 * omega);
}

float spec_tma(float omega) {
  if (uSpecTma == 0) return 1.0;
  float wh = omega * sqrt(uSpecDepth / uSpecGravity);
  if (wh <= 1.0) return 0.5 * wh * wh;
  if (wh < 2.0) return 1.0 - 0.5 * (2.0 - wh) * (2.0 - wh);
  return 1.0;
}

// S(w) of PM or JONSWAP, in log form: the w^-5 and (w_p/w)^4 terms would overflow float for
// small w long before the exponential vanishes.
float spec_frequency(int c, float omega) {
  float r = uSpecPeakOmega[c] / omega;
  float r4 = (r * r) * (r * r);
  if (r4 > 80.0) return 0.0;  // exp(-100) is below float's range
  float log_s = -1.25 * r4 - 5.0 * log(omega);
  if (uSpecType[c] == SPEC_JONSWAP) {
    float sigma = omega <= uSpecPeakOmega[c] ? 0.07 : 0.09;
    float d = (omega - uSpecPeakOmega[c]) / (sigma * uSpecPeakOmega[c]);
    log_s += exp(-0.5 * d * d) * uSpecLogGamma[c];
  }
  return uSpecAlpha[c] * uSpecGravity * uSpecGravity * exp(log_s);
}

// Gamma(s + 1) / Gamma(s + 1/2): the recurrence lifts s to >= 8, where the asymptotic series
// is good to 5e-8; differencing two lgammas would lose that to float cancellation for large s.
float spec_gamma_ratio(float s) {
  float product = 1.0;
  float x = s;
  for (int i = 0; i < 8 && x < 8.0; ++i) {
    product *= (x + 0.5) / (x + 1.0);
    x += 1.0;
  }
  float ix = 1.0 / x;
  float series = 1.0 + ix * (1.0 / 8.0 + ix * (1.0 / 128.0 + ix * (-5.0 / 1024.0 +
                 ix * (-21.0 / 32768.0))));
  return product * sqrt(x) * series;
}

// ln cos^2(theta / 2) from cos theta and sin theta. cos^2(theta / 2) = (1 + cos) / 2, rewritten
// as 1 - sin^2 / (2 (1 + cos)) near theta = 0 and as sin^2 / (2 (1 - cos)) near pi, so that it
// never subtracts nearly equal floats: a large s multiplies the logarithm's error by s.
float spec_log_cos2_half(float c, float s) {
  if (c <= 0.0) return log(max(s * s / (2.0 * (1.0 - c)), 1e-37));
  float u = s * s / (2.0 * (1.0 + c));  // sin^2(theta / 2) <= 1/2
  if (u >= 0.25) return log(1.0 - u);
  // ln(1 - u) by its series: log() of a float close to 1 keeps only an absolute error of 6e-8.
  float sum = 0.0;
  float term = 1.0;
  for (int n = 1; n <= 14; ++n) {  // 0.25^14 / 14: below float rounding
    term *= u;
    sum += term / float(n);
  }
  return -sum;
}

// D(w, theta) of component c, from cos theta and sin theta relative to its direction (the
// angle itself only where D is not steep).
float spec_spreading(int c, float omega, float cos_t, float sin_t) {
  float ratio = omega / uSpecPeakOmega[c];
  if (uSpecSpreading[c] == SPREAD_COS2S) {
    return uSpecSpreadNorm[c] * exp(uSpecSpread[c] * spec_log_cos2_half(cos_t, sin_t));
  }
  if (uSpecSpreading[c] == SPREAD_HASSELMANN) {
    float s;
    if (ratio <= 1.0) {
      s = 6.97 * pow(ratio, 4.06);
    } else {
      float inverse_age = uSpecWindSpeed[c] * uSpecPeakOmega[c] / uSpecGravity;
      s = 9.77 * pow(ratio, -2.33 - 1.45 * (inverse_age - 1.17));
    }
    return spec_gamma_ratio(s) / (2.0 * sqrt(PI)) * exp(s * spec_log_cos2_half(cos_t, sin_t));
  }
  float r = max(ratio, 0.56);
  float beta;
  if (r < 0.95) {
    beta = 2.61 * pow(r, 1.3);
  } else if (r < 1.6) {
    beta = 2.28 * pow(r, -1.3);
  } else {
    beta = pow(10.0, -0.4 + 0.8393 * exp(-0.567 * log(r * r)));
  }
  float e = exp(-2.0 * beta * abs(atan(sin_t, cos_t)));
  return beta / (2.0 * tanh(beta * PI)) * 4.0 * e / ((1.0 + e) * (1.0 + e));
}

// F(kx, kz) in m^4: wind + swell, TMA, cutoff; k is the direction the wave travels towards.
float spectrum_density(vec2 k) {
  float kl = length(k);
  if (kl <= 0.0) return 0.0;
  float omega = spec_omega(kl);
  float domega_dk = spec_domega_dk(kl, omega);
  vec2 n = k / kl;
  float f = 0.0;
  for (int c = 0; c < 2; ++c) {
    if (uSpecScale[c] <= 0.0) continue;
    float radial;
    if (uSpecType[c] == SPEC_PHILLIPS) {
      float lw = uSpecWindSpeed[c] * uSpecWindSpeed[c] / uSpecGravity;
      float x = 1.0 / (kl * lw);
      float k2 = kl * kl;
      // exp(-x^2) before 1/k^4: for tiny k the quotient would overflow first.
      radial = x * x > 100.0 ? 0.0 : uSpecPhillips * exp(-x * x) / (k2 * k2);
    } else {
      radial = spec_frequency(c, omega) * domega_dk / kl;
    }
    if (radial <= 0.0) continue;
    vec2 d = uSpecDirection[c];
    f += uSpecScale[c] * radial * spec_spreading(c, omega, dot(n, d), n.y * d.x - n.x * d.y);
  }
  return f * spec_tma(omega) * exp(-kl * kl * uSpecCutoff * uSpecCutoff);
}

#endif
