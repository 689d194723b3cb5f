// SPDX-License-Identifier: MIT
#include "render/water_reflectance.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace oceanfft::render {
namespace {

// Smith's Lambda for GGX at the cosine c between a direction and the mean normal.
double smith_lambda(double c, double alpha) {
  const double c2 = std::max(c * c, 1e-12);
  const double tan2 = std::max(1.0 - c2, 0.0) / c2;
  return 0.5 * (std::sqrt(1.0 + alpha * alpha * tan2) - 1.0);
}

// The i-th of n Hammersley points' second coordinate: i's bits reversed.
double radical_inverse(uint32_t i) {
  i = (i << 16u) | (i >> 16u);
  i = ((i & 0x55555555u) << 1u) | ((i & 0xAAAAAAAAu) >> 1u);
  i = ((i & 0x33333333u) << 2u) | ((i & 0xCCCCCCCCu) >> 2u);
  i = ((i & 0x0F0F0F0Fu) << 4u) | ((i & 0xF0F0F0F0u) >> 4u);
  i = ((i & 0x00FF00FFu) << 8u) | ((i & 0xFF00FF00u) >> 8u);
  return double(i) * (1.0 / 4294967296.0);
}

}  // namespace

float water_reflectance(float mu_in, float alpha_in, int samples) {
  const double mu = std::clamp(double(mu_in), 1e-4, 1.0);
  const double alpha = std::clamp(double(alpha_in), 1e-4, 1.0);
  const double a2 = alpha * alpha;
  // The eye in the x-z plane, the mean normal along z.
  const double vx = std::sqrt(1.0 - mu * mu), vz = mu;
  const double lambda_v = smith_lambda(mu, alpha);
  double sum = 0.0;
  for (int k = 0; k < samples; ++k) {
    // A facet normal h from D(h) (h . n): cos^2 theta = (1 - u) / (1 + (a^2 - 1) u).
    const double u = radical_inverse(uint32_t(k));
    const double phi = 2.0 * std::numbers::pi * (double(k) + 0.5) / double(samples);
    const double ct = std::sqrt((1.0 - u) / (1.0 + (a2 - 1.0) * u));
    const double st = std::sqrt(std::max(1.0 - ct * ct, 0.0));
    const double hx = st * std::cos(phi), hz = ct;
    const double vh = vx * hx + vz * hz;
    if (vh <= 0.0) continue;
    // The eye's ray mirrored about h; only what leaves above the mean surface counts.
    const double lz = 2.0 * vh * hz - vz;
    if (lz <= 0.0) continue;
    const double g2 = 1.0 / (1.0 + lambda_v + smith_lambda(lz, alpha));
    const double fresnel = kWaterF0 + (1.0 - kWaterF0) * std::pow(1.0 - vh, 5.0);
    // f (l . n) / pdf(l) with pdf(l) = D(h) (h . n) / (4 v . h).
    sum += fresnel * g2 * vh / (mu * ct);
  }
  return float(sum / double(samples));
}

std::vector<float> water_reflectance_table(int side) {
  std::vector<float> out(size_t(side) * size_t(side));
  for (int j = 0; j < side; ++j) {
    const double v = (j + 0.5) / side;
    for (int i = 0; i < side; ++i) {
      const double u = (i + 0.5) / side;
      out[size_t(j) * size_t(side) + size_t(i)] = water_reflectance(float(u * u), float(v * v));
    }
  }
  return out;
}

}  // namespace oceanfft::render
