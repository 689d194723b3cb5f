// SPDX-License-Identifier: MIT
// The camera's exposure adapting to the light under the weather (sky::Sky's light meter,
// shaders/sky/meter.comp, and tonemap() in sky.glsl): the meter integrates the environment
// map exactly, reads a clear noon as the renderer's reference and falls under overcast and at
// low sun; the factor is 1 in sunshine and bounded; the frame follows it at the setting's
// bounds, the GPU's factor is the CPU's, and a fair noon is drawn as with a fixed exposure.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "gl_fixture.h"
#include "render/camera.h"
#include "scene/headless_frame.h"
#include "scene/settings.h"
#include "sky/sky.h"
#include "sky/weather.h"
#include "support/noon_frame.h"
#include "support/pixel_luma.h"
#include "support/temp_dir.h"

using namespace oceanfft;

namespace {

class SkyExposure : public test::GlTest {};

sky::SkyParams weather_at(int force, double hours) {
  sky::SkyParams p;
  sky::apply_weather(p, sky::beaufort_weather(force));
  const sky::SunAngles a = sky::sun_at(hours);
  p.sun_elevation_deg = a.elevation_deg;
  p.sun_azimuth_deg = a.azimuth_deg;
  p.time_of_day_h = float(hours);
  return p;
}

sky::LightMeter read(sky::Sky& s, const sky::SkyParams& p) {
  s.update(p, {0.0f, 0.0f});
  const sky::LightMeter m = s.meter();
  std::printf("force-like sky: cover %.2f tau %.0f sun %.1f deg: E %.4g (sky %.4g, sun %.4g), "
              "%.1f %% of a clear noon, exposure x%.2f at the default adaptation\n",
              double(p.cloud_coverage), double(p.cloud_optical_depth), double(p.sun_elevation_deg),
              double(m.total), double(m.sky), double(m.sun), double(m.relative) * 100.0,
              double(sky::adapted_exposure(m, render::ShadingParams{}.exposure_adapt)));
  return m;
}

// A reading of `relative` times a clear noon's, all of it (or `share` of it) the sky's.
sky::LightMeter reading(float relative, float share = 1.0f) {
  sky::LightMeter m;
  m.relative = relative;
  m.total = relative * sky::kClearNoonIlluminance;
  m.sky = share * m.total;
  m.sun = m.total - m.sky;
  return m;
}

constexpr int kW = 160, kH = 90;

scene::RenderedFrame deck_at_noon(const std::string& preset, uint64_t seed,
                                  const std::vector<std::pair<std::string, std::string>>& extra) {
  const scene::HeadlessFrame f = test::noon_frame(preset, std::to_string(seed % 100000), extra, kW, kH);
  return scene::render_frame(f, test::context(), test::shaders());
}

double mean_luma(const std::vector<uint8_t>& rgba, int y0, int y1) {
  return test::mean_luma(rgba, kW, y0, y1);
}

int max_byte_difference(const std::vector<uint8_t>& a, const std::vector<uint8_t>& b) {
  if (a.size() != b.size()) return 256;
  int d = 0;
  for (size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(int(a[i]) - int(b[i])));
  return d;
}

}  // namespace

TEST(SkyExposureFactor, OneInSunshineBoundedAndMonotone) {
  for (float adapt : {0.0f, 0.25f, 0.5f, 0.75f, 1.0f}) {
    SCOPED_TRACE(adapt);
    // A clear noon, and a sunlit sea under fair-weather cloud, keep the fixed exposure.
    EXPECT_EQ(sky::adapted_exposure(reading(1.0f, 0.05f), adapt), 1.0f);
    EXPECT_EQ(sky::adapted_exposure(reading(sky::kAdaptBelow), adapt), 1.0f);
    EXPECT_EQ(sky::adapted_exposure(reading(5.0f), adapt), 1.0f);
    float last = 1.0f;
    for (float r = sky::kAdaptBelow; r > 1e-7f; r *= 0.7f) {
      const float f = sky::adapted_exposure(reading(r), adapt);
      EXPECT_GE(f, last) << r;
      EXPECT_GE(f, sky::kMinAdaptedExposure) << r;
      EXPECT_LE(f, sky::kMaxAdaptedExposure) << r;
      // Direct sunlight adapts less than the same light from an overcast.
      EXPECT_LE(sky::adapted_exposure(reading(r, 0.2f), adapt), f) << r;
      last = f;
    }
    // Black, or a reading that is not a number, stays bounded and finite.
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    for (float r : {0.0f, -1.0f, nan, inf}) {
      for (sky::LightMeter m : {reading(r), sky::LightMeter{r, r, r, r}, sky::LightMeter{0.0f, 0.0f, 0.0f, r}}) {
        const float f = sky::adapted_exposure(m, adapt);
        EXPECT_TRUE(std::isfinite(f)) << r;
        EXPECT_GE(f, sky::kMinAdaptedExposure) << r;
        EXPECT_LE(f, sky::kMaxAdaptedExposure) << r;
      }
    }
  }
  // At the setting's bounds: 0 fixed at any light, 1 follows a diffuse light fully up to the
  // bound; half of it direct sunlight, half as far.
  EXPECT_EQ(sky::adapted_exposure(reading(0.01f), 0.0f), 1.0f);
  EXPECT_NEAR(sky::adapted_exposure(reading(sky::kAdaptBelow / 2.0f), 1.0f), 2.0f, 1e-5f);
  EXPECT_NEAR(sky::adapted_exposure(reading(sky::kAdaptBelow / 4.0f), 0.5f), 2.0f, 1e-5f);
  EXPECT_NEAR(sky::adapted_exposure(reading(sky::kAdaptBelow / 4.0f, 0.5f), 1.0f), 2.0f, 1e-5f);
  EXPECT_EQ(sky::adapted_exposure(reading(1e-4f), 1.0f), sky::kMaxAdaptedExposure);
  const scene::Setting* row = scene::find_setting("exposure_adapt");
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->min, 0.0);
  EXPECT_EQ(row->max, 1.0);
  EXPECT_EQ(row->option, "--exposure-adapt");
}

// Under a uniform sky of radiance L the illuminance on a level surface is pi L, and under a
// cap of radiance L within 45 deg of the zenith (dark elsewhere) pi L sin^2(45 deg) = pi L / 2:
// the meter's weights integrate cos(theta) d(omega) over the hemi-octahedral map (equal
// weights per texel, or solid angle without the cosine, would read the cap as about 1.0 or
// 1.84). A user's sky is read but not adapted to (its scale is the image's own).
TEST_F(SkyExposure, MeterIntegratesCosineOverTheHemisphere) {
  test::TempDir tmp("meter");
  // A flat Radiance file of w x h pixels, RGBE (128, 128, 128, 129) = 1.0 in every channel in
  // the rows above `lit_rows`, black below.
  auto write = [&](const std::string& name, int w, int h, int lit_rows) {
    const std::string path = (tmp / name).string();
    std::ofstream f(path, std::ios::binary);
    f << "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " << h << " +X " << w << "\n";
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const char v = y < lit_rows ? char(128) : char(0);
        f << v << v << v << (y < lit_rows ? char(129) : char(0));
      }
    return path;
  };
  sky::Sky s(test::shaders());
  sky::SkyParams p = weather_at(4, 12.0);
  p.visibility_km = 1000.0f;
  p.rain_mm_h = 0.0f;
  p.file = write("grey.hdr", 8, 4, 4);
  const sky::LightMeter uniform = read(s, p);
  EXPECT_NEAR(uniform.sky, M_PI, 1e-3 * M_PI);
  EXPECT_EQ(uniform.sun, 0.0f);  // the image carries its own sun
  EXPECT_EQ(uniform.relative, 1.0f);
  EXPECT_EQ(s.meter_builds(), 1);
  // Nothing changed: no new reading.
  s.update(p, {0.0f, 0.0f});
  EXPECT_EQ(s.meter_builds(), 1);
  // Rows 0..63 of 256 span zenith angles 0..45 deg.
  p.file = write("cap.hdr", 512, 256, 64);
  const sky::LightMeter cap = read(s, p);
  EXPECT_NEAR(cap.sky, M_PI / 2.0, 0.02 * M_PI / 2.0);
  EXPECT_EQ(cap.relative, 1.0f);
}

TEST_F(SkyExposure, MeterReadsClearNoonAsTheReferenceAndFallsUnderOvercastAndLowSun) {
  sky::Sky s(test::shaders());
  sky::SkyParams clear = weather_at(0, 12.0);
  clear.cloud_coverage = 0.0f;
  clear.visibility_km = sky::SkyParams{}.visibility_km;
  const sky::LightMeter noon = read(s, clear);
  EXPECT_NEAR(noon.total, sky::kClearNoonIlluminance, 0.02f * sky::kClearNoonIlluminance);
  EXPECT_NEAR(noon.relative, 1.0f, 0.02f);
  EXPECT_NEAR(noon.total, noon.sky + noon.sun, 1e-4f * noon.total);
  // The sun is most of a clear noon's light; the sky gives a few per cent to a fifth.
  EXPECT_GT(noon.sky, 0.03f * noon.total);
  EXPECT_LT(noon.sky, 0.2f * noon.total);
  EXPECT_EQ(sky::adapted_exposure(noon, 1.0f), 1.0f);

  // Fair-weather cumulus at forces 2-5: the sun is out, the exposure stays a clear noon's.
  for (int force : {2, 4, 5}) {
    SCOPED_TRACE(force);
    const sky::LightMeter m = read(s, weather_at(force, 12.0));
    EXPECT_LT(m.total, noon.total);
    EXPECT_GE(m.relative, sky::kAdaptBelow);
    EXPECT_EQ(sky::adapted_exposure(m, 1.0f), 1.0f);
  }
  // The overcast from force 9: the sun's direct light is gone and the light falls with the
  // cloud's optical depth, to under a fifth of a clear noon's.
  float last = noon.total;
  for (int force : {9, 10, 12}) {
    SCOPED_TRACE(force);
    const sky::LightMeter m = read(s, weather_at(force, 12.0));
    EXPECT_LT(m.sun, 1e-3f * noon.sun);
    EXPECT_LT(m.total, last);
    EXPECT_LT(m.relative, 0.2f);
    EXPECT_GT(m.total, 0.0f);
    EXPECT_GT(sky::adapted_exposure(m, 0.5f), 1.5f);
    last = m.total;
  }
  // Low sun: a clear sky at 18:51 (sun 1.2 deg) gives as little light as the hurricane's
  // overcast at noon, but most of it is the sun's, and the camera stays near the exposure of
  // sunshine while it opens up for the storm.
  const sky::LightMeter low = read(s, [] {
    sky::SkyParams p = weather_at(0, 18.85);
    p.cloud_coverage = 0.0f;
    return p;
  }());
  EXPECT_LT(low.relative, 0.1f);
  EXPECT_GT(low.sun, low.sky);
  const float storm_factor = sky::adapted_exposure(read(s, weather_at(12, 12.0)), 0.45f);
  EXPECT_LT(sky::adapted_exposure(low, 0.45f), 1.0f + 0.25f * (storm_factor - 1.0f));
  // After sunset the sun gives nothing and the factor takes its bound.
  sky::SkyParams night = weather_at(0, 21.0);
  night.cloud_coverage = 0.0f;
  const sky::LightMeter dark = read(s, night);
  EXPECT_EQ(dark.sun, 0.0f);
  EXPECT_LT(dark.relative, 0.01f);
  EXPECT_EQ(sky::adapted_exposure(dark, 1.0f), sky::kMaxAdaptedExposure);
}

// The frame: at adapt 0 the storm is drawn at the fixed exposure; at the default and at 1 it
// is brighter, the more the more it adapts, and exactly as the CPU's factor says (the same
// frame at adapt 0 with that factor as the user's exposure). A fair noon is the same frame at
// every adaptation.
TEST_F(SkyExposure, StormFrameAdaptsAndFairNoonDoesNot) {
  const uint64_t seed = test::seed("storm"), fair_seed = test::seed("beaufort-4");
  const scene::RenderedFrame fixed = deck_at_noon("storm", seed, {{"exposure_adapt", "0"}});
  const scene::RenderedFrame half = deck_at_noon("storm", seed, {{"exposure_adapt", "0.5"}});
  const scene::RenderedFrame full = deck_at_noon("storm", seed, {{"exposure_adapt", "1"}});
  EXPECT_EQ(fixed.exposure, 1.0f);
  EXPECT_EQ(half.exposure, sky::adapted_exposure(half.light, 0.5f));
  EXPECT_GT(half.exposure, 1.5f);
  EXPECT_GT(full.exposure, half.exposure);
  EXPECT_LE(full.exposure, sky::kMaxAdaptedExposure);
  const double sky0 = mean_luma(fixed.rgba, 0, kH / 3), sky1 = mean_luma(half.rgba, 0, kH / 3),
               sky2 = mean_luma(full.rgba, 0, kH / 3);
  const double sea0 = mean_luma(fixed.rgba, kH * 2 / 3, kH), sea1 = mean_luma(half.rgba, kH * 2 / 3, kH);
  std::printf("storm at noon: light %.1f %% of a clear noon; exposure x%.2f (adapt 0.5), x%.2f (1); "
              "sky luma %.1f, %.1f, %.1f; sea %.1f, %.1f\n",
              double(half.light.relative) * 100.0, double(half.exposure), double(full.exposure), sky0,
              sky1, sky2, sea0, sea1);
  EXPECT_GT(sky1, sky0 + 30.0);
  EXPECT_GT(sky2, sky1 + 5.0);
  EXPECT_GT(sea1, sea0 + 5.0);
  // The shader's factor is the CPU's: the adapted frame is the fixed one at that exposure.
  const scene::RenderedFrame manual =
      deck_at_noon("storm", seed, {{"exposure_adapt", "0"}, {"exposure", std::to_string(half.exposure)}});
  EXPECT_LE(max_byte_difference(manual.rgba, half.rgba), 1);
  // A clear sunset, lit mostly by the sun, opens up a little, as the CPU's factor says.
  const std::vector<std::pair<std::string, std::string>> sunset = {{"time_of_day", "18:51"},
                                                                   {"cloud_coverage", "0"}};
  auto with = [&](std::vector<std::pair<std::string, std::string>> v,
                  std::pair<std::string, std::string> kv) {
    v.push_back(std::move(kv));
    return v;
  };
  const scene::RenderedFrame dusk = deck_at_noon("beaufort-2", fair_seed, sunset);
  std::printf("clear sunset: light %.1f %% of a clear noon, %.0f %% of it the sun's; exposure x%.2f\n",
              double(dusk.light.relative) * 100.0, double(dusk.light.sun / dusk.light.total) * 100.0,
              double(dusk.exposure));
  EXPECT_GT(dusk.exposure, 1.05f);
  EXPECT_LT(dusk.exposure, half.exposure);
  const scene::RenderedFrame dusk_manual = deck_at_noon(
      "beaufort-2", fair_seed,
      with(with(sunset, {"exposure_adapt", "0"}), {"exposure", std::to_string(dusk.exposure)}));
  EXPECT_LE(max_byte_difference(dusk_manual.rgba, dusk.rgba), 1);
  // A sunlit noon at force 4 is today's frame at any adaptation.
  const scene::RenderedFrame fair0 = deck_at_noon("beaufort-4", fair_seed, {{"exposure_adapt", "0"}});
  const scene::RenderedFrame fair1 = deck_at_noon("beaufort-4", fair_seed, {{"exposure_adapt", "1"}});
  EXPECT_EQ(fair1.exposure, 1.0f);
  EXPECT_EQ(max_byte_difference(fair0.rgba, fair1.rgba), 0);
}
