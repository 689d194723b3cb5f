// SPDX-License-Identifier: MIT
// Rain streaks (src/render/rain.h): the drops follow Marshall & Palmer's distribution, checked
// against a numerical integral of it; in a picture, rain draws thin streaks along the drops'
// velocity across the view, and nothing where it does not rain or the streaks are off.
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include <glm/glm.hpp>

#include "gl_fixture.h"
#include "ocean/presets.h"
#include "ocean/simulation.h"
#include "render/camera.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"
#include "render/rain.h"

using namespace oceanfft;

namespace {

// Simpson's rule over [1 mm, 30 mm] of N0 exp(-lambda D) D^power.
double marshall_palmer_moment(double rain_mm_h, int power) {
  const double lambda = 4.1 * std::pow(rain_mm_h, -0.21), a = render::kRainVisibleMm, b = 30.0;
  const int n = 4000;
  const double h = (b - a) / n;
  double sum = 0.0;
  for (int i = 0; i <= n; ++i) {
    const double d = a + i * h;
    const double f = 8000.0 * std::exp(-lambda * d) * std::pow(d, power);
    sum += f * (i == 0 || i == n ? 1.0 : i % 2 ? 4.0 : 2.0);
  }
  return sum * h / 3.0;
}

double luminance(const std::vector<uint8_t>& px, size_t i) {
  return 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
}

}  // namespace

TEST(RenderRain, DropsFollowMarshallPalmer) {
  double previous = 0.0;
  for (const double rain : {0.5, 2.0, 4.0, 16.0, 50.0}) {
    SCOPED_TRACE(rain);
    const render::RainDrops d = render::rain_drops(float(rain));
    const double count = marshall_palmer_moment(rain, 0);
    const double mean_d = marshall_palmer_moment(rain, 1) / count;
    EXPECT_NEAR(d.per_m3 / count, 1.0, 1e-3);
    EXPECT_NEAR(d.diameter_mm / mean_d, 1.0, 1e-3);
    // Measured terminal speeds (Gunn & Kinzer 1949): 4.0 m/s at 1 mm, 6.5 m/s at 2 mm.
    EXPECT_GT(d.fall_speed, 4.0f);
    EXPECT_LT(d.fall_speed, 6.5f);
    EXPECT_GT(d.per_m3, previous) << "heavier rain has more large drops";
    previous = d.per_m3;
  }
  for (const float none : {0.0f, -1.0f, std::numeric_limits<float>::quiet_NaN(),
                           std::numeric_limits<float>::infinity()})
    EXPECT_EQ(render::rain_drops(none).per_m3, 0.0f) << none;
}

class RenderRainFrame : public test::GlTest {};

// A sea under rain with the wind across the view: streaks on against off differ in thin lines
// along the drops' velocity projected on the screen.
TEST_F(RenderRainFrame, StreaksLieAlongTheDropsVelocity) {
  ocean::Params p;
  p.size = 64;
  p.cascades = 1;
  p.patch_sizes = {200.0f};
  p.spectrum = ocean::wind_sea(20.0f);
  p.spectrum.wind.direction_deg = 0.0f;  // along +x
  p.seed = test::seed("rain");
  ocean::Simulation sim(test::shaders(), p);
  sim.step(3.0);
  render::OceanRenderer renderer(test::shaders());
  const int width = 192, height = 108;
  render::Offscreen target(test::context(), width, height, 1);
  render::Camera cam;
  cam.mode = render::Camera::Mode::Fly;
  cam.position = {0.0f, 12.0f, 0.0f};
  cam.yaw_deg = 90.0f;  // looking across the wind
  cam.pitch_deg = -8.0f;
  render::ShadingParams s;
  s.spray = 0.0f;
  s.sky.rain_mm_h = 8.0f;
  auto draw = [&] {
    target.bind();
    renderer.draw(sim, cam, s, width, height);
    return target.read_rgba8();
  };
  s.rain_streaks = 0.0f;
  const std::vector<uint8_t> off = draw();
  EXPECT_EQ(renderer.rain_layers(), 0);
  s.rain_streaks = 1.0f;
  const std::vector<uint8_t> on = draw();
  EXPECT_EQ(renderer.rain_layers(), render::kRainLayers);

  // The drops' velocity on the screen, x right and y down.
  const render::RainDrops drops = render::rain_drops(s.sky.rain_mm_h);
  const glm::vec3 v(20.0f, -drops.fall_speed, 0.0f);
  const glm::mat4 view = cam.view();
  const glm::vec3 right(view[0][0], view[1][0], view[2][0]), up(view[0][1], view[1][1], view[2][1]);
  glm::vec2 dir(glm::dot(v, right), -glm::dot(v, up));
  ASSERT_GT(glm::length(dir), 1.0f) << "the test wants the drops to cross the view";
  dir = glm::normalize(dir);

  std::vector<double> d(size_t(width) * height);
  double mean = 0.0;
  int changed = 0;
  for (size_t i = 0; i < d.size(); ++i) {
    d[i] = luminance(on, 4 * i) - luminance(off, 4 * i);
    mean += d[i] / double(d.size());
    changed += std::abs(d[i]) > 2.0;
  }
  const double share = double(changed) / double(d.size());
  // Correlation of the difference with itself two pixels along and across the streaks.
  auto correlation = [&](glm::vec2 step) {
    const int dx = int(std::lround(2.0f * step.x)), dy = int(std::lround(2.0f * step.y));
    double num = 0.0, den = 0.0;
    for (int y = 2; y < height - 2; ++y)
      for (int x = 2; x < width - 2; ++x) {
        const double a = d[size_t(y) * width + x] - mean;
        num += a * (d[size_t(y + dy) * width + x + dx] - mean);
        den += a * a;
      }
    return den > 0.0 ? num / den : 0.0;
  };
  const double along = correlation(dir), across = correlation({-dir.y, dir.x});
  std::printf("streaks change %.1f%% of the pixels; correlation 2 px along %.2f, across %.2f "
              "(direction %.2f, %.2f)\n", share * 100.0, along, across, dir.x, dir.y);
  EXPECT_GT(share, 0.005) << "rain draws no streaks";
  EXPECT_LT(share, 0.6) << "streaks cover the picture";
  EXPECT_GT(along, 0.4);
  EXPECT_GT(along, 2.0 * across) << "the streaks do not lie along the drops' velocity";

  // No rain: nothing drawn, whatever the streaks' setting.
  s.sky.rain_mm_h = 0.0f;
  s.rain_streaks = 0.0f;
  const std::vector<uint8_t> dry_off = draw();
  s.rain_streaks = 1.0f;
  const std::vector<uint8_t> dry_on = draw();
  EXPECT_EQ(renderer.rain_layers(), 0);
  EXPECT_EQ(dry_on, dry_off);
}
