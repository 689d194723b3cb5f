// SPDX-License-Identifier: MIT
// The sky's tables against an independent double-precision evaluation of the same integrals
// (transmittance: optical depth to the top of the atmosphere; sky view: single scattering with
// the sun's transmittance integrated afresh at every sample), at random texels and sun angles;
// every table finite for suns from below the horizon to the zenith; nothing rebuilt when
// nothing changed, and each rebuild reported to the pass timer under its own name.
#include <array>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gl_fixture.h"
#include "sky/sky.h"

using namespace oceanfft;

namespace {

class SkyLut : public test::GlTest {};

// --- the reference, in double, from the constants alone ---------------------------------
struct Reference {
  sky::Atmosphere a;
  double turbidity = 1.0;

  struct Coeffs {
    double rayleigh[3], mie, extinction[3];
  };
  Coeffs at(double h) const {
    const double rd = std::exp(-h / a.rayleigh_scale_height_km);
    const double md = std::exp(-h / a.mie_scale_height_km) * turbidity;
    const double od = std::max(0.0, 1.0 - std::abs(h - a.ozone_center_km) / a.ozone_half_width_km);
    Coeffs c{};
    c.mie = a.mie_scattering * md;
    for (int i = 0; i < 3; ++i) {
      c.rayleigh[i] = a.rayleigh_scattering[i] * rd;
      c.extinction[i] = c.rayleigh[i] + (double(a.mie_scattering) + a.mie_absorption) * md +
                        a.ozone_absorption[i] * od;
    }
    return c;
  }
  double to_top(double r, double mu) const {
    const double R = a.top_radius_km;
    return -r * mu + std::sqrt(std::max(r * r * (mu * mu - 1.0) + R * R, 0.0));
  }
  bool hits_ground(double r, double mu) const {
    const double G = a.ground_radius_km;
    return mu < 0.0 && r * r * (mu * mu - 1.0) + G * G >= 0.0;
  }
  // exp(-integral of extinction) from radius r along mu to the top, midpoint rule.
  std::array<double, 3> transmittance(double r, double mu, int steps) const {
    if (hits_ground(r, mu)) return {0.0, 0.0, 0.0};
    const double t_max = to_top(r, mu), dt = t_max / steps;
    double depth[3] = {0, 0, 0};
    for (int i = 0; i < steps; ++i) {
      const double t = (i + 0.5) * dt;
      const double h = std::sqrt(r * r + t * t + 2.0 * r * mu * t) - a.ground_radius_km;
      const Coeffs c = at(h);
      for (int k = 0; k < 3; ++k) depth[k] += c.extinction[k] * dt;
    }
    return {std::exp(-depth[0]), std::exp(-depth[1]), std::exp(-depth[2])};
  }
  // Single-scattered radiance reaching the ground along unit direction d, sun unit s.
  std::array<double, 3> sky(const double d[3], const double s[3], double illuminance, int steps) const {
    const double G = a.ground_radius_km;
    const double c = d[0] * s[0] + d[1] * s[1] + d[2] * s[2];
    const double pr = 3.0 / (16.0 * M_PI) * (1.0 + c * c);
    const double g = a.mie_g, g2 = g * g;
    const double pm = 3.0 / (8.0 * M_PI) * (1.0 - g2) / (2.0 + g2) * (1.0 + c * c) /
                      std::pow(1.0 + g2 - 2.0 * g * c, 1.5);
    const double t_max = to_top(G, d[1]), dt = t_max / steps;
    double depth[3] = {0, 0, 0}, out[3] = {0, 0, 0};
    for (int i = 0; i < steps; ++i) {
      const double t = (i + 0.5) * dt;
      const double p[3] = {t * d[0], G + t * d[1], t * d[2]};
      const double r = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      const Coeffs co = at(r - G);
      const double mu_s = (p[0] * s[0] + p[1] * s[1] + p[2] * s[2]) / r;
      const auto sun = transmittance(r, mu_s, 300);
      for (int k = 0; k < 3; ++k) {
        const double view = std::exp(-(depth[k] + 0.5 * co.extinction[k] * dt));
        out[k] += view * (co.rayleigh[k] * pr + co.mie * pm) * sun[k] * dt;
        depth[k] += co.extinction[k] * dt;
      }
    }
    return {out[0] * illuminance, out[1] * illuminance, out[2] * illuminance};
  }
};

std::vector<float> read_texture(const gl::Texture& t, int level) {
  const int w = std::max(t.width() >> level, 1), h = std::max(t.height() >> level, 1);
  std::vector<float> px(size_t(w) * h * 4);
  glBindTexture(GL_TEXTURE_2D, t.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_FLOAT, px.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  return px;
}

// NaN in every texel of every level, so a texel the passes never write fails the checks.
void poison(const gl::Texture& t) {
  glBindTexture(GL_TEXTURE_2D, t.id());
  for (int l = 0; l < t.levels(); ++l) {
    const int w = std::max(t.width() >> l, 1), h = std::max(t.height() >> l, 1);
    std::vector<float> nan(size_t(w) * h * 4, std::numeric_limits<float>::quiet_NaN());
    glTexSubImage2D(GL_TEXTURE_2D, l, 0, 0, w, h, GL_RGBA, GL_FLOAT, nan.data());
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

void poison_all(const sky::Sky& s) {
  poison(s.transmittance());
  poison(s.sky_view());
  poison(s.environment());
}

size_t count_not_finite(const std::vector<float>& v) {
  size_t n = 0;
  for (float x : v) n += !std::isfinite(x) || x < 0.0f;
  return n;
}

struct RecordingTimer final : gl::PassTimer {
  std::vector<std::string> names;
  int open = 0;
  void begin(std::string_view name, uint64_t) override {
    names.emplace_back(name);
    ++open;
  }
  void end() override { --open; }
};

}  // namespace

TEST_F(SkyLut, TransmittanceMatchesADoubleIntegral) {
  sky::Sky s(test::shaders());
  poison_all(s);
  sky::SkyParams p;
  s.update(p, {0.0f, 0.0f});
  const std::vector<float> lut = read_texture(s.transmittance(), 0);
  ASSERT_EQ(count_not_finite(lut), 0u);
  Reference ref;
  ref.a = s.atmosphere();
  ref.turbidity = p.turbidity;
  std::mt19937_64 rng(test::seed("transmittance texels"));
  const int W = sky::kTransmittanceWidth, H = sky::kTransmittanceHeight;
  const double G = ref.a.ground_radius_km, T = ref.a.top_radius_km;
  const double Hh = std::sqrt(T * T - G * G);
  double worst = 0.0;
  for (int n = 0; n < 24; ++n) {
    const int i = int(rng() % W), j = int(rng() % H);
    // Bruneton's mapping, written out again: texel centres at x = 0 and 1.
    const double x_mu = double(i) / (W - 1), x_r = double(j) / (H - 1);
    const double rho = Hh * x_r, r = std::sqrt(rho * rho + G * G);
    const double d_min = T - r, d_max = rho + Hh, d = d_min + x_mu * (d_max - d_min);
    const double mu = d == 0.0 ? 1.0 : std::clamp((Hh * Hh - rho * rho - d * d) / (2.0 * r * d), -1.0, 1.0);
    const auto want = ref.transmittance(r, mu, 20000);
    for (int k = 0; k < 3; ++k) {
      const double got = lut[(size_t(j) * W + i) * 4 + k];
      // Compare optical depths: a long grazing path's transmittance is e^-30, where a 1 %
      // depth error is a large ratio but no visible difference.
      const double tau_want = -std::log(std::max(want[k], 1e-30));
      const double tau_got = -std::log(std::max(got, 1e-30));
      if (tau_want > 25.0) {
        // Only near the table's edge x_mu = 1, the ray tangent to the ground, where the depth
        // swings by orders of magnitude with the last bit of mu in float: both must call it
        // opaque (one measured case: e^-9 against e^-30).
        EXPECT_GT(tau_got, 7.0) << "texel " << i << "," << j;
        continue;
      }
      const double err = std::abs(tau_got - tau_want) / std::max(tau_want, 1e-3);
      worst = std::max(worst, err);
      EXPECT_LT(err, 0.01) << "texel " << i << "," << j << " channel " << k << " r " << r << " mu "
                           << mu << ": optical depth " << tau_got << ", reference " << tau_want;
    }
  }
  std::printf("transmittance: worst relative optical-depth error %.2e\n", worst);
}

TEST_F(SkyLut, SkyViewMatchesADoubleIntegral) {
  sky::Sky s(test::shaders());
  Reference ref;
  ref.a = s.atmosphere();
  std::mt19937_64 rng(test::seed("sky view texels and suns"));
  const int W = sky::kSkyViewWidth, H = sky::kSkyViewHeight;
  double worst = 0.0;
  for (int sun_case = 0; sun_case < 3; ++sun_case) {
    sky::SkyParams p;
    // A low, a middle and a high sun, each at a random angle within its band.
    const double lo[3] = {2.0, 15.0, 45.0}, hi[3] = {8.0, 40.0, 85.0};
    p.sun_elevation_deg = float(std::uniform_real_distribution<double>(lo[sun_case], hi[sun_case])(rng));
    p.sun_azimuth_deg = float(std::uniform_real_distribution<double>(0.0, 360.0)(rng));
    // The transmittance stays (same air) after the first case; the view must be rewritten.
    if (sun_case == 0) poison(s.transmittance());
    poison(s.sky_view());
    s.update(p, {0.0f, 0.0f});
    ref.turbidity = p.turbidity;
    const std::vector<float> lut = read_texture(s.sky_view(), 0);
    ASSERT_EQ(count_not_finite(lut), 0u);
    const double e = p.sun_elevation_deg * M_PI / 180.0;
    // The table is in the frame where the sun's azimuth is +x.
    const double sun[3] = {std::cos(e), std::sin(e), 0.0};
    for (int n = 0; n < 4; ++n) {
      const int i = int(rng() % W), j = int(rng() % H);
      const double u = (i + 0.5) / W, v = (j + 0.5) / H;
      const double az = u * M_PI, el = v * v * 0.5 * M_PI;
      const double d[3] = {std::cos(el) * std::cos(az), std::sin(el), std::cos(el) * std::sin(az)};
      const auto want = ref.sky(d, sun, p.sun_illuminance, 4000);
      for (int k = 0; k < 3; ++k) {
        const double got = lut[(size_t(j) * W + i) * 4 + k];
        const double err = std::abs(got - want[k]) / std::max(want[k], 1e-6);
        worst = std::max(worst, err);
        EXPECT_LT(err, 0.03) << "sun " << p.sun_elevation_deg << " deg, texel " << i << "," << j
                             << " (azimuth " << az * 180 / M_PI << ", elevation " << el * 180 / M_PI
                             << ") channel " << k << ": " << got << ", reference " << want[k];
      }
    }
  }
  std::printf("sky view: worst relative error %.2e\n", worst);
}

TEST_F(SkyLut, EveryTableIsFiniteFromNightToZenith) {
  sky::Sky s(test::shaders());
  for (float elevation : {-10.0f, -0.5f, 0.0f, 0.3f, 5.0f, 45.0f, 90.0f}) {
    sky::SkyParams p;
    p.sun_elevation_deg = elevation;
    p.cloud_coverage = 0.8f;
    p.turbidity = 1.0f + 0.1f * elevation;  // new air each time: every table is rebuilt
    poison_all(s);
    s.update(p, {1234.0f, -567.0f});
    EXPECT_EQ(count_not_finite(read_texture(s.transmittance(), 0)), 0u) << elevation;
    EXPECT_EQ(count_not_finite(read_texture(s.sky_view(), 0)), 0u) << elevation;
    for (int l = 0; l < s.environment().levels(); ++l)
      EXPECT_EQ(count_not_finite(read_texture(s.environment(), l)), 0u) << elevation << " level " << l;
  }
}

TEST_F(SkyLut, NothingIsRebuiltWhenNothingChanged) {
  sky::Sky s(test::shaders());
  RecordingTimer timer;
  sky::SkyParams p;
  s.update(p, {0.0f, 0.0f}, &timer);
  EXPECT_EQ(timer.names,
            (std::vector<std::string>{"sky.transmittance", "sky.view", "sky.envmap", "sky.meter"}));
  EXPECT_EQ(timer.open, 0);
  auto counts = [&] {
    return std::array<int, 3>{s.transmittance_builds(), s.view_builds(), s.envmap_builds()};
  };
  EXPECT_EQ(counts(), (std::array<int, 3>{1, 1, 1}));
  // For the record (llvmpipe has no GPU timer): a full rebuild's wall time.
  for (int i = 0; i < 3; ++i) {
    glFinish();
    const auto t0 = std::chrono::steady_clock::now();
    sky::SkyParams q = p;
    q.turbidity += 0.5f * float(i + 1);
    s.update(q, {0.0f, 0.0f});
    glFinish();
    std::printf("full rebuild: %.1f ms\n",
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  s.update(p, {0.0f, 0.0f});
  EXPECT_EQ(counts(), (std::array<int, 3>{5, 5, 5}));
  s.update(p, {0.0f, 0.0f});
  EXPECT_EQ(counts(), (std::array<int, 3>{5, 5, 5}));
  timer.names.clear();
  for (int i = 0; i < 3; ++i) s.update(p, {0.0f, 0.0f}, &timer);
  // Drift smaller than half a step: the map stays.
  s.update(p, {0.3f * sky::Sky::kCloudStepM, 0.0f}, &timer);
  EXPECT_EQ(counts(), (std::array<int, 3>{5, 5, 5}));
  EXPECT_TRUE(timer.names.empty());
  // The clouds moved a step: only the environment map.
  s.update(p, {1.2f * sky::Sky::kCloudStepM, 0.0f}, &timer);
  EXPECT_EQ(counts(), (std::array<int, 3>{5, 5, 6}));
  EXPECT_EQ(timer.names, (std::vector<std::string>{"sky.envmap", "sky.meter"}));
  // The sun moved: the sky view and the map, not the transmittance.
  p.sun_elevation_deg += 1.0f;
  s.update(p, {1.2f * sky::Sky::kCloudStepM, 0.0f});
  EXPECT_EQ(counts(), (std::array<int, 3>{5, 6, 7}));
  // The air changed: everything.
  p.turbidity = 2.0f;
  s.update(p, {1.2f * sky::Sky::kCloudStepM, 0.0f});
  EXPECT_EQ(counts(), (std::array<int, 3>{6, 7, 8}));
  // No clouds: their drift changes nothing.
  p.cloud_coverage = 0.0f;
  s.update(p, {1.2f * sky::Sky::kCloudStepM, 0.0f});
  EXPECT_EQ(counts(), (std::array<int, 3>{6, 7, 9}));
  s.update(p, {100.0f * sky::Sky::kCloudStepM, 7.0f * sky::Sky::kCloudStepM});
  EXPECT_EQ(counts(), (std::array<int, 3>{6, 7, 9}));
  // The light meter reads the map whenever it is rebuilt, and only then.
  EXPECT_EQ(s.meter_builds(), s.envmap_builds());
}

TEST(SkyLutTime, TimeOfDayParsesAndPlacesTheSun) {
  EXPECT_EQ(sky::parse_time_of_day("07:30"), 7.5);
  EXPECT_EQ(sky::parse_time_of_day("24:00"), 24.0);
  for (const char* bad : {"7:30", "24:01", "12:60", "ab:cd", "12-30", "", "12:300"})
    EXPECT_FALSE(sky::parse_time_of_day(bad)) << bad;
  // Noon: due south (bearing 180), 90 - 30 + 23.44 degrees high.
  const sky::SunAngles noon = sky::sun_at(12.0);
  EXPECT_NEAR(noon.elevation_deg, 83.44, 0.01);
  EXPECT_NEAR(noon.azimuth_deg, 180.0, 0.01);
  // Symmetric about noon: morning east of the meridian, afternoon west.
  for (double h : {1.5, 4.0, 6.25}) {
    const sky::SunAngles am = sky::sun_at(12.0 - h), pm = sky::sun_at(12.0 + h);
    EXPECT_NEAR(am.elevation_deg, pm.elevation_deg, 1e-3);
    EXPECT_NEAR(am.azimuth_deg, 360.0 - pm.azimuth_deg, 1e-3);
    EXPECT_LT(am.azimuth_deg, 180.0);
  }
  // Sunrise: cos H0 = -tan(lat) tan(dec) gives 104.5 deg, 6.97 h before noon.
  const double h0 = std::acos(-std::tan(30.0 * M_PI / 180) * std::tan(23.44 * M_PI / 180)) * 180 / M_PI / 15;
  EXPECT_NEAR(sky::sun_at(12.0 - h0).elevation_deg, 0.0, 1e-3);
  EXPECT_GT(sky::sun_at(12.0 - h0 + 0.1).elevation_deg, 0.0);
  EXPECT_LT(sky::sun_at(12.0 - h0 - 0.1).elevation_deg, 0.0);
  // The default sun is the default time's.
  const sky::SkyParams def;
  const sky::SunAngles d = sky::sun_at(def.time_of_day_h);
  EXPECT_NEAR(d.elevation_deg, def.sun_elevation_deg, 0.01);
  EXPECT_NEAR(d.azimuth_deg, def.sun_azimuth_deg, 0.01);
}
