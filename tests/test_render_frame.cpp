// SPDX-License-Identifier: MIT
// The renderer in-process: the algorithm changes no pixel beyond fp32 rounding, the cascades
// all reach the picture, the sea lies below a static sky, toggles leave no GL objects behind,
// and the camera's orbit/fly math is consistent.
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <optional>

#include "gl_fixture.h"
#include "ocean/presets.h"
#include "render/camera.h"
#include "render/ocean_renderer.h"
#include "render/offscreen.h"

using namespace oceanfft;

namespace {

class RenderFrame : public test::GlTest {};

std::vector<uint8_t> draw(render::OceanRenderer& r, const ocean::Simulation& sim,
                          const render::Camera& cam, const render::ShadingParams& s,
                          const render::Offscreen& target) {
  target.bind();
  r.draw(sim, cam, s, target.width(), target.height());
  return target.read_rgba8();
}

constexpr float kPitchDeg = -10.0f;

render::Camera test_camera() {
  render::Camera cam;
  cam.mode = render::Camera::Mode::Fly;
  cam.position = {3.0f, 14.0f, -7.0f};
  cam.yaw_deg = -100.0f;
  cam.pitch_deg = kPitchDeg;
  return cam;
}

// The image row (from the top) where the flat sea's horizon lies for test_camera().
double horizon_row(const render::Camera& cam, int height) {
  const double ndc = std::tan(glm::radians(-double(cam.pitch_deg))) /
                     std::tan(glm::radians(double(cam.fov_y_deg) / 2.0));
  return (1.0 - ndc) / 2.0 * height;
}

double luminance(const std::vector<uint8_t>& px, size_t i) {
  return 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
}

// Mean and standard deviation of the luminance in rows [y0, y1).
std::pair<double, double> stats(const std::vector<uint8_t>& px, int width, int y0, int y1) {
  double s = 0.0, s2 = 0.0;
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = 0; x < width; ++x) {
      const double l = luminance(px, (size_t(y) * width + x) * 4);
      s += l;
      s2 += l * l;
      ++n;
    }
  const double m = s / n;
  return {m, std::sqrt(std::max(s2 / n - m * m, 0.0))};
}

// Mean absolute luminance difference between horizontally and vertically adjacent pixels.
double neighbour_step(const std::vector<uint8_t>& px, int width, int height) {
  double sum = 0.0;
  int n = 0;
  for (int y = 0; y + 1 < height; ++y)
    for (int x = 0; x + 1 < width; ++x) {
      const double l = luminance(px, (size_t(y) * width + x) * 4);
      sum += std::abs(l - luminance(px, (size_t(y) * width + x + 1) * 4)) +
             std::abs(l - luminance(px, (size_t(y + 1) * width + x) * 4));
      n += 2;
    }
  return sum / n;
}

ocean::Params small_params(int cascades) {
  ocean::Params p;
  p.size = 64;
  p.cascades = cascades;
  p.seed = test::seed("frame");
  return p;
}

}  // namespace

// Without whitecaps: their coverage stays as it is here (the state is kept across the change and
// steps of dt = 0 neither grow nor melt it), but the foam detail texture's level follows each
// triangle's screen-space derivatives, so where a rounding-size move of a vertex hands a pixel
// to the neighbouring triangle, the level jumps and the cellular detail with it (3 of 255 at
// base seed 13000594, one pixel of 20000, with identical foam maps).
TEST_F(RenderFrame, AlgorithmChangesNoPixelBeyondRounding) {
  ocean::Params p = small_params(3);
  p.size = 128;
  ocean::Simulation sim(test::shaders(), p);
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(test::context(), 192, 108, 1);
  render::ShadingParams shading;
  shading.mesh_segments = 64;
  shading.foam_intensity = 0.0f;
  std::vector<uint8_t> ref;
  for (fft::Algorithm a : fft::all_algorithms()) {
    p.algorithm = a;
    sim.set_params(p);
    sim.step(6.25);
    auto px = draw(renderer, sim, test_camera(), shading, target);
    if (ref.empty()) {
      ref = px;
      continue;
    }
    ASSERT_EQ(px.size(), ref.size());
    int max_diff = 0;
    size_t differing = 0;
    for (size_t i = 0; i < px.size(); ++i) {
      const int d = std::abs(int(px[i]) - int(ref[i]));
      max_diff = std::max(max_diff, d);
      differing += d != 0;
    }
    EXPECT_LE(max_diff, 2) << fft::name(a);
    EXPECT_LT(double(differing) / double(px.size()), 0.01) << fft::name(a);
  }
  // And the image is not trivially constant: a frame at another time differs.
  sim.step(9.0);
  auto later = draw(renderer, sim, test_camera(), shading, target);
  size_t changed = 0;
  for (size_t i = 0; i < later.size(); ++i) changed += later[i] != ref[i];
  EXPECT_GT(changed, later.size() / 20);
}

TEST_F(RenderFrame, SeaLiesBelowAStaticSkyAndEveryCascadeShows) {
  const int w = 160, h = 120;
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(test::context(), w, h, 1);
  render::ShadingParams shading;
  shading.mesh_segments = 48;
  shading.sky.cloud_coverage = 0.0f;  // the clouds drift with time; the rest of the sky does not
  const render::Camera cam = test_camera();
  const double horizon = horizon_row(cam, h);
  ocean::Params p = small_params(3);
  ocean::Simulation sim(test::shaders(), p);
  sim.step(4.0);
  const auto three = draw(renderer, sim, cam, shading, target);
  sim.step(7.0);
  const auto later = draw(renderer, sim, cam, shading, target);

  // The sky does not depend on the sea's time; the sea does. Rows well above the horizon
  // never change, and nearly every pixel well below it does.
  int sky_changed = 0, sea_changed = 0, sea_pixels = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const size_t i = (size_t(y) * w + x) * 4;
      const bool differs = three[i] != later[i] || three[i + 1] != later[i + 1] ||
                           three[i + 2] != later[i + 2];
      if (y < horizon - 3) sky_changed += differs;
      if (y > horizon + 0.1 * h) {
        sea_changed += differs;
        ++sea_pixels;
      }
    }
  EXPECT_EQ(sky_changed, 0) << "the sea rose above the horizon at row " << horizon;
  EXPECT_GT(sea_changed, sea_pixels * 8 / 10);
  // Not flat, not black (a NaN in the shading comes out as 0 on llvmpipe).
  const auto [sea_mean, sea_sd] = stats(three, w, int(horizon + 0.1 * h), h);
  EXPECT_GT(sea_mean, 5.0);
  EXPECT_GT(sea_sd, 2.0) << "sea is uniform";
  int black = 0;
  for (size_t i = 0; i < three.size(); i += 4) black += three[i] + three[i + 1] + three[i + 2] == 0;
  EXPECT_EQ(black, 0);

  // One cascade loses the smaller waves: the picture changes, and stays sane.
  p.cascades = 1;
  sim.set_params(p);
  sim.step(4.0);
  const auto one = draw(renderer, sim, cam, shading, target);
  size_t differing = 0;
  for (size_t i = 0; i < one.size(); i += 4) differing += std::abs(int(one[i]) - int(three[i])) > 2;
  const size_t sea_total = size_t(w) * size_t(h - int(horizon));
  EXPECT_GT(differing, sea_total / 4) << "3 cascades look like 1";
  const auto [one_mean, one_sd] = stats(one, w, int(horizon + 0.1 * h), h);
  EXPECT_GT(one_mean, 5.0);
  EXPECT_GT(one_sd, 1.0);
}

TEST_F(RenderFrame, WireframeCascadeAndMeshChangesLeakNothing) {
  ocean::Params p = small_params(2);
  // Foam remembers the steps before (a new cascade count starts without it); the last frame
  // must equal the first, so none grows here. Foam's history has its own tests.
  p.foam_grow = 0.0f;
  ocean::Simulation sim(test::shaders(), p);
  sim.step(1.0);
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(test::context(), 96, 64, 1);
  render::ShadingParams s;
  s.mesh_segments = 32;
  auto filled = draw(renderer, sim, test_camera(), s, target);
  const int filled_triangles = renderer.triangle_count();
  EXPECT_GT(filled_triangles, 0);
  s.wireframe = true;
  auto wire = draw(renderer, sim, test_camera(), s, target);
  EXPECT_NE(filled, wire);
  // Polygon mode is restored: the next filled frame equals the first.
  s.wireframe = false;
  EXPECT_EQ(draw(renderer, sim, test_camera(), s, target), filled);

  const gl::ObjectCounts before = test::context().objects();
  for (int seg : {64, 128, 32}) {
    s.mesh_segments = seg;
    for (float distance : {500.0f, 30000.0f}) {
      s.view_distance = distance;
      for (int cascades : {1, 3, 2}) {
        p.cascades = cascades;
        sim.set_params(p);
        sim.step(1.0);
        draw(renderer, sim, test_camera(), s, target);
      }
    }
  }
  const gl::ObjectCounts after = test::context().objects();
  EXPECT_EQ(before.buffers, after.buffers);
  EXPECT_EQ(before.vertex_arrays, after.vertex_arrays);
  EXPECT_EQ(before.textures, after.textures);
  EXPECT_EQ(before.programs, after.programs);
  EXPECT_EQ(renderer.triangle_count(), filled_triangles);
  EXPECT_EQ(draw(renderer, sim, test_camera(), s, target), filled);
}

TEST_F(RenderFrame, HighEyesDrawFewerFinerLevels) {
  ocean::Simulation sim(test::shaders(), small_params(1));
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(test::context(), 64, 48, 1);
  render::ShadingParams s;
  s.mesh_segments = 64;
  render::Camera cam = test_camera();
  draw(renderer, sim, cam, s, target);
  const int low_levels = renderer.levels_drawn(), low_triangles = renderer.triangle_count();
  EXPECT_EQ(low_levels, renderer.clipmap(s, cam).levels());
  cam.position.y = 2000.0f;
  draw(renderer, sim, cam, s, target);
  EXPECT_LT(renderer.levels_drawn(), low_levels);
  EXPECT_LT(renderer.triangle_count(), low_triangles);
  // The mesh reaches the view distance however high the eye is.
  const render::Clipmap& m = renderer.clipmap(s, cam);
  EXPECT_GE(m.reach(m.levels() - 1), s.view_distance);
}

TEST_F(RenderFrame, FoamCoverageShowsTheDetailPattern) {
  ocean::Params p = small_params(2);
  p.foam_threshold = 1.9f;  // every texel injects foam: coverage saturates within a second
  p.foam_grow = 20.0f;
  ocean::Simulation sim(test::shaders(), p);
  for (int i = 0; i <= 20; ++i) sim.step(0.05 * i);
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(test::context(), 128, 96, 1);
  render::Camera cam = test_camera();
  cam.position.y = 8.0f;
  cam.pitch_deg = -70.0f;  // the foam a few metres below: a pixel is centimetres
  render::ShadingParams s;
  s.mesh_segments = 32;
  s.sky.sun_azimuth_deg = 80.0f;  // behind the eye: no glitter in the frame to compare against
  // Four places over the sea, each with its own waves and pattern. One 128 x 96 frame holds a
  // few square metres, and its measure below varies threefold with the sea's seed, enough to
  // fail the bound on some; the four places' mean varies by less than 1.3 times (5.6 to 6.7
  // over four seeds).
  const glm::vec2 places[] = {{0.0f, 0.0f}, {37.0f, 11.0f}, {-23.0f, 29.0f}, {13.0f, -41.0f}};
  const double n = double(std::size(places));
  double bare_mean = 0.0, foam_mean = 0.0, bare_step = 0.0, foam_step = 0.0;
  for (const glm::vec2& at : places) {
    render::Camera c = cam;
    c.position.x += at.x;
    c.position.z += at.y;
    s.foam_intensity = 0.0f;
    const auto bare = draw(renderer, sim, c, s, target);
    s.foam_intensity = 1.0f;
    const auto foamy = draw(renderer, sim, c, s, target);
    bare_mean += stats(bare, 128, 0, 96).first / n;
    foam_mean += stats(foamy, 128, 0, 96).first / n;
    bare_step += neighbour_step(bare, 128, 96) / n;
    foam_step += neighbour_step(foamy, 128, 96) / n;
  }
  EXPECT_GT(foam_mean, bare_mean + 20.0) << "foam whitens the sea";
  // Full coverage shaped by the detail texture: holes and streaks a few pixels across, not flat
  // white. Measured as the mean step between neighbouring pixels, not the spread over the
  // frame: the bare sea's spread is a smooth gradient of sky reflection (luminance sd up to 18
  // on rough seeds) that says nothing about texture.
  std::printf("mean neighbour step over %d places: bare sea %.2f, full foam %.2f\n", int(n), bare_step, foam_step);
  EXPECT_GT(foam_step, 4.0 * bare_step + 3.0);
}

// What the whitecap coverage counts is what a person sees: seen from straight above, over many
// whole patches, the foam's mean opacity matches the maps' coverage (the active whitecaps plus
// the residual film, each the fraction of the area it covers). Foam has no threshold: a pixel
// partly covered is partly white, so the opacity is read per pixel from the picture with foam
// and without it, as the pixel's share of the way from the bare sea to the whitest foam. The
// texture places the coverage but must not change how much of the sea is white.
TEST_F(RenderFrame, WhitePixelsFromAboveMatchTheWhitecapCoverage) {
  ocean::Params p;
  p.size = 64;
  p.cascades = 1;
  p.patch_sizes = {400.0f};
  p.spectrum = ocean::wind_sea(25.0f);
  // One 400 m patch holds few of a storm's long waves, so seeds differ a lot in foam: take the
  // first of the test's seeds with both whitecaps and open water.
  const uint64_t seed = test::seed("white");
  std::optional<ocean::Simulation> sim;
  double coverage = 0.0;
  for (uint64_t k = 0; k < 8 && !(coverage > 0.03 && coverage < 0.6); ++k) {
    p.seed = seed + k;
    sim.emplace(test::shaders(), p);
    for (int i = 0; i <= 80; ++i) sim->step(i / 20.0);
    coverage = sim->whitecap_coverage();
  }
  ASSERT_GT(coverage, 0.03) << "the test needs whitecaps";
  ASSERT_LT(coverage, 0.6) << "and open water";
  render::OceanRenderer renderer(test::shaders());
  const int side = 256;
  render::Offscreen target(test::context(), side, side, 1);
  render::Camera cam = test_camera();
  // Straight down from the height where the (square) frame spans exactly 4 x 4 patches, so
  // every part of the periodic patch is seen equally often. A pixel is 6.25 m, the maps' texel
  // size: from higher up, mip filtering blurs small patches under the 0.5 that makes them white.
  cam.position = {0.0f, 2.0f * p.patch_sizes[0] / std::tan(glm::radians(cam.fov_y_deg / 2.0f)), 0.0f};
  cam.pitch_deg = -89.9f;
  render::ShadingParams s;
  s.mesh_segments = 128;
  s.sky.sun_elevation_deg = 60.0f;
  s.sky.cloud_coverage = 0.0f;
  s.foam_variation = false;  // on by default; compared with and without below
  s.foam_intensity = 0.0f;
  const auto bare = draw(renderer, *sim, cam, s, target);
  s.foam_intensity = 1.0f;
  const auto px = draw(renderer, *sim, cam, s, target);
  // The same waves (the same seed and spectrum) with foam everywhere: each pixel's fully white
  // value, lit as that pixel is.
  ocean::Params all_foam = p;
  all_foam.foam_threshold = 1.9f;  // every texel injects foam: coverage saturates
  all_foam.foam_grow = 20.0f;
  ocean::Simulation saturated(test::shaders(), all_foam);
  for (int i = 0; i <= 80; ++i) saturated.step(i / 20.0);
  const auto full = draw(renderer, saturated, cam, s, target);
  // The blend happens in linear radiance, before the tone curve and the gamma (sky.glsl's
  // tonemap: Narkowicz's ACES fit, then 1/2.2): undo both, so that a pixel half covered reads as
  // half, not as the ~0.8 its displayed value would say.
  const auto linear = [](const std::vector<uint8_t>& v, size_t i) {
    const double y = std::min(std::pow(luminance(v, i) / 255.0, 2.2), 0.999);
    const double a = 2.51 - 2.43 * y, b = 0.03 - 0.59 * y, c = -0.14 * y;
    return (-b + std::sqrt(b * b - 4.0 * a * c)) / (2.0 * a);
  };
  double opacity = 0.0;
  for (size_t i = 0; i < px.size(); i += 4) {
    const double sea = linear(bare, i), white = linear(full, i);
    if (white - sea > 1e-3) opacity += std::clamp((linear(px, i) - sea) / (white - sea), 0.0, 1.0);
  }
  const double seen = opacity / double(side * side);
  const double residual = sim->residual_coverage();
  std::printf("whitecap coverage %.2f%%, residual %.2f%%, mean foam opacity %.2f%%\n",
              coverage * 100, residual * 100, seen * 100);
  EXPECT_NEAR(seen / (coverage + residual), 1.0, 0.25);

  // With foam variation the mean opacity is kept, and the 4 x 4 copies of the patch, which
  // repeat to the pixel without it, differ: their foam is varied and their film moved. The
  // blotches' pattern, fixed on the water rather than on the patch, would make the copies
  // differ by itself at this footprint (its coarse octaves reach tens of metres), so here its
  // cells are made far smaller than a pixel and it draws the coverage as it is.
  s.foam_detail_size = 0.01f;
  const auto repeated = draw(renderer, *sim, cam, s, target);
  s.foam_variation = true;
  const auto varied = draw(renderer, *sim, cam, s, target);
  double varied_opacity = 0.0;
  for (size_t i = 0; i < varied.size(); i += 4) {
    const double sea = linear(bare, i), white = linear(full, i);
    if (white - sea > 1e-3)
      varied_opacity += std::clamp((linear(varied, i) - sea) / (white - sea), 0.0, 1.0);
  }
  const double varied_seen = varied_opacity / double(side * side);
  // The spread of the foam's mean opacity over the 16 copies (straight down, each copy is a
  // square of side / 4 pixels): without variation they hold the same foam.
  const auto copy_spread = [&](const std::vector<uint8_t>& v) {
    double sum[16] = {}, count[16] = {};
    for (int y = 0; y < side; ++y)
      for (int x = 0; x < side; ++x) {
        const size_t i = (size_t(y) * side + x) * 4;
        const double sea = linear(bare, i), white = linear(full, i);
        const int k = (y * 4 / side) * 4 + x * 4 / side;
        count[k] += 1.0;
        if (white - sea > 1e-3) sum[k] += std::clamp((linear(v, i) - sea) / (white - sea), 0.0, 1.0);
      }
    double mean = 0.0, m2 = 0.0;
    for (int k = 0; k < 16; ++k) mean += sum[k] / count[k] / 16.0;
    for (int k = 0; k < 16; ++k) m2 += std::pow(sum[k] / count[k] - mean, 2.0) / 16.0;
    return std::sqrt(m2);
  };
  const double spread_plain = copy_spread(repeated), spread_varied = copy_spread(varied);
  std::printf("foam variation: mean foam opacity %.2f%%; spread over the copies %.3f%% -> %.3f%%\n",
              varied_seen * 100, spread_plain * 100, spread_varied * 100);
  EXPECT_NEAR(varied_seen / (coverage + residual), 1.0, 0.25);
  EXPECT_GT(spread_varied, 3.0 * spread_plain) << "the copies of the patch still repeat";
}

TEST(RenderFrameCamera, OrbitAndFlyAgree) {
  render::Camera c;
  c.target = {10.0f, 0.0f, -4.0f};
  c.distance = 50.0f;
  c.orbit(33.0f, 5.0f);
  EXPECT_NEAR(glm::length(c.eye() - c.target), 50.0f, 1e-3f);
  EXPECT_GT(c.eye().y, 0.0f) << "positive pitch puts the eye above the target";
  // The view matrix puts the eye at the origin and looks down -z.
  const glm::vec4 e = c.view() * glm::vec4(c.eye(), 1.0f);
  EXPECT_NEAR(glm::length(glm::vec3(e)), 0.0f, 1e-3f);
  const glm::vec4 t = c.view() * glm::vec4(c.target, 1.0f);
  EXPECT_NEAR(t.z, -50.0f, 1e-2f);
  EXPECT_NEAR(t.x, 0.0f, 1e-3f);

  const glm::vec3 eye = c.eye(), fwd = c.forward();
  c.set_mode(render::Camera::Mode::Fly);
  EXPECT_NEAR(glm::length(c.eye() - eye), 0.0f, 1e-3f);
  EXPECT_NEAR(glm::length(c.forward() - fwd), 0.0f, 1e-4f);
  c.move({0.0f, 0.0f, 2.0f});
  EXPECT_NEAR(glm::length(c.eye() - (eye + 2.0f * fwd)), 0.0f, 1e-3f);
  c.look(0.0f, 200.0f);
  EXPECT_LE(c.pitch_deg, 89.0f) << "pitch is clamped short of straight up";
  c.set_mode(render::Camera::Mode::Orbit);
  EXPECT_NEAR(glm::length(c.eye() - (eye + 2.0f * fwd)), 0.0f, 1e-2f);
}

// The foam pattern's stretch along the wind: 2 up to force 6, rising through the gales to 8
// from force 11, and 2 for a wind that is not a number.
TEST(RenderFrameFoamStretch, GrowsThroughTheGales) {
  EXPECT_FLOAT_EQ(render::foam_stretch(0.0f), 2.0f);
  EXPECT_FLOAT_EQ(render::foam_stretch(13.8f), 2.0f);
  EXPECT_FLOAT_EQ(render::foam_stretch(28.5f), 8.0f);
  EXPECT_FLOAT_EQ(render::foam_stretch(60.0f), 8.0f);
  EXPECT_FLOAT_EQ(render::foam_stretch(std::nanf("")), 2.0f);
  float last = 0.0f;
  for (float u = 10.0f; u <= 35.0f; u += 0.5f) {
    const float s = render::foam_stretch(u);
    EXPECT_GE(s, last) << u;
    last = s;
  }
  EXPECT_GT(render::foam_stretch(20.0f), 2.0f);
  EXPECT_LT(render::foam_stretch(20.0f), 8.0f);
}
