// SPDX-License-Identifier: MIT
// Floating bodies in the picture: a buoy is drawn where the GPU query says the water is (the
// frame with it differs from the frame without it only around its projected waterline), the
// boat camera's eye rides the boat's heave, pitch and roll, the async fleet moves without
// waiting, and the settings rows hold their bounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>

#include <glm/glm.hpp>

#include "gl/error.h"
#include "gl_fixture.h"
#include "ocean/fleet.h"
#include "ocean/simulation.h"
#include "render/bodies.h"
#include "scene/headless_frame.h"
#include "scene/settings.h"

namespace oceanfft {
namespace {

class RenderBodies : public test::GlTest {};

scene::HeadlessFrame small_frame(uint64_t seed) {
  scene::HeadlessFrame f;
  f.settings.ocean.size = 64;
  f.settings.ocean.seed = seed;
  f.width = 320;
  f.height = 180;
  f.samples = 1;
  f.time = 9.0;
  f.foam_warmup = scene::kBodyWarmup;  // the same steps with and without bodies
  f.camera.mode = render::Camera::Mode::Fly;
  f.camera.position = {0.0f, 16.0f, 0.0f};
  f.camera.yaw_deg = -112.0f;
  // The first buoy is moored 27 m out; its waterline moves about 5 rows per metre of water.
  // At the deck camera's -7 deg it lies in the frame's last rows, where a deep trough takes it
  // out of the frame; at -12 it lies about 150 rows down, 30 rows (6 m of water) from the edge.
  f.camera.pitch_deg = -12.0f;
  return f;
}

TEST_F(RenderBodies, ABuoyIsDrawnWhereTheQuerySaysTheWaterIs) {
  const uint64_t seed = std::random_device{}();
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  scene::HeadlessFrame f = small_frame(seed);
  const scene::RenderedFrame without = scene::render_frame(f, test::context(), test::shaders());
  f.settings.buoys = 1;
  const scene::RenderedFrame with = scene::render_frame(f, test::context(), test::shaders());
  ASSERT_TRUE(without.bodies.empty());
  ASSERT_EQ(with.bodies.size(), 1u);
  const scene::RenderedFrame::Body& b = with.bodies[0];
  ASSERT_TRUE(std::isfinite(b.water));
  // Floating: its centre of mass (0.8 m above its bottom, 0.6 m draught in still water) rides
  // near the water the query found.
  EXPECT_NEAR(b.y, b.water + 0.2f, 0.6f);

  // The waterline point where the query says the water is, on screen (top row first).
  const glm::mat4 vp = with.camera.projection(float(f.width) / float(f.height)) * with.camera.view();
  const glm::vec4 clip = vp * glm::vec4(b.x, b.water, b.z, 1.0f);
  ASSERT_GT(clip.w, 0.0f);
  const float px = (clip.x / clip.w * 0.5f + 0.5f) * float(f.width);
  const float py = (0.5f - clip.y / clip.w * 0.5f) * float(f.height);
  std::printf("buoy at (%.2f, %.2f, %.2f), water %.3f m, on screen (%.1f, %.1f)\n", b.x, b.y, b.z,
              b.water, px, py);
  ASSERT_GT(px, 0.0f);
  ASSERT_LT(px, float(f.width));
  ASSERT_GT(py, 0.0f);
  ASSERT_LT(py, float(f.height));

  int changed = 0, far_changes = 0;
  float nearest = 1e9f;
  for (int y = 0; y < f.height; ++y)
    for (int x = 0; x < f.width; ++x) {
      const size_t i = (size_t(y) * size_t(f.width) + size_t(x)) * 4;
      int d = 0;
      for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(with.rgba[i + c]) - int(without.rgba[i + c])));
      if (d <= 2) continue;
      ++changed;
      const float dx = float(x) + 0.5f - px, dy = float(y) + 0.5f - py;
      nearest = std::min(nearest, std::hypot(dx, dy));
      // The buoy stands 2.5 m above its waterline's 1.6 m wide drum: about 15 x 30 pixels here.
      if (std::abs(dx) > 25.0f || dy > 12.0f || dy < -45.0f) ++far_changes;
    }
  std::printf("%d pixels changed, %d far from the buoy, the nearest %.1f px from its waterline\n",
              changed, far_changes, nearest);
  EXPECT_GT(changed, 20);
  EXPECT_EQ(far_changes, 0);
  EXPECT_LT(nearest, 2.0f);
}

TEST_F(RenderBodies, TheBoatCameraRidesTheBoatsHeave) {
  scene::Settings s;
  scene::apply_setting(s, "preset", "storm");
  s.ocean.size = 64;
  ocean::Simulation sim(test::shaders(), s.ocean);
  ocean::Fleet fleet(test::shaders());
  fleet.set_layout(0, true);
  ASSERT_NE(fleet.boat(), nullptr);
  render::Camera camera;
  render::apply_camera_preset(camera, render::find_camera_preset("boat"));
  ASSERT_TRUE(camera.on_boat);
  float lo = 1e9f, hi = -1e9f;
  const double dt = 1.0 / 20.0;
  for (int i = 0; i < 120; ++i) {
    const double t = 3.0 + i * dt;
    fleet.before_step(sim, t);
    sim.step(t);
    fleet.update_now(sim, dt);
    render::ride_boat(camera, *fleet.boat());
    const ocean::FloatingBody& boat = *fleet.boat();
    // The eye stands 1.7 m over the deck, 1 m forward of the centre of mass, in the hull's frame.
    const auto want = boat.to_world({1.0f, 2.3f, 0.0f});
    ASSERT_NEAR(camera.eye().y, want[1], 1e-3f) << "step " << i;
    ASSERT_NEAR(camera.eye().x, want[0], 1e-3f);
    ASSERT_NEAR(camera.eye().z, want[2], 1e-3f);
    EXPECT_NEAR(camera.pitch_deg, glm::degrees(boat.state().pitch) - 3.0f, 0.5f);
    EXPECT_NEAR(camera.roll_deg, glm::degrees(boat.state().roll), 0.5f);
    if (i >= 40) {
      lo = std::min(lo, camera.eye().y);
      hi = std::max(hi, camera.eye().y);
    }
  }
  std::printf("boat camera eye height %.2f .. %.2f m over 4 s of storm\n", lo, hi);
  // A storm's metres-high waves lift and drop the deck by more than a metre.
  EXPECT_GT(hi - lo, 1.0f);
  // A control takes the camera off the boat.
  camera.look(1.0f, 0.0f);
  EXPECT_FALSE(camera.on_boat);
  EXPECT_EQ(camera.roll_deg, 0.0f);
}

TEST_F(RenderBodies, TheFleetMovesFromAnEarlierFramesQueryWithoutWaiting) {
  scene::Settings s;
  s.ocean.size = 64;
  ocean::Simulation sim(test::shaders(), s.ocean);
  ocean::Fleet fleet(test::shaders());
  fleet.set_layout(3, true);
  ASSERT_EQ(fleet.buoys().size(), 3u);
  const double dt = 1.0 / 30.0;
  for (int i = 0; i < 60; ++i) {
    const double t = 2.0 + i * dt;
    fleet.before_step(sim, t);
    sim.step(t);
    fleet.update(sim, dt);
    if (i == 0) EXPECT_EQ(fleet.buoys()[0].state().heave, 0.0f) << "no water before a fetch";
    glFinish();  // llvmpipe: the next frame's fetch finds the query done
  }
  for (const ocean::FloatingBody& b : fleet.buoys()) {
    EXPECT_NE(b.state().heave, 0.0f);
    EXPECT_TRUE(std::isfinite(b.state().heave));
  }
  EXPECT_TRUE(std::isfinite(fleet.water_under(3)));
  EXPECT_THROW(fleet.set_layout(ocean::Fleet::kMaxBuoys + 1, false), Error);
}

TEST(RenderBodiesSettings, RowsAtTheirBounds) {
  scene::Settings s;
  EXPECT_EQ(s.buoys, 0);
  EXPECT_FALSE(s.boat);
  scene::apply_setting(s, "buoys", std::to_string(ocean::Fleet::kMaxBuoys));
  EXPECT_EQ(s.buoys, ocean::Fleet::kMaxBuoys);
  scene::apply_setting(s, "buoys", "0");
  EXPECT_EQ(s.buoys, 0);
  EXPECT_THROW(scene::apply_setting(s, "buoys", "-1"), Error);
  EXPECT_THROW(scene::apply_setting(s, "buoys", std::to_string(ocean::Fleet::kMaxBuoys + 1)), Error);
  EXPECT_EQ(s.buoys, 0);
  scene::apply_setting(s, "boat", "on");
  EXPECT_TRUE(s.boat);
  EXPECT_THROW(scene::apply_setting(s, "boat", "maybe"), Error);
  EXPECT_TRUE(s.boat);
}

}  // namespace
}  // namespace oceanfft
