// SPDX-License-Identifier: MIT
// The soak as library code (src/scene/soak.h): its memory check separates growth from noise.
// Short runs at many seeds pass, an injected leak fails, and the trend fit itself is checked on
// synthetic series with the shapes seen on llvmpipe (flat with page-sized jitter, one late step).
#include <gtest/gtest.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <cstdio>
#include <random>

#include "scene/soak.h"

namespace {
using namespace oceanfft;

// The executable pins glibc's mmap threshold (app/main.cpp); the soak's numbers assume it.
struct PinMmapThreshold {
  PinMmapThreshold() {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  }
} pin;

scene::SoakOptions short_run(uint64_t seed) {
  scene::SoakOptions o;
  o.frames = 150;
  o.seed = seed;
  o.size_max = 64;
  o.rss_every = 10;
  return o;
}

class UiSoakSeeds : public ::testing::TestWithParam<int> {};

// ASan's quarantine keeps freed memory resident, so the soak does not judge RSS there
// (SoakReport::rss_enforced); these runs would only repeat the release suite's, 10x slower.
#if defined(__SANITIZE_ADDRESS__)
#define SKIP_UNDER_ASAN() GTEST_SKIP() << "RSS is not judged under AddressSanitizer"
#else
#define SKIP_UNDER_ASAN() (void)0
#endif

TEST_P(UiSoakSeeds, ShortRunPasses) {
  SKIP_UNDER_ASAN();
  const scene::SoakOptions o = short_run(uint64_t(GetParam()) * 7919u);
  std::printf("replay: %s\n", scene::replay_command(o).c_str());
  const scene::SoakReport r = scene::run_soak(o);
  EXPECT_EQ(scene::soak_failure(r), "");
  EXPECT_EQ(r.gl_errors, 0);
  EXPECT_EQ(r.trend.samples, 16);  // frame 0, every 10th, and the end
  EXPECT_GE(r.peak_rss, r.rss.front().bytes);
  std::printf("seed %llu: trend %+.0f bytes/frame, step scatter %.0f bytes, peak %.1f MiB\n",
              (unsigned long long)o.seed, r.trend.slope, r.trend.sigma, double(r.peak_rss) / (1 << 20));
}

// Twenty seeds, as issue 14 asks; each is its own test so ctest can spread them.
INSTANTIATE_TEST_SUITE_P(Twenty, UiSoakSeeds, ::testing::Range(1, 21));

// glibc first fills the holes warm-up left, so RSS lags a leak and its steps scatter (measured:
// 0, 0, 0, 712, 2280, 856 ... KiB per 10 frames for 640). The bound scales with that scatter, so
// catching a leak takes enough samples, whatever its size. Growth rises with the step count n and
// the bound with sqrt(n): 40 steps missed this leak once on a loaded machine (growth 15.1 MiB,
// bound 16.2), 160 steps give it twice the margin.
TEST(UiSoak, InjectedLeakFails) {
  SKIP_UNDER_ASAN();
  scene::SoakOptions o = short_run(4242);
  o.frames = 800;
  o.rss_every = 5;
  o.test_leak_kib = 64;
  const scene::SoakReport r = scene::run_soak(o);
  const std::string why = scene::soak_failure(r);
  EXPECT_NE(why.find("resident memory grows"), std::string::npos) << why;
  EXPECT_NE(why.find("--test-leak-kib 64"), std::string::npos) << "the replay must repeat the leak: " << why;
  EXPECT_GT(r.trend.slope, 0.8 * 64 * 1024) << "a 64 KiB/frame leak should show as about that slope";
  std::printf("leak: slope %.0f bytes/frame, growth %.1f MiB, noise bound %.1f MiB\n", r.trend.slope,
              r.trend.growth / (1 << 20), r.trend.bound / (1 << 20));
}

TEST(UiSoak, ReplayRepeatsEveryOption) {
  scene::SoakOptions o;
  o.frames = 123;
  o.seed = 18446744073709551615ull;
  o.size_max = 128;
  o.change_every = 7;
  o.check_every = 9;
  o.rss_every = 11;
  o.test_leak_kib = 3;
  EXPECT_EQ(scene::replay_command(o),
            "oceanfft soak --frames 123 --seed 18446744073709551615 --size-max 128 --change-every 7 "
            "--check-every 9 --rss-every 11 --test-leak-kib 3");
}

std::vector<scene::RssSample> series(int n, int every, double slope, double jitter, int step_at, double step,
                                  uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> noise(0.0, jitter);
  std::vector<scene::RssSample> s;
  for (int i = 0; i < n; ++i) {
    const int f = i * every;
    const double v = 90e6 + slope * f + (f >= step_at ? step : 0.0) + noise(rng);
    s.push_back({f, int64_t(v / 4096) * 4096});  // whole pages, as /proc reports them
  }
  return s;
}

// Jitter per sample: llvmpipe's baseline samples repeat to the page (0 bytes of scatter in 20
// seeds above); 0.1-1 MiB is far more than seen, to show the bound adapts.
TEST(UiSoak, TrendSeparatesGrowthFromNoise) {
  int false_alarms = 0, missed = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    // Healthy: flat with jitter, and a one-off +15 MiB step late in the run (the shape that
    // made the old end-to-end 5 % check fail at +14.7 %).
    false_alarms += scene::rss_grows(scene::fit_rss_trend(series(21, 10, 0.0, 0.1e6, 170, 15e6, seed)));
    false_alarms += scene::rss_grows(scene::fit_rss_trend(series(21, 10, 0.0, 1e6, 170, 15e6, seed)));
    false_alarms += scene::rss_grows(scene::fit_rss_trend(series(51, 200, 0.0, 1e6, 3000, 15e6, seed)));
    // Leaks: 64 KiB/frame over 200 frames, 4 KiB/frame over 10,000 frames.
    missed += !scene::rss_grows(scene::fit_rss_trend(series(21, 10, 65536.0, 0.1e6, 1 << 30, 0.0, seed)));
    missed += !scene::rss_grows(scene::fit_rss_trend(series(51, 200, 4096.0, 0.25e6, 1 << 30, 0.0, seed)));
  }
  EXPECT_EQ(false_alarms, 0) << "of 600 healthy series";
  EXPECT_EQ(missed, 0) << "of 400 leaking series";
}

}  // namespace
