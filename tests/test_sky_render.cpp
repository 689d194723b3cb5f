// SPDX-License-Identifier: MIT
// The sky as a person sees it, on small rendered frames: sunset redder than noon; at noon a
// deep blue overhead and a pale horizon; sky and sea meeting at the horizon without a seam at
// noon and at sunset, towards the sun and away from it; no NaN (black) pixel at any sun
// height; a frame where nothing changed rebuilds no table; a glassy sea mirrors the clouds as
// sharply as the sky shows them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "gl_fixture.h"
#include "ocean/presets.h"
#include "render/camera.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"

using namespace oceanfft;

namespace {

class SkyRender : public test::GlTest {};

constexpr int kW = 160, kH = 120;

ocean::Params small_sea() {
  ocean::Params p;
  p.size = 64;
  p.cascades = 2;
  p.seed = test::seed("sea");
  return p;
}

render::Camera camera(float yaw, float pitch, float height = 12.0f) {
  render::Camera c;
  c.mode = render::Camera::Mode::Fly;
  c.position = {0.0f, height, 0.0f};
  c.yaw_deg = yaw;
  c.pitch_deg = pitch;
  return c;
}

struct Image {
  std::vector<uint8_t> px;
  glm::dvec3 at(int x, int y) const {
    const size_t i = (size_t(y) * kW + x) * 4;
    return {px[i], px[i + 1], px[i + 2]};
  }
  // Mean colour over rows [y0, y1).
  glm::dvec3 mean(int y0, int y1) const {
    glm::dvec3 s(0.0);
    for (int y = y0; y < y1; ++y)
      for (int x = 0; x < kW; ++x) s += at(x, y);
    return s / double((y1 - y0) * kW);
  }
};

Image draw(render::OceanRenderer& r, const ocean::Simulation& sim, const render::Camera& cam,
           const render::ShadingParams& s, gl::PassTimer* timer = nullptr) {
  static render::Offscreen* target = nullptr;
  if (!target) target = new render::Offscreen(test::context(), kW, kH, 1);  // one per binary, like the context
  target->bind();
  r.draw(sim, cam, s, kW, kH, timer);
  return {target->read_rgba8()};
}

// The image row (from the top) of the flat sea's horizon.
double horizon_row(const render::Camera& cam) {
  const double ndc = std::tan(glm::radians(-double(cam.pitch_deg))) /
                     std::tan(glm::radians(double(cam.fov_y_deg) / 2.0));
  return (1.0 - ndc) / 2.0 * kH;
}

render::ShadingParams at_time(double hours, float clouds = 0.0f) {
  render::ShadingParams s;
  s.mesh_segments = 48;
  const sky::SunAngles a = sky::sun_at(hours);
  s.sky.sun_elevation_deg = a.elevation_deg;
  s.sky.sun_azimuth_deg = a.azimuth_deg;
  s.sky.cloud_coverage = clouds;
  return s;
}

struct RecordingTimer final : gl::PassTimer {
  std::vector<std::string> names;
  void begin(std::string_view name, uint64_t) override { names.emplace_back(name); }
  void end() override {}
};

}  // namespace

TEST_F(SkyRender, SunsetIsRedderThanNoon) {
  ocean::Simulation sim(test::shaders(), small_sea());
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  // Looking towards the sun, a little up: the sky above the horizon, the sun's side of it.
  auto ratio = [&](double hours) {
    const render::ShadingParams s = at_time(hours);
    const render::Camera cam = camera(s.sky.sun_azimuth_deg + 25.0f, 12.0f);
    const Image img = draw(renderer, sim, cam, s);
    const glm::dvec3 m = img.mean(0, int(horizon_row(cam)) - 2);
    std::printf("%05.2f h, sun %.1f deg: sky mean rgb %.1f %.1f %.1f, R/B %.2f\n", hours,
                double(s.sky.sun_elevation_deg), m.r, m.g, m.b, m.r / std::max(m.b, 1.0));
    return m.r / std::max(m.b, 1.0);
  };
  const double noon = ratio(12.0), afternoon = ratio(16.0), sunset = ratio(18.85);
  const double sunrise = ratio(5.2);
  EXPECT_LT(noon, 0.8) << "noon sky is blue";
  EXPECT_GT(sunset, 1.3) << "sunset sky is red-orange";
  EXPECT_GT(sunset, 2.0 * noon);
  EXPECT_GT(sunrise, 2.0 * noon);
  EXPECT_GT(sunset, afternoon);
  EXPECT_GT(afternoon, noon * 0.95);
}

TEST_F(SkyRender, NoonIsDeepBlueOverheadAndPaleAtTheHorizon) {
  ocean::Simulation sim(test::shaders(), small_sea());
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  const render::ShadingParams s = at_time(12.0);
  // Away from the sun (the noon sun is south, bearing 180; look north), straight up and at
  // the horizon.
  const Image up = draw(renderer, sim, camera(0.0f, 80.0f), s);
  const render::Camera level = camera(0.0f, 5.0f);
  const Image low = draw(renderer, sim, level, s);
  const glm::dvec3 zenith = up.mean(0, kH);
  const int h = int(horizon_row(level));
  const glm::dvec3 horizon = low.mean(h - 6, h - 2);
  auto saturation = [](glm::dvec3 c) {
    const double mx = std::max({c.r, c.g, c.b}), mn = std::min({c.r, c.g, c.b});
    return (mx - mn) / std::max(mx, 1.0);
  };
  std::printf("zenith %.1f %.1f %.1f (saturation %.2f), horizon %.1f %.1f %.1f (%.2f)\n", zenith.r,
              zenith.g, zenith.b, saturation(zenith), horizon.r, horizon.g, horizon.b, saturation(horizon));
  EXPECT_GT(zenith.b, 1.5 * zenith.r) << "blue overhead";
  EXPECT_GT(zenith.b, zenith.g);
  EXPECT_GT(saturation(zenith), saturation(horizon) + 0.15) << "the horizon is paler";
  EXPECT_GT(horizon.r + horizon.g + horizon.b, zenith.r + zenith.g + zenith.b) << "and brighter";
}

// Sea and sky meet at the horizon as they do at sea: the sea just below it is darker than the
// sky just above, a line, since a rough sea reflects only part of the sky at grazing angles
// (render/water_reflectance.h) and that part from a few degrees up; but the aerial
// perspective fades it towards the sky's own horizon radiance, so it takes the sky's hue and
// is not far darker. At noon, towards the sun, across and away, the two rows below the
// horizon hold 0.5 to 0.9 of the luminance of the two above (measured: 0.73 to 0.78 on
// llvmpipe) and are blue, as the sky is. At sunset they take the sky's hue (red over blue)
// and hold 0.5 to 1.6 of its luminance (away from the sun the sea reflects the brighter sky a
// few degrees up over a dim horizon; measured 0.72 to 0.73 towards the sun, 1.11 to 1.12
// across, 1.30 to 1.31 away, over 8 seas): a guard against a fog colour that no longer follows
// the sky, and against a sea that reflects nothing.
TEST_F(SkyRender, SkyAndSeaMeetAtTheHorizon) {
  ocean::Params calm = small_sea();
  calm.spectrum.wind.wind_speed = 3.0f;
  ocean::Simulation sim(test::shaders(), calm);
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  // Of the bytes as they are: the ratios are of what the eye sees, not of radiance.
  auto luminance = [](glm::dvec3 c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
  for (double hours : {12.0, 18.85}) {
    // At the fixed exposure the bounds were measured at: the seam in bytes grows with the
    // exposure, and the camera's adaptation (x1.2 at this sunset) is test_sky_exposure's.
    render::ShadingParams s = at_time(hours);
    s.exposure_adapt = 0.0f;
    for (float turn : {0.0f, 90.0f, 180.0f}) {
      const render::Camera cam = camera(s.sky.sun_azimuth_deg + turn, 0.0f);
      const Image img = draw(renderer, sim, cam, s);
      // Pitch 0: the horizon lies between rows kH/2 - 1 and kH/2. Two rows either side.
      const int h = int(std::lround(horizon_row(cam)));
      const glm::dvec3 above = img.mean(h - 2, h), below = img.mean(h, h + 2);
      const glm::dvec3 lower = img.mean(h + 10, h + 12);
      std::printf("%05.2f h, %3.0f deg from the sun: above %.1f %.1f %.1f, below %.1f %.1f %.1f, "
                  "10 rows lower %.1f %.1f %.1f\n", hours, double(turn), above.r, above.g,
                  above.b, below.r, below.g, below.b, lower.r, lower.g, lower.b);
      const double ratio = luminance(below) / luminance(above);
      std::printf("  below / above: %.2f\n", ratio);
      if (hours == 12.0) {
        EXPECT_GT(ratio, 0.5) << hours << " h, " << turn << " deg from the sun";
        EXPECT_LT(ratio, 0.9) << hours << " h, " << turn << " deg from the sun: no horizon line";
        EXPECT_GT(below.b, below.r) << turn << " deg from the sun";
      } else {
        EXPECT_GT(below.r, below.b) << turn << " deg from the sun";
        EXPECT_GT(ratio, 0.5) << turn << " deg from the sun";
        EXPECT_LT(ratio, 1.6) << turn << " deg from the sun";
      }
    }
  }
}

TEST_F(SkyRender, NoPixelIsBlackAtAnySunHeight) {
  ocean::Simulation sim(test::shaders(), small_sea());
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  for (double hours : {5.2, 6.0, 9.0, 12.0, 15.5, 18.9}) {
    const render::ShadingParams s = at_time(hours, 0.6f);
    for (float pitch : {-30.0f, 0.0f, 40.0f}) {
      const Image img = draw(renderer, sim, camera(s.sky.sun_azimuth_deg + 20.0f, pitch), s);
      int black = 0;
      for (size_t i = 0; i < img.px.size(); i += 4) black += img.px[i] + img.px[i + 1] + img.px[i + 2] == 0;
      // llvmpipe writes a NaN as 0.
      EXPECT_EQ(black, 0) << hours << " h, pitch " << pitch;
    }
  }
}

TEST_F(SkyRender, AFrameWhereNothingChangedRebuildsNoTable) {
  ocean::Simulation sim(test::shaders(), small_sea());
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  render::ShadingParams s = at_time(15.0, 0.5f);
  const render::Camera cam = camera(200.0f, 5.0f);
  RecordingTimer first, second;
  const Image a = draw(renderer, sim, cam, s, &first);
  const Image b = draw(renderer, sim, cam, s, &second);
  auto sky_passes = [](const RecordingTimer& t) {
    return std::count_if(t.names.begin(), t.names.end(),
                         [](const std::string& n) { return n.rfind("sky.", 0) == 0; });
  };
  EXPECT_EQ(sky_passes(first), 4);  // transmittance, view, environment map, light meter
  EXPECT_EQ(sky_passes(second), 0);
  EXPECT_EQ(renderer.sky().view_builds(), 1);
  EXPECT_EQ(renderer.sky().envmap_builds(), 1);
  EXPECT_EQ(a.px, b.px);
  // The sea moves and the clouds drift less than a step: still nothing.
  sim.step(3.05);
  draw(renderer, sim, cam, s);
  EXPECT_EQ(renderer.sky().view_builds(), 1);
  EXPECT_EQ(renderer.sky().envmap_builds(), 1);
  // The sun moves: one rebuild of the view, and the picture changes.
  s.sky.sun_elevation_deg += 5.0f;
  const Image c = draw(renderer, sim, cam, s);
  EXPECT_EQ(renderer.sky().transmittance_builds(), 1);
  EXPECT_EQ(renderer.sky().view_builds(), 2);
  EXPECT_NE(c.px, b.px);
}

TEST_F(SkyRender, CloudsShowInTheSkyAndInTheWaterAndDriftWithTheWind) {
  ocean::Params p = small_sea();
  ocean::Simulation sim(test::shaders(), p);
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  const render::Camera cam = camera(40.0f, 8.0f);
  const int h = int(horizon_row(cam));
  auto differing = [&](const Image& a, const Image& b, int y0, int y1) {
    int n = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = 0; x < kW; ++x) {
        const glm::dvec3 d = glm::abs(a.at(x, y) - b.at(x, y));
        n += std::max({d.r, d.g, d.b}) > 3.0;
      }
    return double(n) / double((y1 - y0) * kW);
  };
  render::ShadingParams s = at_time(10.0, 0.0f);
  const Image clear = draw(renderer, sim, cam, s);
  s.sky.cloud_coverage = 0.7f;
  const Image cloudy = draw(renderer, sim, cam, s);
  const double sky = differing(clear, cloudy, 0, h - 2), sea = differing(clear, cloudy, h + 4, kH);
  std::printf("clouds change %.0f %% of the sky's pixels and %.0f %% of the sea's\n", 100 * sky, 100 * sea);
  EXPECT_GT(sky, 0.3);
  EXPECT_GT(sea, 0.3) << "the water reflects the clouds";
  // A minute later the layer has drifted (U10 x cloud_speed x 60 s, about 900 m): the sky
  // changes, and the environment map followed in its steps.
  const int env_before = renderer.sky().envmap_builds();
  sim.step(63.0);
  const Image later = draw(renderer, sim, cam, s);
  const double moved = differing(cloudy, later, 0, h - 2);
  std::printf("a minute's drift changes %.0f %% of the sky's pixels\n", 100 * moved);
  EXPECT_GT(moved, 0.2);
  EXPECT_EQ(renderer.sky().envmap_builds(), env_before + 1);
  EXPECT_EQ(renderer.sky().view_builds(), 1);
}

// The cloud layer, heaps of cumulus and building cloud or a stratus sheet, is drawn by its own
// compute pass at half the frame's resolution before the sky pass; a clear sky needs none.
TEST_F(SkyRender, EveryCloudLayerHasItsOwnPassAndAClearSkyNone) {
  ocean::Params p = small_sea();
  ocean::Simulation sim(test::shaders(), p);
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  const render::Camera cam = camera(40.0f, 8.0f);
  auto passes = [&](float coverage, sky::CloudType type) {
    render::ShadingParams s = at_time(10.0, coverage);
    s.sky.cloud_type = type;
    RecordingTimer t;
    draw(renderer, sim, cam, s, &t);
    return int(std::count(t.names.begin(), t.names.end(), "render.clouds"));
  };
  EXPECT_EQ(passes(0.5f, sky::CloudType::Cumulus), 1);
  EXPECT_EQ(passes(0.5f, sky::CloudType::Congestus), 1);
  EXPECT_EQ(passes(0.5f, sky::CloudType::Stratus), 1);
  EXPECT_EQ(passes(0.0f, sky::CloudType::Cumulus), 0);
}

// A glassy sea is a mirror: the water shows the clouds where the sky's mirror image lies and
// as sharply as the sky shows them, not the environment map's texels of about a degree
// (blurry squares). Compared on a frame large enough to resolve a heap's edge: the sharpest
// percent of the steps between neighbouring pixels in a band just under the horizon against
// those in the band of sky it mirrors, and the two bands' light pixel for pixel (each sea
// pixel against the sky pixel its view ray, turned up, points through; the Fresnel factor,
// which grows towards the horizon, and the water's own light keep that short of 1). Through
// the environment map alone the sharpest steps were 0.6 of the sky's and r 0.54.
TEST_F(SkyRender, AGlassySeaMirrorsTheCloudsAsSharplyAsTheSkyShowsThem) {
  constexpr int kWide = 480, kTall = 270;
  ocean::Params p = small_sea();
  p.spectrum = ocean::find_preset("glassy").spectrum;
  ocean::Simulation sim(test::shaders(), p);
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  const render::Camera cam = camera(30.0f, 2.0f, 6.0f);
  render::ShadingParams s = at_time(12.0, 0.3f);
  render::Offscreen target(test::context(), kWide, kTall, 1);
  target.bind();
  renderer.draw(sim, cam, s, kWide, kTall);
  const std::vector<uint8_t> px = target.read_rgba8();
  auto luma = [&](int x, int y) {
    const size_t i = (size_t(y) * kWide + size_t(x)) * 4;
    return 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
  };
  const glm::mat4 vp = cam.projection(float(kWide) / float(kTall)) * cam.view();
  const glm::mat4 inv = glm::inverse(vp);
  auto ray = [&](int x, int y) {
    const glm::vec4 far = inv * glm::vec4((x + 0.5f) / kWide * 2.0f - 1.0f, 1.0f - (y + 0.5f) / kTall * 2.0f, 1.0f, 1.0f);
    return glm::normalize(glm::vec3(far) / far.w - cam.eye());
  };
  // Sea pixels 1.5 to 6 degrees under the horizontal, and the sky pixel each mirrors.
  std::vector<double> sea_steps, sky_steps, sea, sky;
  for (int y = 0; y < kTall; ++y)
    for (int x = 2; x < kWide - 2; ++x) {
      const glm::vec3 d = ray(x, y);
      const float below = glm::degrees(std::asin(-d.y));
      if (below < 1.5f || below > 6.0f) continue;
      const glm::vec4 c = vp * glm::vec4(d.x, -d.y, d.z, 0.0f);
      const int mx = int(std::floor((c.x / c.w * 0.5f + 0.5f) * kWide));
      const int my = int(std::floor((0.5f - c.y / c.w * 0.5f) * kTall));
      if (mx < 2 || mx >= kWide - 2 || my < 0 || my >= kTall) continue;
      sea_steps.push_back(std::abs(luma(x + 1, y) - luma(x, y)));
      sky_steps.push_back(std::abs(luma(mx + 1, my) - luma(mx, my)));
      sea.push_back(luma(x, y));
      sky.push_back(luma(mx, my));
    }
  ASSERT_GT(sea.size(), 5000u);
  auto percentile = [](std::vector<double> v, double q) {
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(q * double(v.size())), v.end());
    return v[size_t(q * double(v.size()))];
  };
  const double sea_edge = percentile(sea_steps, 0.99), sky_edge = percentile(sky_steps, 0.99);
  double ma = 0.0, mb = 0.0;
  for (size_t i = 0; i < sea.size(); ++i) ma += sea[i], mb += sky[i];
  ma /= double(sea.size());
  mb /= double(sea.size());
  double sab = 0.0, saa = 0.0, sbb = 0.0;
  for (size_t i = 0; i < sea.size(); ++i) {
    sab += (sea[i] - ma) * (sky[i] - mb);
    saa += (sea[i] - ma) * (sea[i] - ma);
    sbb += (sky[i] - mb) * (sky[i] - mb);
  }
  const double correlation = sab / std::sqrt(std::max(saa * sbb, 1e-12));
  std::printf("sharpest 1 %% of steps: sea %.2f, sky %.2f (%zu pixels); sea against mirrored sky r = %.3f\n",
              sea_edge, sky_edge, sea.size(), correlation);
  EXPECT_GT(sky_edge, 2.0) << "the mirrored band of sky holds clouds";
  EXPECT_GT(sea_edge, 0.85 * sky_edge) << "the reflected clouds are as sharp as the sky's";
  EXPECT_GT(correlation, 0.7) << "the water shows each cloud where its mirror image lies";
}
