// SPDX-License-Identifier: MIT
#pragma once
// Order statistics over a set of samples, shared by the live profiler and `oceanfft bench`.
#include <span>
#include <vector>

namespace oceanfft::profiler {

struct Summary {
  int samples = 0;
  double min = 0, max = 0, mean = 0, median = 0, p90 = 0;
};

// Median interpolates between the two middle samples; p90 is the nearest-rank percentile, so it
// is always a time that was actually measured. An empty input gives an all-zero summary.
Summary summarize(std::span<const double> samples);

}  // namespace oceanfft::profiler
