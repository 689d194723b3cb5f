// SPDX-License-Identifier: MIT
// The generated foam detail texture: tileable (the wrap seam is no rougher than the inside),
// mean 0.5 as the shader's 2 x detail assumes, with structure (not flat), deterministic, and
// streaky along u as the shader's wind alignment assumes.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "gl/error.h"
#include "render/foam_texture.h"

using namespace oceanfft;

namespace {

// Mean absolute difference between neighbours along x (dx = 1) or y, optionally only across
// the wrap seam.
double roughness(const std::vector<float>& t, int n, bool along_x, bool seam_only) {
  double sum = 0.0;
  int count = 0;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const int x1 = along_x ? (x + 1) % n : x, y1 = along_x ? y : (y + 1) % n;
      const bool seam = along_x ? x == n - 1 : y == n - 1;
      if (seam_only && !seam) continue;
      sum += std::abs(t[size_t(y1) * n + x1] - t[size_t(y) * n + x]);
      ++count;
    }
  return sum / count;
}

}  // namespace

TEST(RenderFoam, DetailTilesHasMeanHalfAndStructure) {
  const int n = 256;
  const std::vector<float> t = render::foam_detail(n);
  ASSERT_EQ(t.size(), size_t(n) * n);
  double mean = std::accumulate(t.begin(), t.end(), 0.0) / double(t.size()), var = 0.0;
  for (float v : t) {
    ASSERT_TRUE(v >= 0.0f && v <= 1.0f) << v;
    var += (v - mean) * (v - mean);
  }
  const double sd = std::sqrt(var / double(t.size()));
  EXPECT_NEAR(mean, 0.5, 0.02);  // clamping at 1 may take a little off the normalised mean
  EXPECT_GT(sd, 0.15) << "foam detail must not be flat";
  for (bool along_x : {true, false}) {
    const double inside = roughness(t, n, along_x, false), seam = roughness(t, n, along_x, true);
    EXPECT_LT(seam, 1.5 * inside) << (along_x ? "x" : "y") << " wrap seam";
  }
  // Streaks run along u (x): values change more slowly along x than across.
  EXPECT_LT(roughness(t, n, true, false), roughness(t, n, false, false));
  EXPECT_EQ(render::foam_detail(n), t) << "deterministic";
  EXPECT_NE(render::foam_detail(n, 99), t) << "the seed matters";
  EXPECT_EQ(render::foam_detail(64).size(), size_t(64 * 64));
  EXPECT_THROW(render::foam_detail(100), Error);
  EXPECT_THROW(render::foam_detail(8), Error);
}

TEST(RenderFoam, DensityCutsHolesWhereTheDetailIsLow) {
  EXPECT_EQ(render::foam_density(0.0f), 0.0f);
  EXPECT_EQ(render::foam_density(1.0f), 1.0f);
  for (float d = 0.0f; d < 1.0f; d += 0.01f) EXPECT_LE(render::foam_density(d), render::foam_density(d + 0.01f)) << d;
  // Over the texture, holes are a minority: distant foam, where the mip levels average the
  // density, keeps about three quarters of full foam's brightness.
  const std::vector<float> t = render::foam_detail(256);
  double mean = 0.0, holes = 0.0;
  for (float v : t) {
    mean += render::foam_density(v);
    holes += render::foam_density(v) < 0.5f;
  }
  mean /= double(t.size());
  holes /= double(t.size());
  EXPECT_GT(holes, 0.1);
  EXPECT_LT(holes, 0.35);
  EXPECT_NEAR(mean, 0.78, 0.05);
}
