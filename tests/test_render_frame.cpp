// The renderer in-process: the algorithm changes no pixel beyond fp32 rounding, toggles leave
// no GL objects behind, and the camera's orbit/fly math is consistent.
#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
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

render::Camera test_camera() {
  render::Camera cam;
  cam.mode = render::Camera::Mode::Fly;
  cam.position = {3.0f, 14.0f, -7.0f};
  cam.yaw_deg = -100.0f;
  cam.pitch_deg = -10.0f;
  return cam;
}

}  // namespace

TEST_F(RenderFrame, AlgorithmChangesNoPixelBeyondRounding) {
  ocean::Params p;
  p.size = 128;
  p.seed = test::seed("frame");
  ocean::Simulation sim(test::shaders(), p);
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(192, 108, 1);
  render::ShadingParams shading;
  shading.mesh_segments = 96;
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

TEST_F(RenderFrame, WireframeAndMeshChangesLeakNothing) {
  ocean::Params p;
  p.size = 64;
  ocean::Simulation sim(test::shaders(), p);
  render::OceanRenderer renderer(test::shaders());
  render::Offscreen target(96, 64, 1);
  render::ShadingParams s;
  s.mesh_segments = 64;
  auto filled = draw(renderer, sim, test_camera(), s, target);
  const int filled_triangles = renderer.triangle_count();
  s.wireframe = true;
  auto wire = draw(renderer, sim, test_camera(), s, target);
  EXPECT_NE(filled, wire);
  // Polygon mode is restored: the next filled frame equals the first.
  s.wireframe = false;
  EXPECT_EQ(draw(renderer, sim, test_camera(), s, target), filled);

  const gl::ObjectCounts before = test::context().objects();
  for (int seg : {32, 128, 64}) {
    s.mesh_segments = seg;
    draw(renderer, sim, test_camera(), s, target);
  }
  const gl::ObjectCounts after = test::context().objects();
  EXPECT_EQ(before.buffers, after.buffers);
  EXPECT_EQ(before.vertex_arrays, after.vertex_arrays);
  EXPECT_EQ(renderer.triangle_count(), filled_triangles);
}

TEST(RenderCamera, OrbitAndFlyAgree) {
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
