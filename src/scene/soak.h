// SPDX-License-Identifier: MIT
#pragma once
// The soak: many headless frames of the ocean plus a free-standing FFT round trip, with random
// live changes of size, patch scale and every setting the settings table marks for the soak,
// looking for the slow failures a short test never sees: GL errors, GL objects that outlive
// their owner, and memory that creeps. Library code returning data: `oceanfft soak` prints it,
// tests call it directly.
//
// Memory is judged by its trend, not by two end points. Every `rss_every` frames the run goes
// back to its baseline configuration and samples the resident set there, so the samples differ
// only by what accumulated. The trend is the median of the slopes between neighbouring samples:
// a leak raises nearly all of them, noise scatters them around zero, and a one-off step (a
// shader variant compiled for the first time mid-run) moves only one. The run fails when that
// slope is above kMaxRssSlope AND the growth it predicts over the run stands out of the
// steps' own scatter (4 standard errors of that growth, at least kMinRssGrowth): more noise makes
// the check less sensitive, never flaky. A leak that strikes only on rare events
// can hide below the median; GL objects are counted exactly for that reason.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gl/error.h"
#include "gl/objects.h"

namespace oceanfft::scene {

inline constexpr double kMaxRssSlope = 2048.0;              // bytes per frame
inline constexpr int64_t kMinRssGrowth = int64_t(2) << 20;  // bytes over the run

struct SoakOptions {
  int frames = 1000;     // after warm-up
  uint64_t seed = 1;     // the caller picks a time-based one when the user gave none
  int size_max = 256;    // largest ocean size
  int change_every = 5;  // frames between random changes, on average
  int check_every = 50;  // frames between numeric checks of the FFT round trip
  int rss_every = 0;     // frames between RSS samples at the baseline; 0: frames / 20, at least 10
  // Test only: leak this many KiB per frame (allocated, touched, never freed until the run
  // ends), so tests can show that the memory check catches real growth.
  int test_leak_kib = 0;
};

struct RssSample {
  int frame = 0;        // frames since warm-up ended
  int64_t bytes = 0;
};

struct RssTrend {
  double slope = 0.0;      // bytes per frame (median of neighbouring samples' slopes)
  double intercept = 0.0;  // bytes at frame 0
  double sigma = 0.0;      // robust scatter of one sample-to-sample step (1.4826 MAD), bytes
  double growth = 0.0;     // slope x the sampled span, bytes
  double bound = 0.0;      // growth that noise alone could give (4 standard errors), bytes
  int samples = 0;
};
RssTrend fit_rss_trend(const std::vector<RssSample>& samples);
// The verdict on a trend: slope above kMaxRssSlope and growth above its noise bound.
bool rss_grows(const RssTrend& t);

struct SoakReport {
  SoakOptions options;
  std::string renderer;
  int warmup_frames = 0;
  double seconds = 0.0;
  int changes = 0, replans = 0, checks = 0;
  double worst_error = 0.0;  // FFT round trip, relative L2
  gl::ObjectCounts base_objects, end_objects;
  int64_t gl_errors = 0;
  std::vector<RssSample> rss;  // at the baseline configuration, warm-up excluded
  int64_t peak_rss = 0;        // over every frame, warm-up included
  RssTrend trend;
  bool rss_enforced = true;  // not under AddressSanitizer, whose quarantine holds freed memory
};

// The command line that repeats this run exactly (every option that shaped it).
std::string replay_command(const SoakOptions& o);

// Runs the soak. Throws Error for failures found on the way (GL errors: GlRuntime; a round
// trip or displacement out of tolerance: Verification/NonFinite); `progress` gets a line now
// and then. The end-of-run checks are soak_failure's.
SoakReport run_soak(const SoakOptions& options, const std::function<void(const std::string&)>& progress = {});

// Empty when the run passed; else why not (objects changed, or memory grew).
std::string soak_failure(const SoakReport& report);

std::string counts_text(const gl::ObjectCounts& c);

}  // namespace oceanfft::scene
