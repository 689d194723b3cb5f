// SPDX-License-Identifier: MIT
// ocean::FloatingBody on the ocean's queries: a buoy settles at its analytic draught in still
// water at 20-240 Hz, and its heave follows a single long wave's analytic elevation.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <numbers>
#include <vector>

#include "gl/error.h"
#include "gl_fixture.h"
#include "ocean/floating.h"
#include "ocean/ocean.h"
#include "ocean/simulation.h"

namespace oceanfft {
namespace {

// One cascade of `patch` metres at 64^2, choppiness 0, every wave zeroed except `amplitude`
// (the elevation's amplitude, metres) at wave number (1, 0), phase 0.
std::unique_ptr<ocean::Ocean> single_wave(float patch, float amplitude) {
  ocean::Params p;
  p.size = 64;
  p.cascades = 1;
  p.patch_sizes = {patch, 0, 0, 0};
  p.choppiness = 0.0f;
  auto sea = std::make_unique<ocean::Ocean>(p, test::shaders());
  std::vector<std::complex<float>> h0(64 * 64, 0.0f);
  // h(x, t) = h0 e^{i(kx + phase)} + conj: amplitude 2 |h0|.
  h0[1] = amplitude / 2;
  sea->simulation().set_initial_spectrum(0, h0);
  return sea;
}

class OceanFloating : public test::GlTest {};

TEST_F(OceanFloating, ABuoySettlesAtItsAnalyticDraughtAtEveryRate) {
  auto sea = single_wave(200.0f, 0.0f);
  const float depth_below_centre = 0.5f;
  const ocean::BodyOptions o = ocean::buoy(1.0f, 1000.0f, depth_below_centre);
  for (double hz : {20.0, 60.0, 240.0}) {
    ocean::BodyState start;
    start.heave = 1.0f;  // dropped from above the water
    start.roll = 0.2f;
    ocean::FloatingBody b(o, start);
    const double draught = b.still_water_draught();
    EXPECT_NEAR(draught, 1000.0 / (1025.0 * std::numbers::pi), 1e-4);
    const double dt = 1.0 / hz;
    sea->step(0.0);  // still water: one step serves every frame
    for (int i = 0; i < int(15 * hz); ++i) b.advance(dt, sea->query(b.query_points()));
    const double expected = depth_below_centre - draught;  // the bottom at -draught
    std::printf("%.0f Hz: heave %.5f m (analytic %.5f), roll %.2e rad\n", hz, b.state().heave,
                expected, b.state().roll);
    EXPECT_NEAR(b.state().heave, expected, 1e-3) << hz << " Hz";
    EXPECT_NEAR(b.state().roll, 0.0, 1e-3) << hz << " Hz";
    EXPECT_NEAR(b.state().heave_rate, 0.0, 1e-3) << hz << " Hz";
  }
}

TEST_F(OceanFloating, HeaveFollowsALongWaveTrain) {
  const float patch = 200.0f, amplitude = 0.5f;
  auto sea = single_wave(patch, amplitude);
  const double k = 2 * std::numbers::pi / patch;
  const double w = ocean::Simulation::omega(k, 500.0);
  const double period = 2 * std::numbers::pi / w;
  const float x0 = 37.0f;
  const float depth_below_centre = 0.3f;
  ocean::BodyOptions o = ocean::buoy(0.6f, 150.0f, depth_below_centre);
  o.damping = 0.5f;
  ocean::BodyState start;
  start.x = x0;
  ocean::FloatingBody b(o, start);
  const double offset = depth_below_centre - b.still_water_draught();
  const double dt = 1.0 / 30.0;
  double err2 = 0, ref2 = 0;
  for (int i = 0; i < int(4 * period / dt); ++i) {
    const double t = i * dt;
    sea->step(t);
    b.advance(dt, sea->query(b.query_points()));
    // The maps' texel i holds the wave at x = i L / N and GL samples texel centres, so the
    // queried sea is the analytic one shifted by half a texel.
    const double eta = amplitude * std::cos(k * (x0 - 0.5 * patch / 64) + w * (t + 0.0));
    if (t > period) {
      const double heave = b.state().heave - offset;
      err2 += (heave - eta) * (heave - eta);
      ref2 += eta * eta;
    }
  }
  const double rel = std::sqrt(err2 / ref2);
  std::printf("heave against the analytic elevation: relative rms error %.4f (period %.2f s)\n",
              rel, period);
  EXPECT_LT(rel, 0.05);
}

TEST_F(OceanFloating, BadBodiesAreRefused) {
  ocean::BodyOptions o = ocean::buoy(1.0f, 1000.0f, 0.5f);
  o.mass = 0;
  EXPECT_THROW(ocean::FloatingBody(o, {}), Error);
  o = ocean::buoy(1.0f, 1000.0f, 0.5f);
  o.hull.clear();
  EXPECT_THROW(ocean::FloatingBody(o, {}), Error);
  ocean::FloatingBody b(ocean::buoy(1.0f, 1000.0f, 0.5f), {});
  std::vector<ocean::Sample> few(2);
  EXPECT_THROW(b.advance(0.01, few), Error);
}

}  // namespace
}  // namespace oceanfft
