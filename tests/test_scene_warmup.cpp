// SPDX-License-Identifier: MIT
// The headless frame's warm-up (scene::warmup_times): its last seconds at a frame rate's steps
// as before, the seconds before at longer steps, and the longer steps build the same foam.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "gl_fixture.h"
#include "ocean/presets.h"
#include "ocean/simulation.h"
#include "scene/headless_frame.h"
#include "support/preset_params.h"

using namespace oceanfft;

namespace {

class SceneWarmup : public test::GlTest {};

}  // namespace

TEST(SceneWarmupTimes, ShortWarmUpsKeepTheFrameRateSteps) {
  for (double warmup : {0.0, 0.05, 2.0, 7.9, 8.0}) {
    SCOPED_TRACE(warmup);
    const std::vector<double> t = scene::warmup_times(12.0, warmup);
    const int steps = int(std::ceil(warmup / scene::kWarmFineStep));
    ASSERT_EQ(t.size(), size_t(steps + 1));
    for (int i = 0; i <= steps; ++i) EXPECT_DOUBLE_EQ(t[size_t(i)], 12.0 - (steps - i) * scene::kWarmFineStep);
  }
}

TEST(SceneWarmupTimes, LongWarmUpsStepCoarselyUntilTheLastSeconds) {
  for (double warmup : {8.1, 30.0, 60.0, 600.0}) {
    SCOPED_TRACE(warmup);
    const std::vector<double> t = scene::warmup_times(25.0, warmup);
    ASSERT_GE(t.size(), 2u);
    EXPECT_DOUBLE_EQ(t.back(), 25.0);
    // It covers the warm-up and no more than one coarse step beyond it.
    EXPECT_LE(t.front(), 25.0 - warmup + 1e-9);
    EXPECT_GT(t.front(), 25.0 - warmup - scene::kWarmCoarseStep - 1e-9);
    int fine = 0, coarse = 0;
    for (size_t i = 1; i < t.size(); ++i) {
      const double dt = t[i] - t[i - 1];
      if (std::abs(dt - scene::kWarmFineStep) < 1e-9) {
        ++fine;
        EXPECT_GE(t[i - 1], 25.0 - scene::kWarmFine - 1e-9) << "a fine step before the last seconds";
      } else {
        ++coarse;
        EXPECT_NEAR(dt, scene::kWarmCoarseStep, 1e-9) << "at " << t[i];
        EXPECT_LE(t[i], 25.0 - scene::kWarmFine + 1e-9) << "a coarse step in the last seconds";
      }
    }
    EXPECT_EQ(fine, int(std::ceil(scene::kWarmFine / scene::kWarmFineStep)));
    EXPECT_GT(coarse, 0);
  }
}

// A storm's foam after 40 s of warm-up (near its balance) is the same, within a few per cent,
// whether the first 32 s run at 20 steps/s or at 4. The coarse steps leave about 4 % more
// residual film (each longer step turns more of a crest's active foam into film before the
// crest has moved on); the whitecaps agree to 1 %.
TEST_F(SceneWarmup, CoarseStepsBuildTheSameFoam) {
  const uint64_t seed = test::seed("warmup");
  for (const char* name : {"storm", "fresh"}) {
    SCOPED_TRACE(name);
    const ocean::Params p = test::preset_params(ocean::find_preset(name), 64, seed);
    double white[2], residual[2];
    for (int coarse = 0; coarse < 2; ++coarse) {
      ocean::Simulation sim(test::shaders(), p);
      const double time = 50.0, warmup = 40.0;
      if (coarse) {
        for (double t : scene::warmup_times(time, warmup)) sim.step(t);
      } else {
        const int steps = int(std::ceil(warmup / scene::kWarmFineStep));
        for (int i = steps; i >= 0; --i) sim.step(time - i * scene::kWarmFineStep);
      }
      white[coarse] = sim.whitecap_coverage();
      residual[coarse] = sim.residual_coverage();
    }
    std::printf("%s: whitecaps %.4f (fine) %.4f (coarse), residual %.4f %.4f\n", name, white[0],
                white[1], residual[0], residual[1]);
    ASSERT_GT(white[0], 1e-3) << "no foam to compare";
    EXPECT_NEAR(white[1], white[0], 0.02 * white[0]);
    EXPECT_NEAR(residual[1], residual[0], 0.06 * residual[0]);
  }
}
