// SPDX-License-Identifier: MIT
// The sea's mesh (render::Clipmap): the levels tile the plane without gaps or overlaps, the
// morph puts each level's outer edge exactly on the next level's grid, moving the eye across a
// snap changes the surface only by the eye's movement (no popping), the mesh reaches the view
// distance, and the GPU's vertex shader rasterises the same tiling.
#include <glm/glm.hpp>

#include <cmath>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "gl/error.h"
#include "gl_fixture.h"
#include "render/camera.h"
#include "render/clipmap.h"
#include "render/ocean_renderer.h"

using namespace oceanfft;
using render::Clipmap;

namespace {

// A world box [x0, x1) x [z0, z1) in units of c0.
struct Box {
  int64_t x0, z0, x1, z1;
  bool operator==(const Box&) const = default;
};

Box outer_box(const Clipmap& m, const Clipmap::Placement& p) {
  const int64_t w = int64_t(m.cells()) << p.level;
  return {p.origin_x, p.origin_z, p.origin_x + w, p.origin_z + w};
}

Box hole_box(const Clipmap& m, const Clipmap::Placement& p) {
  const int n = m.cells(), ox = p.hole & 1, oz = p.hole >> 1;
  const int64_t s = int64_t(1) << p.level;
  return {p.origin_x + (n / 4 + ox) * s, p.origin_z + (n / 4 + oz) * s,
          p.origin_x + (3 * n / 4 + ox) * s, p.origin_z + (3 * n / 4 + oz) * s};
}

// A smooth test function standing in for the displacement the vertices carry.
double surface(glm::dvec2 p) {
  return std::sin(p.x / 7.3 + 0.4) * std::cos(p.y / 5.1) + 0.5 * std::sin((p.x + p.y) / 23.0);
}

struct Tri {
  glm::dvec2 v[3];
  double f[3];
  glm::dvec2 lo, hi;
};

// The morphed triangles of every placed level, as ocean.vert positions them.
std::vector<Tri> triangles(const Clipmap& m, double ex, double ez, double height) {
  const glm::vec2 eye{float(ex), float(ez)};
  std::vector<Tri> out;
  const int n = m.cells();
  for (const Clipmap::Placement& p : m.place(ex, ez, height)) {
    std::vector<glm::dvec2> pos(size_t(n + 1) * (n + 1));
    for (int j = 0; j <= n; ++j)
      for (int i = 0; i <= n; ++i) {
        const glm::vec2 xz = m.morphed_vertex(p, i, j, eye).xz;
        pos[size_t(j) * (n + 1) + i] = glm::dvec2(xz);
      }
    const Clipmap::Range r = m.range(p.hole);
    for (int k = r.first; k < r.first + r.count; k += 3) {
      Tri t;
      for (int c = 0; c < 3; ++c) {
        t.v[c] = pos[m.indices()[size_t(k + c)]];
        t.f[c] = surface(t.v[c]);
      }
      t.lo = glm::min(t.v[0], glm::min(t.v[1], t.v[2]));
      t.hi = glm::max(t.v[0], glm::max(t.v[1], t.v[2]));
      out.push_back(t);
    }
  }
  return out;
}

double cross2(glm::dvec2 a, glm::dvec2 b) { return a.x * b.y - a.y * b.x; }

// How many non-degenerate triangles contain q, and the last one's interpolated surface.
int covering(const std::vector<Tri>& tris, glm::dvec2 q, double* value) {
  int count = 0;
  for (const Tri& t : tris) {
    if (q.x < t.lo.x || q.x > t.hi.x || q.y < t.lo.y || q.y > t.hi.y) continue;
    const double area = cross2(t.v[1] - t.v[0], t.v[2] - t.v[0]);
    if (std::abs(area) < 1e-12) continue;  // collapsed by the morph
    const double w0 = cross2(t.v[1] - q, t.v[2] - q) / area;
    const double w1 = cross2(t.v[2] - q, t.v[0] - q) / area;
    const double w2 = 1.0 - w0 - w1;
    if (w0 < 0 || w1 < 0 || w2 < 0) continue;
    ++count;
    *value = w0 * t.f[0] + w1 * t.f[1] + w2 * t.f[2];
  }
  return count;
}

class RenderClipmap : public test::GlTest {};

}  // namespace

TEST(RenderClipmapCpu, LevelsReachTheViewDistance) {
  for (int cells : {32, 64, 128, 256})
    for (float distance : {100.0f, 2000.0f, 30000.0f}) {
      const Clipmap m(cells, distance);
      ASSERT_GE(m.levels(), 1);
      EXPECT_GE(m.reach(m.levels() - 1), distance) << cells << " " << distance;
      if (m.levels() > 1) {
        EXPECT_LT(m.reach(m.levels() - 2), distance) << "no level more than needed";
      }
      // Where the eye is does not matter: the outermost box holds the max-norm ball.
      std::mt19937_64 rng(test::seed("reach"));
      std::uniform_real_distribution<double> u(-5000.0, 5000.0);
      for (int k = 0; k < 50; ++k) {
        const double ex = u(rng), ez = u(rng);
        const auto levels = m.place(ex, ez, 10.0);
        const Box b = outer_box(m, levels.back());
        EXPECT_LE(double(b.x0) * m.cell0(), ex - distance);
        EXPECT_GE(double(b.x1) * m.cell0(), ex + distance);
        EXPECT_LE(double(b.z0) * m.cell0(), ez - distance);
        EXPECT_GE(double(b.z1) * m.cell0(), ez + distance);
      }
    }
  // Bad sizes are clamped to something drawable, never a crash.
  EXPECT_EQ(Clipmap(3, 1000.0f).cells(), Clipmap::kMinCells);
  EXPECT_EQ(Clipmap(1 << 20, 1000.0f).cells(), Clipmap::kMaxCells);
  EXPECT_EQ(Clipmap(130, 1000.0f).cells() % 4, 0);
  EXPECT_GE(Clipmap(64, std::nanf("")).levels(), 1);
}

TEST(RenderClipmapCpu, EachHoleIsExactlyTheFinerLevel) {
  std::mt19937_64 rng(test::seed("holes"));
  std::uniform_real_distribution<double> u(-20000.0, 20000.0), h(0.0, 800.0);
  for (int cells : {32, 64, 100})
    for (int k = 0; k < 200; ++k) {
      const Clipmap m(cells, 30000.0f);
      const double ex = u(rng), ez = u(rng);
      const auto levels = m.place(ex, ez, h(rng));
      ASSERT_FALSE(levels.empty());
      EXPECT_EQ(levels.front().hole, -1) << "the innermost drawn level is a full square";
      const int64_t e0x = int64_t(std::floor(ex / m.cell0())), e0z = int64_t(std::floor(ez / m.cell0()));
      for (size_t i = 0; i < levels.size(); ++i) {
        const Box b = outer_box(m, levels[i]);
        EXPECT_TRUE(e0x >= b.x0 && e0x < b.x1 && e0z >= b.z0 && e0z < b.z1) << "eye inside level";
        // Snapped to 2 c_l, so its edges lie on the next level's grid.
        const int64_t snap = int64_t(2) << levels[i].level;
        EXPECT_EQ(((b.x0 % snap) + snap) % snap, 0);
        EXPECT_EQ(((b.z0 % snap) + snap) % snap, 0);
        if (i == 0) continue;
        EXPECT_EQ(levels[i].level, levels[i - 1].level + 1);
        ASSERT_GE(levels[i].hole, 0);
        EXPECT_EQ(hole_box(m, levels[i]), outer_box(m, levels[i - 1]))
            << "level " << levels[i].level << " eye " << ex << "," << ez;
      }
      // The ring's index range draws exactly its cells: n^2 minus the hole's (n/2)^2.
      const int n = m.cells();
      EXPECT_EQ(m.range(-1).count, 6 * n * n);
      for (int hole = 0; hole < 4; ++hole) EXPECT_EQ(m.range(hole).count, 6 * (n * n - n * n / 4));
    }
}

TEST(RenderClipmapCpu, OuterEdgesMorphExactlyOntoTheNextLevel) {
  std::mt19937_64 rng(test::seed("morph edges"));
  std::uniform_real_distribution<double> u(-3000.0, 3000.0);
  for (int cells : {32, 64, 128})
    for (int k = 0; k < 30; ++k) {
      const Clipmap m(cells, 20000.0f);
      const int n = m.cells();
      const double ex = u(rng), ez = u(rng);
      const glm::vec2 eye{float(ex), float(ez)};
      const auto levels = m.place(ex, ez, 2.0);
      for (size_t l = 0; l + 1 < levels.size(); ++l) {
        const Clipmap::Placement &fine = levels[l], &coarse = levels[l + 1];
        // The coarse level's hole edge: unmorphed vertices.
        std::set<std::pair<float, float>> hole_edge;
        const int ox = coarse.hole & 1, oz = coarse.hole >> 1;
        for (int j = n / 4 + oz; j <= 3 * n / 4 + oz; ++j)
          for (int i = n / 4 + ox; i <= 3 * n / 4 + ox; ++i) {
            if (i != n / 4 + ox && i != 3 * n / 4 + ox && j != n / 4 + oz && j != 3 * n / 4 + oz)
              continue;
            const Clipmap::Vertex v = m.morphed_vertex(coarse, i, j, eye);
            EXPECT_EQ(v.morph, 0.0f) << "hole edge of level " << coarse.level;
            hole_edge.insert({v.xz.x, v.xz.y});
          }
        // The fine level's outer edge, fully morphed, lands exactly on those vertices.
        std::set<std::pair<float, float>> outer_edge;
        for (int j = 0; j <= n; ++j)
          for (int i = 0; i <= n; ++i) {
            if (i != 0 && i != n && j != 0 && j != n) continue;
            const Clipmap::Vertex v = m.morphed_vertex(fine, i, j, eye);
            EXPECT_EQ(v.morph, 1.0f) << "outer edge of level " << fine.level;
            outer_edge.insert({v.xz.x, v.xz.y});
          }
        EXPECT_EQ(outer_edge, hole_edge) << "levels " << fine.level << "/" << coarse.level;
      }
    }
}

TEST(RenderClipmapCpu, CoversOnceAndDoesNotPopAcrossSnaps) {
  const Clipmap m(32, 3000.0f);
  std::mt19937_64 rng(test::seed("pop"));
  // Every level snaps when the eye crosses a multiple of 2 c_top.
  const double period = std::ldexp(m.cell0(), m.levels() + 1);
  std::uniform_int_distribution<int> which(-3, 3);
  std::uniform_real_distribution<double> unit(-1.0, 1.0), logr(std::log(0.3), std::log(0.95 * 3000.0));
  for (int trial = 0; trial < 3; ++trial) {
    const double X = period * which(rng), Z = period * which(rng) + (trial == 0 ? 0.37 : 0.0);
    const double eps = 1e-3;
    const auto before_levels = m.place(X - eps, Z - eps, 3.0), after_levels = m.place(X + eps, Z + eps, 3.0);
    int snapped = 0;
    for (size_t l = 0; l < before_levels.size(); ++l)
      snapped += before_levels[l].origin_x != after_levels[l].origin_x;
    EXPECT_EQ(snapped, int(before_levels.size())) << "the test must cross a snap of every level";
    const auto before = triangles(m, X - eps, Z - eps, 3.0), after = triangles(m, X + eps, Z + eps, 3.0);
    double worst = 0.0;
    for (int k = 0; k < 400; ++k) {
      const double r = std::exp(logr(rng));
      const glm::dvec2 q{X + r * unit(rng), Z + r * unit(rng)};
      double fb = 0.0, fa = 0.0;
      ASSERT_EQ(covering(before, q, &fb), 1) << "point " << q.x << "," << q.y << " (before)";
      ASSERT_EQ(covering(after, q, &fa), 1) << "point " << q.x << "," << q.y << " (after)";
      worst = std::max(worst, std::abs(fa - fb));
    }
    // The eye moved 1.4 mm; the surface may move by as much, not by a cell's worth of detail.
    EXPECT_LT(worst, 2e-3) << "trial " << trial;
  }
}

TEST_F(RenderClipmap, GpuRasterisesEachPointOnce) {
  render::OceanRenderer renderer(test::shaders());
  render::ShadingParams s;
  s.mesh_segments = 48;
  s.view_distance = 4000.0f;
  render::Camera cam;
  const Clipmap& m = renderer.clipmap(s, cam);
  const int size = 256;
  gl::Texture counts(test::context(), GL_TEXTURE_2D, GL_R32F, size, size);
  GLuint fbo_name = 0;
  glGenFramebuffers(1, &fbo_name);
  gl::Framebuffer fbo(test::context(), fbo_name);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_name);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, counts.id(), 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, size, size);

  std::mt19937_64 rng(test::seed("gpu coverage"));
  std::uniform_real_distribution<double> u(-900.0, 900.0);
  const glm::vec3 eye{float(u(rng)), 4.0f, float(u(rng))};
  const double outer = double(m.cells() / 2) * m.cell(m.levels() - 1);
  // Views from the finest level's width to beyond the outermost level.
  for (double half : {0.45 * m.cells() * m.cell0(), 3.0 * m.cells() * m.cell0(), 0.3 * outer, 1.2 * outer}) {
    glm::mat4 vp(0.0f);  // top-down: world x -> NDC x, world z -> NDC y
    vp[0][0] = float(1.0 / half);
    vp[2][1] = float(1.0 / half);
    vp[3][0] = -eye.x / float(half);
    vp[3][1] = -eye.z / float(half);
    vp[3][3] = 1.0f;
    glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.draw_coverage(vp, eye, s, cam);
    std::vector<float> px(size_t(size) * size);
    glReadPixels(0, 0, size, size, GL_RED, GL_FLOAT, px.data());
    const auto levels = m.place(eye.x, eye.z, eye.y);
    const Box b = outer_box(m, levels.back());
    int wrong = 0, ones = 0;
    for (int y = 0; y < size; ++y)
      for (int x = 0; x < size; ++x) {
        const double wx = eye.x + ((x + 0.5) / size * 2.0 - 1.0) * half;
        const double wz = eye.z + ((y + 0.5) / size * 2.0 - 1.0) * half;
        const double c0 = m.cell0();
        const bool inside = wx > b.x0 * c0 && wx < b.x1 * c0 && wz > b.z0 * c0 && wz < b.z1 * c0;
        const float want = inside ? 1.0f : 0.0f;
        // Pixels a hair from the outer boundary may go either way.
        const double margin = 2.0 * half / size;
        const bool near_edge = std::abs(wx - b.x0 * c0) < margin || std::abs(wx - b.x1 * c0) < margin ||
                               std::abs(wz - b.z0 * c0) < margin || std::abs(wz - b.z1 * c0) < margin;
        const float got = px[size_t(y) * size + x];
        ones += got == 1.0f;
        if (got != want && !near_edge) ++wrong;
      }
    EXPECT_EQ(wrong, 0) << "view half-width " << half << " m";
    EXPECT_GT(ones, size * size / 4);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  EXPECT_GT(renderer.triangle_count(), 0);
  EXPECT_EQ(renderer.levels_drawn(), int(m.place(eye.x, eye.z, eye.y).size()));
}

TEST(RenderClipmapCpu, RisingEyeDropsLevelsWithoutPopping) {
  const Clipmap m(32, 3000.0f);
  std::mt19937_64 rng(test::seed("rise"));
  std::uniform_real_distribution<double> unit(-1.0, 1.0), pos(-400.0, 400.0);
  for (int level = 0; level < 3; ++level) {
    // Level `level` is drawn up to a height of twice its reach and dropped above it.
    const double h = 2.0 * m.reach(level), eps = 1e-4 * h;
    const double ex = pos(rng), ez = pos(rng);
    const auto below = m.place(ex, ez, h - eps), above = m.place(ex, ez, h + eps);
    ASSERT_EQ(below.front().level, level);
    ASSERT_EQ(above.front().level, level + 1) << "the test must cross a drop";
    EXPECT_NEAR(below.front().morph_floor, 1.0f, 1e-3f) << "fully morphed before it goes";
    EXPECT_NEAR(above.front().morph_floor, 0.0f, 1e-3f) << "the next level starts unmorphed";
    const auto tb = triangles(m, ex, ez, h - eps), ta = triangles(m, ex, ez, h + eps);
    double worst = 0.0;
    for (int k = 0; k < 300; ++k) {
      const double r = 1.2 * m.reach(level + 1) * std::abs(unit(rng));
      const glm::dvec2 q{ex + r * unit(rng), ez + r * unit(rng)};
      double fb = 0.0, fa = 0.0;
      ASSERT_EQ(covering(tb, q, &fb), 1);
      ASSERT_EQ(covering(ta, q, &fa), 1);
      worst = std::max(worst, std::abs(fa - fb));
    }
    // The floor moved by 2e-4 of a morph: the surface by about as much of a cell's detail.
    EXPECT_LT(worst, 2e-3) << "level " << level;
  }
}

// The named views: deck 6 m, bridge 20 m, aerial 300 m, grazing 1.5 m, each free-fly
// at its height wherever the camera was; an unknown name lists the valid ones.
TEST(RenderClipmapCameraPresets, PutTheEyeAtTheNamedHeights) {
  const std::pair<const char*, float> expected[] = {
      {"deck", 6.0f}, {"bridge", 20.0f}, {"aerial", 300.0f}, {"grazing", 1.5f}, {"boat", 2.3f}};
  ASSERT_EQ(render::camera_presets().size(), std::size(expected));
  for (const auto& [name, height] : expected) {
    render::Camera cam;  // orbit, somewhere off the origin
    cam.target = {123.0f, 0.0f, -45.0f};
    const glm::vec3 before = cam.eye();
    render::apply_camera_preset(cam, render::find_camera_preset(name));
    EXPECT_EQ(cam.mode, render::Camera::Mode::Fly) << name;
    EXPECT_FLOAT_EQ(cam.eye().y, height) << name;
    EXPECT_FLOAT_EQ(cam.eye().x, before.x) << name;
    EXPECT_FLOAT_EQ(cam.eye().z, before.z) << name;
    EXPECT_LE(cam.pitch_deg, 0.0f) << name << " looks at the sea";
    // Only the boat's view rides a body (render/bodies.h, ride_boat, moves it each frame).
    EXPECT_EQ(cam.on_boat, std::string(name) == "boat") << name;
  }
  try {
    render::find_camera_preset("crow's-nest");
    ADD_FAILURE() << "no throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("grazing"), std::string::npos) << e.what();
  }
}
