// SPDX-License-Identifier: MIT
// The rough water's directional albedo (src/render/water_reflectance.h), which sets how much sky
// ocean.frag reflects: against a brute-force integral of the same BRDF over the hemisphere of
// light directions at random points (a different estimator, no importance sampling); its smooth
// limit is Schlick's Fresnel; at grazing angles it is far below the mean facet's Fresnel; the
// table holds it where the shader looks it up.
#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

#include <gtest/gtest.h>

#include "gl_fixture.h"
#include "render/water_reflectance.h"

using namespace oceanfft;

namespace {

double schlick(double c) { return render::kWaterF0 + (1.0 - render::kWaterF0) * std::pow(1.0 - c, 5.0); }

// The GGX BRDF with height-correlated Smith masking, integrated with (n . l) over the upper
// hemisphere by `n` random directions drawn uniformly in (cos theta, phi).
double brute_force(double mu, double alpha, int n, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> uni(0.0, 1.0);
  const double a2 = alpha * alpha;
  auto lambda = [&](double c) { return 0.5 * (std::sqrt(1.0 + a2 * (1.0 - c * c) / (c * c)) - 1.0); };
  const double vx = std::sqrt(1.0 - mu * mu), vz = mu;
  double sum = 0.0;
  for (int k = 0; k < n; ++k) {
    const double lz = uni(rng), phi = 2.0 * std::numbers::pi * uni(rng);
    const double ls = std::sqrt(1.0 - lz * lz);
    const double lx = ls * std::cos(phi), ly = ls * std::sin(phi);
    double hx = vx + lx, hy = ly, hz = vz + lz;
    const double len = std::sqrt(hx * hx + hy * hy + hz * hz);
    hx /= len, hy /= len, hz /= len;
    const double vh = vx * hx + vz * hz;
    const double d = a2 / (std::numbers::pi * std::pow(hz * hz * (a2 - 1.0) + 1.0, 2.0));
    const double g2 = 1.0 / (1.0 + lambda(mu) + lambda(lz));
    const double f = d * g2 * schlick(vh) / (4.0 * mu * lz);
    sum += f * lz;  // the uniform pdf in (cos theta, phi) is 1 / (2 pi)
  }
  return sum / double(n) * 2.0 * std::numbers::pi;
}

TEST(RenderWaterReflectance, MatchesABruteForceIntegral) {
  std::mt19937_64 rng(test::seed("water-reflectance"));
  for (double alpha : {0.3, 0.6}) {
    for (double mu : {0.05, 0.2, 0.5, 0.9}) {
      const double want = brute_force(mu, alpha, 4'000'000, rng);
      const double got = render::water_reflectance(float(mu), float(alpha));
      std::printf("alpha %.2f mu %.2f: table %.4f, brute force %.4f (%+.2f%%)\n", alpha, mu, got,
                  want, 100.0 * (got / want - 1.0));
      EXPECT_NEAR(got / want, 1.0, 0.02) << "alpha " << alpha << " mu " << mu;
    }
  }
}

TEST(RenderWaterReflectance, SmoothWaterFollowsFresnelAndRoughWaterLessAtGrazing) {
  // Smooth: the mirror's own Fresnel at every angle.
  for (double mu : {0.05, 0.2, 0.5, 1.0}) {
    const double got = render::water_reflectance(float(mu), 1e-3f);
    EXPECT_NEAR(got / schlick(mu), 1.0, 0.01) << "mu " << mu;
  }
  EXPECT_NEAR(render::water_reflectance(1.0f, 1e-3f), render::kWaterF0, 1e-4);
  // Alpha 0.2, 87 degrees from the normal: about a fifth, against the mirror's 0.78.
  const float mu = float(std::cos(87.0 * std::numbers::pi / 180.0));
  const double grazing = render::water_reflectance(mu, 0.2f);
  std::printf("alpha 0.2 at 87 degrees: %.3f (the mirror's Fresnel %.3f)\n", grazing, schlick(mu));
  EXPECT_GT(grazing, 0.15);
  EXPECT_LT(grazing, 0.25);
  // Rougher water reflects less at grazing angles, and every water more as the angle grazes.
  for (float a : {0.05f, 0.1f, 0.2f, 0.4f})
    EXPECT_GT(render::water_reflectance(0.05f, a), render::water_reflectance(0.05f, 2.0f * a)) << a;
  for (float m : {0.05f, 0.1f, 0.2f, 0.4f})
    EXPECT_GT(render::water_reflectance(m, 0.2f), render::water_reflectance(2.0f * m, 0.2f)) << m;
}

TEST(RenderWaterReflectance, TableHoldsItWhereTheShaderLooksItUp) {
  const int side = 16;
  const std::vector<float> t = render::water_reflectance_table(side);
  ASSERT_EQ(t.size(), size_t(side * side));
  for (int j = 0; j < side; ++j)
    for (int i = 0; i < side; ++i) {
      const float u = (i + 0.5f) / side, v = (j + 0.5f) / side;
      const float want = render::water_reflectance(u * u, v * v);
      EXPECT_FLOAT_EQ(t[size_t(j * side + i)], want) << i << " " << j;
      EXPECT_GT(t[size_t(j * side + i)], 0.0f);
      EXPECT_LT(t[size_t(j * side + i)], 1.0f);
    }
}

}  // namespace
