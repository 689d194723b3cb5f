// SPDX-License-Identifier: MIT
// ocean::Ocean (the installed ocean API): the water at world points against a CPU evaluation,
// in double, of the same maps read back, the asynchronous path, and the options' errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "gl/error.h"
#include "gl_fixture.h"
#include "ocean/ocean.h"
#include "ocean/simulation.h"

namespace oceanfft {
namespace {

using Point = std::array<float, 2>;
using Maps = std::vector<std::vector<float>>;  // level 0 of each layer, N*N*4

Maps read_maps(const gl::Texture& t) {
  Maps m;
  for (int c = 0; c < t.layers(); ++c) m.push_back(ocean::Simulation::download_map(t, c));
  return m;
}

// What query.comp computes, in double: bilinear at GL's texel centres, wrapping.
struct Cpu {
  int n;
  std::vector<double> patch;
  void bilinear(const Maps& maps, double x, double z, double out[4]) const {
    for (int k = 0; k < 4; ++k) out[k] = 0;
    for (size_t c = 0; c < patch.size(); ++c) {
      const double tx = x * n / patch[c] - 0.5, tz = z * n / patch[c] - 0.5;
      const double fx0 = std::floor(tx), fz0 = std::floor(tz);
      const double fx = tx - fx0, fz = tz - fz0;
      auto wrap = [&](double i) { return int(((long long)i % n + n) % n); };
      const int x0 = wrap(fx0), z0 = wrap(fz0), x1 = (x0 + 1) % n, z1 = (z0 + 1) % n;
      const std::vector<float>& m = maps[c];
      auto at = [&](int i, int j, int k) { return double(m[(size_t(j) * n + i) * 4 + k]); };
      for (int k = 0; k < 4; ++k)
        out[k] += (1 - fz) * ((1 - fx) * at(x0, z0, k) + fx * at(x1, z0, k)) +
                  fz * ((1 - fx) * at(x0, z1, k) + fx * at(x1, z1, k));
    }
  }
  ocean::Sample at(const Maps& disp, const Maps& der, const Maps& prev, double inv_dt,
                   int iterations, double x, double z) const {
    double px = x, pz = z, d[4], g[4], p[4];
    for (int k = 0; k < iterations; ++k) {
      bilinear(disp, px, pz, d);
      px = x - d[0];
      pz = z - d[2];
    }
    bilinear(disp, px, pz, d);
    bilinear(der, px, pz, g);
    bilinear(prev, px, pz, p);
    const double tx[3] = {1 + g[2], g[0], d[3]}, tz[3] = {d[3], g[1], 1 + g[3]};
    double nx = tz[1] * tx[2] - tz[2] * tx[1], ny = tz[2] * tx[0] - tz[0] * tx[2],
           nz = tz[0] * tx[1] - tz[1] * tx[0];
    ny = std::max(ny, 1e-6);
    const double len = std::sqrt(nx * nx + ny * ny + nz * nz);
    ocean::Sample s;
    s.x = float(x);
    s.z = float(z);
    s.height = float(d[1]);
    s.normal = {float(nx / len), float(ny / len), float(nz / len)};
    s.velocity = {float((d[0] - p[0]) * inv_dt), float((d[1] - p[1]) * inv_dt),
                  float((d[2] - p[2]) * inv_dt)};
    s.residual = float(std::hypot(px + d[0] - x, pz + d[2] - z));
    return s;
  }
};

std::vector<Point> random_points(uint64_t seed, size_t count, float extent) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(-extent, extent);
  std::vector<Point> p(count);
  for (Point& q : p) q = {u(rng), u(rng)};
  return p;
}

struct Case {
  const char* preset;
  double height_tolerance;  // metres
};

class OceanQuery : public test::GlTest, public ::testing::WithParamInterface<Case> {};

// The bounds: 1 cm at storm, 1 mm at moderate breeze, choppiness on, 1,000 points.
TEST_P(OceanQuery, MatchesCpuEvaluationOfTheMaps) {
  const Case c = GetParam();
  ocean::Options o;
  o.preset = c.preset;
  o.size = 128;
  ocean::Ocean sea(o, test::shaders());
  ASSERT_GT(sea.simulation().params().choppiness, 0.5f) << "the preset's sea is choppy";
  const double t0 = 3.0, t1 = 3.05;
  sea.step(t0);
  const Maps prev = read_maps(sea.displacement());
  sea.step(t1);
  const Maps disp = read_maps(sea.displacement()), der = read_maps(sea.derivatives());

  const uint64_t seed = test::seed("query points");
  const std::vector<Point> points = random_points(seed, 1000, 1.5f * sea.patch_size(0));
  const std::vector<ocean::Sample> got = sea.query(points);
  ASSERT_EQ(got.size(), points.size());

  Cpu cpu{sea.size(), {}};
  for (int k = 0; k < sea.cascades(); ++k) cpu.patch.push_back(sea.patch_size(k));
  double max_h = 0, max_n = 0, max_v = 0, max_r = 0, spread = 0, vmax = 0;
  std::vector<float> residuals;
  // Where the inversion stopped short of its label (a residual over a millimetre, about one
  // point in a hundred on the storm's steepest faces), float and double stop up to a
  // millimetre apart, and a storm crest's normal turns by 1e-3 over that: the normal is then
  // compared only through the residuals' agreement below.
  const double converged = 1e-3;
  int normals_compared = 0;
  for (size_t i = 0; i < points.size(); ++i) {
    const ocean::Sample want = cpu.at(disp, der, prev, 1.0 / (t1 - t0), o.query_iterations,
                                      points[i][0], points[i][1]);
    const ocean::Sample& g = got[i];
    ASSERT_EQ(g.x, points[i][0]);
    ASSERT_EQ(g.z, points[i][1]);
    max_h = std::max(max_h, double(std::abs(g.height - want.height)));
    const bool same_label = g.residual < converged && want.residual < converged;
    normals_compared += same_label;
    for (int k = 0; k < 3; ++k) {
      if (same_label) max_n = std::max(max_n, double(std::abs(g.normal[k] - want.normal[k])));
      max_v = std::max(max_v, double(std::abs(g.velocity[k] - want.velocity[k])));
      vmax = std::max(vmax, double(std::abs(want.velocity[k])));
    }
    max_r = std::max(max_r, double(std::abs(g.residual - want.residual)));
    spread += double(want.height) * want.height;
    residuals.push_back(g.residual);
  }
  std::sort(residuals.begin(), residuals.end());
  const double rms = std::sqrt(spread / double(points.size()));
  std::printf("%s: height rms %.3f m, max |gpu - cpu| height %.3e m, normal %.3e, velocity %.3e "
              "m/s (max |v| %.2f), residual %.3e; residual median %.2e m, 99th %.2e m, max %.2e m\n",
              c.preset, rms, max_h, max_n, max_v, vmax, max_r, residuals[500], residuals[990],
              residuals.back());
  EXPECT_GT(rms, 10 * c.height_tolerance) << "a sea, not a flat surface";
  EXPECT_LT(max_h, c.height_tolerance);
  EXPECT_LT(max_n, 1e-3);
  EXPECT_GT(normals_compared, int(0.95 * double(points.size()))) << "the inversion converged rarely";
  EXPECT_LT(max_v, 1e-3 * std::max(1.0, vmax) + 20 * c.height_tolerance);
  EXPECT_LT(max_r, c.height_tolerance);
  EXPECT_GT(vmax, 0.0) << "the water moves";
}

// Independent of the inversion's arithmetic: the surface point of a label at a texel centre is
// known exactly from the maps (label + the summed texels of a single cascade), and a query
// there must find its height. One cascade, so every label sits on texel centres.
TEST_P(OceanQuery, FindsTheSurfacePointsOfKnownLabels) {
  const Case c = GetParam();
  ocean::Options o;
  o.preset = c.preset;
  o.size = 64;
  ocean::Ocean probe_sea(o, test::shaders());
  ocean::Params p = probe_sea.simulation().params();
  p.cascades = 1;
  ocean::Ocean sea(p, test::shaders(), 12);
  sea.step(2.0);
  const Maps disp = read_maps(sea.displacement());
  const int n = sea.size();
  const double cell = sea.patch_size(0) / n;
  std::mt19937_64 rng(test::seed("labels"));
  std::uniform_int_distribution<int> texel(0, n - 1);
  std::vector<Point> points;
  std::vector<float> want;
  for (int i = 0; i < 500; ++i) {
    const int x = texel(rng), z = texel(rng);
    const float* d = &disp[0][(size_t(z) * n + x) * 4];
    points.push_back({float((x + 0.5) * cell + d[0]), float((z + 0.5) * cell + d[2])});
    want.push_back(d[1]);
  }
  const std::vector<ocean::Sample> got = sea.query(points);
  std::vector<double> err;
  for (size_t i = 0; i < got.size(); ++i) err.push_back(std::abs(got[i].height - want[i]));
  std::sort(err.begin(), err.end());
  std::printf("%s, one cascade: |height - known| median %.2e m, 95th %.2e m, max %.2e m\n",
              c.preset, err[250], err[475], err.back());
  EXPECT_LT(err[475], c.height_tolerance);
}

INSTANTIATE_TEST_SUITE_P(Seas, OceanQuery,
                         ::testing::Values(Case{"storm", 0.01}, Case{"moderate-breeze", 0.001}),
                         [](const auto& info) {
                           return std::string(info.param.preset) == "storm" ? "Storm"
                                                                            : "ModerateBreeze";
                         });

class OceanQueryApi : public test::GlTest {};

TEST_F(OceanQueryApi, AsynchronousQueriesArriveWithoutWaitingAndEqualTheSynchronousOnes) {
  ocean::Options o;
  o.preset = "gale";
  o.size = 64;
  ocean::Ocean sea(o, test::shaders());
  sea.step(1.0);
  sea.step(1.1);
  const std::vector<Point> points = random_points(test::seed("async points"), 300, 500.0f);
  const std::vector<ocean::Sample> sync = sea.query(points);
  std::vector<ocean::Ticket> tickets;
  for (int k = 0; k < ocean::Ocean::kQueriesInFlight; ++k) tickets.push_back(sea.submit(points));
  EXPECT_THROW(sea.submit(points), Error) << "one more than the slots";
  for (const ocean::Ticket& t : tickets) {
    std::vector<ocean::Sample> out;
    int polls = 0;
    while (!sea.fetch(t, out)) {
      ASSERT_LT(++polls, 100000) << "never arrived";
      glFinish();
    }
    ASSERT_EQ(out.size(), sync.size());
    for (size_t i = 0; i < out.size(); ++i) {
      EXPECT_EQ(out[i].height, sync[i].height);
      EXPECT_EQ(out[i].residual, sync[i].residual);
    }
    EXPECT_THROW(sea.fetch(t, out), Error) << "a ticket is fetched once";
  }
  EXPECT_TRUE(sea.query({}).empty());
}

TEST_F(OceanQueryApi, OptionsThatMakeNoSeaAreRefusedAndChangeNothing) {
  ocean::Options o;
  o.size = 64;
  ocean::Ocean sea(o, test::shaders());
  auto code = [&](ocean::Options bad) {
    try {
      sea.set_options(bad);
    } catch (const Error& e) {
      return e.code();
    }
    return ErrorCode::Verification;  // not refused
  };
  ocean::Options bad = o;
  bad.preset = "typhoon";
  EXPECT_EQ(code(bad), ErrorCode::InvalidArgument);
  bad = o;
  bad.size = 100;
  EXPECT_EQ(code(bad), ErrorCode::InvalidArgument);
  bad = o;
  bad.query_iterations = 0;
  EXPECT_EQ(code(bad), ErrorCode::InvalidArgument);
  bad = o;
  bad.wind_speed = std::nanf("");
  EXPECT_EQ(code(bad), ErrorCode::InvalidArgument);
  bad = o;
  bad.choppiness = -1.0f;
  EXPECT_EQ(code(bad), ErrorCode::InvalidArgument);
  EXPECT_EQ(sea.options().preset, "fresh");
  EXPECT_EQ(sea.size(), 64);
  const Point nan_point{std::nanf(""), 0.0f};
  EXPECT_THROW(sea.query(std::span<const Point>(&nan_point, 1)), Error);

  ocean::Options bigger = o;
  bigger.size = 128;
  bigger.wind_speed = 20.0f;
  sea.set_options(bigger);
  EXPECT_EQ(sea.size(), 128);
  EXPECT_EQ(sea.displacement().width(), 128);
  sea.step(0.5);
  EXPECT_EQ(sea.query(random_points(1, 10, 100.0f)).size(), 10u);
}

// gl::upload_texture / download_texture (installed for the FFT's data and the maps): a level
// goes up and comes back equal; the wrong count, format or level is refused.
TEST_F(OceanQueryApi, TextureHelpersRoundTripALevel) {
  gl::Texture t(test::context(), GL_TEXTURE_2D_ARRAY, GL_RGBA32F, 24, 10, 3, 2);
  std::mt19937 rng(uint32_t(test::seed("texture helpers")));
  std::normal_distribution<float> normal;
  for (int level : {0, 1}) {
    std::vector<float> data(size_t(24 >> level) * (10 >> level) * 3 * 4);
    for (float& v : data) v = normal(rng);
    gl::upload_texture(t, data, level);
    EXPECT_EQ(gl::download_texture(t, level), data) << "level " << level;
  }
  EXPECT_THROW(gl::upload_texture(t, std::vector<float>(7)), Error);
  EXPECT_THROW(gl::download_texture(t, 2), Error);
  gl::Texture r8(test::context(), GL_TEXTURE_2D, GL_R8, 4, 4);
  EXPECT_THROW(gl::download_texture(r8), Error);
}

// The library's spin-up: a storm's foam at its balance straight away, against the little two
// seconds of steps build; the sea then stands at the asked time, and a non-finite time is
// refused with nothing changed.
TEST_F(OceanQueryApi, SpinUpStartsTheFoamAtItsBalance) {
  ocean::Options o;
  o.preset = "storm";
  o.size = 64;
  o.seed = test::seed("library spin-up");
  ocean::Ocean spun(o, test::shaders()), plain(o, test::shaders());
  for (int i = 0; i <= 40; ++i) plain.step(8.0 + i * 0.05);
  EXPECT_GT(spun.spin_up_foam(10.0), 100);
  EXPECT_DOUBLE_EQ(spun.time(), 10.0);
  const double film_spun = spun.simulation().residual_coverage();
  const double film_plain = plain.simulation().residual_coverage();
  std::printf("storm film: %.4f spun up, %.4f after 2 s of steps\n", film_spun, film_plain);
  EXPECT_GT(film_spun, 2.0 * film_plain);
  EXPECT_THROW(spun.spin_up_foam(std::nan("")), Error);
  EXPECT_DOUBLE_EQ(spun.time(), 10.0);
}


}  // namespace
}  // namespace oceanfft
