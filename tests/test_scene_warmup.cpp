// SPDX-License-Identifier: MIT
// The foam warm-up (ocean::foam_warmup_times): its last seconds at a frame rate's steps
// as before, the seconds before at longer steps, and the longer steps build the same foam.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

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
    const std::vector<double> t = ocean::foam_warmup_times(12.0, warmup);
    const int steps = int(std::ceil(warmup / ocean::kFoamFineStep));
    ASSERT_EQ(t.size(), size_t(steps + 1));
    for (int i = 0; i <= steps; ++i) EXPECT_DOUBLE_EQ(t[size_t(i)], 12.0 - (steps - i) * ocean::kFoamFineStep);
  }
}

TEST(SceneWarmupTimes, LongWarmUpsStepCoarselyUntilTheLastSeconds) {
  for (double warmup : {8.1, 30.0, 60.0, 600.0}) {
    SCOPED_TRACE(warmup);
    const std::vector<double> t = ocean::foam_warmup_times(25.0, warmup);
    ASSERT_GE(t.size(), 2u);
    EXPECT_DOUBLE_EQ(t.back(), 25.0);
    // It covers the warm-up and no more than one coarse step beyond it.
    EXPECT_LE(t.front(), 25.0 - warmup + 1e-9);
    EXPECT_GT(t.front(), 25.0 - warmup - ocean::kFoamCoarseStep - 1e-9);
    int fine = 0, coarse = 0;
    for (size_t i = 1; i < t.size(); ++i) {
      const double dt = t[i] - t[i - 1];
      if (std::abs(dt - ocean::kFoamFineStep) < 1e-9) {
        ++fine;
        EXPECT_GE(t[i - 1], 25.0 - ocean::kFoamFineSeconds - 1e-9) << "a fine step before the last seconds";
      } else {
        ++coarse;
        EXPECT_NEAR(dt, ocean::kFoamCoarseStep, 1e-9) << "at " << t[i];
        EXPECT_LE(t[i], 25.0 - ocean::kFoamFineSeconds + 1e-9) << "a coarse step in the last seconds";
      }
    }
    EXPECT_EQ(fine, int(std::ceil(ocean::kFoamFineSeconds / ocean::kFoamFineStep)));
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
        for (double t : ocean::foam_warmup_times(time, warmup)) sim.step(t);
      } else {
        const int steps = int(std::ceil(warmup / ocean::kFoamFineStep));
        for (int i = steps; i >= 0; --i) sim.step(time - i * ocean::kFoamFineStep);
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

// The spin-up's length: three times both foam lifetimes, so over a minute at storm force and
// seconds in a moderate breeze, and bounded when a foam lifetime is raised far.
TEST(SceneWarmupBalance, TimeFollowsBothLifetimesAndIsBounded) {
  const ocean::Params storm = test::preset_params(ocean::find_preset("storm"), 64, 1);
  const ocean::Params moderate = test::preset_params(ocean::find_preset("beaufort-4"), 64, 1);
  for (const ocean::Params* p : {&storm, &moderate}) {
    const double both = 1.0 / ocean::foam_decay(*p) + 1.0 / ocean::foam_residual_decay(*p);
    EXPECT_DOUBLE_EQ(ocean::foam_balance_time(*p), 3.0 * both);
  }
  std::printf("balance: storm %.1f s, force 4 %.1f s\n", ocean::foam_balance_time(storm),
              ocean::foam_balance_time(moderate));
  EXPECT_GT(ocean::foam_balance_time(storm), 60.0);
  EXPECT_LT(ocean::foam_balance_time(moderate), 10.0);
  ocean::Params slow = storm;
  slow.foam_lifetime = 20.0f;  // the setting's top: 3 lifetimes would be over an hour
  EXPECT_DOUBLE_EQ(ocean::foam_balance_time(slow), ocean::kFoamBalanceLimit);
}

// A spun-up sea's foam is what a long warm-up from none builds: the balance. Without it the
// first seconds of a storm have a fraction of that film.
TEST_F(SceneWarmup, SpinUpReachesTheBalanceOfALongWarmUp) {
  const uint64_t seed = test::seed("spin-up");
  for (const char* name : {"storm", "strong-breeze"}) {
    SCOPED_TRACE(name);
    const ocean::Params p = test::preset_params(ocean::find_preset(name), 64, seed);
    const double time = 200.0;
    // From none, over 2.5 balance times (7.5 times both lifetimes: at the balance), at the
    // warm-up's coarse steps.
    ocean::Simulation along(test::shaders(), p);
    for (double t : ocean::foam_warmup_times(time, 2.5 * ocean::foam_balance_time(p))) along.step(t);
    ocean::Simulation spun(test::shaders(), p);
    spun.step(3.0);  // foam of another time, which the spin-up discards
    const int steps = spun.spin_up_foam(time);
    EXPECT_EQ(steps, int(ocean::foam_warmup_times(time, ocean::foam_balance_time(p)).size()));
    EXPECT_DOUBLE_EQ(spun.time(), time);
    EXPECT_NEAR(spun.foam_age(), ocean::foam_balance_time(p), ocean::kFoamCoarseStep);
    // The window's spin-up, coarse steps only: the same whitecaps, and at least the film (a
    // third more at storm force, which a frame rate's steps thin in about ten seconds).
    ocean::Simulation quick(test::shaders(), p);
    quick.spin_up_foam(time, 0.0);
    std::printf("%s: coarse spin-up whitecaps %.4f, residual %.4f\n", name, quick.whitecap_coverage(),
                quick.residual_coverage());
    EXPECT_NEAR(quick.whitecap_coverage(), along.whitecap_coverage(), 0.1 * along.whitecap_coverage());
    EXPECT_GT(quick.residual_coverage(), 0.9 * along.residual_coverage());
    ocean::Simulation fresh(test::shaders(), p);
    for (double t : ocean::foam_warmup_times(time, 2.0)) fresh.step(t);
    const double white[3] = {along.whitecap_coverage(), spun.whitecap_coverage(), fresh.whitecap_coverage()};
    const double film[3] = {along.residual_coverage(), spun.residual_coverage(), fresh.residual_coverage()};
    std::printf("%s: whitecaps %.4f (long warm-up) %.4f (spun up) %.4f (2 s), residual %.4f %.4f %.4f\n",
                name, white[0], white[1], white[2], film[0], film[1], film[2]);
    ASSERT_GT(white[0], 1e-3) << "no foam to compare";
    ASSERT_GT(film[0], 1e-3) << "no film to compare";
    EXPECT_NEAR(white[1], white[0], 0.1 * white[0]);
    EXPECT_NEAR(film[1], film[0], 0.1 * film[0]);
    // A storm's film takes over a minute to build; a strong breeze's, ten seconds.
    if (name == std::string("storm"))
      EXPECT_LT(film[2], 0.6 * film[0]) << "two seconds from none already stand at the balance";
  }
}

// Where simulated time stands still the foam cannot change: no steps, and the next step still
// starts from none.
TEST_F(SceneWarmup, SpinUpDoesNothingWhenTimeStandsStill) {
  ocean::Params p = test::preset_params(ocean::find_preset("storm"), 64, test::seed("spin-up"));
  p.time_scale = 0.0f;
  ocean::Simulation sim(test::shaders(), p);
  EXPECT_EQ(sim.spin_up_foam(10.0), 0);
  EXPECT_EQ(sim.foam_age(), 0.0);
}
